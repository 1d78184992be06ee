/**
 * New trades and order legs, written before any broker is called: a batch of them in two
 * statements (more only past the bind-parameter cap, db/bulk.ts). Legs start `sending` (order-legs.ts says why).
 */
import { insertRuns } from '../db/bulk';
import type { Db } from '../db/client';
import { orderLegs, trades } from '../db/schema';
import { istDay } from '@shared/ist';
import type { AccountRow, LegRow, SignalRow } from './engine-deps';
import { tradeBroker, type BrokerEnv } from '../brokers/select-adapter';
import { requestOf, type LegContext } from './order-legs';
import { insertOrderEvents, requestEvents } from './order-events';

export type NewLeg = Pick<
  typeof orderLegs.$inferInsert,
  'side' | 'source' | 'quantity' | 'order_type' | 'limit_price' | 'trigger_price' | 'manual_order_id'
>;
export type LegToInsert = Omit<LegContext, 'leg'> & { leg: NewLeg };

/** A new trade of an account on a signal, before any order fills (a signal's or a manual order's), on `broker`. */
export function pendingTrade(signal: SignalRow, accountId: number, quantity: number, now: Date, broker = 'paper') {
  return {
    trade_type: signal.trade_type,
    trabot_account_id: accountId,
    broker,
    signal_id: signal.signal_id,
    algo_id: signal.algo_id,
    trade_exchange: signal.exchange,
    trade_instrument: signal.instrument_symbol,
    trade_date: istDay(now),
    trade_status: 'pending' as const,
    trade_quantity: quantity,
    trade_direction: signal.trade_direction,
    last_updated_timestamp: now,
  };
}

/**
 * Legs on existing trades, written `sending` in one statement with the record of their placement's
 * request (order_events); answered with their context, ready to send.
 */
export async function insertLegs(tx: Db, items: readonly LegToInsert[], now: Date): Promise<LegContext[]> {
  if (!items.length) return [];
  const values = items.map(({ trade, leg }) => ({
    ...leg,
    trabot_trade_id: trade.trabot_trade_id,
    trabot_account_id: trade.trabot_account_id,
    state: 'sending' as const,
    created_at: now,
    updated_at: now,
  }));
  const rows: LegRow[] = [];
  for (const run of insertRuns(orderLegs, values))
    rows.push(...(await tx.insert(orderLegs).values(run).onConflictDoNothing().returning()));
  const byTrade = new Map(items.map((item) => [item.trade.trabot_trade_id, item]));
  const legs = rows.map((leg) => ({ ...byTrade.get(leg.trabot_trade_id)!, leg }));
  await insertOrderEvents(tx, requestEvents(legs, 'place', requestOf, now));
  return legs;
}

/**
 * New pending trades with their first leg, each on the broker its account trades with now (paper
 * unless live: select-adapter.ts). An account that already has a trade on the signal gets neither
 * (the unique index on signal and account: approving twice never trades twice).
 */
export async function insertTradesWithLegs(
  tx: Db,
  env: BrokerEnv,
  signal: SignalRow,
  items: readonly { account: AccountRow; quantity: number; tradeRisk?: number; leg: NewLeg }[],
  now: Date,
): Promise<LegContext[]> {
  if (!items.length) return [];
  const values = items.map(({ account, quantity, tradeRisk }) => ({
    ...pendingTrade(signal, account.trabot_account_id, quantity, now, tradeBroker(account, env)),
    trade_risk: tradeRisk ?? null,
  }));
  const created: (typeof trades.$inferSelect)[] = [];
  for (const run of insertRuns(trades, values))
    created.push(...(await tx.insert(trades).values(run).onConflictDoNothing().returning()));
  const byAccount = new Map(items.map((item) => [item.account.trabot_account_id, item]));
  return insertLegs(
    tx,
    created.map((trade) => ({
      trade,
      signal,
      account: byAccount.get(trade.trabot_account_id)!.account,
      leg: byAccount.get(trade.trabot_account_id)!.leg,
    })),
    now,
  );
}
