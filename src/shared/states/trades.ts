/**
 * The trade's state machine (`trades.trade_status`): every move a trade may make, and who makes
 * it. The engine and the admin trade edit write a status only through src/server/states (a guarded
 * UPDATE, `WHERE trade_status IN (...)`, the statuses `movableTo` lists), so a move that is not
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
 *
 * Staying where it is (an edit of other fields, fills booked on a running trade) is allowed to both.
 */
import type { TradeStatus } from '../constants';
import { withStays, type StateTable } from './table';

export const TRADE_MOVES: StateTable<TradeStatus> = withStays({
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
});

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
