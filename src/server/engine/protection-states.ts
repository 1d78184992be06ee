/**
 * The one writer of a protective order's state (the table: src/shared/states/protections.ts).
 * Every write is a guarded UPDATE (`WHERE state = <the state the engine read>`), like moveLegs: an
 * answer is applied only to the protection as the engine saw it. Each move is recorded
 * (protection_events) with the protection's terms after it, for the trade's timeline.
 */
import type { Logger } from '../lib/logger';
import { updateRowsFrom } from '../db/bulk';
import type { Db } from '../db/client';
import { sql } from 'drizzle-orm';
import { protectionEvents, protections } from '../db/schema';
import { PROTECTION_MOVES, type ProtectionRowState } from '@shared/states/protections';
import { canMove } from '@shared/states/table';

export type ProtectionRow = typeof protections.$inferSelect;

/** A protection's new state and what comes with it (the columns named change too). */
export type ProtectionMove = {
  id: number;
  from: ProtectionRowState;
  state: ProtectionRowState;
  updated_at: Date;
} & Partial<
  Pick<
    ProtectionRow,
    | 'kind'
    | 'broker_protection_id'
    | 'quantity'
    | 'stop'
    | 'stop_limit'
    | 'target'
    | 'executed_leg'
    | 'exit_leg_id'
    | 'reason'
  >
>;

/**
 * Writes a move the table allows, only while the protection is still in its `from` state. Answers
 * whether it moved; a refused move, or one whose protection moved meanwhile, is logged and not written.
 */
export async function moveProtection(tx: Pick<Db, 'execute'>, log: Logger, move: ProtectionMove): Promise<boolean> {
  return (await moveProtections(tx, log, [move])).has(move.id);
}

/**
 * `moveProtection` for many at once: one guarded UPDATE and one event INSERT per group of moves
 * from the same state naming the same columns, whatever their number. Answers the ids moved.
 */
export async function moveProtections(
  tx: Pick<Db, 'execute'>,
  log: Logger,
  moves: readonly ProtectionMove[],
): Promise<Set<number>> {
  const groups = new Map<string, ProtectionMove[]>();
  for (const move of moves) {
    if (!canMove(PROTECTION_MOVES, move.from, move.state, 'engine')) {
      log.warn({ protectionId: move.id, from: move.from, to: move.state }, 'engine: protection transition refused');
      continue;
    }
    const key = `${move.from}:${Object.keys(move).sort().join(',')}`;
    groups.set(key, [...(groups.get(key) ?? []), move]);
  }
  const movedIds = new Set<number>();
  for (const group of groups.values()) {
    const from = group[0]!.from;
    const moved = await updateRowsFrom(
      tx,
      protections,
      'id',
      'state',
      group.map(({ from, ...row }) => ({ row, from })),
    );
    if (moved.length)
      await tx.execute(sql`insert into ${protectionEvents}
        (protection_id, at, from_state, state, broker_protection_id, quantity, stop, target, executed_leg, reason)
        select id, updated_at, ${from}, state, broker_protection_id, quantity, stop, target, executed_leg, reason
        from ${protections} where id in (${sql.join(
          moved.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id`);
    for (const id of moved) movedIds.add(id);
    for (const move of group)
      if (!movedIds.has(move.id))
        log.warn(
          { protectionId: move.id, from, to: move.state },
          'engine: protection no longer in the state read, the answer is not applied',
        );
  }
  return movedIds;
}
