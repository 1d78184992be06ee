/**
 * Angel One SmartAPI's order shapes to and from the engine's (https://smartapi.angelbroking.com/docs/Orders):
 * variety NORMAL (STOPLOSS for stop-loss orders), tradingsymbol `<symbol>-EQ` with its symboltoken
 * (from Angel's scrip master), exchange NSE, transactiontype BUY/SELL, ordertype MARKET / LIMIT /
 * STOPLOSS_LIMIT, producttype DELIVERY or INTRADAY, duration DAY, prices and quantity as strings,
 * and `ordertag` (the engine's client order id). The book's status: complete, rejected, cancelled,
 * trigger pending; every other is still open. An order is named by Angel's `orderid` (for modify
 * and cancel) and its `uniqueorderid` (for its details): the engine keeps both as "orderid/uniqueorderid".
 */
import { requestOf, type Order, type OrderRequest, type OrderState } from '../adapter';
import { istWallClock } from '@shared/ist';

export const ANGEL_PRODUCTS = { delivery: 'DELIVERY', intraday: 'INTRADAY' } as const;
export const ANGEL_ORDER_TYPES = { market: 'MARKET', limit: 'LIMIT', trigger: 'STOPLOSS_LIMIT' } as const;
export const angelVariety = (orderType: OrderRequest['orderType']) => (orderType === 'trigger' ? 'STOPLOSS' : 'NORMAL');

const STATES: Record<string, OrderState> = {
  complete: 'filled',
  rejected: 'rejected',
  cancelled: 'cancelled',
  'trigger pending': 'trigger_pending',
};

export interface AngelInstrument {
  token: string;
  tradingSymbol: string;
}

export function angelOrderBody(request: OrderRequest, instrument: AngelInstrument) {
  return {
    variety: angelVariety(request.orderType),
    tradingsymbol: instrument.tradingSymbol,
    symboltoken: instrument.token,
    transactiontype: request.side === 'buy' ? 'BUY' : 'SELL',
    exchange: request.exchange,
    ordertype: ANGEL_ORDER_TYPES[request.orderType],
    producttype: ANGEL_PRODUCTS[request.product],
    duration: 'DAY',
    price: String(request.orderType === 'market' ? 0 : (request.limitPrice ?? 0)),
    triggerprice: String(request.orderType === 'trigger' ? (request.triggerPrice ?? 0) : 0),
    squareoff: '0',
    stoploss: '0',
    quantity: String(request.quantity),
    ...(request.clientOrderId ? { ordertag: request.clientOrderId } : {}),
  };
}

/** The engine's id of an Angel order: both of Angel's ids. */
export const angelOrderId = (orderid: string, uniqueorderid: string) => `${orderid}/${uniqueorderid}`;
export function splitAngelOrderId(id: string): { orderid: string; uniqueorderid: string } {
  const [orderid = '', uniqueorderid = ''] = id.split('/');
  return { orderid, uniqueorderid };
}

export interface AngelOrder {
  orderid: string;
  uniqueorderid: string;
  tradingsymbol: string;
  exchange: string;
  transactiontype: string;
  producttype: string;
  ordertype: string;
  quantity: string | number;
  price: string | number;
  triggerprice: string | number;
  averageprice: string | number;
  filledshares: string | number;
  status: string;
  text?: string;
  ordertag?: string;
  exchorderid?: string;
  updatetime?: string;
}

export function fromAngelOrder(o: AngelOrder, now: Date): Order {
  const orderType: OrderRequest['orderType'] =
    o.ordertype === 'MARKET' ? 'market' : o.ordertype === 'LIMIT' ? 'limit' : 'trigger';
  const state = STATES[o.status] ?? 'open';
  const filled = Number(o.filledshares) || 0;
  const tag = o.ordertag || null;
  return {
    orderId: angelOrderId(o.orderid, o.uniqueorderid),
    clientOrderId: tag,
    exchangeOrderId: o.exchorderid || null,
    request: requestOf({
      exchange: o.exchange,
      symbol: o.tradingsymbol.replace(/-EQ$/, ''),
      side: o.transactiontype === 'BUY' ? 'buy' : 'sell',
      product: o.producttype === 'INTRADAY' ? 'intraday' : 'delivery',
      orderType,
      quantity: Number(o.quantity),
      price: Number(o.price),
      triggerPrice: Number(o.triggerprice),
      tag,
    }),
    state,
    filledQuantity: filled,
    averagePrice: filled > 0 ? Number(o.averageprice) : null,
    rejectReason: state === 'rejected' ? o.text || 'rejected by the broker' : null,
    updatedAt: istWallClock(o.updatetime, now),
  };
}
