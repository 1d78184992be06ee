/**
 * Filled order legs as the trade's entry and exit rows, with their charges, and the trade's figures
 * recomputed from all its rows: one statement per table for any number of fills.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { updateRows } from '../db/bulk';
import { tradeEntries, tradeExits, trades } from '../db/schema';
import type { Order } from './broker/adapter';
import { legCharges, productOf } from './charges';
import type { LegRow, TradeRow } from './engine-deps';
import { entrySide, exitSide, tradeFigures, type Fill } from './trade-math';

export interface FillToBook {
  leg: Pick<LegRow, 'side'>;
  trade: TradeRow;
  stopLoss: number;
  /** The broker's answer: filled, with its average price. */
  order: Order;
}

type EntryRow = typeof tradeEntries.$inferInsert;
type ExitRow = typeof tradeExits.$inferInsert;

async function fillsOf(tx: Db, tradeIds: number[]) {
  const entries = await tx
    .select({ trade: tradeEntries.trabot_trade_id, quantity: tradeEntries.trade_entry_quantity, price: tradeEntries.trade_entry_price })
    .from(tradeEntries)
    .where(inArray(tradeEntries.trabot_trade_id, tradeIds))
    .orderBy(asc(tradeEntries.trade_entry_sequence));
  const exits = await tx
    .select({ trade: tradeExits.trabot_trade_id, quantity: tradeExits.trade_exit_quantity, price: tradeExits.trade_exit_price })
    .from(tradeExits)
    .where(inArray(tradeExits.trabot_trade_id, tradeIds))
    .orderBy(asc(tradeExits.trade_exit_sequence));
  const byTrade = new Map<number, { entries: Fill[]; exits: Fill[] }>(tradeIds.map((id) => [id, { entries: [], exits: [] }]));
  for (const { trade, quantity, price } of entries) byTrade.get(trade)!.entries.push({ quantity, price });
  for (const { trade, quantity, price } of exits) byTrade.get(trade)!.exits.push({ quantity, price });
  return byTrade;
}

/**
 * Books the fills (in order; several may belong to one trade): the next entry or exit row of each
 * trade with the leg's charges, and the trade's quantity, averages, mark-to-market and risk. An
 * entry makes the trade run; an exit that leaves no share open completes it.
 */
export async function bookFills(tx: Db, fills: readonly FillToBook[], now: Date): Promise<void> {
  if (!fills.length) return;
  const tradeIds = [...new Set(fills.map((f) => f.trade.trabot_trade_id))];
  const legsOfTrade = await fillsOf(tx, tradeIds);
  const entryRows: EntryRow[] = [];
  const exitRows: ExitRow[] = [];
  const updates = new Map<number, Partial<TradeRow> & { trabot_trade_id: number }>();

  for (const { leg, trade, stopLoss, order } of fills) {
    const legs = legsOfTrade.get(trade.trabot_trade_id)!;
    const entry = leg.side === 'entry';
    const fill = { quantity: order.filledQuantity, price: order.averagePrice as number };
    const side = (entry ? entrySide : exitSide)(trade.trade_direction);
    const row = {
      trabot_trade_id: trade.trabot_trade_id,
      order_id: order.orderId,
      exchange_order_id: order.exchangeOrderId,
      ...legCharges({ product: productOf(trade.trade_type), side, ...fill }),
    };
    if (entry) {
      legs.entries.push(fill);
      entryRows.push({ ...row, trade_entry_sequence: legs.entries.length, trade_entry_quantity: fill.quantity, trade_entry_price: fill.price, trade_entry_timestamp: order.updatedAt });
    } else {
      legs.exits.push(fill);
      exitRows.push({ ...row, trade_exit_sequence: legs.exits.length, trade_exit_quantity: fill.quantity, trade_exit_price: fill.price, trade_exit_timestamp: order.updatedAt });
    }
    const figures = tradeFigures({ direction: trade.trade_direction, ...legs, ltp: fill.price, stopLoss });
    updates.set(trade.trabot_trade_id, {
      trabot_trade_id: trade.trabot_trade_id,
      ...figures,
      trade_status: legs.exits.length && figures.remaining_quantity <= 0 ? 'completed' : 'running',
      ltp: fill.price,
      last_updated_timestamp: now,
    });
  }

  if (entryRows.length) await tx.insert(tradeEntries).values(entryRows);
  if (exitRows.length) await tx.insert(tradeExits).values(exitRows);
  await updateRows(tx, trades, 'trabot_trade_id', [...updates.values()]);
}
