/**
 * The 2026 order rules end to end (issue 23) against the strict fakes on loopback, the server's
 * registered address being 127.0.0.2 (BROKER_SOURCE_ADDRESS): an approved signal for a live
 * account at each broker places an order the fake takes (from the registered address; at Kite
 * and Upstox with market protection and the algo's exchange Algo ID); the same order from an unregistered
 * address is refused and marks the account "IP not registered"; an algo without an Algo ID opens
 * no live trade (a warning says so) while paper accounts trade it; 15 signals approved at once for
 * one Zerodha account place 15 orders, none answered 429.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, orderLegs, trades, warnings } from '@server/db/schema';
import { PaperBroker } from '@server/engine/paper-broker';
import { Engine } from '@server/engine/engine';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createApprovedSignal } from '../../factories/signals';
import { createSubscription } from '../../factories/subscriptions';
import { liveKiteEnv, startFakeKite, type FakeKite } from '../../support/fake-kite';
import { REST_BROKER_WORLDS, type RestFake } from '../../support/rest-broker-worlds';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { ScriptedFeed } from './scripted-feed';

const T0 = Date.parse('2026-04-06T04:00:00Z'); // 09:30 IST, a Monday
let kite: FakeKite;
const rest = new Map<string, RestFake>();
let t: TestApp;
let users = 0;

beforeAll(async () => {
  kite = await startFakeKite();
  kite.setLtp('INFY', 250);
  kite.registerAddresses(['127.0.0.2']);
  // The unregistered address below is loopback: an order route may use it only when listed.
  const env = { ...liveKiteEnv(kite), ORDER_ROUTE_ALLOWED_ADDRESSES: '127.0.0.3' };
  for (const world of REST_BROKER_WORLDS) {
    const started = await world.start(`http://localhost:3000/api/brokers/${world.broker}/callback`);
    started.fake.setLtp('INFY', 250);
    started.fake.registerAddresses(['127.0.0.2']);
    rest.set(world.broker, started.fake);
    Object.assign(env, started.env);
  }
  t = await createTestApp({ env });
});
afterAll(async () => {
  await t.close();
  await kite.close();
  for (const fake of rest.values()) await fake.close();
});

const engine = () => {
  const feed = new ScriptedFeed();
  return new Engine(t.deps, { feed, paper: new PaperBroker({ prices: feed, now: () => feed.lastTick }) });
};

async function liveAccount(broker: string, overrides: { order_source?: string; trading_mode?: 'live' | 'paper' } = {}) {
  const member = await createMember(t.deps);
  const user = `LV${1000 + ++users}`;
  const token = broker === 'zerodha' ? kite.newAccessToken(user) : rest.get(broker)!.newAccessToken(user);
  return createAccount(t.deps, member.trabot_client_id, {
    broker_name: broker,
    broker_client_id: user,
    trading_mode: 'live',
    broker_access_key: token,
    ...overrides,
  });
}

const signalFor = async (algoId: number) => createApprovedSignal(t.deps, algoId);

async function tradeOf(signalId: number, accountId: number) {
  const [trade] = await t.deps.db.select().from(trades).where(eq(trades.signal_id, signalId));
  expect(trade?.trabot_account_id).toBe(accountId);
  const [leg] = await t.deps.db.select().from(orderLegs).where(eq(orderLegs.trabot_trade_id, trade!.trabot_trade_id));
  return { trade: trade!, leg: leg! };
}

const warned = async () => (await t.deps.db.select().from(warnings)).map((w) => w.warning_message);

describe.each(['zerodha', ...REST_BROKER_WORLDS.map((w) => w.broker)])('a live %s account', (broker) => {
  const requests = () => (broker === 'zerodha' ? kite.requests : rest.get(broker)!.requests);

  it('places the entry the broker takes: from the registered address (and at Kite and Upstox with protection and Algo ID)', async () => {
    const account = await liveAccount(broker);
    const algo = await createAlgo(t.deps, { algo_switch: true, exchange_algo_id: 'NSE123456' });
    await createSubscription(t.deps, algo.algo_id, account.trabot_account_id);
    const signal = await signalFor(algo.algo_id);
    const from = requests().length;
    await engine().tick(new Date(T0));
    const { trade, leg } = await tradeOf(signal.signal_id, account.trabot_account_id);
    expect(leg).toMatchObject({ state: 'filled', filled_quantity: 320 });
    expect(trade).toMatchObject({ broker, trade_status: 'running' });
    const refusedBefore = (broker === 'zerodha' ? kite.refusals : rest.get(broker)!.refusals).length;
    expect(refusedBefore).toBe(0);
    const placed = requests()
      .slice(from)
      .filter((r) => r.method === 'POST' && /order/i.test(r.path));
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(placed.every((r) => r.remoteAddress === '127.0.0.2')).toBe(true);
    if (broker === 'zerodha') {
      const form = kite.requests.slice(from).find((r) => r.path === '/orders/regular')!.form;
      expect(form).toMatchObject({ order_type: 'MARKET', market_protection: '-1', algo_id: 'NSE123456' });
    }
    if (broker === 'upstock') {
      const place = rest
        .get(broker)!
        .requests.slice(from)
        .find((r) => r.path === '/v3/order/place')!;
      expect(place.body).toMatchObject({ order_type: 'MARKET', market_protection: -1 });
      expect(place.headers['x-algo-name']).toBe('NSE123456');
    }
  });

  it('the same order from an unregistered address is refused: the account is marked "IP not registered", with a warning naming broker, account and order', async () => {
    const account = await liveAccount(broker, { order_source: '127.0.0.3' });
    const algo = await createAlgo(t.deps, { algo_switch: true, exchange_algo_id: 'NSE123456' });
    await createSubscription(t.deps, algo.algo_id, account.trabot_account_id);
    const signal = await signalFor(algo.algo_id);
    await engine().tick(new Date(T0 + 1_000));
    const { trade, leg } = await tradeOf(signal.signal_id, account.trabot_account_id);
    expect(leg.state).toBe('rejected');
    expect(trade.trade_status).toBe('cancelled');
    const [marked] = await t.deps.db
      .select()
      .from(accounts)
      .where(eq(accounts.trabot_account_id, account.trabot_account_id));
    expect(marked!.order_ip_refusal).toMatch(new RegExp(`^${broker}: .*[Uu]nregistered IP`));
    const message = (await warned()).find((w) => w.includes(`for account ${account.trabot_account_id}`))!;
    expect(message).toMatch(
      new RegExp(
        `^IP not registered: ${broker} refused the entry order of trade ${trade.trabot_trade_id} for account ${account.trabot_account_id}`,
      ),
    );
  });
});

describe('the exchange Algo ID', () => {
  it('an algo without one opens no live trade ("algo N has no exchange Algo ID"); its paper accounts trade as ever', async () => {
    const live = await liveAccount('zerodha');
    const paper = await liveAccount('zerodha', { trading_mode: 'paper' });
    const algo = await createAlgo(t.deps, { algo_switch: true });
    await createSubscription(t.deps, algo.algo_id, live.trabot_account_id);
    await createSubscription(t.deps, algo.algo_id, paper.trabot_account_id);
    const signal = await signalFor(algo.algo_id);
    const placedBefore = kite.orders.length;
    await engine().tick(new Date(T0 + 2_000));
    expect(kite.orders.length).toBe(placedBefore);
    const opened = await t.deps.db.select().from(trades).where(eq(trades.signal_id, signal.signal_id));
    expect(opened.map((tr) => [tr.trabot_account_id, tr.broker])).toEqual([[paper.trabot_account_id, 'paper']]);
    expect(await warned()).toContain(
      `Account ${live.trabot_account_id} skipped for signal ${signal.signal_id}: algo ${algo.algo_id} has no exchange Algo ID (set it on the algo's screen, or ALLOW_UNREGISTERED_ALGOS=1)`,
    );
  });
});

describe('orders per second', () => {
  it('15 signals approved within one second for one Zerodha account: 15 orders placed, none answered 429', async () => {
    const account = await liveAccount('zerodha');
    const algo = await createAlgo(t.deps, { algo_switch: true, exchange_algo_id: 'NSE123456' });
    await createSubscription(t.deps, algo.algo_id, account.trabot_account_id);
    const signals = [];
    for (let i = 0; i < 15; i++) signals.push(await signalFor(algo.algo_id));
    const rateLimited = kite.rateLimited;
    const placed = kite.orders.length;
    await engine().tick(new Date(T0 + 3_000));
    expect(kite.orders.length - placed).toBe(15);
    expect(kite.rateLimited).toBe(rateLimited);
    const opened = await t.deps.db
      .select()
      .from(trades)
      .where(
        inArray(
          trades.signal_id,
          signals.map((s) => s.signal_id),
        ),
      );
    expect(opened.map((tr) => tr.trade_status)).toEqual(Array(15).fill('running'));
  });
});
