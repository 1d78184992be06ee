/**
 * The exit chase's story (docs/engine.md, "The exit chase"), told the same way at every broker by
 * the tests that run it (zerodha-protections.test.ts at Kite, rest-broker-exit-chase.test.ts at
 * Fyers, Upstox, Angel One and Dhan): a live trade's Manual Exit goes as a market sell that the
 * broker's market protection clips into a LIMIT resting above the market; EXIT_CHASE_AFTER_MS (10 s)
 * after it was placed Trabot modifies it to a LIMIT at the market, and it fills: one exit. Or the
 * broker's price keeps below every modification: EXIT_CHASE_TIMES (3) modifications, then one
 * warning "Exit pending at the broker" and one push to the member; the market comes back, it
 * fills, and it is booked once. A market exit filled in part rests as a MARKET order for the rest:
 * the chase makes it a LIMIT with its price (the broker's LIMIT type), and the rest fills. In each
 * the shares sold never exceed the shares bought.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderEvents, orderLegs, warnings } from '@server/db/schema';
import type { ExitPendingEvent } from '@server/context';
import type { Engine } from '@server/engine/engine';
import { getTradeDetail } from '@server/services/trade-detail';
import { listAccountTrades } from '@server/services/trades';
import type { TestApp } from '../helpers/test-app';
import { assertNoSecondExit as noSecondExit, queueManualOrder, tradeOfSignal } from './protection-checks';
import type { ScriptedFeed } from './scripted-feed';

/** An order at the broker as the story reads it from the fake (each fake keeps its own shape). */
export interface ChasedOrder {
  id: string;
  open: boolean;
  /** The order's type as the broker lists it, in the exchange's words: limit, market, sl, sl-m. */
  type: string;
  price: number;
  filled: number;
  averagePrice: number;
}

/** The broker behind the story: its fake's controls and what it saw, in its own wire format. */
export interface ChaseBroker {
  /** The broker's name on the trade. */
  broker: string;
  setLtp(symbol: string, price: number): void;
  clipNextMarket(limit: number): void;
  /** No one takes the other side of the symbol's orders: they rest even when marketable, until released. */
  holdFills(symbol: string, held: boolean): void;
  /** The next market order fills only this many shares and stays open (a MARKET order) for the rest. */
  fillNextPartly(quantity: number): void;
  match(): void;
  /** The exit's sell of the symbol at the broker (not a protective order's leg), once placed. */
  exitSell(symbol: string): ChasedOrder | undefined;
  /** The modify requests the broker received for the order, each's type (the exchange's word) and limit, as sent. */
  modifies(orderId: string): { type: string; price: number }[];
  /** Shares of the symbol bought and sold (filled) at the broker. */
  traded(symbol: string): { bought: number; sold: number };
}

export interface ChaseWorld {
  t: () => TestApp;
  broker: () => ChaseBroker;
  /** A live account at the broker with a running trade's approved signal on a symbol of its own at 250 (320 shares). */
  liveTrade(): Promise<{ symbol: string; signalId: number; feed: ScriptedFeed; engine: Engine }>;
  pendingPushes: ExitPendingEvent[];
  /** A Monday 09:30 IST. */
  T0: number;
}

/** Shares bought and sold at the broker, and the trade's booked entries and exits: never more sold than bought. */
async function assertNoSecondExit(world: ChaseWorld, symbol: string, tradeId: number) {
  const traded = world.broker().traded(symbol);
  expect(traded.bought).toBeGreaterThan(0);
  await noSecondExit(world.t(), tradeId, traded);
}

/**
 * The trade running, the market at 248, the broker set up by `atBroker` for what comes, and the
 * trade's Manual Exit placed at the broker as a market sell: its order as the broker lists it then.
 */
async function manualExitAt248(world: ChaseWorld, atBroker: (broker: ChaseBroker) => void) {
  const t = world.t();
  const broker = world.broker();
  const { symbol, signalId, feed, engine } = await world.liveTrade();
  await engine.tick(new Date(world.T0));
  const trade = await tradeOfSignal(t, signalId);
  broker.setLtp(symbol, 248);
  feed.set(symbol, 248);
  atBroker(broker);
  await queueManualOrder(t, signalId, { side: 'exit', portion: 1, trade_type: 'swing' });
  // The exit goes in the next tick, or the one after where the resting protection is cancelled first.
  let placedAt = world.T0 + 3_000;
  await engine.tick(new Date(placedAt));
  if (!broker.exitSell(symbol)) await engine.tick(new Date((placedAt += 3_000)));
  return { symbol, signalId, feed, engine, trade, sell: broker.exitSell(symbol)!, placedAt };
}

/** The trade running, the market at 248, its Manual Exit's market sell clipped into a LIMIT at 249.5 that rests. */
async function clippedExit(world: ChaseWorld) {
  const exit = await manualExitAt248(world, (broker) => broker.clipNextMarket(249.5));
  expect(exit.trade).toMatchObject({ broker: world.broker().broker, trade_status: 'running', remaining_quantity: 320 });
  expect(exit.sell).toMatchObject({ open: true, type: 'limit', price: 249.5, filled: 0 });
  return exit;
}

const chaseEvents = async (t: TestApp, tradeId: number) =>
  (await t.deps.db.select().from(orderEvents).where(eq(orderEvents.trabot_trade_id, tradeId))).filter(
    (e) => e.action === 'modify',
  );

/** Left open 10 s after it was placed, the exit is modified once to a LIMIT at the market, and fills: one exit. */
export async function chaseFillsOnce(world: ChaseWorld): Promise<void> {
  const t = world.t();
  const broker = world.broker();
  const { symbol, signalId, engine, trade, sell, placedAt } = await clippedExit(world);
  await engine.tick(new Date(placedAt + 6_000));
  expect(broker.modifies(sell.id)).toEqual([]);
  await engine.tick(new Date(placedAt + 10_000));
  expect(broker.modifies(sell.id)).toEqual([{ type: 'limit', price: 248 }]);
  expect(broker.exitSell(symbol)).toMatchObject({ open: false, filled: 320, averagePrice: 248 });
  expect(await tradeOfSignal(t, signalId)).toMatchObject({ trade_status: 'completed', avg_exit_price: 248 });
  const events = await chaseEvents(t, trade.trabot_trade_id);
  expect(events.map((e) => [e.kind, e.limit_price])).toEqual([
    ['request', 248],
    ['answer', null],
    ['status', null],
  ]);
  expect(events[0]!.message).toBe('exit chased toward the market (1 of 3): a limit at 248');
  // Repeated ticks modify nothing more.
  await engine.tick(new Date(placedAt + 27_000));
  expect(broker.modifies(sell.id)).toHaveLength(1);
  await assertNoSecondExit(world, symbol, trade.trabot_trade_id);
}

/** Never filled: modified 3 times, 10 s apart, then escalated once; it fills later and is booked once. */
export async function chaseEscalatesOnce(world: ChaseWorld): Promise<void> {
  const t = world.t();
  const broker = world.broker();
  const { symbol, signalId, feed, engine, trade, sell, placedAt } = await clippedExit(world);
  // A fast market: no one buys at the broker's price, so every modification to it still rests.
  broker.holdFills(symbol, true);
  // Trabot's own feed (simulated for a live account) drifts: the chase follows the broker's 248, not it.
  feed.set(symbol, 252);
  for (const after of [10_000, 13_000, 21_000, 32_000]) await engine.tick(new Date(placedAt + after));
  // Chased, not yet escalated: the trade does not say "exit pending".
  expect(await tradeOfSignal(t, signalId)).toMatchObject({ exit_pending_since: null });
  for (const after of [43_000, 47_000, 57_000]) await engine.tick(new Date(placedAt + after));
  expect(broker.modifies(sell.id)).toEqual(Array(3).fill({ type: 'limit', price: 248 }));
  // Escalated at 43 s: the trade says so from then, in the member's and the admin's payloads.
  const since = new Date(placedAt + 43_000);
  expect(await tradeOfSignal(t, signalId)).toMatchObject({ exit_pending_since: since });
  expect((await getTradeDetail(t.deps.db, trade.trabot_trade_id, { view: 'member' }))!.trade).toMatchObject({
    exit_pending_since: since.toISOString(),
  });
  const listed = await listAccountTrades(t.deps.db, trade.trabot_account_id, 'active', 'admin');
  expect(listed.find((x) => x.trabot_trade_id === trade.trabot_trade_id)).toMatchObject({
    exit_pending_since: since.toISOString(),
  });
  expect(broker.exitSell(symbol)).toMatchObject({ open: true, type: 'limit', price: 248, filled: 0 });
  const events = (await chaseEvents(t, trade.trabot_trade_id)).filter((e) => e.kind === 'request');
  expect(events.map((e) => e.at.getTime() - placedAt)).toEqual([10_000, 21_000, 32_000]);
  const pending = (await t.deps.db.select().from(warnings)).filter((w) =>
    w.warning_message.startsWith(`Exit pending at the broker: the manual exit of trade ${trade.trabot_trade_id} `),
  );
  expect(pending).toHaveLength(1);
  // The member is pushed once, with the shares still to sell.
  expect(world.pendingPushes.filter((p) => p.trabot_trade_id === trade.trabot_trade_id)).toEqual([
    {
      trabot_trade_id: trade.trabot_trade_id,
      trabot_account_id: trade.trabot_account_id,
      symbol,
      broker: broker.broker,
      quantity: 320,
    },
  ]);
  expect(await tradeOfSignal(t, signalId)).toMatchObject({ trade_status: 'running', remaining_quantity: 320 });
  // The member's timeline: each modification, then "Exit pending at the broker".
  const chased = async () =>
    (await getTradeDetail(t.deps.db, trade.trabot_trade_id, { view: 'member' }))!.timeline
      .filter((s) => s.title.startsWith('Exit modified') || s.title === 'Exit pending at the broker')
      .map((s) => [s.title, s.price, s.at]);
  const at = (after: number) => new Date(placedAt + after).toISOString();
  expect(await chased()).toEqual([
    ['Exit modified toward the market', 248, at(10_000)],
    ['Exit modified toward the market', 248, at(21_000)],
    ['Exit modified toward the market', 248, at(32_000)],
    ['Exit pending at the broker', null, at(43_000)],
  ]);
  // Buyers come back at the limit: it fills and is booked, once.
  broker.holdFills(symbol, false);
  broker.match();
  await engine.tick(new Date(placedAt + 60_000));
  expect(await tradeOfSignal(t, signalId)).toMatchObject({
    trade_status: 'completed',
    remaining_quantity: 0,
    exit_pending_since: null,
  });
  expect((await chased()).map((c) => c[0])).not.toContain('Exit pending at the broker');
  await engine.tick(new Date(placedAt + 75_000));
  expect(broker.modifies(sell.id)).toHaveLength(3);
  await assertNoSecondExit(world, symbol, trade.trabot_trade_id);
}

/** An escalated exit the member cancels at the broker: the trade runs on and no longer says "exit pending". */
export async function chasePendingClearedOnCancel(world: ChaseWorld, cancelAtBroker: (orderId: string) => void) {
  const t = world.t();
  const broker = world.broker();
  const { symbol, signalId, engine, trade, sell, placedAt } = await clippedExit(world);
  broker.holdFills(symbol, true);
  for (const after of [10_000, 21_000, 32_000, 43_000]) await engine.tick(new Date(placedAt + after));
  expect(await tradeOfSignal(t, signalId)).toMatchObject({ exit_pending_since: new Date(placedAt + 43_000) });
  cancelAtBroker(sell.id);
  await engine.tick(new Date(placedAt + 70_000));
  const [leg] = (await t.deps.db.select().from(orderLegs).where(eq(orderLegs.broker_order_id, sell.id))).filter(
    (l) => l.trabot_trade_id === trade.trabot_trade_id,
  );
  expect(leg!.state).toBe('cancelled');
  expect(await tradeOfSignal(t, signalId)).toMatchObject({
    trade_status: 'running',
    remaining_quantity: 320,
    exit_pending_since: null,
  });
  await assertNoSecondExit(world, symbol, trade.trabot_trade_id);
}

/** A market exit filled in part rests as a MARKET order: chased as the broker's LIMIT at the market, the rest fills. */
export async function chaseMakesPartlyFilledExitALimit(world: ChaseWorld): Promise<void> {
  const t = world.t();
  const broker = world.broker();
  const { symbol, signalId, engine, trade, sell, placedAt } = await manualExitAt248(world, (b) =>
    b.fillNextPartly(120),
  );
  expect(sell).toMatchObject({ open: true, type: 'market', filled: 120 });
  await engine.tick(new Date(placedAt + 10_000));
  expect(broker.modifies(sell.id)).toEqual([{ type: 'limit', price: 248 }]);
  expect(broker.exitSell(symbol)).toMatchObject({ open: false, type: 'limit', filled: 320 });
  await engine.tick(new Date(placedAt + 13_000));
  expect(await tradeOfSignal(t, signalId)).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
  expect(broker.traded(symbol)).toEqual({ bought: 320, sold: 320 });
  await assertNoSecondExit(world, symbol, trade.trabot_trade_id);
}
