/**
 * Kite's protective-order shapes (src/server/brokers/zerodha/kite-protection.ts): the two-leg
 * GTT's legs in trigger order for either side, the stop leg of an intraday protection, and an
 * intraday protection's state from its two orders.
 */
import { describe, expect, it } from 'vitest';
import type { Order, ProtectionRequest } from '@server/brokers/adapter';
import { fromLegOrders } from '@server/brokers/order-protection';
import { gttParams, ordersOfProtection, stopLegPrices } from '@server/brokers/zerodha/kite-protection';
import { protectionRequest } from '@tests/factories/protections';

const request = (over: Partial<ProtectionRequest> = {}): ProtectionRequest =>
  protectionRequest({ stopLimit: 1440, clientOrderIds: { stop: 'TB1L2', target: 'TB1L3' }, ...over });

const order = (over: Partial<Order> & { state: Order['state'] }): Order => ({
  orderId: '1',
  clientOrderId: null,
  exchangeOrderId: null,
  request: {
    exchange: 'NSE',
    symbol: 'TCS',
    side: 'sell',
    product: 'intraday',
    orderType: 'trigger',
    quantity: 5,
    limitPrice: 3890,
    triggerPrice: 3900,
  },
  filledQuantity: 0,
  averagePrice: null,
  rejectReason: null,
  updatedAt: new Date('2026-01-05T04:00:00Z'),
  ...over,
});

describe('a two-leg GTT', () => {
  it("a long's exit: the stop is the lower trigger and orders[0], the target the upper and orders[1]", () => {
    const params = gttParams(request());
    expect(params.trigger_values).toEqual([1450, 1600]);
    expect(params.orders.map((o) => [o.transaction_type, o.price])).toEqual([
      ['SELL', 1440],
      ['SELL', 1600],
    ]);
  });

  it("a short's exit (a buy): the target is the lower trigger, the stop the upper", () => {
    const params = gttParams(request({ side: 'buy', stop: 1550, stopLimit: 1560, target: 1400 }));
    expect(params.trigger_values).toEqual([1400, 1550]);
    expect(params.orders.map((o) => [o.transaction_type, o.price])).toEqual([
      ['BUY', 1400],
      ['BUY', 1560],
    ]);
  });

  it('without a stop limit the stop leg is a LIMIT at the trigger itself (GTT orders are LIMIT only)', () => {
    const params = gttParams(request({ stopLimit: null }));
    expect(params.orders[0]).toMatchObject({ order_type: 'LIMIT', price: 1450 });
  });

  it("a GTT's id is not taken for an intraday protection's two orders", () => {
    expect(ordersOfProtection('100001')).toBeNull();
    expect(ordersOfProtection('260105000000001/260105000000002')).toEqual({
      stop: '260105000000001',
      target: '260105000000002',
    });
  });
});

describe('an intraday protection', () => {
  it('its stop is an SL with its limit, or an SL-M with market protection', () => {
    expect(stopLegPrices({ stop: 3900, stopLimit: 3890 }, -1)).toEqual({
      order_type: 'SL',
      trigger_price: 3900,
      price: 3890,
    });
    expect(stopLegPrices({ stop: 3900, stopLimit: null }, 2)).toEqual({
      order_type: 'SL-M',
      trigger_price: 3900,
      market_protection: 2,
    });
  });

  it('is active while a leg rests, triggered once a leg fills, rejected or cancelled otherwise', () => {
    const stop = (over: Partial<Order> & { state: Order['state'] }) => order({ orderId: '1', ...over });
    const target = (over: Partial<Order> & { state: Order['state'] }) =>
      order({
        orderId: '2',
        ...over,
        request: { ...order({ state: 'open' }).request, orderType: 'limit', limitPrice: 4200, triggerPrice: null },
      });
    const of = (s: Order, t: Order) => fromLegOrders('1/2', s, t);
    expect(of(stop({ state: 'trigger_pending' }), target({ state: 'open' })).state).toBe('active');
    const hit = of(stop({ state: 'filled', filledQuantity: 5, averagePrice: 3890 }), target({ state: 'open' }));
    expect(hit).toMatchObject({ state: 'triggered', executed: { leg: 'stop', order: { averagePrice: 3890 } } });
    expect(hit.terms).toMatchObject({ stop: 3900, stopLimit: 3890, target: 4200, quantity: 5 });
    expect(of(stop({ state: 'cancelled' }), target({ state: 'open', filledQuantity: 2 })).executed).toMatchObject({
      leg: 'target',
    });
    expect(
      of(stop({ state: 'rejected', rejectReason: 'Insufficient funds' }), target({ state: 'open' })),
    ).toMatchObject({ state: 'rejected', rejectReason: 'Insufficient funds' });
    expect(of(stop({ state: 'cancelled' }), target({ state: 'cancelled' })).state).toBe('cancelled');
  });
});
