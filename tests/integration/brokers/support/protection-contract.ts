/**
 * Protective orders at a broker reached through a local JSON server (Fyers, Upstox, Angel One,
 * Dhan), run by each broker's protection test on its own fake: a position's stop and target rest
 * as a stop-loss (SL) order and a target LIMIT order, each with its leg's tag; modified in place;
 * cancelled whole; a price through the stop triggers it at the fake and the status reads the fill;
 * refused where the broker's RMS refuses (a stop on the wrong side of the price, a price off the
 * tick), never leaving half a protection resting; a delivery position's stop rests alone. Each test
 * file checks its broker's own wire format.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerCredentials, ProtectionRequest, ProtectiveOrders } from '@server/brokers/adapter';
import { hasProtectiveOrders, type BrokerAdapter } from '@server/brokers/adapter';
import { configuredBrokers } from '@server/brokers/select-adapter';
import { parseEnv } from '@server/config/env';
import type { ExchangeOrder } from '@tests/support/fake-exchange';
import { REST_BROKER_WORLDS, type RestBrokerWorld, type RestFake } from '@tests/support/rest-broker-worlds';
import type { ParsedRequest } from '@tests/support/fake-broker-http';
import { protectionRequest } from '@tests/factories/protections';
import { orderRequest } from './shared-contract';

const PRICES: Record<string, number> = { INFY: 1500, TCS: 4000, SBIN: 800, ITC: 450, WIPRO: 300, LT: 3500, ONGC: 250 };

export interface ProtectionWire {
  /** Whether a request placed an order. */
  isPlacement(request: Pick<ParsedRequest, 'method' | 'path'>): boolean;
  /** Checks the placement body of the stop leg (SL sell, trigger 1450, limit 1450, tag) as the broker documents it. */
  stopBody(body: Record<string, unknown>, tag: string): void;
  /** Checks the placement body of the target leg (LIMIT sell at 1600, tag). */
  targetBody(body: Record<string, unknown>, tag: string): void;
  /** Whether a request modified an order. */
  isModify(request: Pick<ParsedRequest, 'method' | 'path'>): boolean;
}

export function protectionContract(
  broker: RestBrokerWorld['broker'],
  wire: ProtectionWire,
  /**
   * The positions' product: two orders are an intraday position's idiom (a delivery one rests its
   * stop alone, `stopOnlyContract`; at Dhan a forever OCO: dhan-forever.test.ts).
   */
  product: 'delivery' | 'intraday' = 'intraday',
): void {
  const world = REST_BROKER_WORLDS.find((w) => w.broker === broker)!;
  let fake: RestFake;
  let adapter: BrokerAdapter & ProtectiveOrders;
  let member: BrokerCredentials;
  let users = 0;

  beforeAll(async () => {
    const started = await world.start(`http://127.0.0.1:4999/api/brokers/${broker}/callback`);
    fake = started.fake;
    for (const [symbol, price] of Object.entries(PRICES)) fake.setLtp(symbol, price);
    const found = configuredBrokers(parseEnv({ NODE_ENV: 'test', LIVE_TRADING: '1', ...started.env }))[broker];
    if (!found || !hasProtectiveOrders(found)) throw new Error(`${broker} takes no protective orders`);
    adapter = found;
    const user = 'PX1001';
    member = { clientId: user, accessKey: fake.newAccessToken(user) };
  });
  afterAll(() => fake.close());

  /** A member of their own with a filled market buy of 10 `symbol` (the position the protection is for). */
  async function position(symbol: string, held = product) {
    const user = `PX${2000 + ++users}`;
    const credentials = { clientId: user, accessKey: fake.newAccessToken(user) };
    fake.setLtp(symbol, PRICES[symbol]!);
    const entry = await adapter.placeOrder(credentials, orderRequest({ symbol, product: held }));
    expect(entry).toMatchObject({ state: 'filled', filledQuantity: 10 });
    return { credentials, user };
  }

  const protection = (over: Partial<ProtectionRequest> = {}): ProtectionRequest =>
    protectionRequest({ product, clientOrderIds: { stop: `TB${users}P1S`, target: `TB${users}P1T` }, ...over });

  const tagged = (tag: string): ExchangeOrder => fake.exchange.orders.find((o) => o.tag === tag)!;
  const move = (symbol: string, price: number) => {
    fake.setLtp(symbol, price);
    fake.match();
  };

  describe(`protective orders at ${world.label}`, () => {
    it('the adapter takes protective orders', () => {
      expect(hasProtectiveOrders(adapter)).toBe(true);
      expect(member.accessKey).toBeTruthy();
    });

    it("rest as an SL sell at the stop and a LIMIT sell at the target, each with its leg's tag, in the broker's wire format", async () => {
      const { credentials } = await position('INFY');
      const request = protection();
      const from = fake.requests.length;
      const placed = await adapter.placeProtection(credentials, request);
      const sent = fake.requests.slice(from).filter(wire.isPlacement);
      expect(sent).toHaveLength(2);
      wire.stopBody(sent[0]!.body, request.clientOrderIds.stop);
      wire.targetBody(sent[1]!.body, request.clientOrderIds.target);

      expect(placed).toMatchObject({
        kind: 'orders',
        state: 'active',
        executed: null,
        terms: { symbol: 'INFY', side: 'sell', product, quantity: 10, stop: 1450, stopLimit: 1450 },
      });
      expect(placed.terms.target).toBe(1600);
      const stop = tagged(request.clientOrderIds.stop);
      const target = tagged(request.clientOrderIds.target);
      expect(stop).toMatchObject({ type: 'sl', side: 'sell', trigger: 1450, price: 1450, status: 'trigger_pending' });
      expect(target).toMatchObject({ type: 'limit', side: 'sell', price: 1600, status: 'open', quantity: 10 });
      expect(placed.protectionId).toBe(`${placed.orders.stop!.orderId}/${placed.orders.target!.orderId}`);
      expect(placed.orders.stop!.clientOrderId).toBe(request.clientOrderIds.stop);
      expect(placed.orders.target!.clientOrderId).toBe(request.clientOrderIds.target);

      // Found again by its legs' tags in the order book (a crash before its answer was saved).
      const book = await adapter.orderBook(credentials);
      expect(book.filter((o) => o.clientOrderId === request.clientOrderIds.stop)).toHaveLength(1);
      expect(await adapter.protectionBook(credentials)).toEqual([]);
      expect(await adapter.protectionStatus(credentials, placed.protectionId)).toMatchObject({ state: 'active' });
    });

    it('is modified in place: new stop, target and quantity on the same two orders', async () => {
      const { credentials } = await position('TCS');
      const request = protection({ symbol: 'TCS', stop: 3900, target: 4200, lastPrice: 4000 });
      const placed = await adapter.placeProtection(credentials, request);
      const from = fake.requests.length;
      const modified = await adapter.modifyProtection(credentials, placed.protectionId, {
        quantity: 6,
        stop: 3920,
        stopLimit: null,
        target: 4150,
        lastPrice: 4000,
      });
      expect(fake.requests.slice(from).filter(wire.isModify)).toHaveLength(2);
      expect(fake.requests.slice(from).filter(wire.isPlacement)).toEqual([]);
      expect(modified).toMatchObject({
        protectionId: placed.protectionId,
        state: 'active',
        terms: { quantity: 6, stop: 3920, stopLimit: 3920, target: 4150 },
      });
      expect(tagged(request.clientOrderIds.stop)).toMatchObject({ trigger: 3920, price: 3920, quantity: 6 });
      expect(tagged(request.clientOrderIds.target)).toMatchObject({ price: 4150, quantity: 6 });
    });

    it('a price through the stop triggers it at the broker: the status reads the executed leg and its fill', async () => {
      const { credentials } = await position('SBIN');
      const request = protection({ symbol: 'SBIN', stop: 780, target: 840, lastPrice: 800 });
      const placed = await adapter.placeProtection(credentials, request);
      move('SBIN', 779.5); // triggered: the SL sell now rests at its limit, 780
      expect(tagged(request.clientOrderIds.stop).status).toBe('open');
      move('SBIN', 780.1); // the bounce fills it at 780
      expect(tagged(request.clientOrderIds.stop)).toMatchObject({ status: 'filled', averagePrice: 780 });
      const status = await adapter.protectionStatus(credentials, placed.protectionId);
      expect(status).toMatchObject({ state: 'triggered', executed: { leg: 'stop' } });
      expect(status.executed!.order).toMatchObject({ state: 'filled', filledQuantity: 10, averagePrice: 780 });
      // The other leg still rests: the engine cancels it (two plain orders are not an OCO at the broker).
      expect(status.orders.target).toMatchObject({ state: 'open' });
      const cancelled = await adapter.cancelProtection(credentials, placed.protectionId);
      expect(cancelled.state).toBe('triggered');
      expect(tagged(request.clientOrderIds.target).status).toBe('cancelled');
      const sold = fake.exchange.orders.filter((o) => o.symbol === 'SBIN' && o.side === 'sell' && o.filled > 0);
      expect(sold.reduce((s, o) => s + o.filled, 0)).toBe(10);
    });

    it('the target filling first is read as the executed target leg', async () => {
      const { credentials } = await position('ITC');
      const request = protection({ symbol: 'ITC', stop: 440, target: 460, lastPrice: 450 });
      const placed = await adapter.placeProtection(credentials, request);
      move('ITC', 460.5);
      const status = await adapter.protectionStatus(credentials, placed.protectionId);
      expect(status).toMatchObject({ state: 'triggered', executed: { leg: 'target' } });
      expect(status.executed!.order).toMatchObject({ filledQuantity: 10, averagePrice: 460 });
    });

    it("a short's protection: an SL buy above the price and a LIMIT buy below, the stop triggered upwards", async () => {
      const user = `PX${2000 + ++users}`;
      const credentials = { clientId: user, accessKey: fake.newAccessToken(user) };
      fake.setLtp('SBIN', 800);
      const entry = await adapter.placeOrder(
        credentials,
        orderRequest({ symbol: 'SBIN', side: 'sell', product: 'intraday' }),
      );
      expect(entry).toMatchObject({ state: 'filled', filledQuantity: 10 });
      const request = protection({
        symbol: 'SBIN',
        side: 'buy',
        product: 'intraday',
        stop: 820,
        target: 770,
        lastPrice: 800,
      });
      const placed = await adapter.placeProtection(credentials, request);
      expect(placed).toMatchObject({
        state: 'active',
        terms: { side: 'buy', product: 'intraday', stop: 820, target: 770 },
      });
      expect(tagged(request.clientOrderIds.stop)).toMatchObject({ type: 'sl', side: 'buy', trigger: 820, price: 820 });
      expect(tagged(request.clientOrderIds.target)).toMatchObject({ type: 'limit', side: 'buy', price: 770 });
      move('SBIN', 820.5);
      move('SBIN', 819.9);
      const status = await adapter.protectionStatus(credentials, placed.protectionId);
      expect(status).toMatchObject({ state: 'triggered', executed: { leg: 'stop', order: { averagePrice: 820 } } });
    });

    it('is cancelled whole: both orders withdrawn at the broker', async () => {
      const { credentials } = await position('WIPRO');
      const request = protection({ symbol: 'WIPRO', stop: 290, target: 320, lastPrice: 300 });
      const placed = await adapter.placeProtection(credentials, request);
      const cancelled = await adapter.cancelProtection(credentials, placed.protectionId);
      expect(cancelled).toMatchObject({ state: 'cancelled', executed: null });
      expect(tagged(request.clientOrderIds.stop).status).toBe('cancelled');
      expect(tagged(request.clientOrderIds.target).status).toBe('cancelled');
      // Nothing rests to trigger any more.
      move('WIPRO', 280);
      expect(fake.exchange.orders.filter((o) => o.symbol === 'WIPRO' && o.side === 'sell' && o.filled > 0)).toEqual([]);
    });

    if (broker !== 'dhan')
      it("a delivery position rests its stop alone: the broker's RMS takes no second sell of the holding", async () => {
        const { credentials } = await position('INFY', 'delivery');
        const request = protection({ product: 'delivery' });
        const from = fake.requests.length;
        const placed = await adapter.placeProtection(credentials, request);
        expect(fake.requests.slice(from).filter(wire.isPlacement)).toHaveLength(1);
        const stop = tagged(request.clientOrderIds.stop);
        expect(stop).toMatchObject({
          type: 'sl',
          side: 'sell',
          quantity: 10,
          trigger: 1450,
          status: 'trigger_pending',
        });
        expect(tagged(request.clientOrderIds.target)).toBeUndefined();
        expect(placed).toMatchObject({
          protectionId: `stop:${placed.orders.stop!.orderId}`,
          kind: 'stop',
          state: 'active',
          orders: { target: null },
          terms: { product: 'delivery', quantity: 10, stop: 1450, target: 1600 },
        });
        // The holding is blocked by the stop: a target LIMIT sell of it is refused, as two would sell it twice.
        const second = await adapter.placeOrder(
          credentials,
          orderRequest({ symbol: 'INFY', side: 'sell', product: 'delivery', orderType: 'limit', limitPrice: 1600 }),
        );
        expect(second).toMatchObject({
          state: 'rejected',
          rejectReason: expect.stringMatching(/Insufficient holdings/),
        });

        const modified = await adapter.modifyProtection(credentials, placed.protectionId, {
          quantity: 10,
          stop: 1460,
          stopLimit: null,
          target: 1650,
          lastPrice: 1500,
        });
        expect(modified).toMatchObject({ protectionId: placed.protectionId, terms: { stop: 1460, target: 1650 } });
        expect(stop).toMatchObject({ trigger: 1460, price: 1460, status: 'trigger_pending' });
        expect(await adapter.cancelProtection(credentials, placed.protectionId)).toMatchObject({ state: 'cancelled' });
        expect(stop.status).toBe('cancelled');
      });

    it("is refused as the broker's RMS refuses a stop above the price: rejected with its words, nothing resting", async () => {
      const { credentials } = await position('LT');
      const request = protection({ symbol: 'LT', stop: 3510, target: 3600, lastPrice: 3500 });
      const refused = await adapter.placeProtection(credentials, request);
      expect(refused).toMatchObject({ state: 'rejected', kind: 'orders' });
      expect(refused.rejectReason).toMatch(/Trigger price for stop-loss sell orders should be lower/);
      expect(tagged(request.clientOrderIds.target)).toBeUndefined();
    });

    it('a target the broker refuses (off the tick) withdraws the stop already placed: never half a protection', async () => {
      const { credentials } = await position('ONGC');
      const request = protection({ symbol: 'ONGC', stop: 245, target: 262.53, lastPrice: 250 });
      const refused = await adapter.placeProtection(credentials, request);
      expect(refused.state).toBe('rejected');
      expect(refused.rejectReason).toBeTruthy();
      expect(tagged(request.clientOrderIds.stop).status).toBe('cancelled');
      expect(fake.exchange.orders.filter((o) => o.symbol === 'ONGC' && o.status === 'open')).toEqual([]);
    });
  });
}
