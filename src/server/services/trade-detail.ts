/**
 * One trade's detail (GET /api/account-trades/{tradeId}): the trade (in the viewer's statuses),
 * its algo's name, its signal's levels now, the timeline and the P&L after charges. Five queries
 * whatever the trade's size: the trade with its algo and signal, then its entries, exits, orders
 * and the signal's events together.
 */
import { asc, eq } from 'drizzle-orm';
import type { TradeDetail } from '../../shared/schemas/trade-detail';
import type { Db } from '../db/client';
import { algos, orderLegs, signalEvents, signals, tradeEntries, tradeExits, trades } from '../db/schema';
import { buildTimeline, tradePnl } from './trade-timeline';
import { toEntry, toExit, toTrade, type TradesView } from './trades';

/** Null when the trade does not exist or, with `accountId`, is another account's. */
export async function getTradeDetail(db: Db, tradeId: number, viewer: { view: TradesView; accountId?: number }): Promise<TradeDetail | null> {
  const [row] = await db
    .select({ trade: trades, algo_desc: algos.algo_desc, signal: signals })
    .from(trades)
    .leftJoin(algos, eq(algos.algo_id, trades.algo_id))
    .leftJoin(signals, eq(signals.signal_id, trades.signal_id))
    .where(eq(trades.trabot_trade_id, tradeId));
  if (!row || (viewer.accountId !== undefined && row.trade.trabot_account_id !== viewer.accountId)) return null;
  const { trade, signal } = row;
  const [entries, exits, legs, events] = await Promise.all([
    db.select().from(tradeEntries).where(eq(tradeEntries.trabot_trade_id, tradeId)).orderBy(asc(tradeEntries.trade_entry_sequence)),
    db.select().from(tradeExits).where(eq(tradeExits.trabot_trade_id, tradeId)).orderBy(asc(tradeExits.trade_exit_sequence)),
    db.select().from(orderLegs).where(eq(orderLegs.trabot_trade_id, tradeId)).orderBy(asc(orderLegs.id)),
    signal ? db.select().from(signalEvents).where(eq(signalEvents.signal_id, signal.signal_id)).orderBy(asc(signalEvents.id)) : Promise.resolve([]),
  ]);
  return {
    trade: toTrade(trade, entries.map(toEntry), exits.map(toExit), viewer.view),
    algo_desc: row.algo_desc,
    signal: signal && {
      signal_id: signal.signal_id,
      source: signal.source,
      entry_level: signal.entry_level,
      stop_loss_level: signal.stop_loss_level,
      target_level: signal.target_level,
    },
    timeline: buildTimeline({ signal, events, legs, entries, exits }),
    pnl: tradePnl(trade, entries, exits),
  };
}
