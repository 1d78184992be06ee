/**
 * Protective orders as two plain orders (src/server/brokers/order-protection.ts): a protection's
 * id splits back into its two order ids (Angel One's ids hold a slash themselves); the legs'
 * requests for a long's and a short's exit; the protection read from its two orders.
 */
import { describe, expect, it } from 'vitest';
import type { Order, ProtectionRequest } from '@server/brokers/adapter';
import { fromLegOrders, legsOfProtection, protectionLegRequests } from '@server/brokers/order-protection';

const AT = new Date('2026-01-05T04:00:00Z');

const request = (over: Partial<ProtectionRequest> = {}): ProtectionRequest => ({
  exchange: 'NSE',
  symbol: 'INFY',
  side: 'sell',
  product: 'intraday',
  quantity: 10,
  stop: 1450,
  stopLimit: null,
  target: 1600,
  lastPrice: 1500,
  clientOrderIds: { stop: 'TB7P1S', target: 'TB7P1T' },
  ...over,
});

const order = (over: Partial<Order> & Pick<Order, 'orderId' | 'state'>, req: Order['request']): Order => ({
  clientOrderId: req.clientOrderId ?? null,
  exchangeOrderId: null,
  request: req,
  filledQuantity: 0,
  averagePrice: null,
  rejectReason: null,
  updatedAt: AT,
  ...over,
});

describe('a protection of two orders', () => {
  it('its id splits back into the two order ids, slashes in the ids included', () => {
    expect(legsOfProtection('2601050000001/2601050000002')).toEqual({
      stop: '2601050000001',
      target: '2601050000002',
    });
    expect(legsOfProtection('260105000001/a1b2/260105000002/c3d4')).toEqual({
      stop: '260105000001/a1b2',
      target: '260105000002/c3d4',
    });
    expect(legsOfProtection('12345')).toBeNull();
    expect(legsOfProtection('1/2/3')).toBeNull();
    expect(legsOfProtection('1//2')).toBeNull();
  });

  it("a long's exit: an SL sell at the stop (its limit the stop itself when none is given) and a LIMIT sell at the target, each tagged", () => {
    const legs = protectionLegRequests(request());
    expect(legs.stop).toMatchObject({
      side: 'sell',
      orderType: 'trigger',
      triggerPrice: 1450,
      limitPrice: 1450,
      quantity: 10,
      product: 'intraday',
      clientOrderId: 'TB7P1S',
    });
    expect(legs.target).toMatchObject({ side: 'sell', orderType: 'limit', limitPrice: 1600, clientOrderId: 'TB7P1T' });
    expect(protectionLegRequests(request({ stopLimit: 1445 })).stop.limitPrice).toBe(1445);
  });

  it("a short's exit: an SL buy above and a LIMIT buy below", () => {
    const legs = protectionLegRequests(request({ side: 'buy', stop: 1550, target: 1400 }));
    expect(legs.stop).toMatchObject({ side: 'buy', orderType: 'trigger', triggerPrice: 1550, limitPrice: 1550 });
    expect(legs.target).toMatchObject({ side: 'buy', orderType: 'limit', limitPrice: 1400 });
  });

  it('reads its state from the two orders: active, triggered (the filled leg), rejected, cancelled', () => {
    const legs = protectionLegRequests(request());
    const stop = (over: Partial<Order> = {}) => order({ orderId: 'S1', state: 'trigger_pending', ...over }, legs.stop);
    const target = (over: Partial<Order> = {}) => order({ orderId: 'T1', state: 'open', ...over }, legs.target);
    expect(fromLegOrders('S1/T1', stop(), target())).toMatchObject({
      kind: 'orders',
      state: 'active',
      executed: null,
      terms: { quantity: 10, stop: 1450, stopLimit: 1450, target: 1600, side: 'sell' },
    });
    const filled = fromLegOrders('S1/T1', stop({ state: 'filled', filledQuantity: 10, averagePrice: 1450 }), target());
    expect(filled).toMatchObject({ state: 'triggered', executed: { leg: 'stop', order: { averagePrice: 1450 } } });
    // A partly filled stop is executed already: the engine books what filled and follows the rest.
    expect(fromLegOrders('S1/T1', stop({ state: 'open', filledQuantity: 4 }), target()).executed!.leg).toBe('stop');
    expect(fromLegOrders('S1/T1', stop(), target({ state: 'filled', filledQuantity: 10 })).executed!.leg).toBe(
      'target',
    );
    expect(
      fromLegOrders('S1/T1', stop({ state: 'rejected', rejectReason: 'RMS: margin' }), target({ state: 'cancelled' })),
    ).toMatchObject({ state: 'rejected', rejectReason: 'RMS: margin' });
    expect(fromLegOrders('S1/T1', stop({ state: 'cancelled' }), target({ state: 'cancelled' })).state).toBe(
      'cancelled',
    );
    // Half withdrawn at the broker is still half a protection.
    expect(fromLegOrders('S1/T1', stop(), target({ state: 'cancelled' })).state).toBe('active');
  });
});
