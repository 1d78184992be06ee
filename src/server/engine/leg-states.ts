/**
 * The order leg's state machine (docs/engine.md, "Order legs"): the one list of the moves a leg
 * may make, and the one writer of a leg's state. A leg is written `sending` before its broker is
 * called (new-legs.ts); the broker's answers move it from there:
 *
 *   new, sending -> open | filled | cancelled | rejected
 *   open         -> open (a partial fill, a new order id) | filled | cancelled | rejected
 *   filled, cancelled, rejected: final
 *
 * Every write is a guarded UPDATE (`WHERE state = <the state the engine read>`), so an answer is
 * applied only to the leg as the engine saw it: a leg another process moved meanwhile (a new
 * leader, a reconciliation) is left alone and reported, never overwritten.
 */
import type { Logger } from '../lib/logger';
import { updateRowsFrom } from '../db/bulk';
import type { Db } from '../db/client';
import { orderLegs, type OrderLegState } from '../db/schema';
import type { LegRow } from './engine-deps';

export const LEG_TRANSITIONS: Readonly<Record<OrderLegState, readonly OrderLegState[]>> = {
  new: ['open', 'filled', 'cancelled', 'rejected'],
  sending: ['open', 'filled', 'cancelled', 'rejected'],
  open: ['open', 'filled', 'cancelled', 'rejected'],
  filled: [],
  cancelled: [],
  rejected: [],
};

/** Legs in these states have an order at the broker, or may have: they are followed until they settle. */
export const UNSETTLED_LEG_STATES: OrderLegState[] = (Object.keys(LEG_TRANSITIONS) as OrderLegState[]).filter(
  (state) => LEG_TRANSITIONS[state].length > 0,
);

export const canMoveLeg = (from: OrderLegState, to: OrderLegState): boolean => LEG_TRANSITIONS[from].includes(to);

/** A leg's new state and what comes with it, from the state the engine read it in. */
export type LegMove = Pick<
  LegRow,
  'id' | 'state' | 'broker_order_id' | 'filled_quantity' | 'average_price' | 'reason' | 'updated_at'
> & { from: OrderLegState };

/**
 * Writes the moves the table allows, each only while the leg is still in its `from` state.
 * Answers the ids of the legs moved; a move the table refuses, or one whose leg moved meanwhile,
 * is logged as a warning and not written.
 */
export async function moveLegs(tx: Pick<Db, 'execute'>, log: Logger, moves: readonly LegMove[]): Promise<Set<number>> {
  const allowed = moves.filter((m) => {
    if (canMoveLeg(m.from, m.state)) return true;
    log.warn({ legId: m.id, from: m.from, to: m.state }, 'engine: leg transition refused');
    return false;
  });
  const moved = new Set(
    await updateRowsFrom(
      tx,
      orderLegs,
      'id',
      'state',
      allowed.map(({ from, ...row }) => ({ row, from })),
    ),
  );
  for (const m of allowed) {
    if (!moved.has(m.id))
      log.warn(
        { legId: m.id, from: m.from, to: m.state },
        'engine: leg no longer in the state read, the answer is not applied',
      );
  }
  return moved;
}
