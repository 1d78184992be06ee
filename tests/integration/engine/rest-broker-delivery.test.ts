/**
 * A delivery (swing) position at Fyers, Upstox and Angel One, whose APIs offer no OCO/GTT for a
 * position already held (docs/decisions/2026-12-07-delivery-protection-at-each-broker.md): its stop
 * alone rests at the broker, and Trabot watches the target on the broker's own price. Each fake's
 * RMS refuses a CNC sell beyond the shares free to sell (holdings less pending sells), as the
 * brokers' do: two full-size sells (a stop and a target) would not both be taken, and were both to
 * rest, both could fill. In every test the shares offered or sold never exceed the holding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderLegs } from '@server/db/schema';
import type { TradeEvent } from '@server/context';
import { getTradeDetail } from '@server/services/trade-detail';
import { REST_BROKER_WORLDS, type RestFake } from '../../support/rest-broker-worlds';
import type { TestApp } from '../helpers/test-app';
import { appOnRestBrokers, liveSignal, scriptedEngine } from './live-infy-signal';
import * as checks from './protection-checks';
import { ScriptedFeed } from './scripted-feed';
import { stubNotifier } from './stub-notifier';

const T0 = Date.parse('2026-04-06T04:00:00Z'); // 09:30 IST, a Monday
const SYMBOLS = ['DELVA', 'DELVB', 'DELVC', 'DELVD'];
let t: TestApp;
let fakes: Map<string, RestFake>;
const pushed: TradeEvent[] = [];
let users = 0;

let close: () => Promise<void>;
beforeAll(async () => ({ t, fakes, close } = await appOnRestBrokers(SYMBOLS)));
afterAll(() => close());

const notifier = stubNotifier({ tradeEvents: (events) => void pushed.push(...events) });
const WORLDS = REST_BROKER_WORLDS.filter((w) => w.broker !== 'dhan');

describe.each(WORLDS.map((w) => [w.label, w] as const))('a delivery position at %s', (label, world) => {
  const fake = () => fakes.get(world.broker)!;
  let symbolIndex = 0;

  /** A live account at the broker with an approved swing signal on a symbol of its own at 250 (stop 245, target 262.5). */
  async function liveSwingTrade() {
    const symbol = SYMBOLS[symbolIndex++]!;
    fake().setLtp(symbol, 250);
    const user = `DL${1000 + ++users}`;
    const { signal } = await liveSignal(t, {
      broker: world.broker,
      clientId: user,
      accessKey: fake().newAccessToken(user),
      symbol,
    });
    expect(signal.trade_type).toBe('swing');
    const feed = new ScriptedFeed();
    return { symbol, user, signal, feed, engine: scriptedEngine(t, feed, { notifier }) };
  }

  const ordersOf = (user: string, symbol: string) =>
    fake().exchange.orders.filter((o) => o.user === user && o.symbol === symbol);
  const resting = (user: string, symbol: string) =>
    ordersOf(user, symbol).filter((o) => o.status === 'open' || o.status === 'trigger_pending');

  /** The shares offered for sale (resting sells) and sold never exceed the shares bought; the broker refused nothing. */
  function assertWithinHolding(user: string, symbol: string) {
    const { bought, sold } = checks.filledBySide(ordersOf(user, symbol));
    const offered = resting(user, symbol)
      .filter((o) => o.side === 'sell')
      .reduce((s, o) => s + o.quantity - o.filled, 0);
    expect(sold + offered).toBeLessThanOrEqual(bought);
    expect(ordersOf(user, symbol).filter((o) => o.status === 'rejected')).toEqual([]);
  }

  it('rests its stop alone, for the whole holding; the target is not offered at the broker', async () => {
    const { symbol, user, signal, engine } = await liveSwingTrade();
    await engine.tick(new Date(T0));
    const trade = await checks.tradeOfSignal(t, signal.signal_id);
    expect(trade).toMatchObject({ broker: world.broker, trade_status: 'running', remaining_quantity: 320 });
    const sells = resting(user, symbol).filter((o) => o.side === 'sell');
    expect(sells).toHaveLength(1);
    expect(sells[0]).toMatchObject({ type: 'sl', quantity: 320, trigger: 245, status: 'trigger_pending' });
    expect(sells[0]!.tag).toMatch(/^TB\d+P\d+S$/);
    assertWithinHolding(user, symbol);
    expect(await checks.protectionOfTrade(t, trade.trabot_trade_id)).toMatchObject({
      state: 'active',
      kind: 'stop',
      quantity: 320,
      stop: 245,
      target: 262.5,
    });

    // Later ticks place and modify nothing more (the target Trabot watches is not a drift).
    const requests = fake().requests.length;
    await engine.tick(new Date(T0 + 3_000));
    await engine.tick(new Date(T0 + 6_000));
    expect(ordersOf(user, symbol)).toHaveLength(2);
    expect(
      fake()
        .requests.slice(requests)
        .filter((r) => r.method !== 'GET' && !/quote|ltp/i.test(r.path)),
    ).toEqual([]);
    const detail = await getTradeDetail(t.deps.db, trade.trabot_trade_id, { view: 'member' });
    expect(detail!.timeline.filter((s) => s.kind === 'protection').map((s) => s.title)).toEqual([
      `Stop-loss resting at ${label}`,
    ]);
  });

  it("exits once at its target reached on the broker's price: the stop cancelled first, then one sell", async () => {
    const { symbol, user, signal, engine } = await liveSwingTrade();
    await engine.tick(new Date(T0));
    const trade = await checks.tradeOfSignal(t, signal.signal_id);
    const stop = resting(user, symbol).find((o) => o.side === 'sell')!;

    // The broker's price reaches the target; Trabot's feed stays at 250.
    fake().setLtp(symbol, 263);
    await engine.tick(new Date(T0 + 6_000));
    await engine.tick(new Date(T0 + 9_000));
    expect(stop.status).toBe('cancelled');
    const exits = ordersOf(user, symbol).filter((o) => o.side === 'sell' && o.filled > 0);
    expect(exits).toHaveLength(1);
    expect(exits[0]).toMatchObject({ filled: 320, averagePrice: 263 });
    expect(exits[0]!.placedAt.getTime()).toBeGreaterThanOrEqual(stop.updatedAt.getTime());
    expect(await checks.tradeOfSignal(t, signal.signal_id)).toMatchObject({
      trade_status: 'completed',
      remaining_quantity: 0,
      avg_exit_price: 263,
    });
    const legs = await t.deps.db.select().from(orderLegs).where(eq(orderLegs.trabot_trade_id, trade.trabot_trade_id));
    expect(legs.filter((l) => l.side === 'exit').map((l) => [l.source, l.state])).toEqual([['target', 'filled']]);
    expect(await checks.protectionOfTrade(t, trade.trabot_trade_id)).toMatchObject({ state: 'cancelled' });

    // Nothing more is sent, however long the price stays there.
    const orders = ordersOf(user, symbol).length;
    await engine.tick(new Date(T0 + 15_000));
    await engine.tick(new Date(T0 + 21_000));
    expect(ordersOf(user, symbol)).toHaveLength(orders);
    expect(await checks.exitsOf(t, trade.trabot_trade_id)).toHaveLength(1);
    assertWithinHolding(user, symbol);
  });

  it("books a stop the broker executed while Trabot was down, once, at the broker's fill", async () => {
    const { symbol, user, signal, engine } = await liveSwingTrade();
    await engine.tick(new Date(T0));
    const trade = await checks.tradeOfSignal(t, signal.signal_id);
    pushed.length = 0;
    // The SL's limit sits below its trigger (engine/stop-limit.ts): triggered at 244.5, it fills at the market's 244.5.
    checks.throughTheStopAndBack(fake(), symbol);
    const restarted = scriptedEngine(t, new ScriptedFeed(), { notifier });
    await checks.expectStopBookedAtRestart(t, restarted, new Date(T0 + 30_000), { trade, price: 244.5, pushed });
    const orders = ordersOf(user, symbol).length;
    await restarted.tick(new Date(T0 + 100_000));
    expect(ordersOf(user, symbol)).toHaveLength(orders);
    assertWithinHolding(user, symbol);
  });
});
