/**
 * Live money decided only on live prices (issue 24): at each broker (Zerodha, Fyers, Upstox, Angel
 * One, Dhan, each a local server speaking its quote API's wire format) a live trade is priced from
 * its own broker through its account's session, never from the simulated feed; when the broker's
 * market data stops, the price goes stale after LIVE_PRICE_MAX_AGE_MS: its MTM becomes unknown,
 * no exit is decided at a level on the (simulated) price, one warning names the account and symbol,
 * and the API says so (ltp_stale, ltp_at) until a fresh price comes back.
 */
import zlib from 'node:zlib';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLegs, trades, warnings } from '@server/db/schema';
import type { Trade } from '@shared/schemas/trades';
import { createUser } from '../../factories/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { LIVE_BROKER_WORLDS, liveInfySignal, type LiveFake } from './live-infy-signal';

const T0 = Date.parse('2026-01-05T04:00:00Z');
const at = (ms: number) => new Date(T0 + ms);

describe.each(LIVE_BROKER_WORLDS)('a live $label trade', (world) => {
  let fake: LiveFake;
  let t: TestApp;

  beforeAll(async () => {
    const started = await world.start();
    fake = started.fake;
    fake.setLtp('INFY', 250);
    t = await createTestApp({ env: started.env });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const tradeRow = async (id: number) =>
    (await t.deps.db.select().from(trades).where(eq(trades.trabot_trade_id, id)))[0]!;

  it('is priced by its broker, never the feed; stale: no exit, MTM unknown, warned once, said by the API', async () => {
    const { account, signal, feed, engine } = await liveInfySignal(t, {
      broker: world.broker,
      clientId: 'LIVE001',
      accessKey: fake.newAccessToken('LIVE001'),
      exchangeAlgoId: 'NSEALGO7',
    });
    const user = await createUser(t.deps, { memberId: account.trabot_client_id, accountId: account.trabot_account_id });
    const client = t.client();
    expect((await client.login(user.email, user.password)).status).toBe(200);

    await engine.tick(at(0));
    const [entered] = await t.deps.db.select().from(trades).where(eq(trades.signal_id, signal.signal_id));
    expect(entered).toMatchObject({ broker: world.broker, trade_status: 'running', avg_entry_price: 250 });
    const id = entered!.trabot_trade_id;

    // The broker says 255; the simulated feed says the target (263): the trade is priced at 255 and runs on.
    fake.setLtp('INFY', 255);
    feed.set('INFY', 263);
    await engine.tick(at(5_000));
    expect(await tradeRow(id)).toMatchObject({
      trade_status: 'running',
      ltp: 255,
      current_mtm: 1600,
      ltp_stale: false,
      ltp_at: at(5_000),
    });
    const exitLegs = async () =>
      (await t.deps.db.select().from(orderLegs).where(eq(orderLegs.trabot_trade_id, id))).filter(
        (l) => l.side === 'exit',
      );
    expect(await exitLegs()).toEqual([]);

    // The broker's market data stops; the feed falls through the stop (245).
    fake.quotesDown({ status: 503 });
    feed.set('INFY', 240);
    await engine.tick(at(10_000));
    expect(await tradeRow(id)).toMatchObject({ ltp_stale: false, current_mtm: 1600 });
    await engine.tick(at(36_000));
    expect(await tradeRow(id)).toMatchObject({
      trade_status: 'running',
      ltp: 255,
      current_mtm: null,
      ltp_stale: true,
      ltp_at: at(5_000),
      remaining_quantity: 320,
    });
    await engine.tick(at(41_000));
    expect(await exitLegs()).toEqual([]);
    const raised = await t.deps.db
      .select()
      .from(warnings)
      .where(like(warnings.warning_message, `No live price for INFY on account ${account.trabot_account_id} %`));
    expect(raised).toHaveLength(1);
    expect(raised[0]!.warning_message).toContain(`(trade ${id}, ${world.label})`);
    expect(JSON.parse(raised[0]!.warning_data!)).toMatchObject({
      trabot_account_id: account.trabot_account_id,
      trabot_trade_id: id,
      symbol: 'INFY',
      reason: 'no_live_price',
    });

    const res = await client.request('/api/account-trades?status=active', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    const listed = JSON.parse(
      (res.headers.get('content-encoding') === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8'),
    ) as Trade[];
    expect(listed.find((tr) => tr.trabot_trade_id === id)).toMatchObject({
      ltp_stale: true,
      ltp_at: at(5_000).toISOString(),
      current_mtm: null,
    });

    // Its market data back: priced again, MTM known, and a later outage would be warned anew.
    fake.quotesDown(null);
    fake.setLtp('INFY', 256);
    await engine.tick(at(46_000));
    expect(await tradeRow(id)).toMatchObject({ ltp: 256, current_mtm: 1920, ltp_stale: false, ltp_at: at(46_000) });
    expect(
      await t.deps.db
        .select()
        .from(warnings)
        .where(and(like(warnings.warning_message, 'No live price for INFY%'), eq(warnings.delete_ind, false))),
    ).toHaveLength(1);
  });
});
