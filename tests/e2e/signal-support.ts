/** Signals for the browser tests that need the engine to open a trade: the demo swing algo and a signal it trades. */
import { expect, type APIRequestContext } from '@playwright/test';
import type { AddSignalBody, Algo, Instrument, Signal } from '@shared/schemas/admin/algos';

const SWING_DESC = /^Swing momentum/;

/** The demo swing algo (On, with the demo account subscribed and a valid key). */
export async function swingAlgo(api: APIRequestContext): Promise<Algo> {
  const algos = (await (await api.get('/api/algos')).json()) as Algo[];
  const algo = algos.find((a) => SWING_DESC.test(a.algo_desc));
  if (!algo) throw new Error('no demo swing algo');
  return algo;
}

/**
 * A pending signal at the instrument's current price, added by a superadmin's `api`: added at its
 * last close, then, once the feed prices it (the feed follows pending signals), its levels set
 * around that price (stop-loss 10 % under, target 20 % over), so a market entry at approval is
 * within the allowed drift and it stays running.
 */
export async function pendingSignal(api: APIRequestContext, algoId: number, symbol: string): Promise<Signal> {
  const instruments = (await (await api.get('/api/admin/nse/bhav-copy')).json()) as Instrument[];
  const instrument = instruments.find((i) => i.SYMBOL === symbol && i.SERIES === 'EQ');
  if (!instrument) throw new Error(`no instrument ${symbol}`);
  // Whole rupees: on the instrument's tick in every NSE price band up to Rs 20,000 (shared/ticks.ts).
  const round = (n: number) => Math.round(n);
  const levels = (price: number) => ({
    entry_level: round(price),
    stop_loss_level: round(price * 0.9),
    target_level: round(price * 1.2),
  });
  const body: AddSignalBody = {
    trade_gen_ts: new Date().toISOString().slice(0, 10),
    exchange: 'NSE',
    instrument_symbol: symbol,
    instrument_type: 'EQ',
    trade_direction: 'long',
    trade_type: 'swing',
    ...levels(instrument.CLOSE ?? 1_500),
    risk_reward: 2,
    portion_in_trade: 100,
    process_signal: false,
  };
  const res = await api.put(`/api/algos/${algoId}/signals`, { data: body });
  expect(res.status(), await res.text()).toBe(201);
  const added = (await res.json()) as Signal;
  const priced = async () => {
    const list = (await (await api.get(`/api/algos/${algoId}/signals?status=pending`)).json()) as Signal[];
    return list.find((s) => s.signal_id === added.signal_id)?.ltp ?? null;
  };
  await expect.poll(priced, { timeout: 15_000 }).not.toBeNull();
  const edited = await api.post(`/api/signals/${added.signal_id}/update`, {
    data: {
      trade_gen_ts: body.trade_gen_ts,
      ...levels((await priced())!),
      trade_status: 'pending',
      process_signal: false,
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  return (await edited.json()) as Signal;
}
