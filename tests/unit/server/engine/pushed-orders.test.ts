/**
 * Which pushed order is news (pushed-orders.ts), with no database: a push only moves a leg forward,
 * the inbox keeps each order's latest state, and a poll behind a booked push is not applied.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '@server/brokers/adapter';
import { isBehind, isLater, isNews, PushInbox, PUSH_INBOX_LIMIT } from '@server/engine/pushed-orders';
import { kitePushedOrder } from '@server/brokers/zerodha/kite-pushes';

const AT = new Date('2026-01-05T04:00:00Z');
const order = (over: Partial<Order> = {}): Order => ({
  orderId: '260105000000001',
  clientOrderId: 'TB1L1',
  exchangeOrderId: null,
  request: {
    exchange: 'NSE',
    symbol: 'INFY',
    side: 'buy',
    product: 'delivery',
    orderType: 'market',
    quantity: 320,
    limitPrice: null,
    triggerPrice: null,
    clientOrderId: 'TB1L1',
  },
  state: 'open',
  filledQuantity: 0,
  averagePrice: null,
  rejectReason: null,
  updatedAt: AT,
  ...over,
});
const filled = order({ state: 'filled', filledQuantity: 320, averagePrice: 250 });
const partly = order({ filledQuantity: 100, averagePrice: 250 });
const leg = (state: 'sending' | 'open' | 'filled' | 'cancelled', filled_quantity = 0) => ({
  state,
  filled_quantity,
  broker_order_id: state === 'sending' ? null : '260105000000001',
});

describe('a pushed order', () => {
  it('is news only while the leg has not settled, and only forward', () => {
    expect(isNews(leg('sending'), order())).toBe(true);
    expect(isNews(leg('open'), partly)).toBe(true);
    expect(isNews(leg('open'), filled)).toBe(true);
    expect(isNews(leg('open', 100), partly)).toBe(false);
    expect(isNews(leg('open', 100), order())).toBe(false);
    expect(isNews(leg('open'), order())).toBe(false);
    expect(isNews(leg('filled', 320), filled)).toBe(false);
    expect(isNews(leg('cancelled'), partly)).toBe(false);
  });

  it('is later when it ended, filled more, or came later from the exchange', () => {
    expect(isLater(filled, partly)).toBe(true);
    expect(isLater(partly, filled)).toBe(false);
    expect(isLater(partly, order())).toBe(true);
    expect(isLater(order({ updatedAt: new Date(AT.getTime() + 1) }), order())).toBe(true);
    expect(isLater(order(), order())).toBe(false);
  });

  it('keeps one state per order in the inbox, the latest, within its limit', () => {
    const inbox = new PushInbox();
    inbox.add({ broker: 'zerodha', order: filled });
    inbox.add({ broker: 'zerodha', order: partly });
    inbox.add({ broker: 'zerodha', order: filled });
    expect(inbox.take()).toEqual([{ broker: 'zerodha', order: filled }]);
    expect(inbox.size).toBe(0);
    for (let i = 0; i <= PUSH_INBOX_LIMIT; i++) inbox.add({ broker: 'zerodha', order: order({ orderId: String(i) }) });
    expect(inbox.size).toBe(PUSH_INBOX_LIMIT);
    expect(inbox.take()[0]!.order.orderId).toBe('1');
  });

  it('makes a poll that lags a booked push not apply', () => {
    expect(isBehind(leg('open', 100), order())).toBe(true);
    expect(isBehind(leg('open', 100), order({ state: 'cancelled' }))).toBe(false);
    expect(isBehind(leg('open', 100), partly)).toBe(false);
    expect(isBehind(leg('sending'), order())).toBe(false);
  });

  it("reads Kite's postback payload as the order, UPDATE as open, and refuses a partial payload", () => {
    const payload = {
      order_id: '220303000308932',
      exchange_order_id: '1000000001482421',
      status: 'UPDATE',
      order_timestamp: '2026-01-05 09:24:25',
      exchange_update_timestamp: '2026-01-05 09:24:26',
      exchange: 'NSE',
      tradingsymbol: 'INFY',
      transaction_type: 'BUY',
      order_type: 'MARKET',
      product: 'CNC',
      quantity: 320,
      price: 0,
      trigger_price: 0,
      average_price: 250,
      filled_quantity: 100,
      tag: 'TB1L1',
      checksum: 'ab',
    };
    expect(kitePushedOrder(payload, AT)).toMatchObject({
      orderId: '220303000308932',
      clientOrderId: 'TB1L1',
      state: 'open',
      filledQuantity: 100,
      averagePrice: 250,
      updatedAt: new Date('2026-01-05T03:54:26Z'),
    });
    expect(kitePushedOrder({ ...payload, status: 'COMPLETE', filled_quantity: 320 }, AT)?.state).toBe('filled');
    expect(kitePushedOrder({ order_id: '1', order_timestamp: 'x', status: 'COMPLETE' }, AT)).toBeNull();
  });
});
