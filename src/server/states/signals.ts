/**
 * The writer of a signal's status (the table: src/shared/states/signals.ts), on the guarded UPDATE
 * (guarded-update.ts): the engine's moves, a named signal not moved logged as a warning with the
 * status it has (a signal the admin cancelled or completed meanwhile is left as the admin set it);
 * and the superadmin's (approve, reject, Edit Levels), whose events the service records with it.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { SignalStatus } from '@shared/constants';
import { SIGNAL_MOVES } from '@shared/states/signals';
import type { Db } from '../db/client';
import { signals } from '../db/schema';
import type { Logger } from '../lib/logger';
import { moveWhere, warnRefusedWhere, type StatusDoor } from './guarded-update';

type SignalRecord = typeof signals.$inferSelect;

const SIGNALS: StatusDoor<typeof signals, SignalStatus> = {
  row: 'signal',
  table: signals,
  key: 'signal_id',
  status: 'trade_status',
  moves: SIGNAL_MOVES,
};

type SignalSet = Omit<PgUpdateSetSource<typeof signals>, 'trade_status'>;

interface SignalMove {
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
 * The engine moves signals to `move.to` with one guarded UPDATE; answers the rows moved (as
 * written). A named signal left where it was because another writer moved it first is logged with
 * its status (unless it is at `to` already, or the `where` condition left it out).
 */
export async function moveSignals(tx: Db, log: Logger, move: SignalMove): Promise<SignalRecord[]> {
  const { to, why, ...rest } = move;
  const { moved, refused } = await moveWhere(tx, SIGNALS, { ...rest, to, by: 'engine' });
  warnRefusedWhere(log, SIGNALS, refused, why);
  return moved;
}

/**
 * A superadmin's move of one signal to `to` (its own status when the edit keeps it: `stay`), with
 * `set`, only from `from` when given (each a move the table lets a superadmin make) and while
 * `where` holds; answers the signal as written, or undefined when it did not move.
 */
export async function moveSignalByAdmin(
  tx: Db,
  signalId: number,
  move: { to: SignalStatus; from?: readonly SignalStatus[]; stay?: boolean; set: SignalSet; where?: SQL },
): Promise<SignalRecord | undefined> {
  // The signal by key in the condition, not `ids`: a refused edit is answered without asking why.
  const where = and(eq(signals.signal_id, signalId), move.where);
  const { moved } = await moveWhere(tx, SIGNALS, { ...move, by: 'admin', where });
  return moved[0];
}
