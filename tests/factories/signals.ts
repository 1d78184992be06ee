/**
 * Signals (tests only): rows inserted directly with Drizzle, and the bodies of the admin requests
 * that add a signal or place a manual order on one. All default to the same RELIANCE swing signal.
 */
import type { AppDeps } from '@server/context';
import { signals } from '@server/db/schema';
import type { AddSignalBody, ManualEntryBody, Signal } from '@shared/schemas/admin/algos';

/** The levels and sizing fields every default signal here shares. */
export const RELIANCE_SIGNAL = {
  exchange: 'NSE',
  instrument_symbol: 'RELIANCE',
  instrument_type: 'EQ',
  trade_type: 'swing',
  trade_direction: 'long',
  entry_level: 2950.5,
  stop_loss_level: 2890,
  target_level: 3080,
  risk_reward: 2.14,
  portion_in_trade: 100,
} as const;

/** A webhook signal (POST /api/hooks/signals) with the RELIANCE levels, as an algo's code sends it. */
export function webhookSignalBody(clientSignalId: string, over: Record<string, unknown> = {}) {
  const { instrument_symbol, trade_direction, trade_type, entry_level, stop_loss_level, target_level } =
    RELIANCE_SIGNAL;
  return {
    client_signal_id: clientSignalId,
    instrument_symbol,
    trade_direction,
    trade_type,
    entry_level,
    stop_loss_level,
    target_level,
    ...over,
  };
}

export async function createSignal(
  deps: Pick<AppDeps, 'db'>,
  algoId: number,
  overrides: Partial<typeof signals.$inferInsert> = {},
) {
  const [row] = await deps.db
    .insert(signals)
    .values({
      algo_id: algoId,
      ...RELIANCE_SIGNAL,
      trade_gen_ts: new Date('2026-11-20T10:15:00+05:30'),
      trade_status: 'pending',
      algo_process_ind: true,
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * An approved signal the engine trades at once: long `symbol` (INFY) at 250, stop 245, target 262.5,
 * the whole position, without a generation time (so it never expires).
 */
export const createApprovedSignal = (deps: Pick<AppDeps, 'db'>, algoId: number, symbol = 'INFY') =>
  createSignal(deps, algoId, {
    instrument_symbol: symbol,
    entry_level: 250,
    stop_loss_level: 245,
    target_level: 262.5,
    portion_in_trade: 100,
    trade_gen_ts: null,
    trade_status: 'approved',
  });

/** A valid Add Signal body (PUT /api/algos/{algoId}/signals). */
export function addSignalBody(overrides: Partial<AddSignalBody> = {}): AddSignalBody {
  return { trade_gen_ts: '2026-11-20', ...RELIANCE_SIGNAL, process_signal: false, ...overrides };
}

/** What a manual order repeats from its signal: a `signals` row, the API's Signal, or ids with RELIANCE_SIGNAL. */
export type OrderSignal = Pick<
  Signal,
  | 'signal_id'
  | 'algo_id'
  | 'exchange'
  | 'instrument_symbol'
  | 'trade_type'
  | 'trade_direction'
  | 'entry_level'
  | 'stop_loss_level'
>;

/** A valid Manual Entry body for the whole portion at market (PUT /api/signals/{signalId}/manual-entry; manual-exit takes the same fields). */
export function manualOrderBody(signal: OrderSignal): ManualEntryBody {
  return {
    portion: 1,
    trade_type: signal.trade_type as ManualEntryBody['trade_type'],
    order_type: 'market',
    limit_price: null,
    trigger_price: null,
    algo_id: signal.algo_id,
    instrument_symbol: signal.instrument_symbol,
    signal_id: signal.signal_id,
    trade_direction: signal.trade_direction as ManualEntryBody['trade_direction'],
    trade_exchange: signal.exchange,
    entry_level: signal.entry_level,
    stop_loss_level: signal.stop_loss_level,
  };
}
