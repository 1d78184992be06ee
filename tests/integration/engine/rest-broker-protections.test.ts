/**
 * Protective orders at Fyers, Upstox, Angel One and Dhan wired into the engine (issue 24;
 * docs/engine.md, "Protective orders at the broker"), each against its local broker
 * (tests/support/fake-*.ts), orders leaving from the registered 127.0.0.2: a live entry's fill puts
 * a stop-loss (SL) order and a target LIMIT order at the broker in the entry's own tick, each with
 * its leg's tag; edited levels modify them in place, a grown quantity re-sizes them; a manual exit
 * cancels both before the exit goes; a stop the broker triggered while Trabot was down is booked at
 * a restart as the trade's one exit at the broker's fill price, the target leg cancelled. In every
 * test the shares sold never exceed the shares bought.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signals } from '@server/db/schema';
import type { TradeEvent } from '@server/context';
import { getTradeDetail } from '@server/services/trade-detail';
import type { ParsedRequest } from '@tests/support/fake-broker-http';
import type { FakeUpstox } from '@tests/support/fake-upstox';
import { REST_BROKER_WORLDS, type RestBrokerWorld, type RestFake } from '../../support/rest-broker-worlds';
import type { TestApp } from '../helpers/test-app';
import { appOnRestBrokers, liveSignal, scriptedEngine } from './live-infy-signal';
import * as checks from './protection-checks';
import { ScriptedFeed } from './scripted-feed';
import { stubNotifier } from './stub-notifier';

const T0 = Date.parse('2026-04-06T04:00:00Z'); // 09:30 IST, a Monday
const SYMBOLS = ['PROTA', 'PROTB', 'PROTC', 'PROTD', 'PROTE'];
let t: TestApp;
let fakes: Map<string, RestFake>;
const pushed: TradeEvent[] = [];
let users = 0;

type Req = Pick<ParsedRequest, 'method' | 'path'>;
/** Each broker's order placement and cancellation requests, as its API documents them. */
const WIRE: Record<RestBrokerWorld['broker'], { place(r: Req): boolean; cancel(r: Req): boolean }> = {
  fyers: {
    place: (r) => r.method === 'POST' && r.path === '/api/v3/orders/sync',
    cancel: (r) => r.method === 'DELETE' && r.path === '/api/v3/orders/sync',
  },
  upstock: {
    place: (r) => r.method === 'POST' && r.path === '/v3/order/place',
    cancel: (r) => r.method === 'DELETE' && r.path === '/v2/order/cancel',
  },
  angelone: {
    place: (r) => r.method === 'POST' && r.path.endsWith('/order/v1/placeOrder'),
    cancel: (r) => r.method === 'POST' && r.path.endsWith('/order/v1/cancelOrder'),
  },
  dhan: {
    place: (r) => r.method === 'POST' && r.path === '/v2/orders',
    cancel: (r) => r.method === 'DELETE' && r.path.startsWith('/v2/orders/'),
  },
};

/**
 * Each broker's stop limit beyond the trigger (engine/stop-limit.ts; docs/decisions/2026-12-07-stop-
 * limits-beyond-the-trigger.md) for the stops 245 and 246 on INFY's 0.05 tick: 3 % below (Angel One,
 * 0.5 %), rounded down unless that passes NSE's 3 % SL range.
 */
const STOP_LIMITS: Record<RestBrokerWorld['broker'], { 245: number; 246: number }> = {
  fyers: { 245: 237.65, 246: 238.65 },
  upstock: { 245: 237.65, 246: 238.65 },
  angelone: { 245: 243.75, 246: 244.75 },
  dhan: { 245: 237.65, 246: 238.65 },
};

let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, fakes, close } = await appOnRestBrokers(SYMBOLS));
  // The algo's Algo Name on the Upstox app: its protective orders' place, modify and cancel must name it too.
  (fakes.get('upstock') as FakeUpstox).registerAlgoNames(['NSEALGO7']);
});
afterAll(() => close());

const notifier = stubNotifier({ tradeEvents: (events) => void pushed.push(...events) });

const engineWith = (feed = new ScriptedFeed()) => scriptedEngine(t, feed, { notifier });
const tradeOf = (signalId: number) => checks.tradeOfSignal(t, signalId);
const protectionOf = (tradeId: number) => checks.protectionOfTrade(t, tradeId);

describe.each(REST_BROKER_WORLDS.map((w) => [w.label, w] as const))(
  'protective orders of a live %s trade',
  (label, world) => {
    const fake = () => fakes.get(world.broker)!;
    const wire = WIRE[world.broker];
    let symbolIndex = 0;
    // Two plain orders are an intraday position's idiom: a delivery one rests a forever OCO at Dhan
    // (dhan-forever-protections.test.ts) and its stop alone elsewhere (rest-broker-delivery.test.ts).
    const tradeType = 'intraday';

    /** A live account at the broker with an approved signal on a symbol of its own at 250 (stop 245, target 262.5). */
    async function liveTrade() {
      const symbol = SYMBOLS[symbolIndex++]!;
      fake().setLtp(symbol, 250);
      const user = `PE${1000 + ++users}`;
      const { signal: approved } = await liveSignal(t, {
        broker: world.broker,
        clientId: user,
        accessKey: fake().newAccessToken(user),
        symbol,
      });
      const [signal] = await t.deps.db
        .update(signals)
        .set({ trade_type: tradeType })
        .where(eq(signals.signal_id, approved.signal_id))
        .returning();
      const feed = new ScriptedFeed();
      return { symbol, user, signal: signal!, feed, engine: engineWith(feed) };
    }

    const ordersOf = (user: string, symbol: string) =>
      fake().exchange.orders.filter((o) => o.user === user && o.symbol === symbol);
    const legOrders = (user: string, symbol: string) => {
      const mine = ordersOf(user, symbol).filter((o) => o.tag && /^TB\d+P\d+[ST]$/.test(o.tag));
      return { stop: mine.filter((o) => o.tag!.endsWith('S')), target: mine.filter((o) => o.tag!.endsWith('T')) };
    };

    /** Shares bought and sold at the broker, and the trade's booked entries and exits: never more sold than bought. */
    const assertNoSecondExit = (user: string, symbol: string, tradeId: number) =>
      checks.assertNoSecondExit(t, tradeId, checks.filledBySide(ordersOf(user, symbol)));

    it("rest at the broker as an SL sell and a target LIMIT sell for the filled quantity, in the entry's own tick", async () => {
      const { symbol, user, signal, engine } = await liveTrade();
      await engine.tick(new Date(T0));
      const trade = await tradeOf(signal.signal_id);
      expect(trade).toMatchObject({ broker: world.broker, trade_status: 'running', remaining_quantity: 320 });
      const { stop, target } = legOrders(user, symbol);
      expect(stop).toHaveLength(1);
      expect(target).toHaveLength(1);
      // The stop rests within 5 s of the entry's fill at the broker (both as the broker stamped them).
      const entry = ordersOf(user, symbol).find((o) => o.side === 'buy' && o.status === 'filled')!;
      const restedAfterMs = stop[0]!.placedAt.getTime() - entry.updatedAt.getTime();
      expect(restedAfterMs).toBeGreaterThanOrEqual(0);
      expect(restedAfterMs).toBeLessThan(5_000);
      console.info(`${label}: protection resting ${restedAfterMs} ms after the entry's fill`);
      expect(stop[0]).toMatchObject({
        type: 'sl',
        side: 'sell',
        quantity: 320,
        trigger: 245,
        price: STOP_LIMITS[world.broker][245],
      });
      expect(stop[0]!.status).toBe('trigger_pending');
      expect(target[0]).toMatchObject({ type: 'limit', side: 'sell', quantity: 320, price: 262.5, status: 'open' });
      const row = await protectionOf(trade.trabot_trade_id);
      expect(row).toMatchObject({
        state: 'active',
        kind: 'orders',
        quantity: 320,
        stop: 245,
        target: 262.5,
      });
      expect(row!.broker_protection_id!.startsWith(`${stop[0]!.id}`)).toBe(true);
      // Every order request left from the registered address; another tick places nothing more.
      expect(fake().refusals).toEqual([]);
      await engine.tick(new Date(T0 + 3_000));
      expect(legOrders(user, symbol).stop).toHaveLength(1);
      expect(legOrders(user, symbol).target).toHaveLength(1);

      const detail = await getTradeDetail(t.deps.db, trade.trabot_trade_id, { view: 'member' });
      expect(detail!.timeline.filter((s) => s.kind === 'protection').map((s) => s.title)).toEqual([
        `Stop-loss and target resting at ${label}`,
      ]);
    });

    it('follows Edit Levels (modified in place) and a grown quantity (re-sized): the same two orders', async () => {
      const { symbol, user, signal, engine } = await liveTrade();
      await engine.tick(new Date(T0));
      const trade = await tradeOf(signal.signal_id);
      const before = legOrders(user, symbol);

      await t.deps.db
        .update(signals)
        .set({ stop_loss_level: 246, target_level: 260 })
        .where(eq(signals.signal_id, signal.signal_id));
      await engine.tick(new Date(T0 + 3_000));
      expect(legOrders(user, symbol).stop[0]).toMatchObject({
        id: before.stop[0]!.id,
        trigger: 246,
        price: STOP_LIMITS[world.broker][246],
      });
      expect(legOrders(user, symbol).target[0]).toMatchObject({ id: before.target[0]!.id, price: 260 });
      expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'active', stop: 246, target: 260 });

      // A manual entry adds to the position (half the sizing): the protection grows with it.
      await checks.queueManualOrder(t, signal.signal_id, { side: 'entry', portion: 0.5, trade_type: tradeType });
      await engine.tick(new Date(T0 + 6_000));
      await engine.tick(new Date(T0 + 9_000));
      const grown = (await tradeOf(signal.signal_id)).remaining_quantity!;
      expect(grown).toBeGreaterThan(320);
      const after = legOrders(user, symbol);
      expect(after.stop).toHaveLength(1);
      expect(after.target).toHaveLength(1);
      expect(after.stop[0]).toMatchObject({ id: before.stop[0]!.id, quantity: grown, status: 'trigger_pending' });
      expect(after.target[0]).toMatchObject({ id: before.target[0]!.id, quantity: grown, status: 'open' });
      expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'active', quantity: grown });
      await assertNoSecondExit(user, symbol, trade.trabot_trade_id);
    });

    it('a manual exit cancels both legs first, and the exit goes only then: one exit', async () => {
      const { symbol, user, signal, engine } = await liveTrade();
      await engine.tick(new Date(T0));
      const trade = await tradeOf(signal.signal_id);
      const from = fake().requests.length;
      await checks.queueManualOrder(t, signal.signal_id, { side: 'exit', portion: 1, trade_type: tradeType });
      await engine.tick(new Date(T0 + 3_000));
      await engine.tick(new Date(T0 + 6_000));
      const { stop, target } = legOrders(user, symbol);
      expect(stop[0]!.status).toBe('cancelled');
      expect(target[0]!.status).toBe('cancelled');
      const sent = fake().requests.slice(from);
      const lastCancel = sent.findLastIndex(wire.cancel);
      const exitAt = sent.findIndex(wire.place);
      expect(lastCancel).toBeGreaterThan(-1);
      expect(exitAt).toBeGreaterThan(lastCancel);
      await checks.expectExitedOnceUnprotected(t, trade);
      await assertNoSecondExit(user, symbol, trade.trabot_trade_id);
    });

    it("books a stop the broker triggered while Trabot was down, at the broker's fill price, once; the target leg cancelled", async () => {
      const { symbol, user, signal, engine } = await liveTrade();
      await engine.tick(new Date(T0));
      const trade = await tradeOf(signal.signal_id);
      pushed.length = 0;
      // Trabot is down; the broker's price goes through the stop: the SL sell, its limit below, fills at the market.
      checks.throughTheStopAndBack(fake(), symbol);
      const stopOrder = legOrders(user, symbol).stop[0]!;
      expect(stopOrder).toMatchObject({ status: 'filled', filled: 320, averagePrice: 244.5 });

      // A fresh engine (the restart) reconciles at its first tick.
      const restarted = engineWith();
      await checks.expectStopBookedAtRestart(t, restarted, new Date(T0 + 30_000), {
        trade,
        price: 244.5,
        pushed,
      });
      expect(legOrders(user, symbol).target[0]!.status).toBe('cancelled');

      // Later ticks book nothing more, and send nothing more to the broker.
      const orders = ordersOf(user, symbol).length;
      await restarted.tick(new Date(T0 + 100_000));
      expect(await checks.exitsOf(t, trade.trabot_trade_id)).toHaveLength(1);
      expect(ordersOf(user, symbol)).toHaveLength(orders);
      await assertNoSecondExit(user, symbol, trade.trabot_trade_id);
      const detail = await getTradeDetail(t.deps.db, trade.trabot_trade_id, { view: 'member' });
      expect(detail!.timeline.map((s) => s.title)).toContain(`Stop-loss executed by ${label}'s trigger`);
    });
  },
);
