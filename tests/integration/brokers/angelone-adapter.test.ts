/**
 * Contract tests of the Angel One adapter: SmartAPI's REST endpoints against a local
 * server speaking their wire format (tests/support/fake-angelone.ts), request by request: the
 * publisher login, the headers SmartAPI requires, the order body (tradingsymbol and symboltoken from
 * the scrip master, side, quantity, product DELIVERY/INTRADAY, order type and variety, ordertag),
 * fills, partial fills, rests, RMS rejections, error codes, timeouts, the per-API rate limits, the
 * order book by tag, funds, positions and quotes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderRequest, sharedContract } from './support/shared-contract';
import type { BrokerCredentials } from '@server/brokers/adapter';
import { AngelOneAdapter, angelSessionExpiry } from '@server/brokers/angelone/angelone-adapter';
import { startFakeAngelOne, type FakeAngelOne } from '../../support/fake-angelone';

let angel: FakeAngelOne;
let adapter: AngelOneAdapter;
let member: BrokerCredentials;
const NOW = new Date('2026-01-05T04:00:00Z'); // 09:30 IST, a Monday

beforeAll(async () => {
  angel = await startFakeAngelOne();
  angel.setRedirectUrl('http://127.0.0.1:4999/api/brokers/angelone/callback');
  angel.setLtp('INFY', 1500.05);
  angel.setLtp('TCS', 4000);
  adapter = new AngelOneAdapter({
    apiKey: angel.apiKey,
    root: angel.root,
    loginUrl: angel.loginUrl,
    scripMasterUrl: angel.scripMasterUrl,
    publicIp: '203.0.113.7',
    timeoutMs: 1_000,
    now: () => NOW,
  });
  member = { clientId: 'A123456', accessKey: angel.newAccessToken() };
});
afterAll(() => angel.close());
afterEach(() => angel.limitRate(Infinity));

const buy = orderRequest;
const lastRequest = () => angel.requests.at(-1)!;
const placed = () => angel.requests.filter((r) => r.path.endsWith('/placeOrder')).at(-1)!;

describe('the daily login', () => {
  it("sends the member to Angel's publisher login with the app's key and the state; the session's JWT comes back, checked with Angel", async () => {
    const login = new URL(adapter.loginUrl('state-7'));
    expect(login.origin + login.pathname).toBe(angel.loginUrl);
    expect(Object.fromEntries(login.searchParams)).toEqual({ api_key: angel.apiKey, state: 'state-7' });
    const back = await angel.logIn(login.toString());
    expect(back.searchParams.get('state')).toBe('state-7');
    const session = await adapter.completeLogin(Object.fromEntries(back.searchParams));
    expect(session).toEqual({
      token: back.searchParams.get('auth_token'),
      expiresAt: new Date('2026-01-05T18:30:00Z'),
    });
    expect(await adapter.validateAccessKey({ clientId: '', accessKey: session.token })).toBe(true);
    expect(lastRequest().headers).toMatchObject({
      authorization: `Bearer ${session.token}`,
      'x-privatekey': angel.apiKey,
      'x-usertype': 'USER',
      'x-sourceid': 'WEB',
      'x-clientpublicip': '203.0.113.7',
    });
    await expect(adapter.completeLogin({ state: 'x' })).rejects.toThrow(/did not complete the login/);
  });

  it('a session ends at midnight in India', () => {
    expect(angelSessionExpiry(new Date('2026-01-05T18:29:59Z'))).toEqual(new Date('2026-01-05T18:30:00Z'));
    expect(angelSessionExpiry(new Date('2026-01-05T18:30:00Z'))).toEqual(new Date('2026-01-06T18:30:00Z'));
  });

  it('a wrong or expired token is an invalid key (AG8001), and openSession says to log in again', async () => {
    expect(await adapter.validateAccessKey({ clientId: '', accessKey: 'nope' })).toBe(false);
    await expect(adapter.openSession({ clientId: '', accessKey: 'nope' })).rejects.toThrow(/connect Angel One again/);
  });
});

describe('orders', () => {
  it('a market buy goes out as SmartAPI documents it (NORMAL, INFY-EQ and its token, BUY, DELIVERY, MARKET, DAY, strings, the tag) and fills', async () => {
    const request = buy();
    const order = await adapter.placeOrder(member, request);
    expect(placed().body).toEqual({
      variety: 'NORMAL',
      tradingsymbol: 'INFY-EQ',
      symboltoken: angel.symbolToken('INFY'),
      transactiontype: 'BUY',
      exchange: 'NSE',
      ordertype: 'MARKET',
      producttype: 'DELIVERY',
      duration: 'DAY',
      price: '0',
      triggerprice: '0',
      squareoff: '0',
      stoploss: '0',
      quantity: '10',
      ordertag: request.clientOrderId,
    });
    expect(order).toMatchObject({
      clientOrderId: request.clientOrderId,
      state: 'filled',
      filledQuantity: 10,
      averagePrice: 1500.05,
      request: { symbol: 'INFY', side: 'buy', product: 'delivery', orderType: 'market' },
    });
    expect(order.orderId).toMatch(/^\d+\/.+/);
  });

  it('intraday is INTRADAY; a limit sell rests open; a stop-loss goes as STOPLOSS / STOPLOSS_LIMIT, waits, then fills when crossed', async () => {
    const limit = await adapter.placeOrder(
      member,
      buy({ side: 'sell', product: 'intraday', orderType: 'limit', limitPrice: 1510 }),
    );
    expect(placed().body).toMatchObject({
      producttype: 'INTRADAY',
      ordertype: 'LIMIT',
      transactiontype: 'SELL',
      price: '1510',
    });
    expect(limit).toMatchObject({ state: 'open', request: { product: 'intraday', limitPrice: 1510 } });
    const stop = await adapter.placeOrder(
      member,
      buy({ side: 'sell', orderType: 'trigger', limitPrice: 1480, triggerPrice: 1485 }),
    );
    expect(placed().body).toMatchObject({
      variety: 'STOPLOSS',
      ordertype: 'STOPLOSS_LIMIT',
      price: '1480',
      triggerprice: '1485',
    });
    expect(stop.state).toBe('trigger_pending');
    angel.setLtp('INFY', 1484);
    angel.match();
    // Triggered at 1484, its limit 1480 below the market: it trades at the market's price, as the exchange matches it.
    expect(await adapter.orderStatus(member, stop.orderId)).toMatchObject({ state: 'filled', averagePrice: 1484 });
    angel.setLtp('INFY', 1500.05);
    expect(await adapter.cancelOrder(member, limit.orderId)).toMatchObject({ state: 'cancelled' });
    expect(angel.requests.filter((r) => r.path.endsWith('/cancelOrder')).at(-1)!.body).toEqual({
      variety: 'NORMAL',
      orderid: limit.orderId.split('/')[0],
    });
  });

  it('a resting order is modified (its price), then cancelled', async () => {
    const resting = await adapter.placeOrder(member, buy({ orderType: 'limit', limitPrice: 1400 }));
    const moved = await adapter.modifyOrder(member, resting.orderId, { limitPrice: 1450 });
    expect(angel.requests.filter((r) => r.path.endsWith('/modifyOrder')).at(-1)!.body).toEqual({
      variety: 'NORMAL',
      orderid: resting.orderId.split('/')[0],
      ordertype: 'LIMIT',
      producttype: 'DELIVERY',
      duration: 'DAY',
      price: '1450',
      triggerprice: '0',
      quantity: '10',
      tradingsymbol: 'INFY-EQ',
      symboltoken: angel.symbolToken('INFY'),
      exchange: 'NSE',
    });
    expect(moved).toMatchObject({ state: 'open', request: { limitPrice: 1450 } });
    await adapter.cancelOrder(member, resting.orderId);
  });

  it("the RMS's rejection and Angel's input refusals come back as rejected orders with Angel's words; an unlisted symbol never reaches Angel", async () => {
    angel.setCash(1_000);
    try {
      const rejected = await adapter.placeOrder(member, buy({ quantity: 100 }));
      expect(rejected).toMatchObject({ state: 'rejected', filledQuantity: 0 });
      expect(rejected.rejectReason).toMatch(/Insufficient funds/);
    } finally {
      angel.setCash(10_000_000);
    }
    expect(await adapter.placeOrder(member, buy({ clientOrderId: 'TB123456789012345678901L1' }))).toMatchObject({
      state: 'rejected',
      rejectReason: 'Invalid Order Tag',
    });
    const before = angel.requests.filter((r) => r.path.endsWith('/placeOrder')).length;
    expect(await adapter.placeOrder(member, buy({ symbol: 'NOSUCH' }))).toMatchObject({
      state: 'rejected',
      rejectReason: 'Angel One lists no NSE equity NOSUCH',
    });
    expect(angel.requests.filter((r) => r.path.endsWith('/placeOrder')).length).toBe(before);
  });
});

describe('when Angel One cannot answer', () => {
  it('"exceeding access rate" is thrown as unreachable, never as a rejection', async () => {
    const limited = {
      status: 403,
      body: { status: false, message: 'Access denied because of exceeding access rate', errorcode: '', data: null },
    };
    angel.failNext(limited);
    angel.failNext(limited);
    await expect(adapter.orderBook(member)).rejects.toThrow(
      /could not be reached: Access denied because of exceeding access rate/,
    );
  });

  it("keeps within Angel's per-API limits: 4 order-book reads (1 a second) against a server that refuses the 2nd in a second get no refusal", async () => {
    const own = { clientId: 'R1', accessKey: angel.newAccessToken('R000001') };
    angel.limitRate(1);
    const started = performance.now();
    await Promise.all(Array.from({ length: 4 }, () => adapter.orderBook(own)));
    expect(angel.rateLimited).toBe(0);
    expect(performance.now() - started).toBeGreaterThan(3_000);
  });
});

describe('prices', () => {
  it('last prices by symbol token (LTP mode), an unlisted symbol left out', async () => {
    expect(await adapter.lastPrices(member, ['INFY', 'TCS', 'NOSUCH'])).toEqual(
      new Map([
        ['INFY', 1500.05],
        ['TCS', 4000],
      ]),
    );
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/rest/secure/angelbroking/market/v1/quote/',
      body: { mode: 'LTP', exchangeTokens: { NSE: [angel.symbolToken('INFY'), angel.symbolToken('TCS')] } },
    });
  });
});

sharedContract(() => ({
  label: 'Angel One',
  adapter,
  member,
  newUser: (id) => ({ clientId: id, accessKey: angel.newAccessToken(id) }),
  fake: angel,
  isPlacement: (r) => r.path.endsWith('/placeOrder'),
  positionsPriced: true,
}));
