/**
 * A live delivery (CNC) trade at Dhan protected by one Forever Order OCO (issue 24;
 * docs/decisions/2026-11-28-dhan-forever-oco-for-delivery.md), the engine against the local Dhan
 * (tests/support/fake-dhan.ts), orders leaving from the registered 127.0.0.2: the entry's fill puts
 * the OCO at Dhan in the entry's own tick (target leg and stop leg, the protection's tag as its
 * correlationId), edited levels modify its legs in place, a manual exit deletes it before the exit
 * goes, and a stop Dhan triggered while Trabot was down is booked once at a restart, at Dhan's fill
 * price. The shares sold never exceed the shares bought.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signals } from '@server/db/schema';
import type { TradeEvent } from '@server/context';
import { getTradeDetail } from '@server/services/trade-detail';
import type { FakeDhan } from '@tests/support/fake-dhan';
import { REST_BROKER_WORLDS } from '../../support/rest-broker-worlds';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { liveSignal, scriptedEngine } from './live-infy-signal';
import * as checks from './protection-checks';
import { ScriptedFeed } from './scripted-feed';
import { stubNotifier } from './stub-notifier';

const T0 = Date.parse('2026-04-06T04:00:00Z'); // 09:30 IST, a Monday
const SYMBOLS = ['FORA', 'FORB', 'FORC', 'FORD'];
let t: TestApp;
let fake: FakeDhan;
const pushed: TradeEvent[] = [];
let users = 0;
let symbolIndex = 0;

beforeAll(async () => {
  const world = REST_BROKER_WORLDS.find((w) => w.broker === 'dhan')!;
  const started = await world.start('http://localhost:3000/api/brokers/dhan/callback');
  fake = started.fake as FakeDhan;
  for (const symbol of SYMBOLS) fake.setLtp(symbol, 250);
  fake.registerAddresses(['127.0.0.2']);
  t = await createTestApp({ env: { LIVE_TRADING: '1', BROKER_SOURCE_ADDRESS: '127.0.0.2', ...started.env } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const notifier = stubNotifier({ tradeEvents: (events) => void pushed.push(...events) });
const engineWith = () => scriptedEngine(t, new ScriptedFeed(), { notifier });
const tradeOf = (signalId: number) => checks.tradeOfSignal(t, signalId);
const protectionOf = async (tradeId: number) => (await checks.protectionOfTrade(t, tradeId))!;

/** A live Dhan account with an approved swing (delivery) signal on a symbol of its own at 250 (stop 245, target 262.5). */
async function liveDeliveryTrade() {
  const symbol = SYMBOLS[symbolIndex++]!;
  fake.setLtp(symbol, 250);
  const user = `FD${1000 + ++users}`;
  const { signal } = await liveSignal(t, {
    broker: 'dhan',
    clientId: user,
    accessKey: fake.newAccessToken(user),
    symbol,
  });
  expect(signal.trade_type).toBe('swing');
  const engine = engineWith();
  await engine.tick(new Date(T0));
  const trade = await tradeOf(signal.signal_id);
  return { symbol, user, signal, engine, trade };
}

const ordersOf = (user: string, symbol: string) =>
  fake.exchange.orders.filter((o) => o.user === user && o.symbol === symbol);
const foreverOf = (user: string, symbol: string) => fake.forever.filter((f) => f.user === user && f.symbol === symbol);

const assertNoSecondExit = (user: string, symbol: string, tradeId: number) =>
  checks.assertNoSecondExit(t, tradeId, checks.filledBySide(ordersOf(user, symbol)));

const timeline = async (tradeId: number) =>
  (await getTradeDetail(t.deps.db, tradeId, { view: 'member' }))!.timeline
    .filter((s) => s.kind === 'protection')
    .map((s) => s.title);

describe("a live delivery trade's protection at Dhan: a forever OCO", () => {
  it("rests at Dhan as one OCO in the entry's own tick: stop leg and target leg, the protection's tag", async () => {
    const { symbol, user, engine, trade } = await liveDeliveryTrade();
    expect(trade).toMatchObject({ broker: 'dhan', trade_status: 'running', remaining_quantity: 320 });
    const [oco, ...more] = foreverOf(user, symbol);
    expect(more).toEqual([]);
    const row = await protectionOf(trade.trabot_trade_id);
    expect(oco).toMatchObject({
      orderFlag: 'OCO',
      side: 'sell',
      productType: 'CNC',
      correlationId: `TB${trade.trabot_trade_id}P${row.id}O`,
    });
    // The stop leg first (price, triggerPrice), the target second (price1, triggerPrice1).
    expect(oco!.legs).toEqual([
      expect.objectContaining({
        legName: 'STOP_LOSS_LEG',
        quantity: 320,
        // Its limit 3 % below the trigger (engine/stop-limit.ts), on the 0.05 tick.
        price: 237.65,
        triggerPrice: 245,
        status: 'PENDING',
      }),
      expect.objectContaining({
        legName: 'TARGET_LEG',
        quantity: 320,
        price: 262.5,
        triggerPrice: 262.5,
        status: 'PENDING',
      }),
    ]);
    expect(row).toMatchObject({
      state: 'active',
      kind: 'oco',
      broker_protection_id: oco!.orderId,
      quantity: 320,
      stop: 245,
      target: 262.5,
    });
    // No plain stop or target order: only the entry is in the order book.
    expect(ordersOf(user, symbol).map((o) => o.side)).toEqual(['buy']);
    expect(fake.refusals).toEqual([]);
    await engine.tick(new Date(T0 + 3_000));
    expect(foreverOf(user, symbol)).toHaveLength(1);
    expect(await timeline(trade.trabot_trade_id)).toEqual(['Stop-loss and target resting at Dhan']);
  });

  it('follows Edit Levels: the same OCO, its legs modified in place', async () => {
    const { symbol, user, signal, engine, trade } = await liveDeliveryTrade();
    const [before] = foreverOf(user, symbol);
    await t.deps.db
      .update(signals)
      .set({ stop_loss_level: 246, target_level: 260 })
      .where(eq(signals.signal_id, signal.signal_id));
    const from = fake.requests.length;
    await engine.tick(new Date(T0 + 3_000));
    const puts = fake.requests.slice(from).filter((r) => r.method === 'PUT');
    expect(puts.map((r) => [r.path, r.body.legName])).toEqual([
      [`/v2/forever/orders/${before!.orderId}`, 'TARGET_LEG'],
      [`/v2/forever/orders/${before!.orderId}`, 'STOP_LOSS_LEG'],
    ]);
    const [after, ...more] = foreverOf(user, symbol);
    expect(more).toEqual([]);
    expect(after!.orderId).toBe(before!.orderId);
    expect(after!.legs.map((l) => [l.legName, l.price, l.triggerPrice])).toEqual([
      ['STOP_LOSS_LEG', 238.65, 246],
      ['TARGET_LEG', 260, 260],
    ]);
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'active', stop: 246, target: 260 });
    await engine.tick(new Date(T0 + 6_000));
    expect(fake.requests.slice(from).filter((r) => r.method === 'PUT')).toHaveLength(2);
    expect(await timeline(trade.trabot_trade_id)).toEqual([
      'Stop-loss and target resting at Dhan',
      'Protective orders modified at Dhan',
    ]);
  });

  it('a manual exit deletes the OCO first, and the exit goes only then: one exit', async () => {
    const { symbol, user, signal, engine, trade } = await liveDeliveryTrade();
    const from = fake.requests.length;
    await checks.queueManualOrder(t, signal.signal_id, { side: 'exit', portion: 1, trade_type: 'swing' });
    await engine.tick(new Date(T0 + 3_000));
    await engine.tick(new Date(T0 + 6_000));
    const sent = fake.requests.slice(from);
    const deleted = sent.findIndex((r) => r.method === 'DELETE' && r.path.startsWith('/v2/forever/orders/'));
    const exitAt = sent.findIndex((r) => r.method === 'POST' && r.path === '/v2/orders');
    expect(deleted).toBeGreaterThan(-1);
    expect(exitAt).toBeGreaterThan(deleted);
    expect(foreverOf(user, symbol)[0]!.legs.map((l) => l.status)).toEqual(['CANCELLED', 'CANCELLED']);
    await checks.expectExitedOnceUnprotected(t, trade);
    await assertNoSecondExit(user, symbol, trade.trabot_trade_id);
  });

  it("books a stop Dhan triggered while Trabot was down, once, at Dhan's fill price", async () => {
    const { symbol, user, trade } = await liveDeliveryTrade();
    pushed.length = 0;
    // Trabot is down; the price goes through the stop: Dhan places the stop leg's LIMIT sell, its
    // limit below the market, which fills at once at the market's 244.5.
    checks.throughTheStopAndBack(fake, symbol);
    const [oco] = foreverOf(user, symbol);
    expect(oco!.legs.map((l) => l.status)).toEqual(['TRADED', 'CANCELLED']);
    const sold = ordersOf(user, symbol).find((o) => o.side === 'sell')!;
    expect(sold).toMatchObject({ status: 'filled', filled: 320, averagePrice: 244.5 });

    // The restart: a fresh engine reconciles at its first tick.
    const restarted = engineWith();
    await checks.expectStopBookedAtRestart(t, restarted, new Date(T0 + 30_000), {
      trade,
      price: 244.5,
      brokerOrderId: sold.id,
      pushed,
    });

    // Later ticks (a reconciliation a minute on) book nothing more and send nothing more to Dhan.
    const orderRequests = () =>
      fake.requests.filter((r) => r.method !== 'GET' && /^\/v2\/(forever\/)?orders/.test(r.path));
    const requests = orderRequests().length;
    await restarted.tick(new Date(T0 + 100_000));
    await restarted.tick(new Date(T0 + 200_000));
    expect(await checks.exitsOf(t, trade.trabot_trade_id)).toHaveLength(1);
    expect(orderRequests()).toHaveLength(requests);
    await assertNoSecondExit(user, symbol, trade.trabot_trade_id);
    expect(await timeline(trade.trabot_trade_id)).toContain("Stop-loss executed by Dhan's trigger");
  });
});
