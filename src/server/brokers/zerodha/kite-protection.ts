/**
 * Protective orders at Zerodha (docs/decisions/2026-11-27-protective-orders-at-zerodha.md): a
 * delivery (CNC) position is protected by a two-leg GTT (https://kite.trade/docs/connect/v3/gtt/:
 * `POST /gtt/triggers` with `type=two-leg`, `condition` {exchange, tradingsymbol, trigger_values
 * [lower, upper], last_price} and `orders` [one LIMIT order per trigger value, in the same order]);
 * an intraday (MIS) one by two regular orders, a stop-loss (SL, or SL-M with market protection)
 * and a target LIMIT, each with its leg's tag.
 */
import type { GTTParams, Trigger } from 'kiteconnect';
import type { Side } from '../../trading/charge-rates';
import type { Order, Protection, ProtectionLeg, ProtectionRequest, ProtectionState, ProtectionTerms } from '../adapter';
import { istInstant, KITE_PRODUCTS } from './kite-orders';

/** Kite's GTT statuses (kiteconnect 5.3.0's GTT_STATUS_*) as the engine's protection states. */
const GTT_STATES: Record<Trigger['status'], ProtectionState> = {
  active: 'active',
  triggered: 'triggered',
  disabled: 'disabled',
  expired: 'expired',
  cancelled: 'cancelled',
  rejected: 'rejected',
  deleted: 'cancelled',
};

/**
 * A two-leg GTT takes its trigger values lower first, and orders[i] is placed when
 * trigger_values[i] is reached: for a sell (a long position's exit) the stop is the lower value, for
 * a buy (a short's) the target.
 */
export const gttLegs = (side: Side): readonly [ProtectionLeg, ProtectionLeg] =>
  side === 'sell' ? ['stop', 'target'] : ['target', 'stop'];

/** The stop leg's limit: a GTT's orders are LIMIT only, so without a stop limit it is the trigger itself. */
const gttStopPrice = (terms: Pick<ProtectionRequest, 'stop' | 'stopLimit'>) => terms.stopLimit ?? terms.stop;

/** kiteconnect's placeGTT / modifyGTT params of a protection. */
export function gttParams(request: Omit<ProtectionRequest, 'clientOrderIds'>): GTTParams {
  const prices: Record<ProtectionLeg, { trigger: number; price: number }> = {
    stop: { trigger: request.stop, price: gttStopPrice(request) },
    target: { trigger: request.target, price: request.target },
  };
  const legs = gttLegs(request.side);
  return {
    trigger_type: 'two-leg',
    exchange: request.exchange as GTTParams['exchange'],
    tradingsymbol: request.symbol,
    trigger_values: legs.map((leg) => prices[leg].trigger),
    last_price: request.lastPrice,
    orders: legs.map((leg) => ({
      transaction_type: request.side === 'buy' ? 'BUY' : 'SELL',
      quantity: request.quantity,
      product: KITE_PRODUCTS[request.product],
      order_type: 'LIMIT',
      price: prices[leg].price,
    })),
  };
}

/** A GTT's terms, read back from Kite's trigger. */
export function gttTerms(trigger: Trigger): ProtectionTerms & { lastPrice: number } {
  const first = trigger.orders[0]!;
  const side: Side = first.transaction_type === 'BUY' ? 'buy' : 'sell';
  const legs = gttLegs(side);
  const at = (leg: ProtectionLeg) => legs.indexOf(leg);
  return {
    exchange: trigger.condition.exchange,
    symbol: trigger.condition.tradingsymbol,
    side,
    product: first.product === 'MIS' ? 'intraday' : 'delivery',
    quantity: first.quantity,
    stop: trigger.condition.trigger_values[at('stop')]!,
    stopLimit: trigger.orders[at('stop')]!.price,
    target: trigger.condition.trigger_values[at('target')]!,
    lastPrice: trigger.condition.last_price,
  };
}

/**
 * An engine Protection from Kite's GTT: once triggered, the leg with a `result` is the one Kite
 * sent, its order (looked up by the caller in the order book) holds the fill; a leg whose order Kite
 * could not place carries `order_result.status` "failed" and its `rejection_reason`.
 */
export function fromKiteTrigger(
  trigger: Trigger,
  executedOrder: Order | null,
  now: Date,
): Protection & { executedOrderId: string | null } {
  const terms = gttTerms(trigger);
  const legs = gttLegs(terms.side);
  const index = trigger.orders.findIndex((o) => o.result);
  // Kite's answer as it may come: a result without its order_result, a status the typings do not name.
  const result = (index >= 0 ? trigger.orders[index]!.result : null) as {
    order_result?: { status?: string; order_id?: string; rejection_reason?: string };
  } | null;
  const leg = index >= 0 ? legs[index]! : null;
  const executedOrderId = result?.order_result?.order_id || null;
  // Failed to place (order_result), or placed and then rejected by the RMS (the order book's status).
  const failed =
    result?.order_result?.status === 'failed'
      ? result.order_result.rejection_reason || 'failed'
      : executedOrder?.state === 'rejected'
        ? executedOrder.rejectReason || 'rejected'
        : null;
  const orders: Record<ProtectionLeg, Order | null> = { stop: null, target: null };
  if (leg && executedOrder) orders[leg] = executedOrder;
  return {
    protectionId: String(trigger.id),
    kind: 'oco',
    terms: {
      exchange: terms.exchange,
      symbol: terms.symbol,
      side: terms.side,
      product: terms.product,
      quantity: terms.quantity,
      stop: terms.stop,
      stopLimit: terms.stopLimit,
      target: terms.target,
    },
    // Triggered, its order failed (e.g. a CNC sell without TPIN authorisation): nothing went to the exchange.
    state: failed ? 'failed' : ((GTT_STATES as Partial<Record<string, ProtectionState>>)[trigger.status] ?? 'active'),
    orders,
    executed: leg ? { leg, order: executedOrder } : null,
    rejectReason: failed ?? executedOrder?.rejectReason ?? null,
    updatedAt: istInstant(trigger.updated_at, now),
    executedOrderId,
  };
}

/** An intraday protection's id: its two regular orders. */
export const ordersProtectionId = (stopOrderId: string, targetOrderId: string) => `${stopOrderId}/${targetOrderId}`;

/** The two order ids of an intraday protection's id; null when it is a GTT's (a number). */
export function ordersOfProtection(protectionId: string): { stop: string; target: string } | null {
  const match = /^(\d+)\/(\d+)$/.exec(protectionId);
  return match ? { stop: match[1]!, target: match[2]! } : null;
}

/** The regular order forms of an intraday protection's two legs (Kite's place-order fields). */
export function protectionOrderForms(request: ProtectionRequest, marketProtection: number) {
  const common = {
    exchange: request.exchange as 'NSE',
    tradingsymbol: request.symbol,
    transaction_type: request.side === 'buy' ? ('BUY' as const) : ('SELL' as const),
    quantity: request.quantity,
    product: KITE_PRODUCTS[request.product],
    validity: 'DAY' as const,
    ...(request.exchangeAlgoId ? { algo_id: request.exchangeAlgoId } : {}),
  };
  return {
    stop: {
      ...common,
      ...stopLegPrices(request, marketProtection),
      tag: request.clientOrderIds.stop,
    },
    target: { ...common, order_type: 'LIMIT' as const, price: request.target, tag: request.clientOrderIds.target },
  };
}

/** The stop leg's order type and prices: SL with its limit, or SL-M with Kite's market protection. */
export function stopLegPrices(terms: Pick<ProtectionRequest, 'stop' | 'stopLimit'>, marketProtection: number) {
  return terms.stopLimit == null
    ? { order_type: 'SL-M' as const, trigger_price: terms.stop, market_protection: marketProtection }
    : { order_type: 'SL' as const, trigger_price: terms.stop, price: terms.stopLimit };
}
