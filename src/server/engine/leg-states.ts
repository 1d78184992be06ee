/**
 * The one writer of an order leg's state (the table: src/shared/states/legs.ts). Every write is a
 * guarded UPDATE (`WHERE state = <the state the engine read>`), so an answer is applied only to the
 * leg as the engine saw it: a leg another process moved meanwhile (a new leader, a reconciliation)
 * is left alone and reported, never overwritten.
 */
import type { Logger } from '../lib/logger';
import { updateRowsFrom } from '../db/bulk';
import type { Db } from '../db/client';
import { orderLegs } from '../db/schema';
import { LEG_MOVES, type OrderLegState } from '@shared/states/legs';
import { canMove } from '@shared/states/table';
import type { LegRow } from './engine-deps';

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
    if (canMove(LEG_MOVES, m.from, m.state, 'engine')) return true;
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
