/**
 * Upstox's market protection (docs/decisions/2026-11-27-market-protection-per-broker.md) against
 * the fake speaking its v3 place API: every market order carries `market_protection` (-1 by
 * default, MARKET_PROTECTION otherwise), a limit order none, the answer's `order_ids` name the
 * order followed, an algo's order names the algo in `X-Algo-Name`, and a protection Upstox refuses
 * comes back as a rejected order with Upstox's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrokerError, type BrokerCredentials } from '@server/brokers/adapter';
import { UpstoxAdapter } from '@server/brokers/upstox/upstox-adapter';
import { startFakeUpstox, UPSTOX_BAD_MARKET_PROTECTION, type FakeUpstox } from '../../support/fake-upstox';
import { orderRequest } from './support/shared-contract';

let upstox: FakeUpstox;
const NOW = new Date('2026-04-06T04:00:00Z'); // 09:30 IST, a Monday
const adapterWith = (marketProtection?: number) =>
  new UpstoxAdapter({
    apiKey: upstox.apiKey,
    apiSecret: upstox.apiSecret,
    redirectUrl: 'http://127.0.0.1:4999/api/brokers/upstock/callback',
    root: upstox.root,
    instrumentsUrl: upstox.instrumentsUrl,
    timeoutMs: 2_000,
    now: () => NOW,
    ...(marketProtection === undefined ? {} : { marketProtection }),
  });
const member = (user: string): BrokerCredentials => ({ clientId: user, accessKey: upstox.newAccessToken(user) });
const placements = () => upstox.requests.filter((r) => r.method === 'POST' && r.path === '/v3/order/place');

beforeAll(async () => {
  upstox = await startFakeUpstox();
  upstox.setLtp('INFY', 1500.1);
});
afterAll(() => upstox.close());

describe('market protection', () => {
  it('a market order carries market_protection -1 by default, the configured percent otherwise, and fills', async () => {
    const auto = await adapterWith().placeOrder(member('7UP001'), orderRequest());
    expect(auto.state).toBe('filled');
    expect(placements().at(-1)!.body).toMatchObject({ order_type: 'MARKET', market_protection: -1 });
    upstox.setHoldings('7UP002', 'INFY', 10); // a delivery sell needs the shares in the demat account
    const banded = await adapterWith(5).placeOrder(member('7UP002'), orderRequest({ side: 'sell' }));
    expect(banded.state).toBe('filled');
    expect(placements().at(-1)!.body).toMatchObject({ order_type: 'MARKET', market_protection: 5 });
    // A limit order needs none (Upstox ignores it there).
    const limit = await adapterWith().placeOrder(
      member('7UP003'),
      orderRequest({ orderType: 'limit', limitPrice: 1490 }),
    );
    expect(limit.state).toBe('open');
    expect(placements().at(-1)!.body).toMatchObject({ order_type: 'LIMIT', price: 1490 });
    expect(placements().at(-1)!.body).not.toHaveProperty('market_protection');
  });

  it("the order followed is the one the v3 answer's order_ids name", async () => {
    const credentials = member('7UP004');
    const before = upstox.requests.length;
    const order = await adapterWith().placeOrder(credentials, orderRequest({ orderType: 'limit', limitPrice: 1400 }));
    const made = upstox.exchange.orders.at(-1)!;
    expect(order).toMatchObject({ orderId: made.id, state: 'open', clientOrderId: made.tag });
    // The details read right after the place asked for exactly that id.
    const read = upstox.requests.slice(before).find((r) => r.path === '/v2/order/details')!;
    expect(read.query).toEqual({ order_id: made.id });
    await adapterWith().cancelOrder(credentials, order.orderId);
  });

  it('a market order left open keeps its protection when modified', async () => {
    const credentials = member('7UP005');
    upstox.fillNextPartly(4);
    const market = await adapterWith(5).placeOrder(credentials, orderRequest());
    expect(market).toMatchObject({ state: 'open', filledQuantity: 4 });
    await adapterWith(5).modifyOrder(credentials, market.orderId, { quantity: 8 });
    const modify = upstox.requests.filter((r) => r.method === 'PUT' && r.path === '/v2/order/modify').at(-1)!;
    expect(modify.body).toMatchObject({ order_id: market.orderId, order_type: 'MARKET', market_protection: 5 });
    await adapterWith().cancelOrder(credentials, market.orderId);
  });

  it("a protection Upstox refuses (above 25) is a rejected order with Upstox's words; nothing reaches the exchange", async () => {
    const orders = upstox.exchange.orders.length;
    const refused = await adapterWith(30).placeOrder(member('7UP006'), orderRequest());
    expect(refused).toMatchObject({ state: 'rejected', filledQuantity: 0, rejectReason: UPSTOX_BAD_MARKET_PROTECTION });
    expect(upstox.exchange.orders.length).toBe(orders);
    expect(upstox.refusals.at(-1)).toMatchObject({ reason: 'market_protection', path: '/v3/order/place' });
  });
  it('an answer without an order id is thrown, never taken as a rejection (the engine looks the order up by its tag)', async () => {
    const adapter = adapterWith();
    await adapter.instrumentKeys(); // read before the answer below is injected
    upstox.failNext({ status: 200, body: { status: 'success', data: { order_ids: [] }, metadata: { latency: 3 } } });
    const error = await adapter.placeOrder(member('7UP007'), orderRequest()).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(BrokerError);
    expect((error as Error).message).toMatch(/without an order id/);
  });
});

describe('the exchange Algo ID', () => {
  it("an algo's order names the algo in X-Algo-Name (the app's Algo Name, set to the exchange Algo ID); a manual one none", async () => {
    await adapterWith().placeOrder(member('7UP010'), orderRequest({ exchangeAlgoId: 'NSEALGO42' }));
    expect(placements().at(-1)!.headers['x-algo-name']).toBe('NSEALGO42');
    await adapterWith().placeOrder(member('7UP011'), orderRequest());
    expect(placements().at(-1)!.headers['x-algo-name']).toBeUndefined();
  });

  it('with the Algo Name configured on the app, its modify and cancel carry it too; Upstox refuses one without it or with another', async () => {
    upstox.registerAlgoNames(['NSEALGO42']);
    try {
      const credentials = member('7UP012');
      const adapter = adapterWith();
      const resting = await adapter.placeOrder(
        credentials,
        orderRequest({ orderType: 'limit', limitPrice: 1400, exchangeAlgoId: 'NSEALGO42' }),
      );
      expect(resting.state).toBe('open');
      const refusals = upstox.refusals.length;
      // Without the name (the adapter before 7 December 2026 sent none on modify and cancel): refused, the order as it was.
      await expect(adapter.modifyOrder(credentials, resting.orderId, { limitPrice: 1410 })).rejects.toThrow(
        /X-Algo-Name is required/,
      );
      await expect(adapter.cancelOrder(credentials, resting.orderId, 'OTHERALGO')).rejects.toThrow(
        /X-Algo-Name OTHERALGO is not an Algo Name configured/,
      );
      expect(upstox.refusals.slice(refusals).map((r) => [r.reason, r.path])).toEqual([
        ['algo_name', '/v2/order/modify'],
        ['algo_name', '/v2/order/cancel'],
      ]);
      expect(upstox.exchange.orders.find((o) => o.id === resting.orderId)).toMatchObject({
        price: 1400,
        status: 'open',
      });

      const modified = await adapter.modifyOrder(credentials, resting.orderId, { limitPrice: 1410 }, 'NSEALGO42');
      expect(modified).toMatchObject({ state: 'open', request: { limitPrice: 1410 } });
      const cancelled = await adapter.cancelOrder(credentials, resting.orderId, 'NSEALGO42');
      expect(cancelled.state).toBe('cancelled');
      const sent = upstox.requests.filter((r) => r.path === '/v2/order/modify' || r.path === '/v2/order/cancel');
      expect(sent.slice(-2).map((r) => [r.path, r.headers['x-algo-name']])).toEqual([
        ['/v2/order/modify', 'NSEALGO42'],
        ['/v2/order/cancel', 'NSEALGO42'],
      ]);
      // A place without it is refused too, before it becomes an order: a rejected order with Upstox's words.
      const orders = upstox.exchange.orders.length;
      const refused = await adapter.placeOrder(credentials, orderRequest());
      expect(refused).toMatchObject({
        state: 'rejected',
        rejectReason: expect.stringMatching(/X-Algo-Name is required/),
      });
      expect(upstox.exchange.orders.length).toBe(orders);
    } finally {
      upstox.registerAlgoNames([]);
    }
  });
});
