/**
 * The engine's writes of a trade's status (the table: src/shared/states/trades.ts). A status is
 * written only by a guarded UPDATE (`WHERE trade_status IN (...)`, the statuses the engine may move
 * a trade from), and a trade it did not move is logged as a warning with the status it has: a
 * trade the admin cancelled, closed or took over meanwhile is left as the admin set it.
 */
import { and, asc, inArray } from 'drizzle-orm';
import type { TradeStatus } from '@shared/constants';
import { movableTo } from '@shared/states/table';
import { TRADE_MOVES } from '@shared/states/trades';
import type { Db } from '../db/client';
import { trades } from '../db/schema';
import type { Logger } from '../lib/logger';

/** The statuses the engine moves a trade to `to` from (not `to` itself: a trade already there is not written again). */
export const engineMovesTo = (to: TradeStatus): TradeStatus[] =>
  movableTo(TRADE_MOVES, to, 'engine').filter((from) => from !== to);

/** A move the table refused, or that found the trade moved by another writer. */
export interface RefusedTradeMove {
  tradeId: number;
  from: TradeStatus;
  to: TradeStatus;
}

/**
 * Locks the trades (`FOR UPDATE`, in id order) until the transaction ends and answers their status:
 * an admin's edit of one of them waits, then finds it changed (its `expected_updated_at` check).
 */
export async function lockTrades(tx: Db, tradeIds: readonly number[]): Promise<Map<number, TradeStatus>> {
  if (!tradeIds.length) return new Map();
  const rows = await tx
    .select({ id: trades.trabot_trade_id, status: trades.trade_status })
    .from(trades)
    .where(inArray(trades.trabot_trade_id, [...tradeIds]))
    .orderBy(asc(trades.trabot_trade_id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Logs each refused move as the engine's warning. */
export function logRefusedMoves(log: Logger, refused: readonly RefusedTradeMove[], why: string): void {
  for (const r of refused)
    log.warn({ tradeId: r.tradeId, from: r.from, to: r.to }, `engine: trade transition refused: ${why}`);
}

/**
 * Moves the trades to `to`, each only from a status the engine may move it from; answers the ids
 * moved. The others (another writer moved them first, or the table has no such move) are logged
 * with the status they are in (unless already there), and left as they are.
 */
export async function moveTrades(
  tx: Db,
  log: Logger,
  tradeIds: readonly number[],
  to: TradeStatus,
  now: Date,
  why: string,
): Promise<number[]> {
  if (!tradeIds.length) return [];
  const moved = await tx
    .update(trades)
    .set({ trade_status: to, last_updated_timestamp: now })
    .where(and(inArray(trades.trabot_trade_id, [...tradeIds]), inArray(trades.trade_status, engineMovesTo(to))))
    .returning({ id: trades.trabot_trade_id });
  const movedIds = new Set(moved.map((r) => r.id));
  const left = tradeIds.filter((id) => !movedIds.has(id));
  if (left.length) {
    const rows = await tx
      .select({ id: trades.trabot_trade_id, status: trades.trade_status })
      .from(trades)
      .where(inArray(trades.trabot_trade_id, left));
    logRefusedMoves(
      log,
      rows
        .filter((r) => r.status !== to)
        .map((r) => ({
          tradeId: r.id,
          from: r.status,
          to,
        })),
      why,
    );
  }
  return [...movedIds];
}
