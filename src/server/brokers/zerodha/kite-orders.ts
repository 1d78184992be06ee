/**
 * Kite Connect v3's order shapes to and from the engine's (adapter.ts). Wire format per Kite's
 * documentation (https://kite.trade/docs/connect/v3/orders/): form fields tradingsymbol, exchange,
 * transaction_type BUY/SELL, order_type MARKET/LIMIT/SL, product CNC/MIS, price, trigger_price,
 * validity DAY, tag (at most 20 alphanumeric characters: the engine's client order id).
 */
import type { Order as KiteOrder } from 'kiteconnect';
import { fromIstParts } from '@shared/ist';
import { requestOf, type Order, type OrderRequest, type OrderState } from '../adapter';

export const KITE_PRODUCTS = { delivery: 'CNC', intraday: 'MIS' } as const;
export const KITE_ORDER_TYPES = { market: 'MARKET', limit: 'LIMIT', trigger: 'SL' } as const;

/** Kite's order statuses; every in-between one (validation, modify or cancel pending...) is still open. */
const STATES: Record<string, OrderState> = {
  COMPLETE: 'filled',
  CANCELLED: 'cancelled',
  REJECTED: 'rejected',
  'TRIGGER PENDING': 'trigger_pending',
};

/**
 * Kite's `market_protection` (kiteconnect 5.2.0): a percentage band around the last price a market
 * or SL-M order may fill within; -1 lets Kite choose the band. Since 1 April 2026 Kite refuses an
 * API market or SL-M order without it, and one with 0.
 */
export const KITE_DEFAULT_MARKET_PROTECTION = -1;

/**
 * The place-order form of an engine order: a market order carries its market protection, an
 * algo's order its exchange Algo ID (`algo_id`, kiteconnect 5.3.1; passed through as a form field
 * by 5.3.0's placeOrder, which sends every param it is given).
 */
export function kiteOrderParams(request: OrderRequest, marketProtection = KITE_DEFAULT_MARKET_PROTECTION) {
  return {
    exchange: request.exchange as 'NSE',
    tradingsymbol: request.symbol,
    transaction_type: request.side === 'buy' ? ('BUY' as const) : ('SELL' as const),
    quantity: request.quantity,
    product: KITE_PRODUCTS[request.product],
    order_type: KITE_ORDER_TYPES[request.orderType],
    validity: 'DAY' as const,
    ...(request.orderType !== 'market' && request.limitPrice != null ? { price: request.limitPrice } : {}),
    ...(request.orderType === 'trigger' && request.triggerPrice != null ? { trigger_price: request.triggerPrice } : {}),
    ...(request.clientOrderId ? { tag: request.clientOrderId } : {}),
    ...(request.orderType === 'market' ? { market_protection: marketProtection } : {}),
    ...(request.exchangeAlgoId ? { algo_id: request.exchangeAlgoId } : {}),
  };
}

/**
 * Kite's timestamps are India's wall-clock time without an offset ("2026-01-05 09:15:03"); the
 * client library turns them into Dates in the machine's own zone. This reads the same wall-clock
 * fields back as IST, whatever zone the server runs in.
 */
export function istInstant(local: Date | string | null | undefined, fallback: Date): Date {
  if (!local) return fallback;
  const d = typeof local === 'string' ? new Date(local.replace(' ', 'T')) : local;
  if (Number.isNaN(d.getTime())) return fallback;
  return fromIstParts({
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
  });
}

/** Kite's order as its answers may have it: its typings give no tag, and a filled quantity always. */
type KiteOrderAnswer = Omit<KiteOrder, 'filled_quantity'> & { filled_quantity?: number; tag?: string | null };

const sideOf = (kite: KiteOrderAnswer) => (kite.transaction_type === 'BUY' ? 'buy' : 'sell') as OrderRequest['side'];
const productOf = (kite: KiteOrderAnswer) =>
  (kite.product === 'MIS' ? 'intraday' : 'delivery') as OrderRequest['product'];
const orderTypeOf = (kite: KiteOrderAnswer): OrderRequest['orderType'] =>
  kite.order_type === 'MARKET' ? 'market' : kite.order_type === 'LIMIT' ? 'limit' : 'trigger';

/** An engine Order from Kite's order (the last entry of its history, or a row of the order book). */
export function fromKiteOrder(kite: KiteOrderAnswer, now: Date): Order {
  const tag = kite.tag ?? null;
  const filledQuantity = kite.filled_quantity ?? 0;
  const orderType = orderTypeOf(kite);
  return {
    orderId: String(kite.order_id),
    clientOrderId: tag,
    exchangeOrderId: kite.exchange_order_id ?? null,
    request: requestOf({
      exchange: kite.exchange,
      symbol: kite.tradingsymbol,
      side: sideOf(kite),
      product: productOf(kite),
      orderType,
      quantity: kite.quantity,
      price: kite.price,
      triggerPrice: kite.trigger_price,
      tag,
    }),
    state: STATES[kite.status] ?? 'open',
    filledQuantity,
    averagePrice: filledQuantity > 0 ? kite.average_price : null,
    rejectReason: kite.status === 'REJECTED' ? (kite.status_message ?? 'rejected by the broker') : null,
    updatedAt: istInstant(kite.exchange_update_timestamp ?? kite.exchange_timestamp ?? kite.order_timestamp, now),
  };
}
