/**
 * Contract tests of the Upstox adapter: the official `upstox-js-sdk` against a local
 * server speaking Upstox's wire format (tests/support/fake-upstox.ts), request by request:
 * the authorization-code login, the Bearer header, the v3 order body (instrument key NSE_EQ|<ISIN>
 * from the instruments file, side, quantity, product D/I, order type, tag, market protection), the
 * v3 answer's order id, fills, partial fills, rests,
 * RMS rejections, error codes, timeouts, the per-user rate limit, the order book by tag, funds,
 * positions and quotes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderRequest, sharedContract } from './support/shared-contract';
import type { BrokerCredentials } from '@server/brokers/adapter';
import { istWallClock } from '@shared/ist';
import { UpstoxAdapter, upstoxSessionExpiry } from '@server/brokers/upstox/upstox-adapter';
import { startFakeUpstox, type FakeUpstox } from '../../support/fake-upstox';

let upstox: FakeUpstox;
let adapter: UpstoxAdapter;
let member: BrokerCredentials;
const NOW = new Date('2026-01-05T04:00:00Z'); // 09:30 IST, a Monday
const REDIRECT = 'http://127.0.0.1:4999/api/brokers/upstock/callback';

beforeAll(async () => {
  upstox = await startFakeUpstox();
  upstox.setRedirectUrl(REDIRECT);
  upstox.setLtp('INFY', 1500.05);
  upstox.setLtp('TCS', 4000);
  adapter = new UpstoxAdapter({
    apiKey: upstox.apiKey,
    apiSecret: upstox.apiSecret,
    redirectUrl: REDIRECT,
    root: upstox.root,
    instrumentsUrl: upstox.instrumentsUrl,
    timeoutMs: 1_000,
    now: () => NOW,
  });
  member = { clientId: '7AB123', accessKey: upstox.newAccessToken() };
});
afterAll(() => upstox.close());
afterEach(() => upstox.limitRate(Infinity));

const buy = orderRequest;
const lastRequest = () => upstox.requests.at(-1)!;
const placed = () => upstox.requests.filter((r) => r.method === 'POST' && r.path === '/v3/order/place').at(-1)!;

describe('the daily login', () => {
  it("sends the member to Upstox's authorization dialog with the app, its redirect URL and the state; exchanges the code", async () => {
    const login = new URL(adapter.loginUrl('state-9'));
    expect(login.pathname).toBe('/v2/login/authorization/dialog');
    expect(Object.fromEntries(login.searchParams)).toEqual({
      response_type: 'code',
      client_id: upstox.apiKey,
      redirect_uri: REDIRECT,
      state: 'state-9',
    });
    const back = await upstox.logIn(login.toString());
    expect(back.searchParams.get('state')).toBe('state-9');

    const session = await adapter.completeLogin(Object.fromEntries(back.searchParams));
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/v2/login/authorization/token',
      body: {
        code: back.searchParams.get('code'),
        client_id: upstox.apiKey,
        client_secret: upstox.apiSecret,
        redirect_uri: REDIRECT,
        grant_type: 'authorization_code',
      },
    });
    expect(session.expiresAt).toEqual(new Date('2026-01-05T22:00:00Z')); // 03:30 IST the next morning
    expect(await adapter.validateAccessKey({ clientId: '', accessKey: session.token })).toBe(true);
    expect(lastRequest().headers.authorization).toBe(`Bearer ${session.token}`);
    await expect(adapter.completeLogin(Object.fromEntries(back.searchParams))).rejects.toThrow(/Invalid Auth code/);
    await expect(adapter.completeLogin({ error: 'access_denied' })).rejects.toThrow(/did not complete the login/);
  });

  it('a session ends at 03:30 IST: before it the same morning, after it the next', () => {
    expect(upstoxSessionExpiry(new Date('2026-01-05T21:00:00Z'))).toEqual(new Date('2026-01-05T22:00:00Z'));
    expect(upstoxSessionExpiry(new Date('2026-01-05T22:00:00Z'))).toEqual(new Date('2026-01-06T22:00:00Z'));
  });

  it('a wrong or expired token is an invalid key (401 UDAPI100050), and openSession says to log in again', async () => {
    expect(await adapter.validateAccessKey({ clientId: '', accessKey: 'nope' })).toBe(false);
    await expect(adapter.openSession({ clientId: '', accessKey: 'nope' })).rejects.toThrow(/connect Upstox again/);
  });
});

describe('orders', () => {
  it('a market buy goes out through the v3 place as Upstox documents it (the instrument key, BUY, D, MARKET, DAY, the tag, market protection -1, unsliced) and fills', async () => {
    const request = buy();
    const order = await adapter.placeOrder(member, request);
    expect(placed().body).toEqual({
      instrument_token: upstox.instrumentKey('INFY'),
      transaction_type: 'BUY',
      quantity: 10,
      product: 'D',
      order_type: 'MARKET',
      validity: 'DAY',
      price: 0,
      trigger_price: 0,
      disclosed_quantity: 0,
      is_amo: false,
      slice: false,
      tag: request.clientOrderId,
      market_protection: -1,
    });
    expect(placed().headers['x-algo-name']).toBeUndefined();
    expect(order).toMatchObject({
      clientOrderId: request.clientOrderId,
      state: 'filled',
      filledQuantity: 10,
      averagePrice: 1500.05,
      request: { symbol: 'INFY', side: 'buy', product: 'delivery', orderType: 'market' },
    });
  });

  it('intraday is I; a limit sell rests open; a stop-loss waits as trigger pending, then fills when crossed', async () => {
    const limit = await adapter.placeOrder(
      member,
      buy({ side: 'sell', product: 'intraday', orderType: 'limit', limitPrice: 1510 }),
    );
    expect(placed().body).toMatchObject({ product: 'I', order_type: 'LIMIT', transaction_type: 'SELL', price: 1510 });
    expect(limit).toMatchObject({ state: 'open', request: { product: 'intraday', limitPrice: 1510 } });
    const stop = await adapter.placeOrder(
      member,
      buy({ side: 'sell', orderType: 'trigger', limitPrice: 1480, triggerPrice: 1485 }),
    );
    expect(placed().body).toMatchObject({ order_type: 'SL', price: 1480, trigger_price: 1485 });
    expect(stop.state).toBe('trigger_pending');
    upstox.setLtp('INFY', 1484);
    upstox.match();
    // Triggered at 1484, its limit 1480 below the market: it trades at the market's price, as the exchange matches it.
    expect(await adapter.orderStatus(member, stop.orderId)).toMatchObject({ state: 'filled', averagePrice: 1484 });
    upstox.setLtp('INFY', 1500.05);
    expect(await adapter.cancelOrder(member, limit.orderId)).toMatchObject({ state: 'cancelled' });
  });

  it('a resting order is modified (its price), then cancelled', async () => {
    const resting = await adapter.placeOrder(member, buy({ orderType: 'limit', limitPrice: 1400 }));
    const moved = await adapter.modifyOrder(member, resting.orderId, { limitPrice: 1450 });
    expect(upstox.requests.filter((r) => r.method === 'PUT').at(-1)!.body).toEqual({
      order_id: resting.orderId,
      order_type: 'LIMIT',
      validity: 'DAY',
      quantity: 10,
      price: 1450,
      trigger_price: 0,
      disclosed_quantity: 0,
    });
    expect(moved).toMatchObject({ state: 'open', request: { limitPrice: 1450 } });
    await adapter.cancelOrder(member, resting.orderId);
  });

  it("the RMS's rejection and Upstox's input refusals come back as rejected orders with Upstox's words; an unlisted symbol never reaches Upstox", async () => {
    upstox.setCash(1_000);
    try {
      const rejected = await adapter.placeOrder(member, buy({ quantity: 100 }));
      expect(rejected).toMatchObject({ state: 'rejected', filledQuantity: 0 });
      expect(rejected.rejectReason).toMatch(/Insufficient funds/);
    } finally {
      upstox.setCash(10_000_000);
    }
    expect(await adapter.placeOrder(member, buy({ quantity: 0 }))).toMatchObject({
      state: 'rejected',
      rejectReason: 'Quantity must be a whole number above 0',
    });
    const before = upstox.requests.length;
    expect(await adapter.placeOrder(member, buy({ symbol: 'NOSUCH' }))).toMatchObject({
      state: 'rejected',
      rejectReason: 'Upstox lists no NSE equity NOSUCH',
    });
    expect(upstox.requests.length).toBe(before);
  });
});

describe('when Upstox cannot answer', () => {
  it('a 429 is thrown as unreachable (rate limited), never as a rejection', async () => {
    const limited = {
      status: 429,
      body: { status: 'error', errors: [{ errorCode: 'UDAPI10005', message: 'Too Many Request Sent' }] },
    };
    upstox.failNext(limited);
    upstox.failNext(limited);
    await expect(adapter.orderBook(member)).rejects.toThrow(/could not be reached: Too Many Request Sent/);
  });

  it("keeps within Upstox's 50 requests a second per user: 60 reads against a server that refuses the 51st get no 429", async () => {
    const own = { clientId: 'R1', accessKey: upstox.newAccessToken('7RR001') };
    upstox.limitRate(50);
    const started = performance.now();
    await Promise.all(Array.from({ length: 60 }, () => adapter.funds(own)));
    expect(upstox.rateLimited).toBe(0);
    expect(performance.now() - started).toBeGreaterThan(1_000);
  });
});

describe('prices and times', () => {
  it('last prices by instrument key, an unlisted symbol left out', async () => {
    expect(await adapter.lastPrices(member, ['INFY', 'TCS', 'NOSUCH'])).toEqual(
      new Map([
        ['INFY', 1500.05],
        ['TCS', 4000],
      ]),
    );
    expect(lastRequest()).toMatchObject({
      path: '/v2/market-quote/ltp',
      query: { symbol: `${upstox.instrumentKey('INFY')},${upstox.instrumentKey('TCS')}` },
    });
  });

  it("reads Upstox's order times as IST", () => {
    expect(istWallClock('2026-01-05 09:15:03', NOW)).toEqual(new Date('2026-01-05T03:45:03Z'));
    expect(istWallClock(undefined, NOW)).toBe(NOW);
  });
});

sharedContract(() => ({
  label: 'Upstox',
  adapter,
  member,
  newUser: (id) => ({ clientId: id, accessKey: upstox.newAccessToken(id) }),
  fake: upstox,
  isPlacement: (r) => r.path === '/v3/order/place',
  positionsPriced: true,
}));
