/**
 * The one writer of a protective order's state (the table: src/shared/states/protections.ts), on
 * the guarded UPDATE (guarded-update.ts): like legs.ts, each protection moves only from the state
 * the engine read it in. Each move is recorded (protection_events) with the protection's terms
 * after it, in the same transaction, for the trade's timeline.
 */
import { sql } from 'drizzle-orm';
import { PROTECTION_MOVES, type ProtectionRowState } from '@shared/states/protections';
import type { Db } from '../db/client';
import { protectionEvents, protections } from '../db/schema';
import type { Logger } from '../lib/logger';
import { moveEach, warnRefusedEach, type StatusDoor } from './guarded-update';

export type ProtectionRow = typeof protections.$inferSelect;

const PROTECTIONS: StatusDoor<typeof protections, ProtectionRowState> = {
  row: 'protection',
  table: protections,
  key: 'id',
  status: 'state',
  moves: PROTECTION_MOVES,
};

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
export async function moveProtection(tx: Db, log: Logger, move: ProtectionMove): Promise<boolean> {
  return (await moveProtections(tx, log, [move])).has(move.id);
}

/**
 * `moveProtection` for many at once: one guarded UPDATE and one event INSERT per group of moves
 * from the same state naming the same columns, whatever their number. Answers the ids moved.
 */
export async function moveProtections(tx: Db, log: Logger, moves: readonly ProtectionMove[]): Promise<Set<number>> {
  const groups = new Map<string, ProtectionMove[]>();
  for (const move of moves) {
    const key = `${move.from}:${Object.keys(move).sort().join(',')}`;
    groups.set(key, [...(groups.get(key) ?? []), move]);
  }
  const movedIds = new Set<number>();
  for (const group of groups.values()) {
    const from = group[0]!.from;
    const { moved, refused } = await moveEach(
      tx,
      PROTECTIONS,
      'engine',
      group.map(({ from, ...row }) => ({ row, from })),
    );
    if (moved.size)
      await tx.execute(sql`insert into ${protectionEvents}
        (protection_id, at, from_state, state, broker_protection_id, quantity, stop, target, executed_leg, reason)
        select id, updated_at, ${from}, state, broker_protection_id, quantity, stop, target, executed_leg, reason
        from ${protections} where id in (${sql.join(
          [...moved].map((id) => sql`${id}`),
          sql`, `,
        )}) order by id`);
    for (const id of moved) movedIds.add(id);
    warnRefusedEach(log, PROTECTIONS, refused, () => from);
  }
  return movedIds;
}
