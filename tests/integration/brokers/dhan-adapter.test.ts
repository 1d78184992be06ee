/**
 * Contract tests of the Dhan adapter: Dhan's REST API v2 against a local server speaking
 * its wire format (tests/support/fake-dhan.ts), request by request: the consent login, individual
 * (the app's key) and partner (partner id and secret) alike (the session must be the account's
 * own client's), the access-token header, the order body (dhanClientId,
 * correlationId, NSE_EQ, securityId from the scrip master, CNC/INTRADAY, order type), fills,
 * partial fills, rests, RMS rejections, error codes, timeouts, the per-user rate limits, the order
 * book by tag, funds, positions and quotes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderRequest, sharedContract } from './support/shared-contract';
import type { BrokerCredentials } from '@server/brokers/adapter';
import { DhanAdapter } from '@server/brokers/dhan/dhan-adapter';
import { startFakeDhan, type FakeDhan } from '../../support/fake-dhan';

let dhan: FakeDhan;
let adapter: DhanAdapter;
let member: BrokerCredentials;
const NOW = new Date('2026-01-05T04:00:00Z'); // 09:30 IST, a Monday
const CLIENT = '1000000001';

beforeAll(async () => {
  dhan = await startFakeDhan();
  dhan.setRedirectUrl('http://127.0.0.1:4999/api/brokers/dhan/callback');
  dhan.setLtp('INFY', 1500.05);
  dhan.setLtp('TCS', 4000);
  dhan.setSessionExpiry('2026-01-06T09:30:00');
  adapter = new DhanAdapter({
    apiKey: dhan.apiKey,
    apiSecret: dhan.apiSecret,
    root: dhan.root,
    authRoot: dhan.root,
    scripMasterUrl: dhan.scripMasterUrl,
    timeoutMs: 1_000,
    now: () => NOW,
  });
  member = { clientId: CLIENT, accessKey: dhan.newAccessToken(CLIENT) };
});
afterAll(() => dhan.close());
afterEach(() => {
  dhan.limitRate(Infinity);
  dhan.logInAs(null);
});

const buy = orderRequest;
const lastRequest = () => dhan.requests.at(-1)!;
const placed = () => dhan.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders').at(-1)!;

describe('the daily login (consent)', () => {
  it("opens a consent for the member's Dhan client with the app's id and secret, sends them to Dhan's page, and exchanges the tokenId", async () => {
    const login = new URL(await adapter.loginUrl('state-unused', { brokerClientId: CLIENT }));
    const consent = dhan.requests.findLast((r) => r.path === '/app/generate-consent')!;
    expect(consent).toMatchObject({
      method: 'POST',
      query: { client_id: CLIENT },
      headers: { app_id: dhan.apiKey, app_secret: dhan.apiSecret },
    });
    expect(login.pathname).toBe('/login/consentApp-login');
    const back = await dhan.logIn(login.toString());
    const session = await adapter.completeLogin(Object.fromEntries(back.searchParams), { brokerClientId: CLIENT });
    expect(lastRequest()).toMatchObject({
      method: 'GET',
      path: '/app/consumeApp-consent',
      query: { tokenId: back.searchParams.get('tokenId') },
    });
    expect(session.expiresAt).toEqual(new Date('2026-01-06T04:00:00Z')); // expiryTime 09:30 IST
    expect(await adapter.validateAccessKey({ clientId: CLIENT, accessKey: session.token })).toBe(true);
    expect(lastRequest().headers['access-token']).toBe(session.token);
    await expect(
      adapter.completeLogin(Object.fromEntries(back.searchParams), { brokerClientId: CLIENT }),
    ).rejects.toThrow(/Invalid tokenId/);
  });

  it("refuses a session for another Dhan client than the account's", async () => {
    const login = await adapter.loginUrl('s', { brokerClientId: CLIENT });
    dhan.logInAs('1000000999');
    const back = await dhan.logIn(login);
    await expect(
      adapter.completeLogin(Object.fromEntries(back.searchParams), { brokerClientId: CLIENT }),
    ).rejects.toThrow("This Dhan login is for client 1000000999, not the account's 1000000001");
  });

  it('the session holds until the profile says; a wrong or expired token (DH-901) is an invalid key', async () => {
    expect((await adapter.openSession(member)).expiresAt).toEqual(new Date('2026-01-06T04:00:00Z'));
    expect(await adapter.validateAccessKey({ clientId: CLIENT, accessKey: 'nope' })).toBe(false);
    await expect(adapter.openSession({ clientId: CLIENT, accessKey: 'nope' })).rejects.toThrow(/connect Dhan again/);
  });
});

describe('the daily login with partner access (Dhan partner consent flow)', () => {
  const partnerAdapter = (secret = dhan.partnerSecret, partnerId = dhan.partnerId) =>
    new DhanAdapter({
      apiKey: dhan.apiKey,
      apiSecret: dhan.apiSecret,
      partnerId,
      partnerSecret: secret,
      root: dhan.root,
      authRoot: dhan.root,
      scripMasterUrl: dhan.scripMasterUrl,
      timeoutMs: 1_000,
      now: () => NOW,
    });

  it("opens a partner consent with partner_id and partner_secret (no client named), sends the member to Dhan's consent-login, and exchanges the tokenId", async () => {
    const partner = partnerAdapter();
    expect(partner.access).toBe('partner');
    const login = new URL(await partner.loginUrl('state-unused', { brokerClientId: CLIENT }));
    const consent = dhan.requests.findLast((r) => r.path.endsWith('generate-consent'))!;
    expect(consent).toMatchObject({
      method: 'POST',
      path: '/partner/generate-consent',
      query: {},
      headers: { partner_id: dhan.partnerId, partner_secret: dhan.partnerSecret },
    });
    expect(consent.headers.app_id).toBeUndefined();
    expect(login.origin + login.pathname).toBe(`${dhan.root}/consent-login`);
    expect(login.searchParams.get('consentId')).toMatch(/^[0-9a-f]{16}$/);

    dhan.logInAs(CLIENT);
    const back = await dhan.logIn(login.toString());
    expect(back.pathname).toBe('/api/brokers/dhan/callback');
    const session = await partner.completeLogin(Object.fromEntries(back.searchParams), { brokerClientId: CLIENT });
    expect(lastRequest()).toMatchObject({
      method: 'GET',
      path: '/partner/consume-consent',
      query: { tokenId: back.searchParams.get('tokenId') },
      headers: { partner_id: dhan.partnerId, partner_secret: dhan.partnerSecret },
    });
    expect(session.expiresAt).toEqual(new Date('2026-01-06T04:00:00Z')); // expiryTime 09:30 IST
    expect(await partner.validateAccessKey({ clientId: CLIENT, accessKey: session.token })).toBe(true);
    // A tokenId is good once; the individual flow does not know it either.
    await expect(
      partner.completeLogin(Object.fromEntries(back.searchParams), { brokerClientId: CLIENT }),
    ).rejects.toThrow('Invalid tokenId');
  });

  it("serves more than one Dhan client: each member's own login is theirs", async () => {
    const partner = partnerAdapter();
    for (const client of ['1000000401', '1000000402']) {
      dhan.logInAs(client);
      const back = await dhan.logIn(await partner.loginUrl('s', { brokerClientId: client }));
      const session = await partner.completeLogin(Object.fromEntries(back.searchParams), { brokerClientId: client });
      expect(await partner.validateAccessKey({ clientId: client, accessKey: session.token })).toBe(true);
    }
  });

  it("refuses a session for another Dhan client than the account's", async () => {
    const partner = partnerAdapter();
    const login = await partner.loginUrl('s', { brokerClientId: CLIENT });
    dhan.logInAs('1000000999');
    const back = await dhan.logIn(login);
    await expect(
      partner.completeLogin(Object.fromEntries(back.searchParams), { brokerClientId: CLIENT }),
    ).rejects.toThrow("This Dhan login is for client 1000000999, not the account's 1000000001");
  });

  it("a wrong partner secret or id is refused by Dhan (DH-901) and read as the firm's credentials, not a session", async () => {
    for (const wrong of [partnerAdapter('not-the-secret'), partnerAdapter(dhan.partnerSecret, 'P-unknown')]) {
      await expect(wrong.loginUrl('s', { brokerClientId: CLIENT })).rejects.toThrow(
        "Dhan refused the firm's credentials: Invalid partner_id or partner_secret",
      );
      expect(dhan.requests.at(-1)).toMatchObject({ path: '/partner/generate-consent' });
      await expect(wrong.completeLogin({ tokenId: 'abc' }, { brokerClientId: CLIENT })).rejects.toThrow(
        /Invalid partner_id or partner_secret/,
      );
    }
  });

  it("the fake refuses what Dhan would: missing partner headers, a consent it did not issue, an unknown tokenId, the app's tokenId", async () => {
    const missing = await fetch(`${dhan.root}/partner/generate-consent`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      errorType: 'Invalid_Authentication',
      errorCode: 'DH-901',
      errorMessage: 'Invalid partner_id or partner_secret',
    });
    const notIssued = await fetch(`${dhan.root}/consent-login?consentId=0123456789abcdef`);
    expect(notIssued.status).toBe(400);
    expect(await notIssued.text()).toBe('Invalid consentId');
    const partnerHeaders = { partner_id: dhan.partnerId, partner_secret: dhan.partnerSecret };
    const unknown = await fetch(`${dhan.root}/partner/consume-consent?tokenId=nope`, { headers: partnerHeaders });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ errorCode: 'DH-905', errorMessage: 'Invalid tokenId' });
    // A tokenId of the individual flow is not the partner's.
    dhan.logInAs(null);
    const back = await dhan.logIn(await adapter.loginUrl('s', { brokerClientId: CLIENT }));
    const crossed = await fetch(`${dhan.root}/partner/consume-consent?tokenId=${back.searchParams.get('tokenId')}`, {
      headers: partnerHeaders,
    });
    expect(crossed.status).toBe(400);
  });

  it('partner credentials win over the individual key; neither is an error', () => {
    expect(adapter.access).toBe('individual');
    expect(() => new DhanAdapter({ root: dhan.root })).toThrow(
      'Dhan needs partner credentials or an API key and secret',
    );
    expect(
      new DhanAdapter({ partnerId: dhan.partnerId, partnerSecret: dhan.partnerSecret, root: dhan.root }).access,
    ).toBe('partner');
  });
});

describe('orders', () => {
  it('a market buy goes out as Dhan documents it (dhanClientId, correlationId, NSE_EQ, securityId, CNC, MARKET, DAY) and fills', async () => {
    const request = buy();
    const order = await adapter.placeOrder(member, request);
    expect(placed().body).toEqual({
      dhanClientId: CLIENT,
      correlationId: request.clientOrderId,
      transactionType: 'BUY',
      exchangeSegment: 'NSE_EQ',
      productType: 'CNC',
      orderType: 'MARKET',
      validity: 'DAY',
      securityId: dhan.securityId('INFY'),
      quantity: 10,
      disclosedQuantity: 0,
      price: 0,
      triggerPrice: 0,
      afterMarketOrder: false,
    });
    expect(order).toMatchObject({
      clientOrderId: request.clientOrderId,
      state: 'filled',
      filledQuantity: 10,
      averagePrice: 1500.05,
      request: { symbol: 'INFY', side: 'buy', product: 'delivery', orderType: 'market' },
    });
  });

  it('intraday is INTRADAY; a limit sell rests pending; a stop-loss (STOP_LOSS) waits for its trigger, then fills when crossed', async () => {
    const limit = await adapter.placeOrder(
      member,
      buy({ side: 'sell', product: 'intraday', orderType: 'limit', limitPrice: 1510 }),
    );
    expect(placed().body).toMatchObject({
      productType: 'INTRADAY',
      orderType: 'LIMIT',
      transactionType: 'SELL',
      price: 1510,
    });
    expect(limit).toMatchObject({ state: 'open', request: { product: 'intraday', limitPrice: 1510 } });
    const stop = await adapter.placeOrder(
      member,
      buy({ side: 'sell', orderType: 'trigger', limitPrice: 1480, triggerPrice: 1485 }),
    );
    expect(placed().body).toMatchObject({ orderType: 'STOP_LOSS', price: 1480, triggerPrice: 1485 });
    expect(stop.state).toBe('trigger_pending');
    dhan.setLtp('INFY', 1484);
    dhan.match();
    // Triggered at 1484, its limit 1480 below the market: it trades at the market's price, as the exchange matches it.
    expect(await adapter.orderStatus(member, stop.orderId)).toMatchObject({ state: 'filled', averagePrice: 1484 });
    dhan.setLtp('INFY', 1500.05);
    expect(await adapter.cancelOrder(member, limit.orderId)).toMatchObject({ state: 'cancelled' });
    expect(dhan.requests.filter((r) => r.method === 'DELETE').at(-1)!.path).toBe(`/v2/orders/${limit.orderId}`);
  });

  it('a resting order is modified (its price), then cancelled', async () => {
    const resting = await adapter.placeOrder(member, buy({ orderType: 'limit', limitPrice: 1400 }));
    const moved = await adapter.modifyOrder(member, resting.orderId, { limitPrice: 1450 });
    expect(dhan.requests.filter((r) => r.method === 'PUT').at(-1)!.body).toEqual({
      dhanClientId: CLIENT,
      orderId: resting.orderId,
      orderType: 'LIMIT',
      quantity: 10,
      price: 1450,
      triggerPrice: 0,
      disclosedQuantity: 0,
      validity: 'DAY',
    });
    expect(moved).toMatchObject({ state: 'open', request: { limitPrice: 1450 } });
    await adapter.cancelOrder(member, resting.orderId);
  });

  it("the RMS's rejection and Dhan's input refusals come back as rejected orders with Dhan's words; an unlisted symbol never reaches Dhan", async () => {
    dhan.setCash(1_000);
    try {
      const rejected = await adapter.placeOrder(member, buy({ quantity: 100 }));
      expect(rejected).toMatchObject({ state: 'rejected', filledQuantity: 0 });
      expect(rejected.rejectReason).toMatch(/Insufficient funds/);
    } finally {
      dhan.setCash(10_000_000);
    }
    expect(await adapter.placeOrder(member, buy({ quantity: 0 }))).toMatchObject({
      state: 'rejected',
      rejectReason: 'Invalid quantity',
    });
    const before = dhan.requests.filter((r) => r.path === '/v2/orders').length;
    expect(await adapter.placeOrder(member, buy({ symbol: 'NOSUCH' }))).toMatchObject({
      state: 'rejected',
      rejectReason: 'Dhan lists no NSE equity NOSUCH',
    });
    expect(dhan.requests.filter((r) => r.path === '/v2/orders').length).toBe(before);
  });
});

describe('delivery sells', () => {
  it('a CNC sell beyond the shares held is rejected by the RMS, nothing sold; held, it fills', async () => {
    const seller = { clientId: '1000000077', accessKey: dhan.newAccessToken('1000000077') };
    const unheld = await adapter.placeOrder(seller, buy({ side: 'sell', quantity: 5 }));
    expect(unheld).toMatchObject({ state: 'rejected', filledQuantity: 0 });
    expect(unheld.rejectReason).toMatch(/^Insufficient holdings/);
    dhan.setHoldings('1000000077', 'INFY', 5);
    expect(await adapter.placeOrder(seller, buy({ side: 'sell', quantity: 5 }))).toMatchObject({
      state: 'filled',
      filledQuantity: 5,
    });
  });
});

describe('when Dhan cannot answer', () => {
  it('a 429 (DH-904) is thrown as unreachable, never as a rejection', async () => {
    const limited = {
      status: 429,
      body: {
        errorType: 'Rate_Limit',
        errorCode: 'DH-904',
        errorMessage: 'Too many requests on server from single user breaching rate limits.',
      },
    };
    dhan.failNext(limited);
    dhan.failNext(limited);
    await expect(adapter.orderBook(member)).rejects.toThrow(/could not be reached: Too many requests/);
  });

  it("keeps within Dhan's 20 calls a second per user: 30 reads against a server that refuses the 21st get no 429", async () => {
    const own = { clientId: '1000000002', accessKey: dhan.newAccessToken('1000000002') };
    dhan.limitRate(20);
    const started = performance.now();
    await Promise.all(Array.from({ length: 30 }, () => adapter.funds(own)));
    expect(dhan.rateLimited).toBe(0);
    expect(performance.now() - started).toBeGreaterThan(1_000);
  });
});

describe('prices', () => {
  it('last prices by security id (with the client-id header), an unlisted symbol left out', async () => {
    expect(await adapter.lastPrices(member, ['INFY', 'TCS', 'NOSUCH'])).toEqual(
      new Map([
        ['INFY', 1500.05],
        ['TCS', 4000],
      ]),
    );
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/v2/marketfeed/ltp',
      body: { NSE_EQ: [Number(dhan.securityId('INFY')), Number(dhan.securityId('TCS'))] },
      headers: { 'client-id': CLIENT },
    });
  });
});

sharedContract(() => ({
  label: 'Dhan',
  adapter,
  member,
  newUser: (id) => ({ clientId: id, accessKey: dhan.newAccessToken(id) }),
  fake: dhan,
  isPlacement: (r) => r.method === 'POST' && r.path === '/v2/orders',
  positionsPriced: false,
}));
