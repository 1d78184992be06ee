/**
 * One trade's detail (GET /api/account-trades/{tradeId}): the trade (in the viewer's statuses),
 * its algo's name, its signal's levels now, the timeline and the P&L after charges. One statement
 * whatever the trade's size: the trade with its algo, its signal and the signal's events, its
 * entries, exits, orders and protective orders' moves (a relational query, db/schema.ts's relations).
 */
import { asc, eq } from 'drizzle-orm';
import type { TradeDetail } from '@shared/schemas/trade-detail';
import type { Db } from '../db/client';
import { orderLegs, protectionEvents, signalEvents, tradeEntries, tradeExits, trades } from '../db/schema';
import { buildTimeline, tradePnl } from './trade-timeline';
import { toEntry, toExit, toTrade, type TradesView } from './trades';

/** Null when the trade does not exist or, with `accountId`, is another account's. */
export async function getTradeDetail(
  db: Db,
  tradeId: number,
  viewer: { view: TradesView; accountId?: number },
): Promise<TradeDetail | null> {
  const found = await db.query.trades.findFirst({
    where: eq(trades.trabot_trade_id, tradeId),
    with: {
      algo: { columns: { algo_desc: true } },
      signal: { with: { events: { orderBy: asc(signalEvents.id) } } },
      entries: { orderBy: asc(tradeEntries.trade_entry_sequence) },
      exits: { orderBy: asc(tradeExits.trade_exit_sequence) },
      legs: { orderBy: asc(orderLegs.id) },
      protections: { with: { events: { orderBy: asc(protectionEvents.id) } } },
    },
  });
  if (!found || (viewer.accountId !== undefined && found.trabot_account_id !== viewer.accountId)) return null;
  const { algo, signal, entries, exits, legs, protections, ...trade } = found;
  return {
    trade: toTrade(trade, entries.map(toEntry), exits.map(toExit), viewer.view),
    algo_desc: algo?.algo_desc ?? null,
    signal: signal && {
      signal_id: signal.signal_id,
      source: signal.source,
      entry_level: signal.entry_level,
      stop_loss_level: signal.stop_loss_level,
      target_level: signal.target_level,
    },
    timeline: buildTimeline({
      signal,
      events: signal?.events ?? [],
      legs,
      entries,
      exits,
      protectionEvents: protections.flatMap((p) => p.events.map((e) => ({ ...e, broker: p.broker }))),
    }),
    pnl: tradePnl(trade, entries, exits),
  };
}
