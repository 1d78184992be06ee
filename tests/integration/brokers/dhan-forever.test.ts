/**
 * A delivery (CNC) position's protection at Dhan as one Forever Order OCO
 * (docs/decisions/2026-11-28-dhan-forever-oco-for-delivery.md; https://dhanhq.co/docs/v2/forever/),
 * against the local Dhan (tests/support/fake-dhan.ts): the fake's forever endpoints as documented
 * (placement, its refusals, the per-leg modification, the cancel, the list one row per leg), and the
 * adapter's protection over them: placed as one OCO (target first, stop second), modified leg by
 * leg, cancelled whole, and once the price goes through the stop, read as triggered with the order
 * Dhan placed for it and its fill.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerCredentials, ProtectionRequest, ProtectiveOrders } from '@server/brokers/adapter';
import { hasProtectiveOrders, type BrokerAdapter } from '@server/brokers/adapter';
import { configuredBrokers } from '@server/brokers/select-adapter';
import { parseEnv } from '@server/config/env';
import type { FakeDhan } from '@tests/support/fake-dhan';
import { REST_BROKER_WORLDS } from '@tests/support/rest-broker-worlds';
import { protectionRequest } from '../../factories/protections';
import { orderRequest } from './support/shared-contract';

const world = REST_BROKER_WORLDS.find((w) => w.broker === 'dhan')!;
let fake: FakeDhan;
let adapter: BrokerAdapter & ProtectiveOrders;
let users = 0;

beforeAll(async () => {
  const started = await world.start('http://127.0.0.1:4999/api/brokers/dhan/callback');
  fake = started.fake as FakeDhan;
  for (const symbol of ['INFY', 'TCS', 'SBIN', 'ITC', 'WIPRO']) fake.setLtp(symbol, 1500);
  const found = configuredBrokers(parseEnv({ NODE_ENV: 'test', LIVE_TRADING: '1', ...started.env })).dhan;
  if (!found || !hasProtectiveOrders(found)) throw new Error('Dhan takes no protective orders');
  adapter = found;
});
afterAll(() => fake.close());

/** A member of their own holding 10 `symbol` bought CNC at 1500. */
async function holding(symbol: string): Promise<{ credentials: BrokerCredentials; user: string }> {
  const user = `FO${3000 + ++users}`;
  const credentials = { clientId: user, accessKey: fake.newAccessToken(user) };
  fake.setLtp(symbol, 1500);
  const entry = await adapter.placeOrder(credentials, orderRequest({ symbol, product: 'delivery' }));
  expect(entry).toMatchObject({ state: 'filled', filledQuantity: 10 });
  return { credentials, user };
}

const request = (over: Partial<ProtectionRequest> = {}): ProtectionRequest =>
  protectionRequest({
    clientOrderIds: { stop: `TB${users}P1S`, target: `TB${users}P1T`, whole: `TB${users}P1O` },
    ...over,
  });

/** A request straight to the fake, as Dhan's API takes it. */
async function send(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${fake.root}${path}`, {
    method,
    headers: { 'access-token': token, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A forever OCO sell of 10 SBIN as Dhan's API takes it: the stop leg first at 1450, the target leg second at 1600. */
const oco = (user: string, over: Record<string, unknown> = {}) => ({
  dhanClientId: user,
  correlationId: 'TB1P1O',
  orderFlag: 'OCO',
  transactionType: 'SELL',
  exchangeSegment: 'NSE_EQ',
  productType: 'CNC',
  orderType: 'LIMIT',
  validity: 'DAY',
  securityId: fake.securityId('SBIN'),
  quantity: 10,
  disclosedQuantity: 0,
  price: 1450,
  triggerPrice: 1450,
  price1: 1600,
  triggerPrice1: 1600,
  quantity1: 10,
  ...over,
});

describe("the fake Dhan's forever orders, as DhanHQ v2 documents them", () => {
  it('places an OCO and lists it one row per leg; modifies a leg by its legName; deletes it', async () => {
    const { user, credentials } = await holding('SBIN');
    const token = credentials.accessKey;
    const placed = await send('POST', '/v2/forever/orders', token, oco(user));
    expect(placed).toMatchObject({ status: 200, body: { orderStatus: 'PENDING' } });
    const id = String(placed.body.orderId);
    const listed = await send('GET', '/v2/forever/orders', token);
    expect(listed.body).toEqual([
      expect.objectContaining({
        orderId: id,
        orderType: 'OCO',
        legName: 'STOP_LOSS_LEG',
        orderStatus: 'PENDING',
        productType: 'CNC',
        transactionType: 'SELL',
        tradingSymbol: 'SBIN',
        quantity: 10,
        price: 1450,
        triggerPrice: 1450,
      }),
      expect.objectContaining({ orderId: id, legName: 'TARGET_LEG', price: 1600, triggerPrice: 1600 }),
    ]);
    const change = {
      dhanClientId: user,
      orderId: id,
      orderFlag: 'OCO',
      orderType: 'LIMIT',
      legName: 'STOP_LOSS_LEG',
      quantity: 10,
      price: 1460,
      disclosedQuantity: 0,
      triggerPrice: 1460,
      validity: 'DAY',
    };
    expect(await send('PUT', `/v2/forever/orders/${id}`, token, change)).toMatchObject({ status: 200 });
    expect(fake.forever.find((f) => f.orderId === id)!.legs[0]).toMatchObject({ price: 1460, triggerPrice: 1460 });
    expect(await send('PUT', `/v2/forever/orders/${id}`, token, { ...change, legName: 'ENTRY_LEG' })).toMatchObject({
      status: 400,
      body: { errorCode: 'DH-905', errorMessage: 'Invalid legName' },
    });
    expect(await send('DELETE', `/v2/forever/orders/${id}`, token)).toMatchObject({
      status: 200,
      body: { orderId: id, orderStatus: 'CANCELLED' },
    });
    // Gone from the pending ones: neither modified nor deleted again.
    expect(await send('DELETE', `/v2/forever/orders/${id}`, token)).toMatchObject({
      status: 400,
      body: { errorCode: 'DH-906' },
    });
    expect(await send('PUT', `/v2/forever/orders/${id}`, token, change)).toMatchObject({ status: 400 });
  });

  it('refuses what the documentation does not take, with DH-905 and the field', async () => {
    const { user, credentials } = await holding('ITC');
    const token = credentials.accessKey;
    const refused = async (over: Record<string, unknown>, message: string) =>
      expect(
        await send('POST', '/v2/forever/orders', token, { ...oco(user), securityId: fake.securityId('ITC'), ...over }),
      ).toMatchObject({
        status: 400,
        body: { errorType: 'Input_Exception', errorCode: 'DH-905', errorMessage: message },
      });
    await refused({ productType: 'INTRADAY' }, 'Invalid productType');
    await refused({ orderFlag: 'BRACKET' }, 'Invalid orderFlag');
    await refused({ orderType: 'STOP_LOSS' }, 'Invalid orderType');
    await refused({ quantity1: 0 }, 'Invalid quantity1');
    await refused({ triggerPrice1: undefined }, 'Invalid triggerPrice1');
    await refused({ quantity: 2.5 }, 'Invalid quantity');
    await refused({ dhanClientId: 'SOMEONE' }, 'dhanClientId does not match the access token');
    await refused({ price1: 1450.03 }, expect.stringContaining('multiple of tick size') as unknown as string);
    await refused(
      { triggerPrice: 1510, price: 1510 },
      'Invalid triggerPrice: the last traded price is already beyond a leg of the OCO',
    );
    expect(fake.forever.filter((f) => f.user === user)).toEqual([]);
    // Without an access token, DH-901.
    expect(await send('GET', '/v2/forever/orders', 'nobody')).toMatchObject({
      status: 401,
      body: { errorCode: 'DH-901' },
    });
  });
});

describe("a delivery position's protection at Dhan: one forever OCO", () => {
  it('is placed as an OCO (stop first, target second) with the protection tag, and read back active', async () => {
    const { credentials, user } = await holding('INFY');
    const from = fake.requests.length;
    const placed = await adapter.placeProtection(credentials, request());
    const sent = fake.requests.slice(from).filter((r) => r.method === 'POST');
    expect(sent.map((r) => r.path)).toEqual(['/v2/forever/orders']);
    expect(sent[0]!.body).toMatchObject(
      oco(user, { correlationId: `TB${users}P1O`, securityId: fake.securityId('INFY') }),
    );
    expect(placed).toMatchObject({
      kind: 'oco',
      state: 'active',
      executed: null,
      terms: {
        symbol: 'INFY',
        side: 'sell',
        product: 'delivery',
        quantity: 10,
        stop: 1450,
        stopLimit: 1450,
        target: 1600,
      },
    });
    expect(placed.protectionId).toBe(fake.forever.at(-1)!.orderId);
    // No plain order rests for it; the account's protection list holds it.
    expect(fake.exchange.orders.filter((o) => o.user === user && o.status !== 'filled')).toEqual([]);
    expect((await adapter.protectionBook(credentials)).map((p) => p.protectionId)).toEqual([placed.protectionId]);
  });

  it('is modified leg by leg (PUT with legName) for new levels and a new quantity', async () => {
    const { credentials } = await holding('TCS');
    const placed = await adapter.placeProtection(credentials, request({ symbol: 'TCS' }));
    const from = fake.requests.length;
    const modified = await adapter.modifyProtection(credentials, placed.protectionId, {
      stop: 1460,
      stopLimit: null,
      target: 1590,
      quantity: 8,
    });
    const puts = fake.requests.slice(from).filter((r) => r.method === 'PUT');
    expect(puts.map((r) => [r.path, r.body.legName])).toEqual([
      [`/v2/forever/orders/${placed.protectionId}`, 'TARGET_LEG'],
      [`/v2/forever/orders/${placed.protectionId}`, 'STOP_LOSS_LEG'],
    ]);
    expect(puts[1]!.body).toMatchObject({
      orderFlag: 'OCO',
      orderType: 'LIMIT',
      quantity: 8,
      price: 1460,
      triggerPrice: 1460,
    });
    expect(modified).toMatchObject({ state: 'active', terms: { quantity: 8, stop: 1460, target: 1590 } });
    // Only the leg that changed is sent.
    const again = fake.requests.length;
    await adapter.modifyProtection(credentials, placed.protectionId, { target: 1595 });
    expect(
      fake.requests
        .slice(again)
        .filter((r) => r.method === 'PUT')
        .map((r) => r.body.legName),
    ).toEqual(['TARGET_LEG']);
  });

  it('is cancelled whole', async () => {
    const { credentials } = await holding('WIPRO');
    const placed = await adapter.placeProtection(credentials, request({ symbol: 'WIPRO' }));
    const cancelled = await adapter.cancelProtection(credentials, placed.protectionId);
    expect(cancelled).toMatchObject({ state: 'cancelled', executed: null });
    expect(fake.forever.at(-1)!.legs.map((l) => l.status)).toEqual(['CANCELLED', 'CANCELLED']);
  });

  it("reads a stop Dhan triggered: the order it placed and that order's fill; the target leg cancelled with it", async () => {
    const { credentials, user } = await holding('SBIN');
    fake.setLtp('SBIN', 1500);
    const placed = await adapter.placeProtection(credentials, request({ symbol: 'SBIN' }));
    fake.setLtp('SBIN', 1449);
    fake.match();
    fake.setLtp('SBIN', 1451);
    fake.match();
    const status = await adapter.protectionStatus(credentials, placed.protectionId);
    expect(status).toMatchObject({ state: 'triggered', executed: { leg: 'stop' } });
    const sold = fake.exchange.orders.find((o) => o.user === user && o.side === 'sell')!;
    expect(status.executed!.order).toMatchObject({
      orderId: sold.id,
      state: 'filled',
      filledQuantity: 10,
      averagePrice: 1450,
      clientOrderId: `TB${users}P1O`,
    });
    expect(fake.forever.at(-1)!.legs.map((l) => l.status)).toEqual(['TRADED', 'CANCELLED']);
    // A triggered forever order is not deleted: cancelling answers its trigger, for the engine to book instead.
    const from = fake.requests.length;
    expect(await adapter.cancelProtection(credentials, placed.protectionId)).toMatchObject({
      state: 'triggered',
      executed: { leg: 'stop' },
    });
    expect(fake.requests.slice(from).filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('an intraday position keeps its two plain orders', async () => {
    const user = `FO${3000 + ++users}`;
    const credentials = { clientId: user, accessKey: fake.newAccessToken(user) };
    fake.setLtp('ITC', 1500);
    await adapter.placeOrder(credentials, orderRequest({ symbol: 'ITC', product: 'intraday' }));
    const placed = await adapter.placeProtection(credentials, request({ symbol: 'ITC', product: 'intraday' }));
    expect(placed).toMatchObject({ kind: 'orders', state: 'active' });
    expect(fake.forever.filter((f) => f.user === user)).toEqual([]);
  });
});
