/**
 * Every live-money decision on the account's own broker price (issue 24): at Zerodha (fake Kite),
 * Fyers, Upstox, Angel One and Dhan, each a local server speaking its quote API's wire format, a live
 * account's market entry is guarded (drift, age) by its broker's last price, never the simulated
 * feed's; with no price from its broker the account waits (nothing sent to the broker, the signal
 * approved with "waiting for a live price" naming the symbol and broker); a protection whose levels were edited
 * is not modified at the broker while no live price is known, and is once one comes back.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLegs, protections, signals, trades, warnings } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { LIVE_BROKER_WORLDS, liveInfySignal, type LiveFake } from './live-infy-signal';

const T0 = Date.parse('2026-01-05T04:00:00Z'); // 09:30 IST, a Monday
const at = (ms: number) => new Date(T0 + ms);

describe.each(LIVE_BROKER_WORLDS)('a live $label entry', (world) => {
  let fake: LiveFake;
  let t: TestApp;
  let clients = 0;

  beforeAll(async () => {
    const started = await world.start();
    fake = started.fake;
    t = await createTestApp({ env: started.env });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const live = () => {
    const clientId = `GUARD${++clients}`;
    return liveInfySignal(t, {
      broker: world.broker,
      clientId,
      accessKey: fake.newAccessToken(clientId),
      exchangeAlgoId: 'NSEALGO7',
    });
  };
  const tradesOf = (signalId: number) => t.deps.db.select().from(trades).where(eq(trades.signal_id, signalId));
  const skipsOf = (signalId: number, accountId: number) =>
    t.deps.db
      .select()
      .from(warnings)
      .where(like(warnings.warning_message, `Account ${accountId} skipped for signal ${signalId}: %`));

  it("is guarded by its broker's price, not the feed's far from it", async () => {
    fake.quotesDown(null);
    // The feed says 263 (5% from the entry level 250: a paper entry would be skipped); the broker says 250.
    fake.setLtp('INFY', 250);
    const entered = await live();
    entered.feed.track('INFY', null, 250);
    entered.feed.set('INFY', 263);
    await entered.engine.tick(at(0));
    expect(entered.feed.quote('INFY')).toMatchObject({ ltp: 263, timestamp: at(0) });
    expect(await tradesOf(entered.signal.signal_id)).toMatchObject([
      { broker: world.broker, trade_status: 'running', avg_entry_price: 250 },
    ]);

    // The feed says 250 (no drift); the broker says 257, 2.8% away: the account is skipped on the broker's price.
    fake.setLtp('INFY', 257);
    const drifted = await live();
    await drifted.engine.tick(at(2_000));
    expect(await tradesOf(drifted.signal.signal_id)).toEqual([]);
    const [skip] = await skipsOf(drifted.signal.signal_id, drifted.account.trabot_account_id);
    expect(skip!.warning_message).toContain('the price 257 is 2.8% from the entry level 250 (at most 1%)');
    expect(JSON.parse(skip!.warning_data!)).toMatchObject({ reason: 'price_drift' });
    fake.setLtp('INFY', 250);
  });

  it('with no price from its broker waits (nothing sent, never priced on the feed), and goes once its broker answers', async () => {
    fake.setLtp('INFY', 250);
    fake.quotesDown({ status: 503 });
    const { account, signal, engine } = await live();
    await engine.tick(at(0));
    expect(await tradesOf(signal.signal_id)).toEqual([]);
    expect(
      await t.deps.db.select().from(orderLegs).where(eq(orderLegs.trabot_account_id, account.trabot_account_id)),
    ).toEqual([]);
    expect(await skipsOf(signal.signal_id, account.trabot_account_id)).toEqual([]);
    expect((await t.deps.db.select().from(signals).where(eq(signals.signal_id, signal.signal_id)))[0]).toMatchObject({
      trade_status: 'approved',
      status_note: `waiting for a live price: none for INFY from ${world.label} (none yet)`,
    });
    // Its broker's market data back: entered on its price, the signal runs.
    fake.quotesDown(null);
    await engine.tick(at(5_000));
    expect(await tradesOf(signal.signal_id)).toMatchObject([{ broker: world.broker, avg_entry_price: 250 }]);
    expect((await t.deps.db.select().from(signals).where(eq(signals.signal_id, signal.signal_id)))[0]).toMatchObject({
      trade_status: 'running',
      status_note: null,
    });
  });

  it('a protection waits for a live price before it is modified at the broker', async () => {
    fake.quotesDown(null);
    fake.setLtp('INFY', 250);
    const { signal, engine, feed } = await live();
    await engine.tick(at(0));
    const [trade] = await tradesOf(signal.signal_id);
    const protectionOf = async () =>
      (await t.deps.db.select().from(protections).where(eq(protections.trabot_trade_id, trade!.trabot_trade_id)))[0]!;
    expect(await protectionOf()).toMatchObject({ state: 'active', stop: 245, target: 262.5 });

    // The broker's market data stops and the last price ages past LIVE_PRICE_MAX_AGE_MS; the levels are edited.
    fake.quotesDown({ status: 503 });
    feed.set('INFY', 249);
    await engine.tick(at(36_000));
    await t.deps.db
      .update(signals)
      .set({ stop_loss_level: 247 })
      .where(and(eq(signals.signal_id, signal.signal_id)));
    await engine.tick(at(41_000));
    await engine.tick(at(46_000));
    expect(await protectionOf()).toMatchObject({ state: 'active', stop: 245 });

    // A price again: modified at the broker to the edited stop.
    fake.quotesDown(null);
    await engine.tick(at(51_000));
    expect(await protectionOf()).toMatchObject({ state: 'active', stop: 247, target: 262.5 });
  });
});
