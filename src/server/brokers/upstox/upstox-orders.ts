/**
 * Upstox's order shapes to and from the engine's: placed through the v3 place API
 * (https://upstox.com/developer/api-documentation/v3/place-order), read through v2's order
 * details and book. instrument_token `NSE_EQ|<ISIN>` (from Upstox's instruments file),
 * transaction_type BUY/SELL, product D (delivery) or I (intraday), order_type MARKET/LIMIT/SL,
 * validity DAY, price, trigger_price, `tag` (the engine's client order id), `slice` off and, on a
 * market order, `market_protection`. Statuses as Upstox lists them: complete, rejected, cancelled,
 * trigger pending; every other (open, put order req received, validation pending, modify
 * pending...) is still open.
 */
import type { UpstoxOrder } from 'upstox-js-sdk';
import { requestOf, type Order, type OrderRequest, type OrderState } from '../adapter';
import { istWallClock } from '@shared/ist';

export const UPSTOX_PRODUCTS = { delivery: 'D', intraday: 'I' } as const;
export const UPSTOX_ORDER_TYPES = { market: 'MARKET', limit: 'LIMIT', trigger: 'SL' } as const;

const STATES: Record<string, OrderState> = {
  complete: 'filled',
  rejected: 'rejected',
  cancelled: 'cancelled',
  'trigger pending': 'trigger_pending',
};

/**
 * Upstox's `market_protection` (since 11 March 2026; upstox-js-sdk 2.31.0 maps it on the v3 place
 * and on modify): the band, in percent of the last price, a market or SL-M order may fill within,
 * 0 to 25; -1 lets Upstox choose it; 0 (Upstox's default when absent) is none. Ignored by Upstox on
 * limit and SL orders, so only market orders carry it.
 */
export const UPSTOX_DEFAULT_MARKET_PROTECTION = -1;

/**
 * The SDK's v3 place-order body (`PlaceOrderV3Request`; the SDK maps these camelCase names to
 * Upstox's snake_case). `slice` is off: one order, one order id (a sliced order would come back
 * as several ids, each charged its own brokerage).
 */
export function upstoxOrderBody(
  request: OrderRequest,
  instrumentKey: string,
  marketProtection = UPSTOX_DEFAULT_MARKET_PROTECTION,
) {
  return {
    instrumentToken: instrumentKey,
    transactionType: request.side === 'buy' ? 'BUY' : 'SELL',
    quantity: request.quantity,
    product: UPSTOX_PRODUCTS[request.product],
    orderType: UPSTOX_ORDER_TYPES[request.orderType],
    validity: 'DAY',
    price: request.orderType === 'market' ? 0 : (request.limitPrice ?? 0),
    triggerPrice: request.orderType === 'trigger' ? (request.triggerPrice ?? 0) : 0,
    disclosedQuantity: 0,
    isAmo: false,
    slice: false,
    ...(request.clientOrderId ? { tag: request.clientOrderId } : {}),
    ...(request.orderType === 'market' ? { marketProtection } : {}),
  };
}

export function fromUpstoxOrder(o: UpstoxOrder, now: Date): Order {
  const orderType: OrderRequest['orderType'] =
    o.orderType === 'MARKET' ? 'market' : o.orderType === 'LIMIT' ? 'limit' : 'trigger';
  const state = STATES[o.status] ?? 'open';
  const filled = o.filledQuantity ?? 0;
  const tag = o.tag || null;
  return {
    orderId: String(o.orderId),
    clientOrderId: tag,
    exchangeOrderId: o.exchangeOrderId || null,
    request: requestOf({
      exchange: o.exchange,
      symbol: o.tradingSymbol ?? o.tradingsymbol ?? '',
      side: o.transactionType === 'BUY' ? 'buy' : 'sell',
      product: o.product === 'I' ? 'intraday' : 'delivery',
      orderType,
      quantity: o.quantity,
      price: o.price,
      triggerPrice: o.triggerPrice,
      tag,
    }),
    state,
    filledQuantity: filled,
    averagePrice: filled > 0 ? (o.averagePrice ?? null) : null,
    rejectReason: state === 'rejected' ? o.statusMessage || 'rejected by the broker' : null,
    updatedAt: istWallClock(o.exchangeTimestamp || o.orderTimestamp, now),
  };
}
