/**
 * The writer of a trade's status (the table: src/shared/states/trades.ts), on the guarded UPDATE
 * (guarded-update.ts): the engine's moves, logged as a warning when a trade is not moved (a trade
 * the admin cancelled, closed or took over meanwhile is left as the admin set it); the fills'
 * figures, each from the status read; and the admin trade edit.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { TradeStatus } from '@shared/constants';
import { TRADE_MOVES } from '@shared/states/trades';
import type { Db } from '../db/client';
import { trades } from '../db/schema';
import type { Logger } from '../lib/logger';
import { moveEach, moveWhere, warnRefusedWhere, type MoveOne, type StatusDoor } from './guarded-update';

type TradeRecord = typeof trades.$inferSelect;

const TRADES: StatusDoor<typeof trades, TradeStatus> = {
  row: 'trade',
  table: trades,
  key: 'trabot_trade_id',
  status: 'trade_status',
  moves: TRADE_MOVES,
};

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
 * The engine moves the trades to `to`, each only from a status it may move it from; answers the ids
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
  const { moved, refused } = await moveWhere(tx, TRADES, {
    to,
    by: 'engine',
    ids: tradeIds,
    set: { last_updated_timestamp: now },
  });
  warnRefusedWhere(log, TRADES, refused, why);
  return moved.map((r) => r.trabot_trade_id);
}

/** The engine moves every trade `where` selects to `to`, from the statuses it may; answers the trades moved. */
export async function moveTradesWhere(db: Db, where: SQL, to: TradeStatus, now: Date): Promise<TradeRecord[]> {
  return (await moveWhere(db, TRADES, { to, by: 'engine', where, set: { last_updated_timestamp: now } })).moved;
}

/**
 * Writes each trade's figures from its booked fills with the status they lead to, only while the
 * trade is still in the status read (`from`); answers the moves not written, from the status read.
 */
export async function writeTradeFigures(
  tx: Db,
  figures: readonly MoveOne<typeof trades, TradeStatus>[],
): Promise<RefusedTradeMove[]> {
  const { refused } = await moveEach(tx, TRADES, 'engine', figures);
  const read = new Map(figures.map((f) => [f.row.trabot_trade_id!, f.from]));
  return refused.map((r) => ({ tradeId: r.id, from: read.get(r.id)!, to: r.to }));
}

/**
 * The admin trade edit: writes `set` with the status `to` (the trade's own when the edit keeps it),
 * only by a move a superadmin may make and while `where` holds; answers whether it was written.
 */
export async function editTradeRow(
  tx: Db,
  tradeId: number,
  to: TradeStatus,
  set: Omit<PgUpdateSetSource<typeof trades>, 'trade_status'>,
  where?: SQL,
): Promise<boolean> {
  // The trade by key in the condition, not `ids`: a refused edit is answered without asking why.
  const { moved } = await moveWhere(tx, TRADES, {
    to,
    by: 'admin',
    stay: true,
    set,
    where: and(eq(trades.trabot_trade_id, tradeId), where),
  });
  return moved.length > 0;
}
