/**
 * Protective orders at the broker, wired into the engine (issue 24; docs/engine.md, "Protective
 * orders at the broker"), against the local Kite (tests/support/fake-kite.ts): a live delivery
 * entry's fill puts a two-leg GTT at Kite for the trade's open quantity in the same tick; edited
 * levels and a grown quantity modify it; Trabot's own exit cancels it first; a GTT Kite triggered
 * is booked as the trade's exit at Kite's fill price, once, whoever notices it first. In every
 * test the shares sold never exceed the shares bought.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  manualOrders,
  orderLegs,
  protectionEvents,
  protections,
  signals,
  tradeEntries,
  tradeExits,
  warnings,
} from '@server/db/schema';
import type { ExitPendingEvent, TradeEvent } from '@server/context';
import { stubNotifier } from './stub-notifier';
import { getTradeDetail } from '@server/services/trade-detail';
import { liveKiteEnv, startFakeKite, type FakeKite } from '../../support/fake-kite';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { liveSignal, scriptedEngine } from './live-infy-signal';
import * as checks from './protection-checks';
import { ScriptedFeed } from './scripted-feed';
import {
  chaseEscalatesOnce,
  chaseFillsOnce,
  chaseMakesPartlyFilledExitALimit,
  chasePendingClearedOnCancel,
  type ChasedOrder,
  type ChaseWorld,
} from './exit-chase-story';

let kite: FakeKite;
let t: TestApp;
const T0 = Date.parse('2026-01-05T04:00:00Z'); // 09:30 IST, a Monday
const pushed: TradeEvent[] = [];

beforeAll(async () => {
  kite = await startFakeKite();
  kite.registerAddresses(['127.0.0.2']);
  t = await createTestApp({
    env: liveKiteEnv(kite),
  });
});
afterAll(async () => {
  await t.close();
  await kite.close();
});

const pendingPushes: ExitPendingEvent[] = [];
const notifier = stubNotifier({
  tradeEvents: (events) => void pushed.push(...events),
  exitPending: (event) => void pendingPushes.push(event),
});

let kiteUsers = 0;
let symbols = 0;

/** A live Zerodha account with an approved signal on a symbol of its own at 250 (stop 245, target 262.5). */
async function liveTrade() {
  const symbol = `PROT${++symbols}`;
  kite.setLtp(symbol, 250);
  const userId = `ZP${1000 + ++kiteUsers}`;
  const { account, signal } = await liveSignal(t, {
    broker: 'zerodha',
    clientId: userId,
    accessKey: kite.newAccessToken(userId),
    symbol,
  });
  const feed = new ScriptedFeed();
  return { symbol, userId, account, signal, feed, engine: scriptedEngine(t, feed, { notifier }) };
}

const tradeOf = (signalId: number) => checks.tradeOfSignal(t, signalId);
const protectionOf = (tradeId: number) => checks.protectionOfTrade(t, tradeId);
const gttsOf = (userId: string, symbol: string) =>
  kite.gtts.filter((g) => g.user_id === userId && g.condition.tradingsymbol === symbol);

/** Shares of the symbol bought and sold at Kite (of its COMPLETE orders only, when `complete`). */
const kiteTraded = (symbol: string, complete = false) =>
  checks.filledBySide(
    kite.orders
      .filter((o) => o.tradingsymbol === symbol && (!complete || o.status === 'COMPLETE'))
      .map((o) => ({ side: o.transaction_type.toLowerCase(), filled: o.filled_quantity })),
  );

/** Shares bought and sold at Kite for the symbol, and the trade's booked entries and exits: never more sold than bought. */
async function assertNoSecondExit(userId: string, symbol: string, tradeId: number) {
  await checks.assertNoSecondExit(t, tradeId, kiteTraded(symbol, true));
  expect(userId).toBeTruthy();
}

describe('protective orders of a live Zerodha trade', () => {
  it("rest at Kite as a two-leg GTT for the filled quantity in the entry's own tick", async () => {
    const { symbol, userId, signal, engine } = await liveTrade();
    await engine.tick(new Date(T0));
    const trade = await tradeOf(signal.signal_id);
    expect(trade).toMatchObject({ trade_status: 'running', remaining_quantity: 320 });
    const [gtt, ...more] = gttsOf(userId, symbol);
    expect(more).toEqual([]);
    expect(gtt).toMatchObject({
      type: 'two-leg',
      status: 'active',
      condition: { tradingsymbol: symbol, trigger_values: [245, 262.5], last_price: 250 },
    });
    expect(gtt!.orders.map((o) => [o.transaction_type, o.quantity, o.product, o.price])).toEqual([
      // The stop leg's limit 3 % below its trigger (engine/stop-limit.ts), on INFY's 0.05 tick.
      ['SELL', 320, 'CNC', 237.65],
      ['SELL', 320, 'CNC', 262.5],
    ]);
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({
      state: 'active',
      kind: 'oco',
      broker_protection_id: String(gtt!.id),
      quantity: 320,
      stop: 245,
      target: 262.5,
    });
    // Another tick places nothing more.
    await engine.tick(new Date(T0 + 3_000));
    expect(gttsOf(userId, symbol)).toHaveLength(1);
  });

  it('is found, not placed again, after a crash between writing it and saving the answer', async () => {
    const { symbol, userId, signal, engine } = await liveTrade();
    await engine.tick(new Date(T0));
    const trade = await tradeOf(signal.signal_id);
    // The answer lost: the row back to `placing`, as if the process died right after Kite took the GTT.
    await t.deps.db
      .update(protections)
      .set({ state: 'placing', broker_protection_id: null, kind: null })
      .where(eq(protections.trabot_trade_id, trade.trabot_trade_id));
    await engine.tick(new Date(T0 + 3_000));
    const gtts = gttsOf(userId, symbol);
    expect(gtts).toHaveLength(1);
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({
      state: 'active',
      broker_protection_id: String(gtts[0]!.id),
    });
  });

  it('follows Edit Levels and a grown quantity: the GTT modified, each move on the timeline', async () => {
    const { symbol, userId, signal, engine } = await liveTrade();
    await engine.tick(new Date(T0));
    const trade = await tradeOf(signal.signal_id);
    expect(trade.remaining_quantity).toBe(320);
    expect(gttsOf(userId, symbol)[0]!.orders[0]!.quantity).toBe(320);

    // A manual entry adds to the position (half the sizing), and the levels are edited meanwhile.
    await checks.queueManualOrder(t, signal.signal_id, { side: 'entry', portion: 0.5, trade_type: 'swing' });
    await t.deps.db
      .update(signals)
      .set({ stop_loss_level: 246, target_level: 260 })
      .where(eq(signals.signal_id, signal.signal_id));
    await engine.tick(new Date(T0 + 3_000));
    const grown = (await tradeOf(signal.signal_id)).remaining_quantity!;
    expect(grown).toBeGreaterThan(320);
    const [gtt, ...more] = gttsOf(userId, symbol);
    expect(more).toEqual([]);
    expect(gtt!.condition.trigger_values).toEqual([246, 260]);
    expect(gtt!.orders.map((o) => [o.quantity, o.price])).toEqual([
      // 3 % below 246 is 238.62: on the tick, inside NSE's 3 % SL range.
      [grown, 238.65],
      [grown, 260],
    ]);
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({
      state: 'active',
      quantity: grown,
      stop: 246,
      target: 260,
    });

    const detail = await getTradeDetail(t.deps.db, trade.trabot_trade_id, { view: 'member' });
    const steps = detail!.timeline.filter((s) => s.kind === 'protection');
    expect(steps.map((s) => [s.title, s.quantity, s.note])).toEqual([
      ['Stop-loss and target resting at Zerodha', 320, 'stop-loss 245, target 262.5'],
      ['Protective orders modified at Zerodha', grown, 'stop-loss 246, target 260'],
    ]);
  });

  it("leaves the levels to the GTT resting at Kite: Trabot sends no exit of its own, books Kite's", async () => {
    const { symbol, userId, signal, feed, engine } = await liveTrade();
    await engine.tick(new Date(T0));
    const trade = await tradeOf(signal.signal_id);
    // Trabot's feed sees the target before Kite's price does (the GTT has not fired): nothing is sent.
    feed.set(symbol, 263);
    await engine.tick(new Date(T0 + 3_000));
    const gtt = gttsOf(userId, symbol)[0]!;
    expect(gtt.status).toBe('active');
    expect(kite.requests.some((r) => r.method === 'DELETE' && r.path === `/gtt/triggers/${gtt.id}`)).toBe(false);
    expect(kite.orders.filter((o) => o.tradingsymbol === symbol && o.transaction_type === 'SELL')).toEqual([]);
    expect(await tradeOf(signal.signal_id)).toMatchObject({ trade_status: 'running', remaining_quantity: 320 });

    // Kite's price reaches the target: the GTT fires and its LIMIT sell fills; the next tick at the level books it.
    kite.setLtp(symbol, 263);
    kite.match();
    expect(gttsOf(userId, symbol)[0]!.status).toBe('triggered');
    await engine.tick(new Date(T0 + 6_000));
    expect(await tradeOf(signal.signal_id)).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'done', executed_leg: 'target' });
    const exits = await t.deps.db
      .select()
      .from(tradeExits)
      .where(eq(tradeExits.trabot_trade_id, trade.trabot_trade_id));
    expect(exits).toHaveLength(1);
    expect(kite.orders.filter((o) => o.tradingsymbol === symbol && o.transaction_type === 'SELL')).toHaveLength(1);
    await assertNoSecondExit(userId, symbol, trade.trabot_trade_id);
  });

  it('waits for the cancel before a manual exit: the order stays queued while Kite cannot be reached', async () => {
    const { symbol, userId, signal, engine } = await liveTrade();
    await engine.tick(new Date(T0));
    const trade = await tradeOf(signal.signal_id);
    const order = await checks.queueManualOrder(t, signal.signal_id, { side: 'exit', portion: 1, trade_type: 'swing' });
    kite.failNext({ status: 503, body: { status: 'error', error_type: 'NetworkException', message: 'down' } });
    await engine.tick(new Date(T0 + 3_000));
    const [waiting] = await t.deps.db.select().from(manualOrders).where(eq(manualOrders.id, order.id));
    expect(waiting).toMatchObject({ status: 'queued' });
    expect(kite.orders.filter((o) => o.tradingsymbol === symbol && o.transaction_type === 'SELL')).toEqual([]);

    await engine.tick(new Date(T0 + 6_000));
    expect(gttsOf(userId, symbol)[0]!.status).toBe('deleted');
    expect(await tradeOf(signal.signal_id)).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
    expect((await protectionOf(trade.trabot_trade_id))!.state).toBe('cancelled');
    await assertNoSecondExit(userId, symbol, trade.trabot_trade_id);
  });

  it("books a GTT Kite triggered as the trade's exit at Kite's price, pushes the member, warns the superadmin", async () => {
    const { symbol, userId, signal, engine } = await liveTrade();
    await engine.tick(new Date(T0));
    const trade = await tradeOf(signal.signal_id);
    pushed.length = 0;
    // Kite's price goes through the stop: the GTT places its LIMIT sell at 245, which fills on the bounce.
    kite.setLtp(symbol, 244.5);
    kite.setLtp(symbol, 245.1);
    kite.match();
    const gtt = gttsOf(userId, symbol)[0]!;
    expect(gtt.status).toBe('triggered');
    const brokerOrder = kite.orders.find((o) => o.order_id === gtt.orders[0]!.result!.order_result.order_id)!;
    expect(brokerOrder.status).toBe('COMPLETE');

    // A fresh engine (a restart) reconciles at its first tick.
    const restarted = scriptedEngine(t, new ScriptedFeed(), { notifier });
    const exits = await checks.expectStopBookedAtRestart(t, restarted, new Date(T0 + 30_000), {
      trade,
      price: brokerOrder.average_price,
      exit: { order_id: brokerOrder.order_id },
      brokerOrderId: brokerOrder.order_id,
      pushed,
    });
    expect(exits[0]!.brokerage_charges).toBeGreaterThanOrEqual(0);
    const warned = await t.deps.db.select().from(warnings);
    expect(
      warned.filter(
        (w) =>
          w.warning_message.includes(`trade ${trade.trabot_trade_id} `) &&
          w.warning_message.startsWith('Protection executed'),
      ),
    ).toHaveLength(1);
    expect(
      warned.some((w) => w.warning_message.startsWith('Unknown order') && w.warning_message.includes(symbol)),
    ).toBe(false);

    // Later ticks and reconciliations book nothing more.
    await restarted.tick(new Date(T0 + 100_000));
    expect(await checks.exitsOf(t, trade.trabot_trade_id)).toHaveLength(1);
    await assertNoSecondExit(userId, symbol, trade.trabot_trade_id);

    const detail = await getTradeDetail(t.deps.db, trade.trabot_trade_id, { view: 'member' });
    const titles = detail!.timeline.map((s) => s.title);
    expect(titles).toContain("Stop-loss executed by Zerodha's trigger");
    expect(titles).toContain('Exit at the broker filled');
    const events = await t.deps.db.select().from(protectionEvents);
    expect(events.filter((e) => e.state === 'triggered').length).toBeGreaterThan(0);
  });

  it("books the broker's fill instead of exiting when the cancel finds the GTT already triggered", async () => {
    const { symbol, userId, signal, feed, engine } = await liveTrade();
    await engine.tick(new Date(T0));
    const trade = await tradeOf(signal.signal_id);
    // Both see the stop: Kite fires the GTT, and Trabot (not reconciling this minute) reaches the level too.
    kite.setLtp(symbol, 244.5);
    kite.setLtp(symbol, 245.1);
    kite.match();
    feed.set(symbol, 244.5);
    await engine.tick(new Date(T0 + 3_000));
    expect(kite.orders.filter((o) => o.tradingsymbol === symbol && o.transaction_type === 'SELL')).toHaveLength(1);
    expect(await tradeOf(signal.signal_id)).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'done', executed_leg: 'stop' });
    const legs = await t.deps.db
      .select()
      .from(orderLegs)
      .where(and(eq(orderLegs.trabot_trade_id, trade.trabot_trade_id), eq(orderLegs.side, 'exit')));
    expect(legs.map((l) => l.source)).toEqual(['protection']);
    await assertNoSecondExit(userId, symbol, trade.trabot_trade_id);
  });

  it('is refused by Kite: a warning, and the engine keeps watching the levels itself', async () => {
    const { symbol, userId, signal, feed, engine } = await liveTrade();
    // Kite refuses a trigger within 0.25 % of the last price.
    await t.deps.db.update(signals).set({ stop_loss_level: 249.8 }).where(eq(signals.signal_id, signal.signal_id));
    await engine.tick(new Date(T0));
    const trade = await tradeOf(signal.signal_id);
    expect(gttsOf(userId, symbol)).toEqual([]);
    const refused = await protectionOf(trade.trabot_trade_id);
    expect(refused!.state).toBe('rejected');
    const warned = await t.deps.db.select().from(warnings);
    expect(
      warned.some(
        (w) =>
          w.warning_message.startsWith('zerodha refused the protective orders') &&
          w.warning_message.includes(`trade ${trade.trabot_trade_id} `),
      ),
    ).toBe(true);
    feed.set(symbol, 249);
    kite.setLtp(symbol, 249);
    // Decided on Kite's own price: the next poll of its quotes (LIVE_PRICE_POLL_MS, 5 s).
    await engine.tick(new Date(T0 + 5_000));
    expect(await tradeOf(signal.signal_id)).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
    await assertNoSecondExit(userId, symbol, trade.trabot_trade_id);
  });

  it('books a partly filled entry that is then cancelled, and protects the shares it bought', async () => {
    const { symbol, userId, signal, engine } = await liveTrade();
    kite.fillNextPartly(120);
    await engine.tick(new Date(T0));
    const pending = await tradeOf(signal.signal_id);
    expect(pending).toMatchObject({ trade_status: 'pending' });
    expect(gttsOf(userId, symbol)).toEqual([]);
    // The signal is cancelled: the entry's rest is cancelled at Kite, its 120 shares bought stay bought.
    await t.deps.db.update(signals).set({ trade_status: 'cancelled' }).where(eq(signals.signal_id, signal.signal_id));
    await engine.tick(new Date(T0 + 3_000));
    const buy = kite.orders.find((o) => o.tradingsymbol === symbol && o.transaction_type === 'BUY')!;
    expect(buy).toMatchObject({ status: 'CANCELLED', filled_quantity: 120 });
    expect(await tradeOf(signal.signal_id)).toMatchObject({
      trade_status: 'running',
      trade_quantity: 120,
      remaining_quantity: 120,
    });
    const entries = await t.deps.db
      .select()
      .from(tradeEntries)
      .where(eq(tradeEntries.trabot_trade_id, pending.trabot_trade_id));
    expect(entries.map((e) => [e.trade_entry_quantity, e.order_id])).toEqual([[120, buy.order_id]]);
    const [gtt, ...more] = gttsOf(userId, symbol);
    expect(more).toEqual([]);
    expect(gtt!.orders.map((o) => o.quantity)).toEqual([120, 120]);
    expect(await protectionOf(pending.trabot_trade_id)).toMatchObject({ state: 'active', quantity: 120 });
    const warned = await t.deps.db.select().from(warnings);
    expect(
      warned.filter((w) =>
        w.warning_message.includes(`of trade ${pending.trabot_trade_id} cancelled after filling 120 of 320 shares`),
      ),
    ).toHaveLength(1);
    // Later ticks book nothing twice.
    await engine.tick(new Date(T0 + 6_000));
    await engine.tick(new Date(T0 + 70_000));
    expect(
      await t.deps.db.select().from(tradeEntries).where(eq(tradeEntries.trabot_trade_id, pending.trabot_trade_id)),
    ).toHaveLength(1);
    await assertNoSecondExit(userId, symbol, pending.trabot_trade_id);
  });

  it('is placed again for what a partial Manual Exit leaves: a new GTT for the open shares', async () => {
    const { symbol, userId, signal, engine } = await liveTrade();
    await engine.tick(new Date(T0));
    const trade = await tradeOf(signal.signal_id);
    const first = gttsOf(userId, symbol)[0]!;
    await checks.queueManualOrder(t, signal.signal_id, { side: 'exit', portion: 0.25, trade_type: 'swing' });
    await engine.tick(new Date(T0 + 3_000));
    expect(await tradeOf(signal.signal_id)).toMatchObject({ trade_status: 'running', remaining_quantity: 240 });
    const [was, now, ...more] = gttsOf(userId, symbol);
    expect(more).toEqual([]);
    expect(was!.id).toBe(first.id);
    expect(was!.status).toBe('deleted');
    expect(now).toMatchObject({ status: 'active', condition: { trigger_values: [245, 262.5] } });
    expect(now!.orders.map((o) => o.quantity)).toEqual([240, 240]);
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({
      state: 'active',
      quantity: 240,
      broker_protection_id: String(now!.id),
    });
    // Kite fires the new GTT: the 240 left are sold, never more.
    kite.setLtp(symbol, 244.5);
    kite.setLtp(symbol, 245.1);
    kite.match();
    await engine.tick(new Date(T0 + 70_000));
    expect(await tradeOf(signal.signal_id)).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
    const exits = await t.deps.db
      .select()
      .from(tradeExits)
      .where(eq(tradeExits.trabot_trade_id, trade.trabot_trade_id));
    expect(exits.map((x) => x.trade_exit_quantity)).toEqual([80, 240]);
    await assertNoSecondExit(userId, symbol, trade.trabot_trade_id);
  });
});

describe('the exit chase at Kite (EXIT_CHASE_AFTER_MS 10 s, EXIT_CHASE_TIMES 3)', () => {
  const kiteOrder = (o: (typeof kite.orders)[number]): ChasedOrder => ({
    id: o.order_id,
    open: o.status === 'OPEN' || o.status === 'TRIGGER PENDING',
    type: o.order_type.toLowerCase(),
    price: o.price,
    filled: o.filled_quantity,
    averagePrice: o.average_price,
  });
  const world: ChaseWorld = {
    t: () => t,
    broker: () => ({
      broker: 'zerodha',
      setLtp: (symbol, price) => kite.setLtp(symbol, price),
      clipNextMarket: (limit) => kite.clipNextMarket(limit),
      holdFills: (symbol, held) => kite.holdFills(symbol, held),
      fillNextPartly: (quantity) => kite.fillNextPartly(quantity),
      match: () => kite.match(),
      exitSell(symbol) {
        const sell = kite.orders.find((o) => o.tradingsymbol === symbol && o.transaction_type === 'SELL');
        return sell && kiteOrder(sell);
      },
      // Kite's modify: PUT /orders/regular/:order_id, form-encoded.
      modifies: (orderId) =>
        kite.requests
          .filter((r) => r.method === 'PUT' && r.path === `/orders/regular/${orderId}`)
          .map((r) => ({ type: String(r.form.order_type).toLowerCase(), price: Number(r.form.price) })),
      traded: (symbol) => kiteTraded(symbol),
    }),
    async liveTrade() {
      const { symbol, signal, feed, engine } = await liveTrade();
      return { symbol, signalId: signal.signal_id, feed, engine };
    },
    pendingPushes,
    T0,
  };

  it('modifies an exit left open after 10 s to a limit at the market, and it fills: one exit', () =>
    chaseFillsOnce(world));

  it('chases 3 times, then warns the superadmin once "Exit pending at the broker"', () => chaseEscalatesOnce(world));

  it("makes a market exit filled in part, resting as MARKET, Kite's LIMIT at the market: the rest fills", () =>
    chaseMakesPartlyFilledExitALimit(world));

  it('no longer says "exit pending" once the pending exit is cancelled at Kite', () =>
    chasePendingClearedOnCancel(world, (orderId) => {
      kite.orders.find((o) => o.order_id === orderId)!.status = 'CANCELLED';
    }));
});
