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
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualOrders, orderLegs, protections, signals, tradeEntries, tradeExits, trades } from '@server/db/schema';
import type { TradeEvent } from '@server/context';
import { stubNotifier } from './stub-notifier';
import { PaperBroker } from '@server/engine/paper-broker';
import { Engine } from '@server/engine/engine';
import { getTradeDetail } from '@server/services/trade-detail';
import type { ParsedRequest } from '@tests/support/fake-broker-http';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createApprovedSignal } from '../../factories/signals';
import { createSubscription } from '../../factories/subscriptions';
import { REST_BROKER_WORLDS, type RestBrokerWorld, type RestFake } from '../../support/rest-broker-worlds';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { ScriptedFeed } from './scripted-feed';

const T0 = Date.parse('2026-04-06T04:00:00Z'); // 09:30 IST, a Monday
const SYMBOLS = ['PROTA', 'PROTB', 'PROTC', 'PROTD', 'PROTE'];
let t: TestApp;
const fakes = new Map<string, RestFake>();
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

beforeAll(async () => {
  const env: Record<string, string> = { LIVE_TRADING: '1', BROKER_SOURCE_ADDRESS: '127.0.0.2' };
  for (const world of REST_BROKER_WORLDS) {
    const started = await world.start(`http://localhost:3000/api/brokers/${world.broker}/callback`);
    // Every symbol known before the adapters read the instrument masters (once a day).
    for (const symbol of SYMBOLS) started.fake.setLtp(symbol, 250);
    started.fake.registerAddresses(['127.0.0.2']);
    fakes.set(world.broker, started.fake);
    Object.assign(env, started.env);
  }
  t = await createTestApp({ env });
});
afterAll(async () => {
  await t.close();
  for (const fake of fakes.values()) await fake.close();
});

const notifier = stubNotifier({ tradeEvents: (events) => void pushed.push(...events) });

const engineWith = (feed = new ScriptedFeed()) =>
  new Engine({ ...t.deps, notifier }, { feed, paper: new PaperBroker({ prices: feed, now: () => feed.lastTick }) });

async function tradeOf(signalId: number) {
  const [trade] = await t.deps.db.select().from(trades).where(eq(trades.signal_id, signalId));
  return trade!;
}
async function protectionOf(tradeId: number) {
  const [row] = await t.deps.db.select().from(protections).where(eq(protections.trabot_trade_id, tradeId));
  return row;
}

describe.each(REST_BROKER_WORLDS.map((w) => [w.label, w] as const))(
  'protective orders of a live %s trade',
  (label, world) => {
    const fake = () => fakes.get(world.broker)!;
    const wire = WIRE[world.broker];
    let symbolIndex = 0;
    // Dhan protects a delivery position with a forever OCO (dhan-forever-protections.test.ts): its plain orders are intraday's.
    const tradeType = world.broker === 'dhan' ? 'intraday' : 'swing';

    /** A live account at the broker with an approved signal on a symbol of its own at 250 (stop 245, target 262.5). */
    async function liveTrade() {
      const symbol = SYMBOLS[symbolIndex++]!;
      fake().setLtp(symbol, 250);
      const member = await createMember(t.deps);
      const user = `PE${1000 + ++users}`;
      const account = await createAccount(t.deps, member.trabot_client_id, {
        broker_name: world.broker,
        broker_client_id: user,
        trading_mode: 'live',
        broker_access_key: fake().newAccessToken(user),
      });
      const algo = await createAlgo(t.deps, { algo_switch: true, exchange_algo_id: 'NSEALGO7' });
      await createSubscription(t.deps, algo.algo_id, account.trabot_account_id);
      const approved = await createApprovedSignal(t.deps, algo.algo_id, symbol);
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
    async function assertNoSecondExit(user: string, symbol: string, tradeId: number) {
      const filled = ordersOf(user, symbol).filter((o) => o.filled > 0);
      const sum = (side: string) => filled.filter((o) => o.side === side).reduce((s, o) => s + o.filled, 0);
      expect(sum('sell')).toBeLessThanOrEqual(sum('buy'));
      const bought = await t.deps.db.select().from(tradeEntries).where(eq(tradeEntries.trabot_trade_id, tradeId));
      const sold = await t.deps.db.select().from(tradeExits).where(eq(tradeExits.trabot_trade_id, tradeId));
      expect(sold.reduce((s, x) => s + x.trade_exit_quantity, 0)).toBeLessThanOrEqual(
        bought.reduce((s, e) => s + e.trade_entry_quantity, 0),
      );
    }

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
      expect(stop[0]).toMatchObject({ type: 'sl', side: 'sell', quantity: 320, trigger: 245, price: 245 });
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
      expect(legOrders(user, symbol).stop[0]).toMatchObject({ id: before.stop[0]!.id, trigger: 246, price: 246 });
      expect(legOrders(user, symbol).target[0]).toMatchObject({ id: before.target[0]!.id, price: 260 });
      expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'active', stop: 246, target: 260 });

      // A manual entry adds to the position (half the sizing): the protection grows with it.
      await t.deps.db.insert(manualOrders).values({
        signal_id: signal.signal_id,
        side: 'entry',
        order_type: 'market',
        portion: 0.5,
        trade_type: tradeType,
        status: 'queued',
      });
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
      await t.deps.db.insert(manualOrders).values({
        signal_id: signal.signal_id,
        side: 'exit',
        order_type: 'market',
        portion: 1,
        trade_type: tradeType,
        status: 'queued',
      });
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
      expect(await tradeOf(signal.signal_id)).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
      expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'cancelled' });
      const exits = await t.deps.db
        .select()
        .from(tradeExits)
        .where(eq(tradeExits.trabot_trade_id, trade.trabot_trade_id));
      expect(exits).toHaveLength(1);
      await assertNoSecondExit(user, symbol, trade.trabot_trade_id);
    });

    it("books a stop the broker triggered while Trabot was down, at the broker's fill price, once; the target leg cancelled", async () => {
      const { symbol, user, signal, engine } = await liveTrade();
      await engine.tick(new Date(T0));
      const trade = await tradeOf(signal.signal_id);
      pushed.length = 0;
      // Trabot is down; the broker's price goes through the stop and the SL sell fills at its limit on the bounce.
      fake().setLtp(symbol, 244.5);
      fake().match();
      fake().setLtp(symbol, 245.1);
      fake().match();
      const stopOrder = legOrders(user, symbol).stop[0]!;
      expect(stopOrder).toMatchObject({ status: 'filled', filled: 320, averagePrice: 245 });

      // A fresh engine (the restart) reconciles at its first tick.
      const restarted = engineWith();
      await restarted.tick(new Date(T0 + 30_000));
      expect(await tradeOf(signal.signal_id)).toMatchObject({
        trade_status: 'completed',
        remaining_quantity: 0,
        avg_exit_price: 245,
      });
      const exits = await t.deps.db
        .select()
        .from(tradeExits)
        .where(eq(tradeExits.trabot_trade_id, trade.trabot_trade_id));
      expect(exits).toHaveLength(1);
      expect(exits[0]).toMatchObject({ trade_exit_quantity: 320, trade_exit_price: 245 });
      const [leg] = await t.deps.db
        .select()
        .from(orderLegs)
        .where(and(eq(orderLegs.trabot_trade_id, trade.trabot_trade_id), eq(orderLegs.side, 'exit')));
      expect(leg).toMatchObject({ source: 'protection', state: 'filled' });
      expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'done', executed_leg: 'stop' });
      expect(legOrders(user, symbol).target[0]!.status).toBe('cancelled');
      expect(pushed).toContainEqual(
        expect.objectContaining({ kind: 'trade_closed', trabot_trade_id: trade.trabot_trade_id }),
      );

      // Later ticks book nothing more, and send nothing more to the broker.
      const orders = ordersOf(user, symbol).length;
      await restarted.tick(new Date(T0 + 100_000));
      expect(
        await t.deps.db.select().from(tradeExits).where(eq(tradeExits.trabot_trade_id, trade.trabot_trade_id)),
      ).toHaveLength(1);
      expect(ordersOf(user, symbol)).toHaveLength(orders);
      await assertNoSecondExit(user, symbol, trade.trabot_trade_id);
      const detail = await getTradeDetail(t.deps.db, trade.trabot_trade_id, { view: 'member' });
      expect(detail!.timeline.map((s) => s.title)).toContain(`Stop-loss executed by ${label}'s trigger`);
    });
  },
);
