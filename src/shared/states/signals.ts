/**
 * The signal's state machine (`signals.trade_status`): every move a signal may make, and who makes
 * it. The engine and the services write a status only through src/server/states (a guarded UPDATE,
 * `WHERE trade_status IN (...)`, the statuses `movableTo` lists), so a move that is not listed here
 * never happens, and one that raced another writer changes no row. The client offers only the
 * moves a superadmin may make (Edit Levels). See docs/decisions/2026-11-27-signal-status-moves.md.
 *
 * Staying where it is (Edit Levels of the levels alone) is allowed to both.
 */
import type { SignalStatus } from '../constants';
import { withStays, type StateTable } from './table';

export const SIGNAL_MOVES: StateTable<SignalStatus> = withStays({
  // Approve / reject (or Edit Levels); the engine: an `auto` algo's signal, expiry.
  pending: { approved: ['admin', 'engine'], cancelled: ['admin', 'engine'] },
  // The fan-out opens its trades (running), or refuses the session (cancelled); the admin cancels.
  approved: { running: ['engine'], cancelled: ['admin', 'engine'] },
  // A level reached (completed); the admin completes or cancels by hand.
  running: { completed: ['admin', 'engine'], cancelled: ['admin'] },
  completed: {},
  cancelled: {},
});
