/**
 * The trade's state machine (`trades.trade_status`): every move a trade may make, and who makes
 * it. The engine and the admin trade edit write a status only with a guarded UPDATE (`WHERE
 * trade_status IN (...)`, the statuses `tradeStatusesMovableTo` lists), so a move that is not
 * listed here never happens, and one that raced another writer changes no row: the engine logs it
 * as a warning, the admin edit answers 409 with the trade as it is. The admin trade edit offers
 * only the moves a superadmin may make. See docs/decisions/2026-11-27-trade-status-moves.md.
 *
 *   pending  -> running (entry filled), cancelled (entry failed, signal cancelled; or the admin),
 *               open (the admin records a fill the engine did not see)
 *   approved -> pending, cancelled, open (the admin; a status only the demo's trades have)
 *   running  -> completed (exits filled), open (the admin takes it over), closed (the admin)
 *   open     -> completed (an exit in flight filled), closed (the admin)
 *   closed   -> open (the admin undoes the closing)
 *   completed, cancelled: final
 */
import type { TradeStatus } from './constants';

/** Who moves a trade: a superadmin (the admin trade edit) or the engine (fills, failed entries, cancelled signals). */
export type TradeMover = 'admin' | 'engine';

/** from -> to -> who may make that move. A status missing on the right is never reached from the left. */
export const TRADE_TRANSITIONS: Readonly<Record<TradeStatus, Partial<Record<TradeStatus, readonly TradeMover[]>>>> = {
  // The entry fills (running) or fails, or its signal is cancelled (cancelled); the admin cancels
  // it, or records as open a fill the engine did not see.
  pending: { running: ['engine'], cancelled: ['admin', 'engine'], open: ['admin'] },
  // The member's filter lists `approved`; the engine never writes it (only the demo's trades have it).
  approved: { pending: ['admin'], cancelled: ['admin'], open: ['admin'] },
  // The exits fill to nothing held (completed); the admin takes the trade over (open) or closes it.
  running: { completed: ['engine'], open: ['admin'], closed: ['admin'] },
  // The admin's running: an exit still at the broker may fill it to the end; the admin closes it.
  open: { completed: ['engine'], closed: ['admin'] },
  // The admin's completed, which the admin may undo.
  closed: { open: ['admin'] },
  completed: {},
  cancelled: {},
};

/** Whether `by` may move a trade from `from` to `to`. Staying where it is is not a move, always allowed. */
export function canMoveTrade(from: TradeStatus, to: TradeStatus, by: TradeMover): boolean {
  if (from === to) return true;
  return TRADE_TRANSITIONS[from][to]?.includes(by) ?? false;
}

/** The statuses `by` may move a trade to `to` from, `to` itself included: the guard of the UPDATE. */
export function tradeStatusesMovableTo(to: TradeStatus, by: TradeMover): TradeStatus[] {
  return (Object.keys(TRADE_TRANSITIONS) as TradeStatus[]).filter((from) => canMoveTrade(from, to, by));
}

/** The statuses `by` may set on a trade that is `from` now, `from` first (the admin trade edit's choices). */
export function tradeStatusesReachableFrom(from: TradeStatus, by: TradeMover): TradeStatus[] {
  return [from, ...(Object.keys(TRADE_TRANSITIONS[from]) as TradeStatus[]).filter((to) => canMoveTrade(from, to, by))];
}

/**
 * Statuses the engine no longer trades: an order of such a trade still resting at its broker is
 * cancelled there (a manual exit, a closing by hand or a cancel got there first).
 */
export const TRADE_DONE_STATUSES: readonly TradeStatus[] = ['completed', 'cancelled', 'closed'];

/**
 * The status the engine moves a trade to once its fills are booked: `completed` when its exits
 * leave nothing held, else it runs (`running`, or the admin's `open` kept as it is).
 */
export function statusAfterFills(from: TradeStatus, nothingHeld: boolean): TradeStatus {
  if (nothingHeld) return 'completed';
  return from === 'open' ? 'open' : 'running';
}
