/**
 * Contract tests of the Fyers adapter against a local server speaking Fyers API v3's wire
 * format (tests/support/fake-fyers.ts), request by request: the auth-code login and its appIdHash,
 * the `app_id:token` header, the order body (symbol NSE:<symbol>-EQ, side, qty, product, type,
 * orderTag), fills, partial fills, rests, RMS rejections, error codes, timeouts, the per-user rate
 * limit, the order book by tag, funds, positions and quotes.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderRequest, sharedContract } from './support/shared-contract';
import type { BrokerCredentials } from '@server/brokers/adapter';
import { FyersAdapter } from '@server/brokers/fyers/fyers-adapter';
import { istWallClock } from '@shared/ist';
import { startFakeFyers, type FakeFyers } from '../../support/fake-fyers';

let fyers: FakeFyers;
let adapter: FyersAdapter;
let member: BrokerCredentials;
const NOW = new Date('2026-01-05T04:00:00Z'); // 09:30 IST, a Monday
const REDIRECT = 'http://127.0.0.1:4999/api/brokers/fyers/callback';

beforeAll(async () => {
  fyers = await startFakeFyers();
  fyers.setRedirectUrl(REDIRECT);
  adapter = new FyersAdapter({
    appId: fyers.appId,
    secret: fyers.secret,
    redirectUrl: REDIRECT,
    root: fyers.root,
    timeoutMs: 1_000,
    now: () => NOW,
  });
  member = { clientId: 'XA00001', accessKey: fyers.newAccessToken() };
  fyers.setLtp('INFY', 1500.05);
  fyers.setLtp('TCS', 4000);
});
afterAll(() => fyers.close());
afterEach(() => fyers.limitRate(Infinity));

const buy = orderRequest;
const lastRequest = () => fyers.requests.at(-1)!;

describe('the daily login', () => {
  it("sends the member to Fyers's login page with the app, its redirect URL and the state; exchanges the auth code with SHA-256(app_id:secret)", async () => {
    const login = new URL(adapter.loginUrl('state-123'));
    expect(Object.fromEntries(login.searchParams)).toEqual({
      client_id: fyers.appId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      state: 'state-123',
    });
    const back = await fyers.logIn(login.toString());
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('state-123');

    const session = await adapter.completeLogin(Object.fromEntries(back.searchParams));
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/api/v3/validate-authcode',
      body: {
        grant_type: 'authorization_code',
        code: back.searchParams.get('auth_code'),
        appIdHash: createHash('sha256').update(`${fyers.appId}:${fyers.secret}`).digest('hex'),
      },
    });
    expect(session.expiresAt).toEqual(new Date('2026-01-06T00:30:00Z'));
    expect(await adapter.validateAccessKey({ clientId: '', accessKey: session.token })).toBe(true);
    expect(lastRequest().headers.authorization).toBe(`${fyers.appId}:${session.token}`);

    // An auth code works once.
    await expect(adapter.completeLogin(Object.fromEntries(back.searchParams))).rejects.toThrow(/Invalid auth code/);
    await expect(adapter.completeLogin({ s: 'error', state: 'x' })).rejects.toThrow(/did not complete the login/);
  });

  it('a wrong or expired token is an invalid key (HTTP 401, code -16), and openSession says to log in again', async () => {
    expect(await adapter.validateAccessKey({ clientId: '', accessKey: 'nope' })).toBe(false);
    await expect(adapter.openSession({ clientId: '', accessKey: 'nope' })).rejects.toThrow(/connect Fyers again/);
  });
});

describe('orders', () => {
  it('a market buy goes out as Fyers documents it (NSE:INFY-EQ, side 1, type 2, CNC, DAY, the tag) and fills', async () => {
    const request = buy();
    const order = await adapter.placeOrder(member, request);
    expect(
      fyers.requests.find(
        (r) => r.method === 'POST' && r.path === '/api/v3/orders/sync' && r.body.orderTag === request.clientOrderId,
      )?.body,
    ).toEqual({
      symbol: 'NSE:INFY-EQ',
      qty: 10,
      type: 2,
      side: 1,
      productType: 'CNC',
      limitPrice: 0,
      stopPrice: 0,
      validity: 'DAY',
      disclosedQty: 0,
      offlineOrder: false,
      orderTag: request.clientOrderId,
    });
    expect(order).toMatchObject({
      clientOrderId: request.clientOrderId,
      state: 'filled',
      filledQuantity: 10,
      averagePrice: 1500.05,
      request: { symbol: 'INFY', side: 'buy', product: 'delivery', orderType: 'market' },
    });
  });

  it('intraday is INTRADAY; a limit sell rests pending; a stop-limit waits for its trigger, then fills when crossed', async () => {
    const limit = await adapter.placeOrder(
      member,
      buy({ side: 'sell', product: 'intraday', orderType: 'limit', limitPrice: 1510 }),
    );
    expect(limit).toMatchObject({
      state: 'open',
      request: { product: 'intraday', orderType: 'limit', limitPrice: 1510 },
    });
    expect(fyers.requests.filter((r) => r.method === 'POST').at(-1)!.body).toMatchObject({
      productType: 'INTRADAY',
      type: 1,
      side: -1,
      limitPrice: 1510,
    });
    const stop = await adapter.placeOrder(
      member,
      buy({ side: 'sell', orderType: 'trigger', limitPrice: 1480, triggerPrice: 1485 }),
    );
    expect(stop).toMatchObject({
      state: 'trigger_pending',
      request: { orderType: 'trigger', limitPrice: 1480, triggerPrice: 1485 },
    });
    fyers.setLtp('INFY', 1484);
    fyers.match();
    // Triggered at 1484, its limit 1480 below the market: it trades at the market's price, as the exchange matches it.
    expect(await adapter.orderStatus(member, stop.orderId)).toMatchObject({ state: 'filled', averagePrice: 1484 });
    fyers.setLtp('INFY', 1500.05);
    await adapter.cancelOrder(member, limit.orderId);
  });

  it("modifies a resting order's price (PATCH with the id and type)", async () => {
    const order = await adapter.placeOrder(member, buy({ orderType: 'limit', limitPrice: 1400 }));
    const moved = await adapter.modifyOrder(member, order.orderId, { limitPrice: 1450 });
    expect(fyers.requests.filter((r) => r.method === 'PATCH').at(-1)!.body).toEqual({
      id: order.orderId,
      type: 1,
      limitPrice: 1450,
    });
    expect(moved).toMatchObject({ state: 'open', request: { limitPrice: 1450 } });
    await adapter.cancelOrder(member, order.orderId);
  });

  it("the RMS's rejection (insufficient funds) and Fyers's input refusals come back as rejected orders with Fyers's words", async () => {
    fyers.setCash(1_000);
    try {
      const rejected = await adapter.placeOrder(member, buy({ quantity: 100 }));
      expect(rejected).toMatchObject({ state: 'rejected', filledQuantity: 0 });
      expect(rejected.rejectReason).toMatch(/Insufficient funds/);
      expect(rejected.orderId).not.toMatch(/^rejected-/); // a real order at Fyers, in its book
    } finally {
      fyers.setCash(10_000_000);
    }
    const unknown = await adapter.placeOrder(member, buy({ symbol: 'NOSUCH' }));
    expect(unknown).toMatchObject({ state: 'rejected', rejectReason: 'Invalid symbol' });
  });
});

describe('when Fyers cannot answer', () => {
  it("keeps within Fyers's 10 requests a second per user: 25 reads against a server that refuses the 11th get no 429", async () => {
    const own = { clientId: 'XR1', accessKey: fyers.newAccessToken('XR00001') };
    fyers.limitRate(10);
    const started = performance.now();
    await Promise.all(Array.from({ length: 25 }, () => adapter.funds(own)));
    expect(fyers.rateLimited).toBe(0);
    expect(performance.now() - started).toBeGreaterThan(2_000);
  });

  it('a 429 is thrown as unreachable (rate limited), never as a rejection', async () => {
    fyers.failNext({ status: 429, body: { s: 'error', code: 429, message: 'request limit reached' } });
    fyers.failNext({ status: 429, body: { s: 'error', code: 429, message: 'request limit reached' } });
    await expect(adapter.orderBook(member)).rejects.toThrow(/could not be reached: request limit reached/);
  });
});

describe('prices and times', () => {
  it('last prices from the quotes API, an unknown symbol left out', async () => {
    expect(await adapter.lastPrices(member, ['INFY', 'TCS', 'NOSUCH'])).toEqual(
      new Map([
        ['INFY', 1500.05],
        ['TCS', 4000],
      ]),
    );
    expect(lastRequest()).toMatchObject({
      path: '/data/quotes',
      query: { symbols: 'NSE:INFY-EQ,NSE:TCS-EQ,NSE:NOSUCH-EQ' },
    });
  });

  it("reads Fyers's order times as IST", () => {
    expect(istWallClock('05-Jan-2026 09:15:03', NOW)).toEqual(new Date('2026-01-05T03:45:03Z'));
    expect(istWallClock('garbage', NOW)).toBe(NOW);
  });
});

sharedContract(() => ({
  label: 'Fyers',
  adapter,
  member,
  newUser: (id) => ({ clientId: id, accessKey: fyers.newAccessToken(id) }),
  fake: fyers,
  isPlacement: (r) => r.method === 'POST' && r.path === '/api/v3/orders/sync',
  positionsPriced: true,
}));
