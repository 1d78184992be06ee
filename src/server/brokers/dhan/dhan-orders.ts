/**
 * Dhan API v2's order shapes to and from the engine's (https://dhanhq.co/docs/v2/orders/): JSON
 * with dhanClientId, correlationId (the engine's client order id), transactionType BUY/SELL,
 * exchangeSegment NSE_EQ, productType CNC or INTRADAY, orderType MARKET / LIMIT / STOP_LOSS,
 * validity DAY, securityId (from Dhan's scrip master), quantity, price, triggerPrice. Statuses:
 * TRADED, REJECTED, CANCELLED, EXPIRED, PENDING (a stop-loss before its trigger too), PART_TRADED,
 * TRANSIT, TRIGGERED.
 */
import { requestOf, type Order, type OrderRequest, type OrderState } from '../adapter';
import { istWallClock } from '@shared/ist';

export const DHAN_PRODUCTS = { delivery: 'CNC', intraday: 'INTRADAY' } as const;
export const DHAN_ORDER_TYPES = { market: 'MARKET', limit: 'LIMIT', trigger: 'STOP_LOSS' } as const;

const STATES: Record<string, OrderState> = {
  TRADED: 'filled',
  REJECTED: 'rejected',
  CANCELLED: 'cancelled',
  EXPIRED: 'cancelled',
};

export function dhanOrderBody(request: OrderRequest, dhanClientId: string, securityId: string) {
  return {
    dhanClientId,
    ...(request.clientOrderId ? { correlationId: request.clientOrderId } : {}),
    transactionType: request.side === 'buy' ? 'BUY' : 'SELL',
    exchangeSegment: `${request.exchange}_EQ`,
    productType: DHAN_PRODUCTS[request.product],
    orderType: DHAN_ORDER_TYPES[request.orderType],
    validity: 'DAY',
    securityId,
    quantity: request.quantity,
    disclosedQuantity: 0,
    price: request.orderType === 'market' ? 0 : (request.limitPrice ?? 0),
    triggerPrice: request.orderType === 'trigger' ? (request.triggerPrice ?? 0) : 0,
    afterMarketOrder: false,
  };
}

export interface DhanOrder {
  orderId: string;
  correlationId?: string;
  orderStatus: string;
  transactionType: string;
  exchangeSegment: string;
  productType: string;
  orderType: string;
  tradingSymbol: string;
  quantity: number;
  price: number;
  triggerPrice: number;
  filledQty?: number;
  /** The documentation's examples spell it both ways. */
  filled_qty?: number;
  averageTradedPrice?: number;
  omsErrorDescription?: string;
  exchangeOrderId?: string;
  updateTime?: string;
  createTime?: string;
}

export function fromDhanOrder(o: DhanOrder, now: Date): Order {
  const orderType: OrderRequest['orderType'] =
    o.orderType === 'MARKET' ? 'market' : o.orderType === 'LIMIT' ? 'limit' : 'trigger';
  const filled = o.filledQty ?? o.filled_qty ?? 0;
  const state =
    STATES[o.orderStatus] ?? (orderType === 'trigger' && o.orderStatus === 'PENDING' ? 'trigger_pending' : 'open');
  const tag = o.correlationId || null;
  return {
    orderId: String(o.orderId),
    clientOrderId: tag,
    exchangeOrderId: o.exchangeOrderId || null,
    request: requestOf({
      exchange: o.exchangeSegment.replace(/_EQ$/, ''),
      symbol: o.tradingSymbol,
      side: o.transactionType === 'BUY' ? 'buy' : 'sell',
      product: o.productType === 'INTRADAY' ? 'intraday' : 'delivery',
      orderType,
      quantity: o.quantity,
      price: o.price,
      triggerPrice: o.triggerPrice,
      tag,
    }),
    state,
    filledQuantity: filled,
    averagePrice: filled > 0 ? (o.averageTradedPrice ?? null) : null,
    rejectReason: state === 'rejected' ? o.omsErrorDescription || 'rejected by the broker' : null,
    updatedAt: istWallClock(o.updateTime ?? o.createTime, now),
  };
}
