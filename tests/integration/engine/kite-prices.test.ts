/**
 * The engine on Kite's prices: with Zerodha configured and a member's session of the
 * day stored, the server's feed streams the followed instruments from Kite's ticker (a local
 * server speaking its websocket format); the last price lands on the signal with the exchange's
 * time of the tick, Tokens names the feed in use, and a market entry waits while the last tick is
 * older than ENGINE_MAX_QUOTE_AGE_SECONDS by the exchange's clock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accounts, signals, trades } from '@server/db/schema';
import { PaperBroker } from '@server/engine/paper-broker';
import { Engine } from '@server/engine/engine';
import { priceFeed } from '@server/engine/feed/select-feed';
import { getToken } from '@server/records/tokens';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createSignal } from '../../factories/signals';
import { createSubscription } from '../../factories/subscriptions';
import { startFakeKite, type FakeKite } from '../../support/fake-kite';
import { waitFor } from '../../support/wait-for';
import { createTestApp, type TestApp } from '../helpers/test-app';

let kite: FakeKite;
let t: TestApp;
const T0 = Date.parse('2026-01-05T04:00:00Z');

beforeAll(async () => {
  kite = await startFakeKite();
  kite.setLtp('INFY', 250);
  t = await createTestApp({
    env: {
      KITE_API_KEY: kite.apiKey,
      KITE_API_SECRET: kite.apiSecret,
      KITE_API_ROOT: kite.root,
      KITE_TICKER_ROOT: kite.tickerRoot,
    },
  });
});
afterAll(async () => {
  await t.close();
  await kite.close();
});

it("streams Kite's prices with a session of the day: the tick's time on the signal, Tokens naming the feed, stale ticks holding entries", async () => {
  const feed = priceFeed(t.deps, 1);
  const engine = new Engine(t.deps, { feed, paper: new PaperBroker({ prices: feed, now: () => new Date(T0) }) });
  try {
    const algo = await createAlgo(t.deps, { algo_switch: true });
    const signal = await createSignal(t.deps, algo.algo_id, {
      instrument_symbol: 'INFY',
      entry_level: 250,
      stop_loss_level: 245,
      target_level: 262.5,
      trade_gen_ts: null,
      trade_status: 'pending',
    });

    // No session yet: simulated prices.
    await engine.tick(new Date(T0));
    expect((await getToken(t.deps, 'feed.source'))?.value).toMatch(/^simulated/);

    const member = await createMember(t.deps);
    const account = await createAccount(t.deps, member.trabot_client_id, {
      broker_name: 'zerodha',
      broker_access_key: kite.newAccessToken(),
      access_key_valid: true,
    });
    await t.deps.db
      .update(accounts)
      .set({ broker_session_expires_at: new Date(T0 + 3_600_000), broker_session_checked_at: new Date(T0) })
      .where(eq(accounts.trabot_account_id, account.trabot_account_id));
    await engine.tick(new Date(T0 + 30_000));
    expect((await getToken(t.deps, 'feed.source'))?.value).toBe('zerodha ticker');
    await waitFor(() =>
      kite.tickerConnections().some((c) => c.subscribed.get(kite.instrumentToken('INFY')) === 'full'),
    );

    kite.setLtp('INFY', 251.5, new Date(T0 + 32_000));
    await waitFor(() => feed.quote('INFY')?.ltp === 251.5);
    await engine.tick(new Date(T0 + 33_000));
    const [priced] = await t.deps.db.select().from(signals).where(eq(signals.signal_id, signal.signal_id));
    expect(priced).toMatchObject({ ltp: 251.5, ltp_timestamp: new Date(T0 + 32_000) });
    expect((await getToken(t.deps, 'feed.zerodha.last_tick'))?.value).toBe(new Date(T0 + 32_000).toISOString());

    // Approved with the last tick 20 s old by the exchange's clock (the limit is 10 s): the entry waits.
    await createSubscription(t.deps, algo.algo_id, account.trabot_account_id);
    await t.deps.db.update(signals).set({ trade_status: 'approved' }).where(eq(signals.signal_id, signal.signal_id));
    await engine.tick(new Date(T0 + 52_000));
    expect((await t.deps.db.select().from(signals).where(eq(signals.signal_id, signal.signal_id)))[0]).toMatchObject({
      trade_status: 'approved',
      status_note: 'waiting for a fresh price',
    });
    expect(await t.deps.db.select().from(trades).where(eq(trades.signal_id, signal.signal_id))).toEqual([]);

    // A fresh tick: the entry goes (on paper: the account is not live).
    kite.setLtp('INFY', 250.5, new Date(T0 + 54_000));
    await waitFor(() => feed.quote('INFY')?.ltp === 250.5);
    await engine.tick(new Date(T0 + 55_000));
    expect((await t.deps.db.select().from(trades).where(eq(trades.signal_id, signal.signal_id)))[0]).toMatchObject({
      trade_status: 'running',
      broker: 'paper',
      avg_entry_price: 250.5,
    });
  } finally {
    feed.close?.();
  }
});
