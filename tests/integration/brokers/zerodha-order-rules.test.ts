/**
 * Kite's order rules since 1 April 2026 (docs/decisions/2026-11-27-*.md) against the strict fake:
 * market protection on every market order, the exchange Algo ID, orders only from the registered
 * source address (bound locally or through the account's proxy), at most 10 order requests a
 * second per account, and the same orders without the new params refused as Kite refuses them.
 */
import { KiteConnect } from 'kiteconnect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerCredentials } from '@server/brokers/adapter';
import { orderRouteOf, refusedForIp } from '@server/brokers/order-route';
import { orderRouteGuard } from '@server/brokers/order-route-guard';
import { ZerodhaAdapter } from '@server/brokers/zerodha/zerodha-adapter';
import { startConnectProxy, type ConnectProxy } from '../../support/connect-proxy';
import { KITE_NO_MARKET_PROTECTION, startFakeKite, type FakeKite } from '../../support/fake-kite';
import { orderRequest } from './support/shared-contract';

let kite: FakeKite;
let proxy: ConnectProxy;
const NOW = new Date('2026-04-06T04:00:00Z'); // 09:30 IST, a Monday
const adapterWith = (marketProtection?: number) =>
  new ZerodhaAdapter({
    apiKey: kite.apiKey,
    apiSecret: kite.apiSecret,
    root: kite.root,
    timeoutMs: 2_000,
    now: () => NOW,
    ...(marketProtection === undefined ? {} : { marketProtection }),
  });
const member = (user: string, route: string | null): BrokerCredentials => ({
  clientId: user,
  accessKey: kite.newAccessToken(user),
  orderRoute: orderRouteOf(null, route, orderRouteGuard()),
});
const placements = () => kite.requests.filter((r) => r.method === 'POST' && r.path === '/orders/regular');

beforeAll(async () => {
  kite = await startFakeKite();
  kite.registerAddresses(['127.0.0.2', '127.0.0.4']);
  kite.setLtp('INFY', 1500.1);
  proxy = await startConnectProxy('127.0.0.4');
});
afterAll(async () => {
  await proxy.close();
  await kite.close();
});

describe('market protection', () => {
  it('a market order carries market_protection -1 by default, the configured percent otherwise, and fills', async () => {
    const auto = await adapterWith().placeOrder(member('ZA0001', '127.0.0.2'), orderRequest());
    expect(auto.state).toBe('filled');
    expect(placements().at(-1)!.form.market_protection).toBe('-1');
    const banded = await adapterWith(2.5).placeOrder(member('ZA0002', '127.0.0.2'), orderRequest());
    expect(banded.state).toBe('filled');
    expect(placements().at(-1)!.form.market_protection).toBe('2.5');
    // A limit order needs none.
    await adapterWith().placeOrder(
      member('ZA0003', '127.0.0.2'),
      orderRequest({ orderType: 'limit', limitPrice: 1490 }),
    );
    expect(placements().at(-1)!.form.market_protection).toBeUndefined();
  });

  it("the same market order without it (the old code), or with 0, is refused with Kite's words", async () => {
    const old = new KiteConnect({ api_key: kite.apiKey, root: kite.root, access_token: kite.newAccessToken('ZA0004') });
    const params = {
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      transaction_type: 'BUY',
      quantity: 1,
      product: 'CNC',
      order_type: 'MARKET',
      validity: 'DAY',
    } as const;
    // From a registered address, so only the protection is wrong: bound through the adapter's route.
    const viaRegistered = adapterWith(0 as number);
    const zero = await viaRegistered.placeOrder(member('ZA0005', '127.0.0.2'), orderRequest());
    expect(zero).toMatchObject({ state: 'rejected', rejectReason: KITE_NO_MARKET_PROTECTION });
    kite.registerAddresses(['127.0.0.1', '127.0.0.2', '127.0.0.4']);
    try {
      await expect(old.placeOrder('regular', params)).rejects.toMatchObject({
        error_type: 'InputException',
        message: KITE_NO_MARKET_PROTECTION,
      });
    } finally {
      kite.registerAddresses(['127.0.0.2', '127.0.0.4']);
    }
  });
});

describe('the exchange Algo ID', () => {
  it("an algo's order carries it as algo_id; a manual one without none", async () => {
    await adapterWith().placeOrder(member('ZA0010', '127.0.0.2'), orderRequest({ exchangeAlgoId: 'NSEALGO42' }));
    expect(placements().at(-1)!.form.algo_id).toBe('NSEALGO42');
    await adapterWith().placeOrder(member('ZA0011', '127.0.0.2'), orderRequest());
    expect(placements().at(-1)!.form.algo_id).toBeUndefined();
  });
});

describe('the registered source address', () => {
  it('orders leave from BROKER_SOURCE_ADDRESS (127.0.0.2) and are taken; reads may come from anywhere', async () => {
    const credentials = member('ZA0020', '127.0.0.2');
    const order = await adapterWith().placeOrder(credentials, orderRequest({ orderType: 'limit', limitPrice: 1400 }));
    expect(order.state).toBe('open');
    expect(placements().at(-1)!.remoteAddress).toBe('127.0.0.2');
    const cancelled = await adapterWith().cancelOrder(credentials, order.orderId);
    expect(cancelled.state).toBe('cancelled');
    const cancel = kite.requests.filter((r) => r.method === 'DELETE').at(-1)!;
    expect(cancel.remoteAddress).toBe('127.0.0.2');
    // The order history read after it left from the system's address, and Kite answered it.
    expect(kite.requests.at(-1)).toMatchObject({ method: 'GET', remoteAddress: '127.0.0.1' });
  });

  it('an order from an unregistered address (127.0.0.3, or none set) is refused for its IP, not as an ordinary rejection', async () => {
    for (const route of ['127.0.0.3', null]) {
      const refused = await adapterWith().placeOrder(member('ZA0021', route), orderRequest());
      expect(refused.state).toBe('rejected');
      expect(refused.rejectReason).toMatch(/unregistered IP address 127\.0\.0\.[13]/);
      expect(refusedForIp(refused.rejectReason)).toBe(true);
    }
    expect(kite.refusals.filter((r) => r.reason === 'ip').map((r) => r.remoteAddress)).toEqual(
      expect.arrayContaining(['127.0.0.3', '127.0.0.1']),
    );
  });

  it("an account's own proxy: the order tunnels through it and reaches Kite from the proxy's address", async () => {
    const credentials: BrokerCredentials = {
      clientId: 'ZA0022',
      accessKey: kite.newAccessToken('ZA0022'),
      // The local proxy is on loopback: allowed by name, as ORDER_ROUTE_ALLOWED_ADDRESSES would.
      orderRoute: orderRouteOf(proxy.url, '127.0.0.3', orderRouteGuard(['127.0.0.1'])),
    };
    const order = await adapterWith().placeOrder(credentials, orderRequest());
    expect(order.state).toBe('filled');
    expect(placements().at(-1)!.remoteAddress).toBe('127.0.0.4');
    expect(proxy.tunnels).toContain(new URL(kite.root).host);
  });
});

describe('orders per second', () => {
  it('15 orders for one account at once: all placed, none answered 429, the last after the first second', async () => {
    const adapter = adapterWith();
    const credentials = member('ZA0030', '127.0.0.2');
    const before = kite.rateLimited;
    const started = performance.now();
    const orders = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        adapter.placeOrder(credentials, orderRequest({ clientOrderId: `TBR${i}L1` })),
      ),
    );
    expect(orders.map((o) => o.state)).toEqual(Array(15).fill('filled'));
    expect(kite.rateLimited).toBe(before);
    expect(performance.now() - started).toBeGreaterThan(1_000);
  });

  it('accounts are counted apart: 10 orders each for 3 accounts go out within the same second', async () => {
    const adapter = adapterWith();
    const accounts = ['ZA0041', 'ZA0042', 'ZA0043'].map((u) => member(u, '127.0.0.2'));
    const before = kite.rateLimited;
    const started = performance.now();
    await Promise.all(
      accounts.flatMap((credentials, a) =>
        Array.from({ length: 10 }, (_, i) =>
          adapter.placeOrder(
            credentials,
            orderRequest({ orderType: 'limit', limitPrice: 1400, clientOrderId: `TBP${a}x${i}` }),
          ),
        ),
      ),
    );
    const sent = placements().filter((r) => r.at >= started);
    expect(sent).toHaveLength(30);
    expect(Math.max(...sent.map((r) => r.at)) - started).toBeLessThan(1_000);
    expect(kite.rateLimited).toBe(before);
  });

  it('an 11th order request in a second from the old code (no limiter) is answered 429 by the fake', async () => {
    kite.registerAddresses(['127.0.0.1', '127.0.0.2', '127.0.0.4']);
    try {
      const old = new KiteConnect({
        api_key: kite.apiKey,
        root: kite.root,
        access_token: kite.newAccessToken('ZA0050'),
      });
      const results = await Promise.allSettled(
        Array.from({ length: 11 }, () =>
          old.placeOrder('regular', {
            exchange: 'NSE',
            tradingsymbol: 'INFY',
            transaction_type: 'BUY',
            quantity: 1,
            product: 'CNC',
            order_type: 'LIMIT',
            price: 1400,
            validity: 'DAY',
          }),
        ),
      );
      const refused = results.filter((r) => r.status === 'rejected');
      expect(refused).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ error_type: 'NetworkException' });
    } finally {
      kite.registerAddresses(['127.0.0.2', '127.0.0.4']);
    }
  });
});
