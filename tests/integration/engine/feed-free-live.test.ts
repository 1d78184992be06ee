/**
 * Nothing on live money from the feed (issue 41; docs/engine.md, "Live prices" and "Signal
 * completion"), against the local Kite (tests/support/fake-kite.ts): a live account's entry waits
 * only on its own broker's price, never on the simulated feed's (a stale feed holds the paper
 * accounts of the same signal alone); and a signal with live trades completes once they have
 * closed at the broker, not when the feed's price reaches a level.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualOrders, orderLegs, signals, trades } from '@server/db/schema';
import { createAccount, createMember } from '../../factories/accounts';
import { createSubscription } from '../../factories/subscriptions';
import type { FakeKite } from '../../support/fake-kite';
import type { TestApp } from '../helpers/test-app';
import { appOnFakeKite, liveSignal, scriptedEngine } from './live-infy-signal';
import { ScriptedFeed } from './scripted-feed';

let kite: FakeKite;
let t: TestApp;
const T0 = Date.parse('2026-01-05T04:00:00Z'); // 09:30 IST, a Monday
const at = (ms: number) => new Date(T0 + ms);

let close: () => Promise<void>;
beforeAll(async () => ({ t, kite, close } = await appOnFakeKite()));
afterAll(() => close());

let users = 0;
let symbols = 0;

/** A live Zerodha account and a paper one, both subscribed, on an approved signal on a symbol of its own at 250 (stop 245, target 262.5). */
async function mixedSignal() {
  const symbol = `FREE${++symbols}`;
  const userId = `ZF${1000 + ++users}`;
  const { account, signal } = await liveSignal(t, {
    broker: 'zerodha',
    clientId: userId,
    accessKey: kite.newAccessToken(userId),
    symbol,
  });
  const member = await createMember(t.deps);
  const paper = await createAccount(t.deps, member.trabot_client_id, { broker_access_key: 'paper-key' });
  await createSubscription(t.deps, signal.algo_id, paper.trabot_account_id);
  const feed = new ScriptedFeed();
  return { symbol, userId, live: account, paper, signal, feed, engine: scriptedEngine(t, feed) };
}

const tradesOf = async (signalId: number) =>
  new Map(
    (await t.deps.db.select().from(trades).where(eq(trades.signal_id, signalId))).map((row) => [
      row.trabot_account_id,
      row,
    ]),
  );
const signalRow = async (signalId: number) =>
  (await t.deps.db.select().from(signals).where(eq(signals.signal_id, signalId)))[0]!;

describe('a live entry', () => {
  it("goes out on its broker's fresh price while the feed's quote is stale; the paper account waits for the feed", async () => {
    const { symbol, live, paper, signal, feed, engine } = await mixedSignal();
    kite.setLtp(symbol, 250);
    // The feed's quote for the symbol never comes fresh (a stale simulated feed).
    feed.track(symbol, null, 250);
    feed.hold(symbol);
    await engine.tick(at(0));
    const entered = await tradesOf(signal.signal_id);
    expect(entered.get(live.trabot_account_id)).toMatchObject({
      broker: 'zerodha',
      trade_status: 'running',
      avg_entry_price: 250,
    });
    expect(entered.has(paper.trabot_account_id)).toBe(false);
    expect(await signalRow(signal.signal_id)).toMatchObject({
      trade_status: 'approved',
      status_note: 'waiting for a fresh price',
    });

    // The feed fresh again: the paper account enters on it, the live one is not entered twice, the signal runs.
    feed.release(symbol);
    await engine.tick(at(3_000));
    const all = await tradesOf(signal.signal_id);
    expect(all.size).toBe(2);
    expect(all.get(paper.trabot_account_id)).toMatchObject({ broker: 'paper', trade_status: 'running' });
    expect(await signalRow(signal.signal_id)).toMatchObject({ trade_status: 'running', status_note: null });
    expect(kite.orders.filter((o) => o.tradingsymbol === symbol && o.transaction_type === 'BUY')).toHaveLength(1);
  });

  it('as a manual market entry goes out on the broker price while the feed is stale; the order stays queued for paper', async () => {
    const { symbol, live, paper, signal, feed, engine } = await mixedSignal();
    await t.deps.db.update(signals).set({ algo_process_ind: false }).where(eq(signals.signal_id, signal.signal_id));
    kite.setLtp(symbol, 250);
    feed.track(symbol, null, 250);
    feed.hold(symbol);
    const [order] = await t.deps.db
      .insert(manualOrders)
      .values({ signal_id: signal.signal_id, side: 'entry', portion: 1, order_type: 'market', trade_type: 'swing' })
      .returning();
    await engine.tick(at(0));
    const legsOf = async () =>
      new Map(
        (await t.deps.db.select().from(orderLegs).where(eq(orderLegs.manual_order_id, order!.id))).map((l) => [
          l.trabot_account_id,
          l,
        ]),
      );
    expect((await legsOf()).get(live.trabot_account_id)).toMatchObject({ state: 'filled' });
    expect((await legsOf()).has(paper.trabot_account_id)).toBe(false);
    const [queued] = await t.deps.db.select().from(manualOrders).where(eq(manualOrders.id, order!.id));
    expect(queued).toMatchObject({ status: 'queued', status_reason: 'waiting for a fresh price' });

    feed.release(symbol);
    await engine.tick(at(3_000));
    const legs = await legsOf();
    expect(legs.size).toBe(2);
    expect(legs.get(paper.trabot_account_id)).toMatchObject({ state: 'filled' });
    const [done] = await t.deps.db.select().from(manualOrders).where(eq(manualOrders.id, order!.id));
    expect(done).toMatchObject({ status: 'done' });
    expect(kite.orders.filter((o) => o.tradingsymbol === symbol && o.transaction_type === 'BUY')).toHaveLength(1);
  });

  it('waits with a fresh feed quote but no price from its broker, and goes once its broker answers', async () => {
    const { symbol, live, paper, signal, feed, engine } = await mixedSignal();
    kite.setLtp(symbol, 250);
    kite.quotesDown({ status: 503 });
    try {
      feed.track(symbol, null, 250);
      await engine.tick(at(0));
      const first = await tradesOf(signal.signal_id);
      expect(first.has(live.trabot_account_id)).toBe(false);
      expect(first.get(paper.trabot_account_id)).toMatchObject({ broker: 'paper', trade_status: 'running' });
      expect(await signalRow(signal.signal_id)).toMatchObject({
        trade_status: 'approved',
        status_note: `waiting for a live price: none for ${symbol} from Zerodha (none yet)`,
      });
      expect(kite.orders.filter((o) => o.tradingsymbol === symbol)).toEqual([]);
      await engine.tick(at(6_000));
      expect(kite.orders.filter((o) => o.tradingsymbol === symbol)).toEqual([]);
    } finally {
      kite.quotesDown(null);
    }
    await engine.tick(at(12_000));
    expect((await tradesOf(signal.signal_id)).get(live.trabot_account_id)).toMatchObject({
      broker: 'zerodha',
      trade_status: 'running',
    });
    expect(await signalRow(signal.signal_id)).toMatchObject({ trade_status: 'running', status_note: null });
  });
});

describe('a signal with live trades', () => {
  it("is not completed on the feed's price while its live trade runs, and is once Kite closed it", async () => {
    const { symbol, userId, live, paper, signal, feed, engine } = await mixedSignal();
    kite.setLtp(symbol, 250);
    await engine.tick(at(0));
    expect((await tradesOf(signal.signal_id)).size).toBe(2);
    expect(await signalRow(signal.signal_id)).toMatchObject({ trade_status: 'running' });

    // The feed reaches the target (the paper trade exits on it); Kite's price stays between the levels.
    kite.setLtp(symbol, 255);
    feed.set(symbol, 263);
    await engine.tick(at(3_000));
    await engine.tick(at(6_000));
    const afterFeed = await tradesOf(signal.signal_id);
    expect(afterFeed.get(paper.trabot_account_id)).toMatchObject({ trade_status: 'completed' });
    expect(afterFeed.get(live.trabot_account_id)).toMatchObject({ trade_status: 'running' });
    expect(await signalRow(signal.signal_id)).toMatchObject({ trade_status: 'running' });

    // Kite's price goes through the stop: the GTT's sell fills at Kite. The feed says nothing any more.
    feed.set(symbol, 255);
    feed.hold(symbol);
    kite.setLtp(symbol, 244.5);
    kite.setLtp(symbol, 245.1);
    kite.match();
    expect(kite.gtts.find((g) => g.user_id === userId && g.condition.tradingsymbol === symbol)!.status).toBe(
      'triggered',
    );
    await engine.tick(at(70_000));
    expect((await tradesOf(signal.signal_id)).get(live.trabot_account_id)).toMatchObject({
      trade_status: 'completed',
      remaining_quantity: 0,
    });
    expect(await signalRow(signal.signal_id)).toMatchObject({ trade_status: 'completed' });
  });
});
