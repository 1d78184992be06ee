/**
 * Upstox refusing an order for its market protection, end to end: with MARKET_PROTECTION at 30
 * (a value Kite takes, above Upstox's 0 to 25) an approved signal's live entry at Upstox is refused
 * by the fake's v3 place, the leg is rejected, the new trade cancelled, and the warning says
 * "Market protection refused", naming the broker, the trade, the account and Upstox's words; the
 * account is not marked "IP not registered".
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, orderLegs, trades, warnings } from '@server/db/schema';
import { PaperBroker } from '@server/engine/paper-broker';
import { Engine } from '@server/engine/engine';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createSignal } from '../../factories/signals';
import { createSubscription } from '../../factories/subscriptions';
import { UPSTOX_BAD_MARKET_PROTECTION, type FakeUpstox } from '../../support/fake-upstox';
import { REST_BROKER_WORLDS } from '../../support/rest-broker-worlds';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { ScriptedFeed } from './scripted-feed';

const T0 = Date.parse('2026-04-06T04:00:00Z'); // 09:30 IST, a Monday
let upstox: FakeUpstox;
let t: TestApp;

beforeAll(async () => {
  const world = REST_BROKER_WORLDS.find((w) => w.broker === 'upstock')!;
  const started = await world.start('http://localhost:3000/api/brokers/upstock/callback');
  upstox = started.fake as FakeUpstox;
  upstox.setLtp('INFY', 250);
  t = await createTestApp({ env: { LIVE_TRADING: '1', MARKET_PROTECTION: '30', ...started.env } });
});
afterAll(async () => {
  await t.close();
  await upstox.close();
});

describe('a live Upstox account with a market protection Upstox does not take', () => {
  it('the entry is refused: the leg rejected, the trade cancelled, and a "Market protection refused" warning naming broker, trade, account and reason', async () => {
    const member = await createMember(t.deps);
    const account = await createAccount(t.deps, member.trabot_client_id, {
      broker_name: 'upstock',
      broker_client_id: 'MP0001',
      trading_mode: 'live',
      broker_access_key: upstox.newAccessToken('MP0001'),
    });
    const algo = await createAlgo(t.deps, { algo_switch: true, exchange_algo_id: 'NSE123456' });
    await createSubscription(t.deps, algo.algo_id, account.trabot_account_id);
    const signal = await createSignal(t.deps, algo.algo_id, {
      instrument_symbol: 'INFY',
      entry_level: 250,
      stop_loss_level: 245,
      target_level: 262.5,
      portion_in_trade: 100,
      trade_gen_ts: null,
      trade_status: 'approved',
    });
    const feed = new ScriptedFeed();
    const engine = new Engine(t.deps, { feed, paper: new PaperBroker({ prices: feed, now: () => feed.lastTick }) });

    await engine.tick(new Date(T0));

    const placed = upstox.requests.filter((r) => r.method === 'POST' && r.path === '/v3/order/place');
    expect(placed.map((r) => r.body.market_protection)).toEqual([30]);
    expect(upstox.exchange.orders).toHaveLength(0);
    const [trade] = await t.deps.db.select().from(trades).where(eq(trades.signal_id, signal.signal_id));
    const [leg] = await t.deps.db.select().from(orderLegs).where(eq(orderLegs.trabot_trade_id, trade!.trabot_trade_id));
    expect(leg).toMatchObject({ state: 'rejected', filled_quantity: 0 });
    expect(trade).toMatchObject({ broker: 'upstock', trade_status: 'cancelled' });
    const messages = (await t.deps.db.select().from(warnings)).map((w) => w.warning_message);
    expect(messages).toContain(
      `Market protection refused: upstock refused the entry order of trade ${trade!.trabot_trade_id} for account ${account.trabot_account_id} (order rejected-${leg!.client_order_id}): ${UPSTOX_BAD_MARKET_PROTECTION}`,
    );
    const [marked] = await t.deps.db
      .select()
      .from(accounts)
      .where(eq(accounts.trabot_account_id, account.trabot_account_id));
    expect(marked!.order_ip_refusal).toBeNull();
  });
});
