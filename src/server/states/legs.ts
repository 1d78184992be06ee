/**
 * The one writer of an order leg's state (the table: src/shared/states/legs.ts), on the guarded
 * UPDATE (guarded-update.ts): each leg moves only from the state the engine read it in, so an
 * answer is applied only to the leg as the engine saw it: a leg another process moved meanwhile (a
 * new leader, a reconciliation) is left alone and reported, never overwritten.
 */
import type { OrderLegState } from '@shared/states/legs';
import { LEG_MOVES } from '@shared/states/legs';
import type { Db } from '../db/client';
import { orderLegs } from '../db/schema';
import type { Logger } from '../lib/logger';
import { moveEach, warnRefusedEach, type StatusDoor } from './guarded-update';

type LegRecord = typeof orderLegs.$inferSelect;

const LEGS: StatusDoor<typeof orderLegs, OrderLegState> = {
  row: 'leg',
  table: orderLegs,
  key: 'id',
  status: 'state',
  moves: LEG_MOVES,
};

/** A leg's new state and what comes with it, from the state the engine read it in. */
export type LegMove = Pick<
  LegRecord,
  'id' | 'state' | 'broker_order_id' | 'filled_quantity' | 'average_price' | 'reason' | 'updated_at'
> & { from: OrderLegState };

/**
 * Writes the moves the table allows, each only while the leg is still in its `from` state.
 * Answers the ids of the legs moved; a move the table refuses, or one whose leg moved meanwhile,
 * is logged as a warning and not written.
 */
export async function moveLegs(tx: Db, log: Logger, moves: readonly LegMove[]): Promise<Set<number>> {
  const { moved, refused } = await moveEach(
    tx,
    LEGS,
    'engine',
    moves.map(({ from, ...row }) => ({ row, from })),
  );
  const read = new Map(moves.map((m) => [m.id, m.from]));
  warnRefusedEach(log, LEGS, refused, (id) => read.get(id));
  return moved;
}
