/**
 * The protective order's state machine (docs/engine.md, "Protective orders at the broker"): the one
 * list of the moves a protection may make, and the one writer of its state. A protection is written
 * `placing` in the transaction that books its trade's entry fill (protections.ts); the broker's
 * answers move it from there:
 *
 *   placing    -> active | rejected | cancelled (the trade closed before it was placed)
 *   active     -> modifying (new levels, a new quantity) | cancelling | triggered
 *                 | expired | disabled | cancelled (withdrawn at the broker)
 *   modifying  -> active | triggered | cancelling | cancelled
 *   cancelling -> cancelled | triggered (a leg executed before the cancel arrived)
 *   triggered  -> done (the executed leg's fill booked as the trade's exit)
 *   expired, disabled -> placing (placed again; a delivery position's day orders that lapsed at
 *                 the close, `expired` "lapsed at the close", at the next session's first tick) | cancelled
 *   cancelled  -> placing (Trabot cancelled it for an exit of its own that left shares open: a
 *                 partial Manual Exit; placed again for what remains)
 *   done, rejected: final
 *
 * Every write is a guarded UPDATE (`WHERE state = <the state the engine read>`), like moveLegs: an
 * answer is applied only to the protection as the engine saw it. Each move is recorded
 * (protection_events) with the protection's terms after it, for the trade's timeline.
 */
import type { Logger } from '../lib/logger';
import { updateRowsFrom } from '../db/bulk';
import type { Db } from '../db/client';
import { sql } from 'drizzle-orm';
import { protectionEvents, protections, type ProtectionRowState } from '../db/schema';

export type ProtectionRow = typeof protections.$inferSelect;

export const PROTECTION_TRANSITIONS: Readonly<Record<ProtectionRowState, readonly ProtectionRowState[]>> = {
  placing: ['active', 'rejected', 'cancelled'],
  active: ['modifying', 'cancelling', 'triggered', 'expired', 'disabled', 'cancelled'],
  modifying: ['active', 'triggered', 'cancelling', 'cancelled'],
  cancelling: ['cancelled', 'triggered'],
  triggered: ['done'],
  expired: ['placing', 'cancelled'],
  disabled: ['placing', 'cancelled'],
  cancelled: ['placing'],
  done: [],
  rejected: [],
};

/** Protections that may have orders resting at the broker, or may get some: they are followed. */
export const LIVE_PROTECTION_STATES: ProtectionRowState[] = ['placing', 'active', 'modifying', 'cancelling'];

/** Protections resting at the broker (or executed there): the trade's levels are the broker's to act on. */
export const RESTING_PROTECTION_STATES: ProtectionRowState[] = ['active', 'modifying', 'triggered'];

/** A trade whose protection is in one of these may not get an exit from Trabot (it would be a second one). */
export const EXIT_BLOCKING_STATES: ProtectionRowState[] = [...LIVE_PROTECTION_STATES, 'triggered'];

export const canMoveProtection = (from: ProtectionRowState, to: ProtectionRowState): boolean =>
  PROTECTION_TRANSITIONS[from].includes(to);

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
    if (!canMoveProtection(move.from, move.state)) {
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
