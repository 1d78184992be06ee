/**
 * What the engine tests of protective orders read and check at every broker (zerodha-protections,
 * rest-broker-protections, dhan-forever-protections, morning-protections and the exit chase's
 * story): a signal's trade, a trade's protection, exits and exit leg as booked; never a second exit;
 * and a stop the broker executed while Trabot was down, booked once by a restarted engine.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { manualOrders, orderLegs, protections, tradeEntries, tradeExits, trades } from '@server/db/schema';
import type { TradeEvent } from '@server/context';
import type { Engine } from '@server/engine/engine';
import type { TestApp } from '../helpers/test-app';

/** The trade of a signal (the one account the tests subscribe). */
export const tradeOfSignal = async (t: TestApp, signalId: number) =>
  (await t.deps.db.select().from(trades).where(eq(trades.signal_id, signalId)))[0]!;

/** The trade's protection, if it has one. */
export const protectionOfTrade = async (t: TestApp, tradeId: number) =>
  (await t.deps.db.select().from(protections).where(eq(protections.trabot_trade_id, tradeId)))[0];

/** The trade's booked exits. */
export const exitsOf = (t: TestApp, tradeId: number) =>
  t.deps.db.select().from(tradeExits).where(eq(tradeExits.trabot_trade_id, tradeId));

/** Shares filled at the broker by side, from its orders (each fake's mapped to side and filled). */
export function filledBySide(orders: readonly { side: string; filled: number }[]): { bought: number; sold: number } {
  const sum = (side: string) => orders.filter((o) => o.side === side).reduce((s, o) => s + o.filled, 0);
  return { bought: sum('buy'), sold: sum('sell') };
}

/** Shares bought and sold at the broker, and the trade's booked entries and exits: never more sold than bought. */
export async function assertNoSecondExit(
  t: TestApp,
  tradeId: number,
  atBroker: { bought: number; sold: number },
): Promise<void> {
  expect(atBroker.sold).toBeLessThanOrEqual(atBroker.bought);
  const bought = await t.deps.db.select().from(tradeEntries).where(eq(tradeEntries.trabot_trade_id, tradeId));
  const sold = await exitsOf(t, tradeId);
  expect(sold.reduce((s, x) => s + x.trade_exit_quantity, 0)).toBeLessThanOrEqual(
    bought.reduce((s, e) => s + e.trade_entry_quantity, 0),
  );
}

/**
 * A stop the broker executed while Trabot was down (320 shares), booked by `restarted` at its first
 * tick `at`: the trade completed at `price`, one exit (with `exit`'s fields), its exit leg the
 * protection's and filled (as `brokerOrderId` when given), the protection done by its stop, the
 * member pushed the close. Answers the exits.
 */
export async function expectStopBookedAtRestart(
  t: TestApp,
  restarted: Engine,
  at: Date,
  booked: {
    trade: Pick<typeof trades.$inferSelect, 'signal_id' | 'trabot_trade_id'>;
    price: number;
    /** The exit's fields (default: its price, `price`). */
    exit?: Partial<typeof tradeExits.$inferSelect>;
    brokerOrderId?: string;
    pushed: readonly TradeEvent[];
  },
) {
  const tradeId = booked.trade.trabot_trade_id;
  await restarted.tick(at);
  expect(await tradeOfSignal(t, booked.trade.signal_id!)).toMatchObject({
    trade_status: 'completed',
    remaining_quantity: 0,
    avg_exit_price: booked.price,
  });
  const exits = await exitsOf(t, tradeId);
  expect(exits).toHaveLength(1);
  expect(exits[0]).toMatchObject({ trade_exit_quantity: 320, ...(booked.exit ?? { trade_exit_price: booked.price }) });
  const [leg] = await t.deps.db
    .select()
    .from(orderLegs)
    .where(and(eq(orderLegs.trabot_trade_id, tradeId), eq(orderLegs.side, 'exit')));
  expect(leg).toMatchObject({
    source: 'protection',
    state: 'filled',
    ...(booked.brokerOrderId === undefined ? {} : { broker_order_id: booked.brokerOrderId }),
  });
  expect(await protectionOfTrade(t, tradeId)).toMatchObject({ state: 'done', executed_leg: 'stop' });
  expect(booked.pushed).toContainEqual(expect.objectContaining({ kind: 'trade_closed', trabot_trade_id: tradeId }));
  return exits;
}

/** A Manual Entry or Exit the superadmin queued on the signal: a market order for `portion` of the sizing (or of what is open). */
export async function queueManualOrder(
  t: TestApp,
  signalId: number,
  order: Pick<typeof manualOrders.$inferInsert, 'side' | 'portion' | 'trade_type'>,
) {
  const [row] = await t.deps.db
    .insert(manualOrders)
    .values({ signal_id: signalId, order_type: 'market', status: 'queued', ...order })
    .returning();
  return row!;
}

/** The broker's price falls through the stop at 245 and bounces (each move matched): a stop leg resting at the broker fills at 245. */
export function throughTheStopAndBack(
  broker: { setLtp(symbol: string, price: number): void; match(): void },
  symbol: string,
) {
  for (const price of [244.5, 245.1]) {
    broker.setLtp(symbol, price);
    broker.match();
  }
}

/** A trade its Manual Exit closed after cancelling the protection: completed, the protection cancelled, one exit booked. */
export async function expectExitedOnceUnprotected(
  t: TestApp,
  trade: Pick<typeof trades.$inferSelect, 'signal_id' | 'trabot_trade_id'>,
): Promise<void> {
  expect(await tradeOfSignal(t, trade.signal_id!)).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
  expect(await protectionOfTrade(t, trade.trabot_trade_id)).toMatchObject({ state: 'cancelled' });
  expect(await exitsOf(t, trade.trabot_trade_id)).toHaveLength(1);
}
