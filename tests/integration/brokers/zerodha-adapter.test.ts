/**
 * Contract tests of the Zerodha adapter (first part): the official `kiteconnect` client
 * against a local server speaking Kite Connect v3's wire format (tests/support/fake-kite.ts),
 * request by request: the token exchange and its checksum, headers, the order form (symbol,
 * exchange NSE, side, quantity, product, order type, tag), fills, partial fills, rests, RMS
 * rejections, Kite's error types, timeouts, the rate limit and the order book by tag.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerCredentials } from '@server/brokers/adapter';
import { BrokerError } from '@server/brokers/adapter';
import { istInstant } from '@server/brokers/zerodha/kite-orders';
import { kiteChecksum, kiteSessionExpiry, ZerodhaAdapter } from '@server/brokers/zerodha/zerodha-adapter';
import { startFakeKite, type FakeKite } from '../../support/fake-kite';
import { KITE_NO_HOLDING, kiteNeedsAuthorisation } from '../../support/fake-kite-demat';
import { orderRequest } from './support/shared-contract';

let kite: FakeKite;
let adapter: ZerodhaAdapter;
let member: BrokerCredentials;
const NOW = new Date('2026-01-05T04:00:00Z'); // 09:30 IST, a Monday

beforeAll(async () => {
  kite = await startFakeKite();
  adapter = new ZerodhaAdapter({
    apiKey: kite.apiKey,
    apiSecret: kite.apiSecret,
    root: kite.root,
    timeoutMs: 1_000,
    now: () => NOW,
  });
  member = { clientId: 'ZX4821', accessKey: kite.newAccessToken() };
  kite.setLtp('INFY', 1500.05);
  kite.setLtp('TCS', 4000);
});
afterAll(() => kite.close());
afterEach(() => kite.limitRate(Infinity));

const buy = orderRequest;

describe('the daily login', () => {
  it("exchanges the redirect's request token with SHA-256(api_key + request_token + api_secret); the token ends at 06:00 IST next morning", async () => {
    const requestToken = kite.newRequestToken();
    const session = await adapter.exchangeRequestToken(requestToken);
    const sent = kite.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/session/token' });
    expect(sent.form).toEqual({
      api_key: kite.apiKey,
      request_token: requestToken,
      checksum: kiteChecksum(kite.apiKey, requestToken, kite.apiSecret),
    });
    expect(sent.headers['x-kite-version']).toBe('3');
    expect(session).toMatchObject({ userId: 'ZX4821', expiresAt: new Date('2026-01-06T00:30:00Z') });
    expect(await adapter.validateAccessKey({ clientId: 'ZX4821', accessKey: session.token })).toBe(true);
    // A request token works once.
    await expect(adapter.exchangeRequestToken(requestToken)).rejects.toThrow(
      'Zerodha session expired or invalid: Token is invalid or has expired.',
    );
  });

  it('expiry: before 06:00 IST the same morning, after it the next', () => {
    expect(kiteSessionExpiry(new Date('2026-01-05T00:00:00Z'))).toEqual(new Date('2026-01-05T00:30:00Z')); // 05:30 IST
    expect(kiteSessionExpiry(new Date('2026-01-05T00:30:00Z'))).toEqual(new Date('2026-01-06T00:30:00Z'));
    expect(kiteSessionExpiry(new Date('2026-01-05T18:00:00Z'))).toEqual(new Date('2026-01-06T00:30:00Z')); // 23:30 IST
  });

  it('a wrong or expired access token is an invalid key, and openSession says to log in again', async () => {
    expect(await adapter.validateAccessKey({ clientId: 'ZX4821', accessKey: 'not-a-token' })).toBe(false);
    expect(await adapter.validateAccessKey({ clientId: 'ZX4821', accessKey: '' })).toBe(false);
    await expect(adapter.openSession({ clientId: 'ZX4821', accessKey: 'not-a-token' })).rejects.toThrow(BrokerError);
    const session = await adapter.openSession(member);
    expect(session).toEqual({ token: member.accessKey, expiresAt: new Date('2026-01-06T00:30:00Z') });
    const sent = kite.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`token ${kite.apiKey}:${member.accessKey}`);
  });
});

describe('orders', () => {
  it('a market buy goes out as Kite documents it (NSE, BUY, CNC, MARKET, DAY, the tag) and fills', async () => {
    const request = buy();
    const order = await adapter.placeOrder(member, request);
    const placed = kite.requests.find(
      (r) => r.method === 'POST' && r.path === '/orders/regular' && r.form.tag === request.clientOrderId,
    )!;
    expect(placed.form).toEqual({
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      transaction_type: 'BUY',
      quantity: '10',
      product: 'CNC',
      order_type: 'MARKET',
      validity: 'DAY',
      tag: request.clientOrderId,
      variety: 'regular',
      market_protection: '-1',
    });
    expect(order).toMatchObject({
      clientOrderId: request.clientOrderId,
      state: 'filled',
      filledQuantity: 10,
      averagePrice: 1500.05,
      rejectReason: null,
    });
    expect(order.exchangeOrderId).toMatch(/^\d+$/);
  });

  it('intraday is MIS; a limit sell rests OPEN with its price; a stop-loss waits as TRIGGER PENDING, then fills when crossed', async () => {
    const limit = await adapter.placeOrder(
      member,
      buy({ side: 'sell', product: 'intraday', orderType: 'limit', limitPrice: 1510 }),
    );
    expect(kite.requests.at(-2)!.form).toMatchObject({
      transaction_type: 'SELL',
      product: 'MIS',
      order_type: 'LIMIT',
      price: '1510',
    });
    expect(limit).toMatchObject({
      state: 'open',
      filledQuantity: 0,
      averagePrice: null,
      request: { orderType: 'limit', limitPrice: 1510, product: 'intraday', side: 'sell' },
    });

    // A delivery (CNC) stop sells shares held from earlier days, on an account with DDPI.
    kite.demat.setHoldings('ZX4821', 'TCS', 10);
    kite.demat.setDdpi('ZX4821', true);
    const stop = await adapter.placeOrder(
      member,
      buy({ symbol: 'TCS', side: 'sell', orderType: 'trigger', limitPrice: 3940, triggerPrice: 3950 }),
    );
    expect(kite.requests.at(-2)!.form).toMatchObject({ order_type: 'SL', price: '3940', trigger_price: '3950' });
    expect(stop.state).toBe('trigger_pending');
    kite.setLtp('TCS', 3945);
    kite.match();
    expect(await adapter.orderStatus(member, stop.orderId)).toMatchObject({
      state: 'filled',
      filledQuantity: 10,
      averagePrice: 3945,
    });
    kite.setLtp('TCS', 4000);
  });

  it('a partial fill is reported as such, and the rest can be cancelled (partial quantity kept)', async () => {
    kite.fillNextPartly(4);
    const order = await adapter.placeOrder(member, buy({ quantity: 10 }));
    expect(order).toMatchObject({ state: 'open', filledQuantity: 4, averagePrice: 1500.05 });
    const cancelled = await adapter.cancelOrder(member, order.orderId);
    expect(cancelled).toMatchObject({ state: 'cancelled', filledQuantity: 4 });
    expect(kite.requests.some((r) => r.method === 'DELETE' && r.path === `/orders/regular/${order.orderId}`)).toBe(
      true,
    );
  });

  it("modifies a resting order's price", async () => {
    const order = await adapter.placeOrder(member, buy({ orderType: 'limit', limitPrice: 1400 }));
    const modified = await adapter.modifyOrder(member, order.orderId, { limitPrice: 1505 });
    expect(kite.requests.find((r) => r.method === 'PUT')!.form).toMatchObject({ order_type: 'LIMIT', price: '1505' });
    expect(modified).toMatchObject({ state: 'filled', averagePrice: 1505 });
  });

  it("the RMS's rejection (insufficient funds) and Kite's input refusals come back as rejected orders with Kite's words", async () => {
    kite.setCash(1_000);
    const poor = await adapter.placeOrder(member, buy({ quantity: 100 }));
    expect(poor).toMatchObject({ state: 'rejected', filledQuantity: 0 });
    expect(poor.rejectReason).toMatch(/^Insufficient funds\. Required margin is 150005\.00/);
    kite.setCash(10_000_000);

    const unknown = await adapter.placeOrder(member, buy({ symbol: 'NOSUCHCO' }));
    expect(unknown).toMatchObject({ state: 'rejected', rejectReason: 'Invalid `tradingsymbol`.' });
    const badTag = await adapter.placeOrder(member, buy({ clientOrderId: 'TB-1-L-1' }));
    expect(badTag.rejectReason).toBe('Invalid `tag`. Tag can be alphanumeric and max 20 characters.');
  });

  it("a CNC sell beyond the holdings, or beyond the day's TPIN authorisation, is a rejected order with Kite's words (HoldingException), not Kite out of reach", async () => {
    const seller = { clientId: 'ZH0001', accessKey: kite.newAccessToken('ZH0001') };
    const unheld = await adapter.placeOrder(seller, buy({ side: 'sell', quantity: 5 }));
    expect(unheld).toMatchObject({ state: 'rejected', filledQuantity: 0, rejectReason: KITE_NO_HOLDING });
    kite.demat.setHoldings('ZH0001', 'INFY', 20);
    const unauthorised = await adapter.placeOrder(seller, buy({ side: 'sell', quantity: 5 }));
    expect(unauthorised).toMatchObject({ state: 'rejected', rejectReason: kiteNeedsAuthorisation(5) });
    kite.demat.authorise('ZH0001', 'INFY', 20);
    expect(await adapter.placeOrder(seller, buy({ side: 'sell', quantity: 5 }))).toMatchObject({ state: 'filled' });
  });

  it('an expired session on an order is a BrokerError (reconnect), not a rejection of the order', async () => {
    const stale = { clientId: 'ZX4821', accessKey: 'expired-token' };
    await expect(adapter.orderBook(stale)).rejects.toThrow(
      new BrokerError('Zerodha session expired or invalid: Incorrect `api_key` or `access_token`.'),
    );
  });
});

describe('when Kite cannot answer', () => {
  it('a 5xx on placing is thrown as unreachable, never retried (no second order); the order book finds an order by its tag', async () => {
    const before = kite.orders.length;
    kite.failNext({
      status: 503,
      body: { status: 'error', message: 'Service unavailable', error_type: 'NetworkException' },
    });
    await expect(adapter.placeOrder(member, buy())).rejects.toThrow(
      'Zerodha could not be reached: Service unavailable',
    );
    expect(kite.orders.length).toBe(before);

    const request = buy();
    const placed = await adapter.placeOrder(member, request);
    const book = await adapter.orderBook(member);
    expect(book.find((o) => o.clientOrderId === request.clientOrderId)).toMatchObject({
      orderId: placed.orderId,
      state: 'filled',
    });
  });

  it('a read that times out is retried once; a second timeout is thrown as unreachable', async () => {
    const order = await adapter.placeOrder(member, buy());
    kite.failNext({ status: 200, delayMs: 1_500 });
    expect((await adapter.orderStatus(member, order.orderId)).state).toBe('filled');
    kite.failNext({ status: 200, delayMs: 1_500 });
    kite.failNext({ status: 200, delayMs: 1_500 });
    await expect(adapter.orderStatus(member, order.orderId)).rejects.toThrow(/^Zerodha could not be reached: /);
  });

  it("keeps within Kite's 10 requests a second: 30 reads against a server that refuses the 11th in a second get no 429", async () => {
    kite.limitRate(10);
    await new Promise((r) => setTimeout(r, 1_100));
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 30 }, () => adapter.funds(member)));
    expect(results.every((f) => f.available > 0)).toBe(true);
    // 30 calls at 10 in any second: over 2 s, never a refusal.
    expect(performance.now() - started).toBeGreaterThan(2_000);
  });
});

describe('funds and times', () => {
  it('reads the equity margins: opening balance, what is used, what is available', async () => {
    const funds = await adapter.funds(member);
    expect(funds.opening).toBe(10_000_000);
    expect(funds.available).toBeCloseTo(funds.opening - funds.used, 2);
  });

  it("positions: the member's net shares per symbol and product with their average and last price", async () => {
    const own = { clientId: 'ZP1', accessKey: kite.newAccessToken('ZP0001') };
    await adapter.placeOrder(own, buy({ quantity: 10 }));
    await adapter.placeOrder(own, buy({ side: 'sell', quantity: 4 }));
    await adapter.placeOrder(own, buy({ symbol: 'TCS', product: 'intraday', quantity: 2 }));
    expect(await adapter.positions(own)).toEqual([
      { exchange: 'NSE', symbol: 'INFY', product: 'delivery', quantity: 6, averagePrice: 1500.05, lastPrice: 1500.05 },
      { exchange: 'NSE', symbol: 'TCS', product: 'intraday', quantity: 2, averagePrice: 4000, lastPrice: 4000 },
    ]);
  });

  it("last prices from Kite's LTP quote (NSE:symbol), an unknown symbol left out", async () => {
    expect(await adapter.lastPrices(member, ['INFY', 'TCS', 'NOSUCH'])).toEqual(
      new Map([
        ['INFY', 1500.05],
        ['TCS', 4000],
      ]),
    );
    expect(kite.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/quote/ltp',
      form: { i: 'NSE:INFY,NSE:TCS,NSE:NOSUCH' },
    });
  });

  it("reads Kite's wall-clock times as IST, whatever the server's zone", () => {
    expect(istInstant('2026-01-05 09:15:03', NOW)).toEqual(new Date('2026-01-05T03:45:03Z'));
    expect(istInstant(null, NOW)).toBe(NOW);
  });
});
