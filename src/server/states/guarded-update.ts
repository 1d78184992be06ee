/**
 * The one door of a status (trades, signals, order legs, protections): a guarded UPDATE that moves
 * a row only from a status its table (src/shared/states) lets the mover start from, the guard in
 * the same statement, so a move the table does not list never happens and one that raced another
 * writer changes no row. It answers the rows moved and, for the rows named, why each other was not:
 *
 * - `table`: the table has no move from the status the caller read (nothing was written);
 * - `status`: the row is in a status the move may not start from (another writer moved it first);
 * - `condition`: the caller's own condition (`where`) left it out;
 * - `not_found`: no such row.
 *
 * Two shapes of one guard: `moveWhere` moves the rows selected to one status (`status IN (the
 * statuses the table lets the mover start from)`); `moveEach` moves rows each from the status the
 * caller read to its own (`status = <read>`, a read status the table allows: a compare-and-set for
 * many rows in one statement). The writers of each table (trades.ts, signals.ts, legs.ts,
 * protections.ts) are built on them; nothing else writes those statuses (eslint-rules/status-doors.js).
 */
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { canMove, movableTo, type Mover, type StateTable } from '@shared/states/table';
import { updateRowsFrom } from '../db/bulk';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';

/** A table whose status only this folder writes: its key, its status column and the table of its moves. */
export interface StatusDoor<T extends PgTable, S extends string> {
  /** What one row is, in words (a refused step names it). */
  row: string;
  table: T;
  key: keyof T['$inferSelect'] & string;
  status: keyof T['$inferSelect'] & string;
  moves: StateTable<S>;
}

type RefusedWhy = 'table' | 'status' | 'condition' | 'not_found';

/** A row named that did not move: the status it is in (or was read in, for `table`), unless not found. */
export interface Refused<S extends string> {
  id: number;
  to: S;
  why: RefusedWhy;
  status?: S;
}

/**
 * The statuses `by` may move a `row` to `to` from: the table's, without `to` itself unless `stay`
 * (a row already there is then written too, for its other columns), narrowed to `from` when given.
 * Throws when `from` names a status the table does not allow: a bug of the caller, not a race.
 */
export function sourcesOf<S extends string>(
  moves: StateTable<S>,
  to: S,
  by: Mover,
  { from, stay = false, row = 'row' }: { from?: readonly S[]; stay?: boolean; row?: string } = {},
): S[] {
  const allowed = movableTo(moves, to, by).filter((s) => stay || s !== to);
  if (!from) return allowed;
  const refused = from.filter((s) => !allowed.includes(s));
  if (refused.length) throw new Error(`the ${by} may not move a ${row} from ${refused.join(', ')} to ${to}`);
  return [...from];
}

const columnOf = (door: StatusDoor<PgTable, string>, name: string) =>
  (door.table as unknown as Record<string, PgColumn>)[name]!;

/** Why each row named did not move to its `to`: its status now, and whether the caller's `where` holds for it. */
async function refusals<S extends string>(
  tx: Db,
  door: StatusDoor<PgTable, S>,
  named: readonly { id: number; to: S }[],
  where?: SQL,
): Promise<Refused<S>[]> {
  if (!named.length) return [];
  const key = columnOf(door, door.key);
  const rows = (await tx
    .select({
      id: key,
      status: columnOf(door, door.status),
      selected: where ? sql<boolean>`(${where}) is true` : sql<boolean>`true`,
    })
    .from(door.table)
    .where(
      inArray(
        key,
        named.map((n) => n.id),
      ),
    )) as { id: number; status: S; selected: boolean }[];
  const found = new Map(rows.map((r) => [r.id, r]));
  return named.map(({ id, to }): Refused<S> => {
    const row = found.get(id);
    if (!row) return { id, to, why: 'not_found' };
    return { id, to, why: row.selected ? 'status' : 'condition', status: row.status };
  });
}

interface MoveWhere<T extends PgTable, S extends string> {
  to: S;
  by: Mover;
  /** The statuses this move starts from (each one the table allows); all the table allows when left out. */
  from?: readonly S[];
  /** Write the rows already at `to` too (an edit of their other columns). */
  stay?: boolean;
  /** The rows to move, each reported when it does not; without it, every row `where` selects. */
  ids?: readonly number[];
  /** A further condition of the caller's (expired by now, unchanged since read). */
  where?: SQL;
  /** Other columns written with the status. */
  set?: PgUpdateSetSource<T>;
}

/** Moves the rows selected to `move.to` with one guarded UPDATE; answers the rows moved (as written) and the named ones refused. */
export async function moveWhere<T extends PgTable, S extends string>(
  tx: Db,
  door: StatusDoor<T, S>,
  move: MoveWhere<T, S>,
): Promise<{ moved: T['$inferSelect'][]; refused: Refused<S>[] }> {
  const { to, ids } = move;
  if (ids && !ids.length) return { moved: [], refused: [] };
  const from = sourcesOf(door.moves, to, move.by, { from: move.from, stay: move.stay, row: door.row });
  const key = columnOf(door, door.key);
  const moved = (await tx
    .update(door.table)
    .set({ ...move.set, [door.status]: to } as never)
    .where(and(ids ? inArray(key, [...ids]) : undefined, inArray(columnOf(door, door.status), from), move.where))
    .returning()) as T['$inferSelect'][];
  if (!ids) return { moved, refused: [] };
  const movedIds = new Set(moved.map((r) => (r as Record<string, unknown>)[door.key]));
  const refused = await refusals(
    tx,
    door,
    ids.filter((id) => !movedIds.has(id)).map((id) => ({ id, to })),
    move.where,
  );
  return { moved, refused };
}

/** A row's move from the status the caller read: its new status and what comes with it. */
export interface MoveOne<T extends PgTable, S extends string> {
  row: Partial<T['$inferSelect']>;
  from: S;
}

/**
 * Moves each row from the status it was read in to its own (`row[status]`), one statement for
 * all: only a move the table allows `by`, and only while the row is still in the status read.
 * Answers the ids moved and the others refused (`table` ones first, in the order given).
 */
export async function moveEach<T extends PgTable, S extends string>(
  tx: Db,
  door: StatusDoor<T, S>,
  by: Mover,
  rows: readonly MoveOne<T, S>[],
): Promise<{ moved: Set<number>; refused: Refused<S>[] }> {
  const id = (r: MoveOne<T, S>) => (r.row as Record<string, unknown>)[door.key] as number;
  const to = (r: MoveOne<T, S>) => (r.row as Record<string, unknown>)[door.status] as S;
  const allowed: MoveOne<T, S>[] = [];
  const refusedByTable: Refused<S>[] = [];
  for (const r of rows)
    if (canMove(door.moves, r.from, to(r), by)) allowed.push(r);
    else refusedByTable.push({ id: id(r), to: to(r), why: 'table', status: r.from });
  const moved = new Set((await updateRowsFrom(tx, door.table, door.key, door.status, allowed)) as number[]);
  const raced = await refusals(
    tx,
    door,
    allowed.filter((r) => !moved.has(id(r))).map((r) => ({ id: id(r), to: to(r) })),
  );
  return { moved, refused: [...refusedByTable, ...raced] };
}

/**
 * Logs each of the engine's `moveEach` refusals as a warning keyed by the row's id (`legId`...),
 * from the status the engine read it in (`readFrom`): a move the table has not, or a row moved meanwhile.
 */
export function warnRefusedEach<S extends string>(
  log: Logger,
  door: StatusDoor<PgTable, S>,
  refused: readonly Refused<S>[],
  readFrom: (id: number) => S | undefined,
): void {
  for (const r of refused)
    log.warn(
      { [`${door.row}Id`]: r.id, from: readFrom(r.id), to: r.to },
      r.why === 'table'
        ? `engine: ${door.row} transition refused`
        : `engine: ${door.row} no longer in the state read, the answer is not applied`,
    );
}

/**
 * Logs each of the engine's `moveWhere` refusals of a row another writer moved first, with the
 * status it is in (`why` says why the engine moved); not one already at `to`, nor one the condition left out.
 */
export function warnRefusedWhere<S extends string>(
  log: Logger,
  door: StatusDoor<PgTable, S>,
  refused: readonly Refused<S>[],
  why: string,
): void {
  for (const r of refused)
    if (r.why === 'status' && r.status !== r.to)
      log.warn({ [`${door.row}Id`]: r.id, from: r.status, to: r.to }, `engine: ${door.row} transition refused: ${why}`);
}
