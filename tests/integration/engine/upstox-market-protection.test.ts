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
import { UPSTOX_BAD_MARKET_PROTECTION, type FakeUpstox } from '../../support/fake-upstox';
import { REST_BROKER_WORLDS } from '../../support/rest-broker-worlds';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { liveInfySignal } from './live-infy-signal';

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
    const { account, signal, engine } = await liveInfySignal(t, {
      broker: 'upstock',
      clientId: 'MP0001',
      accessKey: upstox.newAccessToken('MP0001'),
      exchangeAlgoId: 'NSE123456',
    });

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
