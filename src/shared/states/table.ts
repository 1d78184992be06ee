/**
 * A state machine's table, in the one shape every status of Trabot uses (trades, signals, order
 * legs, protections): from -> to -> who may make that move. A status missing on the right is never
 * reached from the left. The server writes a status only through src/server/states, whose guarded
 * UPDATE asks these helpers which statuses a move may start from.
 */

/** Who moves a row: a superadmin (an admin edit, a decision) or the engine (and the webhook of an `auto` algo). */
export type Mover = 'admin' | 'engine';

export type StateTable<S extends string> = Readonly<Record<S, Readonly<Partial<Record<S, readonly Mover[]>>>>>;

/**
 * `moves` with every status able to stay where it is, for `movers`, listed first (a stay `moves`
 * writes itself is kept as written): for a table whose rows are written with their status
 * unchanged (an edit of other columns, figures booked).
 */
export function withStays<S extends string>(
  moves: StateTable<S>,
  movers: readonly Mover[] = ['admin', 'engine'],
): StateTable<S> {
  const statuses = Object.keys(moves) as S[];
  return Object.fromEntries(statuses.map((s) => [s, { [s]: movers, ...moves[s] }])) as unknown as StateTable<S>;
}

/** Whether `by` may move a row from `from` to `to` (staying is a move only where the table lists it). */
export function canMove<S extends string>(table: StateTable<S>, from: S, to: S, by: Mover): boolean {
  return table[from][to]?.includes(by) ?? false;
}

/** The statuses `by` may move a row to `to` from, in the table's order: the guard of the UPDATE. */
export function movableTo<S extends string>(table: StateTable<S>, to: S, by: Mover): S[] {
  return (Object.keys(table) as S[]).filter((from) => canMove(table, from, to, by));
}

/** The statuses `by` may set on a row that is `from` now, in the table's order (a stay first: an edit's choices). */
export function reachableFrom<S extends string>(table: StateTable<S>, from: S, by: Mover): S[] {
  return (Object.keys(table[from]) as S[]).filter((to) => canMove(table, from, to, by));
}
