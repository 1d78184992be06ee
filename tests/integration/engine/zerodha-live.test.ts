/**
 * The engine on a live Zerodha account: with LIVE_TRADING on, the account set live and
 * Kite configured, an approved signal's entry goes to Kite (a local server speaking its wire format)
 * as a CNC market buy tagged with the leg's client order id, and the fill is booked. Without any of
 * the three, the same signal never reaches Kite.
 */
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, manualOrders, orderLegs, tradeExits, trades, warnings } from '@server/db/schema';
import { PaperBroker } from '@server/engine/paper-broker';
import { stubNotifier } from './stub-notifier';
import { Engine } from '@server/engine/engine';
import { setToken } from '@server/records/tokens';
import { nseCalendar, type MarketCalendar } from '@server/engine/market-hours';
import { RECONCILE_EVERY_MS } from '@server/engine/reconcile';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createApprovedSignal, createSignal } from '../../factories/signals';
import { createSubscription } from '../../factories/subscriptions';
import { liveKiteEnv, startFakeKite, type FakeKite } from '../../support/fake-kite';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { ScriptedFeed } from './scripted-feed';

let kite: FakeKite;
let t: TestApp;
const T0 = Date.parse('2026-01-05T04:00:00Z');

beforeAll(async () => {
  kite = await startFakeKite();
  kite.setLtp('INFY', 250);
  // The server's registered static IP on loopback: only orders from it are taken.
  kite.registerAddresses(['127.0.0.2']);
  t = await createTestApp({
    env: liveKiteEnv(kite),
  });
});
afterAll(async () => {
  await t.close();
  await kite.close();
});

let kiteUsers = 0;

async function liveSignal(mode: 'live' | 'paper') {
  const member = await createMember(t.deps);
  // Each member is their own Kite user, with their own order book.
  const token = kite.newAccessToken(`ZY${1000 + ++kiteUsers}`);
  const account = await createAccount(t.deps, member.trabot_client_id, {
    broker_name: 'zerodha',
    trading_mode: mode,
    broker_access_key: token,
  });
  const algo = await createAlgo(t.deps, {
    algo_desc: 'Live momentum',
    algo_switch: true,
    exchange_algo_id: 'NSEALGO7',
  });
  await createSubscription(t.deps, algo.algo_id, account.trabot_account_id);
  const signal = await createApprovedSignal(t.deps, algo.algo_id);
  return { account, signal, token };
}

function liveEngine(options: { calendar?: MarketCalendar } = {}) {
  const feed = new ScriptedFeed();
  const paper = new PaperBroker({ prices: feed, now: () => feed.lastTick });
  return { feed, engine: new Engine(t.deps, { feed, paper, ...options }) };
}

/**
 * An order the member places on Kite themselves (not through Trabot): their own API order, from
 * the registered address and with market protection, as Kite requires of every API order.
 */
async function orderOutsideTrabot(token: string, form: Record<string, string>) {
  const body = new URLSearchParams({ ...form, ...(form.order_type === 'MARKET' ? { market_protection: '-1' } : {}) });
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      `${kite.root}/orders/regular`,
      {
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: {
          'X-Kite-Version': '3',
          Authorization: `token ${kite.apiKey}:${token}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body.toString());
  });
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.text) as { data: { order_id: string } }).data.order_id;
}
const engine = () => liveEngine().engine;

describe('a live Zerodha account', () => {
  it('trades at Kite: one tagged CNC market buy, filled and booked; the key checked with Kite first', async () => {
    const { account, signal } = await liveSignal('live');
    const before = kite.orders.length;
    await engine().tick(new Date(T0));
    const [trade] = await t.deps.db.select().from(trades).where(eq(trades.signal_id, signal.signal_id));
    const [leg] = await t.deps.db.select().from(orderLegs).where(eq(orderLegs.trabot_trade_id, trade!.trabot_trade_id));
    expect(kite.orders.length).toBe(before + 1);
    const order = kite.orders.at(-1)!;
    expect(order).toMatchObject({
      tradingsymbol: 'INFY',
      exchange: 'NSE',
      transaction_type: 'BUY',
      product: 'CNC',
      order_type: 'MARKET',
      quantity: 320,
      tag: leg!.client_order_id,
      status: 'COMPLETE',
    });
    expect(leg).toMatchObject({
      state: 'filled',
      broker_order_id: order.order_id,
      filled_quantity: 320,
      average_price: 250,
    });
    expect(trade).toMatchObject({
      trabot_account_id: account.trabot_account_id,
      trade_status: 'running',
      trade_quantity: 320,
      avg_entry_price: 250,
    });
    expect(
      kite.requests.some(
        (r) => r.path === '/user/profile' && r.headers.authorization?.startsWith(`token ${kite.apiKey}:`),
      ),
    ).toBe(true);
  });

  it("trusts the day's session from the daily login: the entry costs Kite two calls, no key check", async () => {
    const { account, signal, token } = await liveSignal('live');
    await setToken(t.deps, {
      name: 'zerodha.session_token',
      accountId: account.trabot_account_id,
      value: token,
      expiresAt: new Date(T0 + 3_600_000),
    });
    const before = kite.requests.length;
    await engine().tick(new Date(T0 + 4_000));
    expect((await t.deps.db.select().from(trades).where(eq(trades.signal_id, signal.signal_id)))[0]).toMatchObject({
      trade_status: 'running',
    });
    const mine = kite.requests.slice(before).filter((r) => r.headers.authorization === `token ${kite.apiKey}:${token}`);
    // Then the protective GTT (protections.ts): looked up first (a crash never places two), placed, read back.
    expect(mine.map((r) => `${r.method} ${r.path.replace(/\d+$/, 'N')}`)).toEqual([
      'POST /orders/regular',
      'GET /orders/N',
      'GET /orders',
      'GET /gtt/triggers',
      'POST /gtt/triggers',
      'GET /gtt/triggers/N',
    ]);
  });

  it('keeps a live trade at Kite to its end: the account switched to paper meanwhile, its exit still goes to Kite', async () => {
    const { account, signal } = await liveSignal('live');
    const { feed, engine: e } = liveEngine();
    await e.tick(new Date(T0 + 6_000));
    const [trade] = await t.deps.db.select().from(trades).where(eq(trades.signal_id, signal.signal_id));
    expect(trade).toMatchObject({ broker: 'zerodha', trade_status: 'running' });

    await t.deps.db
      .update(accounts)
      .set({ trading_mode: 'paper' })
      .where(eq(accounts.trabot_account_id, account.trabot_account_id));
    feed.set('INFY', 263);
    kite.setLtp('INFY', 263);
    await e.tick(new Date(T0 + 9_000));
    // Kite's price through the target fires the trade's protective GTT at Kite: its sell is the exit.
    const booked = await t.deps.db
      .select()
      .from(tradeExits)
      .where(eq(tradeExits.trabot_trade_id, trade!.trabot_trade_id));
    const exits = kite.orders.filter((o) => booked.some((b) => b.order_id === o.order_id));
    expect(exits.map((o) => [o.transaction_type, o.quantity, o.status])).toEqual([['SELL', 320, 'COMPLETE']]);
    expect(
      (await t.deps.db.select().from(trades).where(eq(trades.trabot_trade_id, trade!.trabot_trade_id)))[0],
    ).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
    kite.setLtp('INFY', 250);
  });

  it('on paper mode never reaches Kite', async () => {
    const { signal } = await liveSignal('paper');
    const before = kite.orders.length;
    await engine().tick(new Date(T0 + 3_000));
    expect(kite.orders.length).toBe(before);
    expect((await t.deps.db.select().from(trades).where(eq(trades.signal_id, signal.signal_id)))[0]).toMatchObject({
      trade_status: 'running',
      broker: 'paper',
    });
  });

  describe('reconciliation with the Kite order book (at start-up and every minute)', () => {
    /** A Sunday in India: the market is closed, so only reconciliation talks to Kite. */
    const SUNDAY = new Date('2026-01-04T06:00:00Z');

    it('books a fill the engine missed while it was down, and reports an order placed outside Trabot', async () => {
      const { account, token } = await liveSignal('live');
      const signal = await createSignal(
        t.deps,
        (await createAlgo(t.deps, { algo_switch: true, exchange_algo_id: 'NSEALGO7' })).algo_id,
        {
          instrument_symbol: 'INFY',
          entry_level: 250,
          stop_loss_level: 240,
          target_level: 280,
          trade_status: 'approved',
          algo_process_ind: false,
        },
      );
      await createSubscription(t.deps, signal.algo_id, account.trabot_account_id);
      const [order] = await t.deps.db
        .insert(manualOrders)
        .values({
          signal_id: signal.signal_id,
          side: 'entry',
          portion: 1,
          order_type: 'limit',
          limit_price: 249,
          trade_type: 'swing',
        })
        .returning();
      await engine().tick(new Date(T0 + 12_000));
      const [leg] = await t.deps.db.select().from(orderLegs).where(eq(orderLegs.manual_order_id, order!.id));
      expect(leg).toMatchObject({ state: 'open' });

      // While no engine runs, the limit fills at Kite and the member places an order of their own.
      kite.setLtp('INFY', 248.5);
      kite.match();
      const outside = await orderOutsideTrabot(token, {
        tradingsymbol: 'INFY',
        exchange: 'NSE',
        transaction_type: 'BUY',
        order_type: 'MARKET',
        quantity: '5',
        product: 'CNC',
        validity: 'DAY',
      });

      // Restarted on a Sunday: nothing is placed, but the books are reconciled.
      await liveEngine({ calendar: nseCalendar }).engine.tick(SUNDAY);
      expect((await t.deps.db.select().from(orderLegs).where(eq(orderLegs.id, leg!.id)))[0]).toMatchObject({
        state: 'filled',
        average_price: 249,
      });
      expect(
        (await t.deps.db.select().from(trades).where(eq(trades.trabot_trade_id, leg!.trabot_trade_id)))[0],
      ).toMatchObject({ trade_status: 'running', avg_entry_price: 249 });
      const warned = (await t.deps.db.select().from(warnings)).map((w) => w.warning_message);
      expect(warned).toContain(
        `Unknown order ${outside} at zerodha for account ${account.trabot_account_id}: buy 5 INFY (filled), not placed by Trabot`,
      );
      kite.setLtp('INFY', 250);
    });

    it('warns when Kite shows a fill on a leg recorded as ended, once', async () => {
      const { signal } = await liveSignal('live');
      await engine().tick(new Date(T0 + 15_000));
      const [trade] = await t.deps.db.select().from(trades).where(eq(trades.signal_id, signal.signal_id));
      const [leg] = await t.deps.db
        .select()
        .from(orderLegs)
        .where(eq(orderLegs.trabot_trade_id, trade!.trabot_trade_id));
      await t.deps.db
        .update(orderLegs)
        .set({ state: 'cancelled', filled_quantity: 0 })
        .where(eq(orderLegs.id, leg!.id));
      const restarted = liveEngine({ calendar: nseCalendar }).engine;
      await restarted.tick(SUNDAY);
      await restarted.tick(new Date(SUNDAY.getTime() + RECONCILE_EVERY_MS));
      const message = `Order ${leg!.broker_order_id} of trade ${trade!.trabot_trade_id} has 320 shares filled at zerodha but 0 booked (the leg is cancelled): check the position`;
      expect((await t.deps.db.select().from(warnings)).filter((w) => w.warning_message === message)).toHaveLength(1);
    });
  });

  it('reminds the members of live accounts without a session at 08:30 IST on a trading day, once, also across a restart', async () => {
    const { account } = await liveSignal('live');
    await t.deps.db
      .update(accounts)
      .set({ broker_session_expires_at: new Date('2026-01-06T00:30:00Z') })
      .where(eq(accounts.trabot_account_id, account.trabot_account_id));
    const reminded: { trabot_account_id: number; broker: string }[][] = [];
    const notifier = stubNotifier({ brokerSessionsEnded: (a) => void reminded.push([...a]) });
    const restartable = () =>
      new Engine(
        { ...t.deps, notifier },
        { feed: new ScriptedFeed(), paper: new PaperBroker({ prices: new ScriptedFeed() }), calendar: nseCalendar },
      );
    const ist = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`);

    const engine1 = restartable();
    await engine1.tick(ist('2026-01-10', '09:00')); // a Saturday
    await engine1.tick(ist('2026-01-06', '08:29'));
    expect(reminded).toEqual([]);
    // At 08:30 the session bought on the 5th (ending 06:00 on the 6th) is over.
    await engine1.tick(ist('2026-01-06', '08:31'));
    expect(reminded).toHaveLength(1);
    expect(reminded[0]).toContainEqual({ trabot_account_id: account.trabot_account_id, broker: 'zerodha' });
    await engine1.tick(ist('2026-01-06', '08:40'));
    await restartable().tick(ist('2026-01-06', '09:00'));
    expect(reminded).toHaveLength(1);
  });
});
