/**
 * One trade's detail (GET /api/account-trades/{tradeId}): the trade (in the viewer's statuses),
 * its algo's name, its signal's levels now, the timeline and the P&L after charges. One statement
 * whatever the trade's size: the trade with its algo, its signal and the signal's events, its
 * entries, exits, orders and protective orders' moves (a relational query, db/schema.ts's relations).
 */
import { and, asc, eq, like, or } from 'drizzle-orm';
import type { TradeDetail } from '@shared/schemas/trade-detail';
import type { Db } from '../db/client';
import {
  orderEvents,
  orderLegs,
  protectionEvents,
  signalEvents,
  tradeEntries,
  tradeExits,
  trades,
  warnings,
} from '../db/schema';
import { buildTimeline, tradePnl, type ChaseStep } from './trade-timeline';
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
  const chase = await chaseSteps(db, tradeId, legs);
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
      chase,
    }),
    pnl: tradePnl(trade, entries, exits),
  };
}

/**
 * The exit chase of the trade (engine/exit-chase.ts): its modifications toward the market (the
 * `modify` requests of its order records) and, for an exit still open, its escalation warning
 * ("Exit pending at the broker", one per leg, found by its data).
 */
async function chaseSteps(
  db: Db,
  tradeId: number,
  legs: readonly (typeof orderLegs.$inferSelect)[],
): Promise<ChaseStep[]> {
  const modified = await db
    .select()
    .from(orderEvents)
    .where(
      and(eq(orderEvents.trabot_trade_id, tradeId), eq(orderEvents.kind, 'request'), eq(orderEvents.action, 'modify')),
    )
    .orderBy(asc(orderEvents.id));
  const open = legs.filter((l) => l.side === 'exit' && l.state === 'open');
  const pending = open.length
    ? await db
        .select()
        .from(warnings)
        .where(
          or(
            ...open.map((l) =>
              like(
                warnings.warning_data,
                `${JSON.stringify({ reason: 'exit_pending', order_leg_id: l.id }).slice(0, -1)},%`,
              ),
            ),
          ),
        )
    : [];
  const legOf = new Map(legs.map((l) => [l.id, l]));
  return [
    ...modified.map((e) => ({
      at: e.at,
      pending: false,
      client_order_id: e.client_order_id,
      order_id: e.broker_order_id,
      quantity: e.quantity,
      price: e.limit_price,
      note: e.message,
    })),
    ...pending.map((w) => {
      const leg = legOf.get((JSON.parse(w.warning_data!) as { order_leg_id: number }).order_leg_id);
      return {
        at: w.warning_timestamp,
        pending: true,
        client_order_id: leg?.client_order_id ?? null,
        order_id: leg?.broker_order_id ?? null,
        quantity: leg?.quantity ?? null,
        price: null,
        note: 'Still open after every modification toward the market: check it at the broker',
      };
    }),
  ];
}
