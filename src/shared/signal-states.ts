/**
 * The signal's state machine (`signals.trade_status`): every move a signal may make, and who makes
 * it. The engine and the services write a status only with a guarded UPDATE (`WHERE trade_status
 * IN (...)`, the statuses `movableTo` lists), so a move that is not listed here never happens, and
 * one that raced another writer changes no row. The client offers only the moves a superadmin may
 * make (Edit Levels). See docs/decisions/2026-11-27-signal-status-moves.md.
 */
import type { SignalStatus } from './constants';

/** Who moves a signal: a superadmin (approve, reject, Edit Levels) or the engine (and the webhook of an `auto` algo). */
export type SignalMover = 'admin' | 'engine';

/** from -> to -> who may make that move. A status missing on the right is never reached from the left. */
export const SIGNAL_TRANSITIONS: Readonly<Record<SignalStatus, Partial<Record<SignalStatus, readonly SignalMover[]>>>> =
  {
    // Approve / reject (or Edit Levels); the engine: an `auto` algo's signal, expiry.
    pending: { approved: ['admin', 'engine'], cancelled: ['admin', 'engine'] },
    // The fan-out opens its trades (running), or refuses the session (cancelled); the admin cancels.
    approved: { running: ['engine'], cancelled: ['admin', 'engine'] },
    // A level reached (completed); the admin completes or cancels by hand.
    running: { completed: ['admin', 'engine'], cancelled: ['admin'] },
    completed: {},
    cancelled: {},
  };

/** Whether `by` may move a signal from `from` to `to`. Staying where it is is not a move, always allowed. */
export function canMoveSignal(from: SignalStatus, to: SignalStatus, by: SignalMover): boolean {
  if (from === to) return true;
  return SIGNAL_TRANSITIONS[from][to]?.includes(by) ?? false;
}

/** The statuses `by` may move a signal to `to` from, `to` itself included: the guard of the UPDATE. */
export function signalStatusesMovableTo(to: SignalStatus, by: SignalMover): SignalStatus[] {
  return (Object.keys(SIGNAL_TRANSITIONS) as SignalStatus[]).filter((from) => canMoveSignal(from, to, by));
}

/** The statuses `by` may set on a signal that is `from` now, `from` first (Edit Levels' choices). */
export function signalStatusesReachableFrom(from: SignalStatus, by: SignalMover): SignalStatus[] {
  return [
    from,
    ...(Object.keys(SIGNAL_TRANSITIONS[from]) as SignalStatus[]).filter((to) => canMoveSignal(from, to, by)),
  ];
}
