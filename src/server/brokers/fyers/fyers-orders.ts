/**
 * Fyers API v3's order shapes to and from the engine's (https://myapi.fyers.in/docsv3/#tag/Orders):
 * JSON with symbol `NSE:<symbol>-EQ`, type 1 limit / 2 market / 3 stop (SL-M) / 4 stop-limit (SL),
 * side 1 buy / -1 sell, productType CNC or INTRADAY, limitPrice, stopPrice, validity DAY and
 * `orderTag` (alphanumeric: the engine's client order id). The order book's status: 1 cancelled,
 * 2 traded, 4 transit, 5 rejected, 6 pending, 7 expired.
 */
import { requestOf, type Order, type OrderRequest, type OrderState } from '../adapter';
import { istWallClock } from '@shared/ist';

export const FYERS_PRODUCTS = { delivery: 'CNC', intraday: 'INTRADAY' } as const;
export const FYERS_ORDER_TYPES = { limit: 1, market: 2, trigger: 4 } as const;

const STATES: Record<number, OrderState> = { 1: 'cancelled', 2: 'filled', 5: 'rejected', 7: 'cancelled' };

export const fyersSymbol = (request: Pick<OrderRequest, 'exchange' | 'symbol'>) =>
  `${request.exchange}:${request.symbol}-EQ`;
/** NSE:INFY-EQ -> INFY (other series keep their suffix: they are not the engine's). */
export const bareSymbol = (symbol: string) => symbol.replace(/^[A-Z]+:/, '').replace(/-EQ$/, '');

export function fyersOrderBody(request: OrderRequest) {
  return {
    symbol: fyersSymbol(request),
    qty: request.quantity,
    type: FYERS_ORDER_TYPES[request.orderType],
    side: request.side === 'buy' ? 1 : -1,
    productType: FYERS_PRODUCTS[request.product],
    limitPrice: request.orderType === 'market' ? 0 : (request.limitPrice ?? 0),
    stopPrice: request.orderType === 'trigger' ? (request.triggerPrice ?? 0) : 0,
    validity: 'DAY',
    disclosedQty: 0,
    offlineOrder: false,
    ...(request.clientOrderId ? { orderTag: request.clientOrderId } : {}),
  };
}

export interface FyersOrder {
  id: string;
  exchOrdId?: string;
  symbol: string;
  qty: number;
  filledQty: number;
  status: number;
  type: number;
  side: number;
  productType: string;
  limitPrice: number;
  stopPrice: number;
  tradedPrice: number;
  orderTag?: string;
  message?: string;
  orderDateTime?: string;
}

/**
 * Fyers returns a tag as "<n>:<tag>" in the order book (the documentation's examples show
 * "1:Untagged" and "2:tag"); the prefix is not the engine's.
 */
const tagOf = (orderTag: string | undefined) => {
  const tag = (orderTag ?? '').replace(/^\d+:/, '');
  return tag && tag !== 'Untagged' ? tag : null;
};

export function fromFyersOrder(o: FyersOrder, now: Date): Order {
  const orderType: OrderRequest['orderType'] = o.type === 2 ? 'market' : o.type === 1 ? 'limit' : 'trigger';
  const tag = tagOf(o.orderTag);
  const state =
    STATES[o.status] ?? (orderType === 'trigger' && o.filledQty === 0 && o.status === 6 ? 'trigger_pending' : 'open');
  return {
    orderId: String(o.id),
    clientOrderId: tag,
    exchangeOrderId: o.exchOrdId || null,
    request: requestOf({
      exchange: o.symbol.split(':')[0] ?? 'NSE',
      symbol: bareSymbol(o.symbol),
      side: o.side === 1 ? 'buy' : 'sell',
      product: o.productType === 'INTRADAY' ? 'intraday' : 'delivery',
      orderType,
      quantity: o.qty,
      price: o.limitPrice,
      triggerPrice: o.stopPrice,
      tag,
    }),
    state,
    filledQuantity: o.filledQty,
    averagePrice: o.filledQty > 0 ? o.tradedPrice : null,
    rejectReason: state === 'rejected' ? o.message || 'rejected by the broker' : null,
    updatedAt: istWallClock(o.orderDateTime, now),
  };
}
