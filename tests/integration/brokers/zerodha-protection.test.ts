/**
 * Protective orders at Zerodha (docs/decisions/2026-11-27-protective-orders-at-zerodha.md): the
 * adapter through the official `kiteconnect` client against the local Kite (tests/support/fake-kite.ts).
 * A delivery position's stop and target rest as a two-leg GTT, placed, modified and deleted as Kite
 * documents it and refused where Kite refuses; a price through the stop triggers it and the leg's
 * order fills in the order book, readable through the adapter. An intraday position's rest as an
 * SL (or SL-M with market protection) and a target LIMIT order, each with its leg's tag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerCredentials, ProtectionRequest } from '@server/brokers/adapter';
import { BrokerError, hasProtectiveOrders } from '@server/brokers/adapter';
import { ZerodhaAdapter } from '@server/brokers/zerodha/zerodha-adapter';
import { KITE_GTT_NOT_ACTIVE, KITE_GTT_WRONG_SIDE, startFakeKite, type FakeKite } from '../../support/fake-kite';
import { protectionRequest } from '../../factories/protections';
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
});
afterAll(() => kite.close());

/** A filled market buy of `quantity` shares of `symbol` at `price` (the entry the protection is for). */
async function filledEntry(symbol: string, price: number, product: 'delivery' | 'intraday', quantity = 10) {
  kite.setLtp(symbol, price);
  const entry = await adapter.placeOrder(member, orderRequest({ symbol, product, quantity }));
  expect(entry).toMatchObject({ state: 'filled', filledQuantity: quantity, averagePrice: price });
  return entry;
}

const protection = (over: Partial<ProtectionRequest> = {}): ProtectionRequest =>
  protectionRequest({ stopLimit: 1440, clientOrderIds: { stop: 'TB7L2', target: 'TB7L3' }, ...over });

const lastRequest = (method: string, path: RegExp) =>
  kite.requests.filter((r) => r.method === method && path.test(r.path)).at(-1)!;

describe('a delivery position: a two-leg GTT', () => {
  it('is optional per adapter, and Zerodha has it', () => {
    expect(hasProtectiveOrders(adapter)).toBe(true);
  });

  it("places the stop and target as Kite's two-leg GTT: trigger values lower first, one LIMIT sell per value", async () => {
    await filledEntry('INFY', 1500, 'delivery');
    const placed = await adapter.placeProtection(member, protection());

    const sent = kite.requests.find((r) => r.method === 'POST' && r.path === '/gtt/triggers')!;
    expect(sent.form.type).toBe('two-leg');
    expect(JSON.parse(sent.form.condition!)).toEqual({
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      trigger_values: [1450, 1600],
      last_price: 1500,
    });
    expect(JSON.parse(sent.form.orders!)).toEqual([
      {
        exchange: 'NSE',
        tradingsymbol: 'INFY',
        transaction_type: 'SELL',
        quantity: 10,
        order_type: 'LIMIT',
        product: 'CNC',
        price: 1440,
      },
      {
        exchange: 'NSE',
        tradingsymbol: 'INFY',
        transaction_type: 'SELL',
        quantity: 10,
        order_type: 'LIMIT',
        product: 'CNC',
        price: 1600,
      },
    ]);
    expect(sent.headers.authorization).toBe(`token ${kite.apiKey}:${member.accessKey}`);

    const gtt = kite.gtts.at(-1)!;
    expect(placed).toEqual({
      protectionId: String(gtt.id),
      kind: 'oco',
      terms: {
        exchange: 'NSE',
        symbol: 'INFY',
        side: 'sell',
        product: 'delivery',
        quantity: 10,
        stop: 1450,
        stopLimit: 1440,
        target: 1600,
      },
      state: 'active',
      orders: { stop: null, target: null },
      executed: null,
      rejectReason: null,
      updatedAt: expect.any(Date) as Date,
    });
    expect(gtt.status).toBe('active');
    // Nothing reached the order book yet.
    expect(kite.orders.filter((o) => o.tradingsymbol === 'INFY' && o.transaction_type === 'SELL')).toEqual([]);
  });

  it('modifies the levels and quantity with a PUT of the whole GTT, and reads them back', async () => {
    const placed = await adapter.placeProtection(member, protection());
    const modified = await adapter.modifyProtection(member, placed.protectionId, {
      stop: 1460,
      stopLimit: 1455,
      target: 1620,
      quantity: 6,
      lastPrice: 1510,
    });
    const sent = lastRequest('PUT', /^\/gtt\/triggers\/\d+$/);
    expect(sent).toMatchObject({ method: 'PUT', path: `/gtt/triggers/${placed.protectionId}` });
    expect(JSON.parse(sent.form.condition!)).toMatchObject({ trigger_values: [1460, 1620], last_price: 1510 });
    expect(JSON.parse(sent.form.orders!)).toMatchObject([
      { quantity: 6, price: 1455 },
      { quantity: 6, price: 1620 },
    ]);
    expect(modified).toMatchObject({
      protectionId: placed.protectionId,
      state: 'active',
      terms: { quantity: 6, stop: 1460, stopLimit: 1455, target: 1620 },
    });
    expect((await adapter.protectionStatus(member, placed.protectionId)).terms).toEqual(modified.terms);
  });

  it('cancels it with a DELETE; a GTT no longer active cannot be deleted again', async () => {
    const placed = await adapter.placeProtection(member, protection());
    const cancelled = await adapter.cancelProtection(member, placed.protectionId);
    expect(lastRequest('DELETE', /^\/gtt\/triggers\/\d+$/)).toMatchObject({
      method: 'DELETE',
      path: `/gtt/triggers/${placed.protectionId}`,
    });
    expect(cancelled).toMatchObject({ state: 'cancelled', executed: null });
    expect(kite.gtts.find((g) => String(g.id) === placed.protectionId)!.status).toBe('deleted');
    await expect(adapter.cancelProtection(member, placed.protectionId)).rejects.toThrow(
      new BrokerError(KITE_GTT_NOT_ACTIVE),
    );
    await expect(adapter.modifyProtection(member, placed.protectionId, { stop: 1455 })).rejects.toThrow(
      KITE_GTT_NOT_ACTIVE,
    );
  });

  it("is refused with Kite's words when the levels are on the wrong side of the last price, or off the tick", async () => {
    const before = kite.gtts.length;
    const wrongSide = await adapter.placeProtection(member, protection({ stop: 1520, stopLimit: 1515 }));
    expect(wrongSide).toMatchObject({ state: 'rejected', rejectReason: KITE_GTT_WRONG_SIDE, kind: 'oco' });
    const targetBelow = await adapter.placeProtection(member, protection({ target: 1490 }));
    expect(targetBelow).toMatchObject({ state: 'rejected', rejectReason: KITE_GTT_WRONG_SIDE });
    const offTick = await adapter.placeProtection(member, protection({ stop: 1450.03 }));
    expect(offTick).toMatchObject({
      state: 'rejected',
      rejectReason:
        'Tick size for this script is 0.10. Kindly enter price in the multiple of tick size for this script',
    });
    expect(kite.gtts.length).toBe(before);
  });

  it("refuses a GTT with a missing field in Kite's error envelope", async () => {
    const res = await fetch(`${kite.root}/gtt/triggers`, {
      method: 'POST',
      headers: {
        'x-kite-version': '3',
        authorization: `token ${kite.apiKey}:${member.accessKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        type: 'two-leg',
        condition: JSON.stringify({ exchange: 'NSE', tradingsymbol: 'INFY', trigger_values: [1450, 1600] }),
        orders: '[]',
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      status: 'error',
      message: 'Missing or empty field `last_price`',
      error_type: 'InputException',
      data: null,
    });
  });

  it('is an order request: refused from an address not registered with Kite', async () => {
    kite.registerAddresses(['203.0.113.7']);
    try {
      const refused = await adapter.placeProtection(member, protection());
      expect(refused.state).toBe('rejected');
      expect(refused.rejectReason).toMatch(/^Order request from an unregistered IP address/);
    } finally {
      kite.registerAddresses(['127.0.0.1']);
    }
  });

  it('triggers at the broker when the price falls through the stop: its LIMIT sell fills, readable through the adapter', async () => {
    await filledEntry('SBIN', 800, 'delivery');
    const placed = await adapter.placeProtection(
      member,
      protection({ symbol: 'SBIN', stop: 780, stopLimit: 778, target: 840, lastPrice: 800 }),
    );
    kite.setLtp('SBIN', 790); // between the levels: nothing happens
    expect((await adapter.protectionStatus(member, placed.protectionId)).state).toBe('active');

    kite.setLtp('SBIN', 779);
    const after = await adapter.protectionStatus(member, placed.protectionId);
    expect(after).toMatchObject({
      state: 'triggered',
      executed: {
        leg: 'stop',
        order: {
          state: 'filled',
          filledQuantity: 10,
          averagePrice: 779,
          request: { side: 'sell', product: 'delivery', orderType: 'limit', limitPrice: 778, symbol: 'SBIN' },
        },
      },
      orders: { target: null },
      rejectReason: null,
    });
    expect(after.orders.stop).toEqual(after.executed!.order);
    // The exit is in the order book at the broker's price, and the position is flat.
    const exit = (await adapter.orderBook(member)).find((o) => o.orderId === after.executed!.order!.orderId);
    expect(exit).toMatchObject({ state: 'filled', averagePrice: 779, filledQuantity: 10 });
    const position = (await adapter.positions(member)).find((p) => p.symbol === 'SBIN');
    expect(position).toMatchObject({ quantity: 0, product: 'delivery' });
    // The other leg went with it: a price through the target now places nothing more.
    kite.setLtp('SBIN', 845);
    expect(kite.orders.filter((o) => o.tradingsymbol === 'SBIN' && o.transaction_type === 'SELL')).toHaveLength(1);
    await expect(adapter.cancelProtection(member, placed.protectionId)).rejects.toThrow(KITE_GTT_NOT_ACTIVE);
  });

  it('triggers the target leg when the price rises through it', async () => {
    await filledEntry('ITC', 400, 'delivery');
    const placed = await adapter.placeProtection(
      member,
      protection({ symbol: 'ITC', stop: 380, stopLimit: 379, target: 420, lastPrice: 400 }),
    );
    kite.setLtp('ITC', 421.5);
    const after = await adapter.protectionStatus(member, placed.protectionId);
    expect(after).toMatchObject({
      state: 'triggered',
      executed: { leg: 'target', order: { state: 'filled', averagePrice: 421.5, filledQuantity: 10 } },
      orders: { stop: null },
    });
  });
});

describe("the account's GTT book", () => {
  it('lists every GTT of the account, each triggered one with the order it placed; not another account’s', async () => {
    const other = { clientId: 'ZY0001', accessKey: kite.newAccessToken('ZY0001') };
    const theirs = await adapter.placeProtection(other, protection());
    expect(theirs.state).toBe('active');

    const book = await adapter.protectionBook(member);
    const mine = kite.gtts.filter((g) => g.user_id === 'ZX4821');
    expect(book.map((p) => p.protectionId)).toEqual(mine.map((g) => String(g.id)));
    expect(book.map((p) => p.protectionId)).not.toContain(theirs.protectionId);
    const sbin = book.find((p) => p.terms.symbol === 'SBIN')!;
    expect(sbin).toMatchObject({
      state: 'triggered',
      executed: { leg: 'stop', order: { state: 'filled', averagePrice: 779, filledQuantity: 10 } },
    });
    expect(book.filter((p) => p.state === 'cancelled').length).toBeGreaterThan(0);
    expect(book.filter((p) => p.state === 'active').length).toBeGreaterThan(0);
  });

  it("GTT placements wait their turn in the account's order rate (10 a second at Kite): none is refused", async () => {
    const user = { clientId: 'ZY0002', accessKey: kite.newAccessToken('ZY0002') };
    const refusedBefore = kite.refusals.filter((r) => r.reason === 'rate').length;
    const placed = await Promise.all(Array.from({ length: 12 }, () => adapter.placeProtection(user, protection())));
    expect(placed.map((p) => p.state)).toEqual(Array(12).fill('active'));
    expect(kite.refusals.filter((r) => r.reason === 'rate').length).toBe(refusedBefore);
    const times = kite.requests
      .filter((r) => r.method === 'POST' && r.path === '/gtt/triggers')
      .slice(-12)
      .map((r) => r.at);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(900);
  });
});

describe('an intraday position: an SL order and a target LIMIT order', () => {
  it('places both with their tags; the stop fills on a fall through it, and cancelling withdraws the target', async () => {
    await filledEntry('TCS', 4000, 'intraday', 5);
    const placed = await adapter.placeProtection(
      member,
      protection({
        symbol: 'TCS',
        product: 'intraday',
        quantity: 5,
        stop: 3900,
        stopLimit: 3890,
        target: 4200,
        lastPrice: 4000,
        clientOrderIds: { stop: 'TB9L2', target: 'TB9L3' },
      }),
    );
    const forms = kite.requests.filter((r) => r.method === 'POST' && r.path === '/orders/regular').slice(-2);
    expect(forms.map((r) => r.form)).toEqual([
      expect.objectContaining({
        tradingsymbol: 'TCS',
        transaction_type: 'SELL',
        product: 'MIS',
        order_type: 'SL',
        trigger_price: '3900',
        price: '3890',
        quantity: '5',
        tag: 'TB9L2',
      }),
      expect.objectContaining({ order_type: 'LIMIT', price: '4200', product: 'MIS', tag: 'TB9L3' }),
    ]);
    expect(placed).toMatchObject({
      kind: 'orders',
      state: 'active',
      terms: { product: 'intraday', quantity: 5, stop: 3900, stopLimit: 3890, target: 4200 },
      orders: { stop: { state: 'trigger_pending', clientOrderId: 'TB9L2' }, target: { state: 'open' } },
      executed: null,
    });

    kite.setLtp('TCS', 3895);
    kite.match();
    const hit = await adapter.protectionStatus(member, placed.protectionId);
    expect(hit).toMatchObject({
      state: 'triggered',
      executed: { leg: 'stop', order: { state: 'filled', averagePrice: 3895, filledQuantity: 5 } },
      orders: { target: { state: 'open' } },
    });
    // Trabot cancels the other leg: only the target is cancelled.
    const done = await adapter.cancelProtection(member, placed.protectionId);
    expect(done.orders.target).toMatchObject({ state: 'cancelled' });
    expect(done.orders.stop).toMatchObject({ state: 'filled' });
  });

  it('a stop without a limit goes as SL-M with market protection; modifying moves both legs', async () => {
    await filledEntry('WIPRO', 300, 'intraday', 20);
    const placed = await adapter.placeProtection(
      member,
      protection({
        symbol: 'WIPRO',
        product: 'intraday',
        quantity: 20,
        stop: 290,
        stopLimit: null,
        target: 320,
        lastPrice: 300,
        clientOrderIds: { stop: 'TB10L2', target: 'TB10L3' },
      }),
    );
    const stopForm = kite.requests.filter((r) => r.method === 'POST' && r.path === '/orders/regular').at(-2)!.form;
    expect(stopForm).toMatchObject({ order_type: 'SL-M', trigger_price: '290', market_protection: '-1' });
    expect(stopForm.price).toBeUndefined();
    expect(placed.terms).toMatchObject({ stop: 290, stopLimit: null, target: 320 });

    const modified = await adapter.modifyProtection(member, placed.protectionId, {
      stop: 292,
      target: 318,
      quantity: 15,
    });
    expect(modified).toMatchObject({
      state: 'active',
      terms: { stop: 292, stopLimit: null, target: 318, quantity: 15 },
    });
    const puts = kite.requests.filter((r) => r.method === 'PUT').slice(-2);
    expect(puts[0]!.form).toMatchObject({
      order_type: 'SL-M',
      trigger_price: '292',
      market_protection: '-1',
      quantity: '15',
    });
    expect(puts[1]!.form).toMatchObject({ order_type: 'LIMIT', price: '318', quantity: '15' });

    const cancelled = await adapter.cancelProtection(member, placed.protectionId);
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      orders: { stop: { state: 'cancelled' }, target: { state: 'cancelled' } },
    });
  });

  it('a target Kite refuses takes the stop with it: no half protection is left resting', async () => {
    await filledEntry('ONGC', 250.5, 'intraday', 8);
    const refused = await adapter.placeProtection(
      member,
      protection({
        symbol: 'ONGC',
        product: 'intraday',
        quantity: 8,
        stop: 245,
        stopLimit: 244.5,
        target: 260.03,
        lastPrice: 250.5,
        clientOrderIds: { stop: 'TB11L2', target: 'TB11L3' },
      }),
    );
    expect(refused).toMatchObject({
      kind: 'orders',
      state: 'rejected',
      rejectReason:
        'Tick size for this script is 0.05. Kindly enter price in the multiple of tick size for this script',
      orders: { stop: { state: 'cancelled', clientOrderId: 'TB11L2' }, target: null },
    });
    expect(kite.orders.filter((o) => o.tradingsymbol === 'ONGC' && o.transaction_type === 'SELL')).toMatchObject([
      { status: 'CANCELLED', tag: 'TB11L2' },
    ]);
  });
});
