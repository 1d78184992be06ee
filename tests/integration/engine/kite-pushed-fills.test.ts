/**
 * Fills pushed, not polled (issue 43; docs/engine.md, "Fills pushed by the brokers"), against the
 * local Kite (tests/support/fake-kite.ts, its pushes in fake-kite-pushes.ts): Kite's order reads
 * withhold the fill (the app's read budget spent), so only its postback or its websocket's order
 * update tells it; the engine books it through the same door as a polled answer and puts the
 * protection at Kite in that step. A repeated or older update changes nothing; a lost one is found
 * by the reconciliation once Kite's reads show it.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orderLegs, tradeEntries, warnings } from '@server/db/schema';
import type { Engine } from '@server/engine/engine';
import { KiteTickerConnection } from '@server/engine/feed/kite-ticker';
import { kitePushedOrder } from '@server/brokers/zerodha/kite-pushes';
import { RECONCILE_EVERY_MS } from '@server/engine/reconcile';
import { liveKiteEnv, startFakeKite, type FakeKite } from '../../support/fake-kite';
import { waitFor } from '../../support/wait-for';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { liveSignal, scriptedEngine } from './live-infy-signal';
import * as checks from './protection-checks';

let kite: FakeKite;
let t: TestApp;
let server: ServerType;
let postbackUrl: string;
const T0 = Date.parse('2026-01-05T04:00:00Z'); // 09:30 IST, a Monday
let users = 0;
let symbols = 0;
/** The engine the app's postback route hands its orders to (one per test). */
let current: Engine | null = null;

beforeAll(async () => {
  kite = await startFakeKite();
  kite.registerAddresses(['127.0.0.2']);
  t = await createTestApp({ env: liveKiteEnv(kite) });
  t.deps.engine = { wake: () => {}, receiveOrder: (broker, order) => current?.receiveOrder(broker, order) };
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  postbackUrl = `http://127.0.0.1:${port}/api/brokers/zerodha/postback`;
  kite.pushes.setPostbackUrl(postbackUrl);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  await kite.close();
});

/** A live Zerodha account with an approved signal on a symbol of its own at 250 (stop 245, target 262.5). */
async function liveTrade() {
  const symbol = `PUSH${++symbols}`;
  kite.setLtp(symbol, 250);
  const userId = `ZQ${1000 + ++users}`;
  const accessKey = kite.newAccessToken(userId);
  const { signal } = await liveSignal(t, { broker: 'zerodha', clientId: userId, accessKey, symbol });
  current = scriptedEngine(t);
  return { symbol, userId, accessKey, signal, engine: current };
}

const legOf = async (tradeId: number) =>
  (await t.deps.db.select().from(orderLegs).where(eq(orderLegs.trabot_trade_id, tradeId)))[0]!;
const entriesOf = (tradeId: number) =>
  t.deps.db.select().from(tradeEntries).where(eq(tradeEntries.trabot_trade_id, tradeId));
const eventsOf = async (legId: number) =>
  (await t.deps.db.select().from(orderEvents).where(eq(orderEvents.leg_id, legId))).length;
const gttsOf = (userId: string, symbol: string) =>
  kite.gtts.filter((g) => g.user_id === userId && g.condition.tradingsymbol === symbol);
const at = (seconds: number) => new Date(T0 + seconds * 1000);

describe("fills from Kite's pushes", () => {
  it('books a fill only a postback tells, and rests its protection at Kite in the same step', async () => {
    const { symbol, userId, signal, engine } = await liveTrade();
    kite.withholdFills(true);
    await engine.tick(at(0));
    await kite.pushes.settled();
    await engine.tick(at(3));
    const trade = await checks.tradeOfSignal(t, signal.signal_id);
    expect(trade).toMatchObject({ trade_status: 'running', remaining_quantity: 320 });
    expect((await entriesOf(trade.trabot_trade_id)).map((e) => [e.trade_entry_quantity, e.trade_entry_price])).toEqual([
      [320, 250],
    ]);
    expect(gttsOf(userId, symbol)).toMatchObject([{ status: 'active', condition: { trigger_values: [245, 262.5] } }]);
    expect(await checks.protectionOfTrade(t, trade.trabot_trade_id)).toMatchObject({ state: 'active', quantity: 320 });
    kite.withholdFills(false);
  });

  it('changes nothing on a repeated or an older update', async () => {
    const { symbol, userId, signal, engine } = await liveTrade();
    kite.withholdFills(true);
    kite.fillNextPartly(100);
    await engine.tick(at(0));
    await kite.pushes.settled();
    await engine.tick(at(3));
    const trade = await checks.tradeOfSignal(t, signal.signal_id);
    const leg = await legOf(trade.trabot_trade_id);
    // The partial fill (Kite's UPDATE) is known by its push alone: the reads still show none.
    expect(leg).toMatchObject({ state: 'open', filled_quantity: 100 });
    const order = kite.orders.find((o) => o.tag === leg.client_order_id)!;
    const update = kite.pushes.postbacks.find((p) => p.order_id === order.order_id && p.status === 'UPDATE')!;
    expect(update).toMatchObject({ filled_quantity: 100 });
    const events = await eventsOf(leg.id);
    const warned = (await t.deps.db.select().from(warnings)).length;
    // The same update again, and the order as it stood before the fill, as Kite's UPDATE of it.
    const older = kite.pushes.postbackOf({
      ...order,
      status: 'UPDATE',
      filled_quantity: 0,
      pending_quantity: order.quantity,
      average_price: 0,
    });
    expect([await kite.pushes.post(update), await kite.pushes.post(older)]).toEqual([200, 200]);
    await engine.tick(at(6));
    expect(await kite.pushes.post(older)).toBe(200);
    await engine.tick(at(9));
    expect(await legOf(trade.trabot_trade_id)).toMatchObject({ state: 'open', filled_quantity: 100 });
    expect(await eventsOf(leg.id)).toBe(events);
    expect((await t.deps.db.select().from(warnings)).length).toBe(warned);

    // Filled at last (its rest, by Kite's COMPLETE): booked once, a repeat of it changes nothing.
    order.filled_quantity = order.quantity;
    order.pending_quantity = 0;
    order.status = 'COMPLETE';
    const complete = kite.pushes.postbackOf(order);
    expect(await kite.pushes.post(complete)).toBe(200);
    await engine.tick(at(12));
    expect(await kite.pushes.post(complete)).toBe(200);
    await engine.tick(at(15));
    expect(await legOf(trade.trabot_trade_id)).toMatchObject({ state: 'filled', filled_quantity: 320 });
    expect((await entriesOf(trade.trabot_trade_id)).map((e) => e.trade_entry_quantity)).toEqual([320]);
    expect(gttsOf(userId, symbol)).toHaveLength(1);
    kite.withholdFills(false);
  });

  it('refuses a postback whose checksum is not Kite’s: nothing is booked', async () => {
    const { signal, engine } = await liveTrade();
    kite.withholdFills(true);
    kite.pushes.losePushes(true);
    await engine.tick(at(0));
    kite.pushes.losePushes(false);
    const trade = await checks.tradeOfSignal(t, signal.signal_id);
    const leg = await legOf(trade.trabot_trade_id);
    const order = kite.orders.find((o) => o.tag === leg.client_order_id)!;
    const forged = { ...kite.pushes.postbackOf(order), checksum: 'ab'.repeat(32) };
    expect(await kite.pushes.post(forged)).toBe(401);
    await engine.tick(at(3));
    expect(await legOf(trade.trabot_trade_id)).toMatchObject({ state: 'open', filled_quantity: 0 });
    kite.withholdFills(false);
  });

  it('finds a lost push at the reconciliation once Kite shows the fill', async () => {
    const pushed = await liveTrade();
    const engine = pushed.engine;
    kite.withholdFills(true);
    await engine.tick(at(0));
    await kite.pushes.settled();
    // A second account's entry, whose push is lost.
    const lost = await liveTrade();
    current = engine;
    kite.pushes.losePushes(true);
    await engine.tick(at(1));
    kite.pushes.losePushes(false);
    await engine.tick(at(4));
    const first = await checks.tradeOfSignal(t, pushed.signal.signal_id);
    const second = await checks.tradeOfSignal(t, lost.signal.signal_id);
    expect(first.trade_status).toBe('running');
    expect(second.trade_status).toBe('pending');
    kite.withholdFills(false);
    await engine.tick(at(4 + RECONCILE_EVERY_MS / 1000));
    expect(await checks.tradeOfSignal(t, lost.signal.signal_id)).toMatchObject({
      trade_status: 'running',
      remaining_quantity: 320,
    });
    expect(gttsOf(lost.userId, lost.symbol)).toHaveLength(1);
  });

  it("books a fill from the ticker websocket's order update", async () => {
    const { symbol, userId, accessKey, signal, engine } = await liveTrade();
    kite.pushes.setPostbackUrl(null);
    const updates: unknown[] = [];
    const ticker = new KiteTickerConnection({
      root: kite.tickerRoot,
      apiKey: kite.apiKey,
      log: t.deps.log,
      onTicks: () => {},
      onOrder: (data) => {
        updates.push(data);
        const order = kitePushedOrder(data, at(0));
        if (order) engine.receiveOrder('zerodha', order);
      },
    });
    try {
      ticker.useSession(accessKey);
      await waitFor(() => ticker.state === 'connected');
      kite.withholdFills(true);
      await engine.tick(at(0));
      await waitFor(() => updates.length > 0);
      await engine.tick(at(3));
      expect(updates[0]).toMatchObject({ status: 'COMPLETE', tradingsymbol: symbol, checksum: '' });
      expect(await checks.tradeOfSignal(t, signal.signal_id)).toMatchObject({ trade_status: 'running' });
      expect(gttsOf(userId, symbol)).toHaveLength(1);
    } finally {
      ticker.close();
      kite.withholdFills(false);
      kite.pushes.setPostbackUrl(postbackUrl);
    }
  });
});
