/**
 * The engine end to end: the admin approves a pending signal on a phone, for the demo swing algo
 * (On, with the demo account subscribed and a valid key), and the member, whose trades page is
 * already open, sees the new running trade appear without reloading.
 */
import type { Page } from '@playwright/test';
import type { AddSignalBody, Algo, Instrument, Signal } from '@shared/schemas/admin/algos';
import type { Trade } from '@shared/schemas/trades';
import { columnTexts } from './member-support';
import { expect, test, waitForTakeover } from './support/fixtures';

const SWING_DESC = /^Swing momentum/;
const SYMBOL = 'INFY';

async function swingAlgo(page: Page): Promise<Algo> {
  const algos = (await (await page.request.get('/api/algos')).json()) as Algo[];
  const algo = algos.find((a) => SWING_DESC.test(a.algo_desc));
  if (!algo) throw new Error('no demo swing algo');
  return algo;
}

/**
 * A pending signal at the instrument's current price: added at its last close, then, once the feed
 * prices it (the feed follows pending signals), its levels set around that price (stop-loss 10 %
 * under, target 20 % over), so a market entry at approval is within the allowed drift and it stays running.
 */
async function pendingSignal(page: Page, algoId: number): Promise<Signal> {
  const instruments = (await (await page.request.get('/api/admin/nse/bhav-copy')).json()) as Instrument[];
  const instrument = instruments.find((i) => i.SYMBOL === SYMBOL && i.SERIES === 'EQ');
  if (!instrument) throw new Error(`no instrument ${SYMBOL}`);
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
    instrument_symbol: SYMBOL,
    instrument_type: 'EQ',
    trade_direction: 'long',
    trade_type: 'swing',
    ...levels(instrument.CLOSE ?? 1_500),
    risk_reward: 2,
    portion_in_trade: 100,
    process_signal: false,
  };
  const res = await page.request.put(`/api/algos/${algoId}/signals`, { data: body });
  expect(res.status(), await res.text()).toBe(201);
  const added = (await res.json()) as Signal;
  const priced = async () => {
    const list = (await (await page.request.get(`/api/algos/${algoId}/signals?status=pending`)).json()) as Signal[];
    return list.find((s) => s.signal_id === added.signal_id)?.ltp ?? null;
  };
  await expect.poll(priced, { timeout: 15_000 }).not.toBeNull();
  const edited = await page.request.post(`/api/signals/${added.signal_id}/update`, {
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

test('a signal approved on a phone becomes a running trade on the member trades page', async ({ browser, login }) => {
  const admin = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const member = await browser.newPage();
  try {
    await login({ role: 'superadmin', context: admin.context() });
    const algo = await swingAlgo(admin);
    expect(algo.algo_switch).toBe(true);
    const signal = await pendingSignal(admin, algo.algo_id);

    await login({ demo: true, context: member.context() });
    await member.goto('/dashboard/trades');
    await waitForTakeover(member);
    await expect(member.getByRole('heading', { level: 1, name: 'Trades' })).toBeVisible();
    const table = member.getByRole('table');
    await expect(table).toBeVisible();
    // The table names trades by id (the signal's id is behind a row's Details): the trade of this
    // signal, once the engine makes it, is found through the member's own API.
    const tradeOfSignal = async () => {
      const trades = (await (await member.request.get('/api/account-trades')).json()) as Trade[];
      return trades.find((t) => t.signal_id === signal.signal_id)?.trabot_trade_id ?? null;
    };
    expect(await tradeOfSignal()).toBeNull();

    await admin.goto(`/dashboard/admin/algos/${algo.algo_id}/signals?status=pending`);
    const card = admin
      .getByRole('listitem')
      .filter({ has: admin.getByRole('heading', { name: `${SYMBOL} (EQ) long · #${signal.signal_id}` }) });
    await card.getByRole('button', { name: `Approve signal ${signal.signal_id}` }).tap();
    const dialog = admin.locator('ion-modal').filter({ hasText: `Approve signal ${signal.signal_id}?` });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).tap();
    await expect(admin.getByText(/^Signal approved: /)).toBeVisible();

    // The member's page refreshes itself: the new trade appears, running, without a reload.
    await expect.poll(tradeOfSignal, { timeout: 20_000 }).not.toBeNull();
    const tradeId = String(await tradeOfSignal());
    const statusOf = async () => {
      const ids = await columnTexts(table, 'Trade ID');
      const statuses = await columnTexts(table, 'Status');
      return statuses[ids.indexOf(tradeId)];
    };
    await expect.poll(statusOf, { timeout: 20_000 }).toBe('RUNNING');
    const quantities = await columnTexts(table, 'Qty');
    const ids = await columnTexts(table, 'Trade ID');
    expect(Number(quantities[ids.indexOf(tradeId)])).toBeGreaterThan(0);
  } finally {
    await admin.close();
    await member.close();
  }
});
