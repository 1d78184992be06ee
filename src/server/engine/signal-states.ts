/**
 * The engine's writes of a signal's status (the table: src/shared/states/signals.ts), as
 * trade-states.ts does for trades. A status is written only by a guarded UPDATE (`WHERE trade_status
 * IN (...)`: the statuses the engine may move a signal from, narrowed by the caller to the ones its
 * step starts from), and a named signal it did not move is logged as a warning with the status it
 * has: a signal the admin cancelled or completed meanwhile is left as the admin set it.
 */
import { and, inArray, type SQL } from 'drizzle-orm';
import type { SignalStatus } from '@shared/constants';
import { SIGNAL_MOVES } from '@shared/states/signals';
import { movableTo } from '@shared/states/table';
import type { Db } from '../db/client';
import { signals } from '../db/schema';
import type { Logger } from '../lib/logger';

export type SignalRecord = typeof signals.$inferSelect;

/**
 * The statuses the engine moves a signal to `to` from, within `from` when given (not `to` itself: a
 * signal already there is not written again). Throws when `from` names a move the table refuses:
 * that is a bug of the caller, not a race.
 */
export function engineSignalMovesFrom(to: SignalStatus, from?: readonly SignalStatus[]): SignalStatus[] {
  const allowed = movableTo(SIGNAL_MOVES, to, 'engine').filter((s) => s !== to);
  if (!from) return allowed;
  const refused = from.filter((s) => !allowed.includes(s));
  if (refused.length) throw new Error(`the engine may not move a signal from ${refused.join(', ')} to ${to}`);
  return [...from];
}

/** A move that found the signal moved by another writer (or in a status the table has no move from). */
export interface RefusedSignalMove {
  signalId: number;
  from: SignalStatus;
  to: SignalStatus;
}

export function logRefusedSignalMoves(log: Logger, refused: readonly RefusedSignalMove[], why: string): void {
  for (const r of refused)
    log.warn({ signalId: r.signalId, from: r.from, to: r.to }, `engine: signal transition refused: ${why}`);
}

export interface SignalMove {
  to: SignalStatus;
  /** The statuses this step moves from (each must be a move of the engine's); all of the engine's when left out. */
  from?: readonly SignalStatus[];
  /** The signals to move: each one not moved is logged. Without it, every signal `where` selects. */
  ids?: readonly number[];
  /** A further condition (e.g. expired by now); a named signal it leaves out is not logged. */
  where?: SQL;
  /** Other columns written with the status. */
  set?: Partial<Pick<SignalRecord, 'status_note'>>;
  /** Why the engine moves them, for the log. */
  why: string;
}

/**
 * Moves signals to `move.to` with one guarded UPDATE; answers the rows moved (as written). A named
 * signal left where it was because another writer moved it first is logged with its status (unless
 * it is at `to` already, or the `where` condition left it out).
 */
export async function moveSignals(tx: Db, log: Logger, move: SignalMove): Promise<SignalRecord[]> {
  const { to, ids } = move;
  if (ids && !ids.length) return [];
  const from = engineSignalMovesFrom(to, move.from);
  const moved = await tx
    .update(signals)
    .set({ trade_status: to, ...move.set })
    .where(and(ids ? inArray(signals.signal_id, [...ids]) : undefined, inArray(signals.trade_status, from), move.where))
    .returning();
  if (ids) {
    const movedIds = new Set(moved.map((r) => r.signal_id));
    const left = ids.filter((id) => !movedIds.has(id));
    if (left.length) {
      const rows = await tx
        .select({ id: signals.signal_id, status: signals.trade_status })
        .from(signals)
        .where(and(inArray(signals.signal_id, left), move.where));
      logRefusedSignalMoves(
        log,
        rows.filter((r) => r.status !== to).map((r) => ({ signalId: r.id, from: r.status, to })),
        move.why,
      );
    }
  }
  return moved;
}
