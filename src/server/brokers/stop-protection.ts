/**
 * A delivery (CNC) position protected by its stop alone, where the broker has no OCO/GTT through its
 * API for a position already held (Fyers, Upstox, Angel One:
 * docs/decisions/2026-12-07-delivery-protection-at-each-broker.md): one SL order for the whole
 * holding rests at the broker, and the target is watched by Trabot on the broker's own price
 * (engine/watched-targets.ts), which exits through its own path after cancelling this stop. Two
 * full-size CNC sells (a stop and a target) would together sell twice the holding: brokers' risk
 * systems refuse the second, and were both to rest, both could fill.
 *
 * The protection's id is "stop:<stop order id>" (kind `stop`), told apart from the two-order id
 * "<stop>/<target>" before that is split.
 */
import type {
  BrokerAdapter,
  BrokerCredentials,
  Order,
  Protection,
  ProtectionChanges,
  ProtectionRequest,
  ProtectionState,
  ProtectionTerms,
} from './adapter';
import { rejectedProtection } from './adapter';

const PREFIX = 'stop:';

export const stopOnlyId = (orderId: string) => `${PREFIX}${orderId}`;

/** The stop order's id of a stop-only protection's id; null for any other protection. */
export const stopOrderOf = (protectionId: string): string | null =>
  protectionId.startsWith(PREFIX) && protectionId.length > PREFIX.length ? protectionId.slice(PREFIX.length) : null;

/** An order still resting at the broker (not filled, cancelled or rejected). */
export const resting = (o: Order) => o.state === 'open' || o.state === 'trigger_pending';

/** A protection's terms from its stop order as the broker holds it, with the target given. */
export function termsOfStopOrder(stop: Order, target: number): ProtectionTerms {
  return {
    exchange: stop.request.exchange,
    symbol: stop.request.symbol,
    side: stop.request.side,
    product: stop.request.product,
    quantity: stop.request.quantity,
    stop: stop.request.triggerPrice ?? 0,
    // An SL-M has no limit (Kite reports its price as 0).
    stopLimit: stop.request.limitPrice || null,
    target,
  };
}

/**
 * A stop-only protection from its order. The target is not held at the broker: `target` is the
 * level Trabot watches when the caller knows it (placing, modifying), else 0.
 */
export function fromStopOrder(protectionId: string, stop: Order, target = 0): Protection {
  const state: ProtectionState =
    stop.filledQuantity > 0
      ? 'triggered'
      : stop.state === 'rejected'
        ? 'rejected'
        : resting(stop)
          ? 'active'
          : 'cancelled';
  return {
    protectionId,
    kind: 'stop',
    terms: termsOfStopOrder(stop, target),
    state,
    orders: { stop, target: null },
    executed: state === 'triggered' ? { leg: 'stop', order: stop } : null,
    rejectReason: stop.state === 'rejected' ? stop.rejectReason : null,
    updatedAt: stop.updatedAt,
  };
}

type Orders = Pick<BrokerAdapter, 'placeOrder' | 'modifyOrder' | 'cancelOrder' | 'orderStatus'>;

/** Places the stop leg alone; a refusal answers a rejected protection with the broker's words. */
export async function placeStopOnly(
  adapter: Orders,
  credentials: BrokerCredentials,
  request: ProtectionRequest,
  stopForm: Parameters<Orders['placeOrder']>[1],
  now: Date,
): Promise<Protection> {
  const stop = await adapter.placeOrder(credentials, stopForm);
  if (stop.state === 'rejected') return rejectedProtection(request, 'stop', stop.rejectReason ?? 'rejected', now, stop);
  return fromStopOrder(stopOnlyId(stop.orderId), stop, request.target);
}

/** New quantity or stop for the resting stop order (modified in place); the target is only Trabot's to watch. */
export async function modifyStopOnly(
  adapter: Orders,
  credentials: BrokerCredentials,
  protectionId: string,
  changes: ProtectionChanges,
  stopLimitOf: (terms: { stop: number; stopLimit: number | null }) => number,
): Promise<Protection> {
  const orderId = stopOrderOf(protectionId)!;
  const current = fromStopOrder(protectionId, await adapter.orderStatus(credentials, orderId));
  const terms = { ...current.terms, ...changes };
  const changed =
    terms.stop !== current.terms.stop ||
    stopLimitOf(terms) !== current.terms.stopLimit ||
    terms.quantity !== current.terms.quantity;
  if (changed && current.state === 'active')
    await adapter.modifyOrder(
      credentials,
      orderId,
      {
        triggerPrice: terms.stop,
        limitPrice: stopLimitOf(terms),
        ...(changes.quantity !== undefined ? { quantity: terms.quantity } : {}),
      },
      changes.exchangeAlgoId,
    );
  return fromStopOrder(protectionId, await adapter.orderStatus(credentials, orderId), terms.target);
}

export async function cancelStopOnly(
  adapter: Orders,
  credentials: BrokerCredentials,
  protectionId: string,
  exchangeAlgoId?: string | null,
) {
  const orderId = stopOrderOf(protectionId)!;
  const current = await adapter.orderStatus(credentials, orderId);
  if (resting(current)) await adapter.cancelOrder(credentials, orderId, exchangeAlgoId);
  return fromStopOrder(protectionId, await adapter.orderStatus(credentials, orderId));
}

export async function stopOnlyStatus(adapter: Orders, credentials: BrokerCredentials, protectionId: string) {
  return fromStopOrder(protectionId, await adapter.orderStatus(credentials, stopOrderOf(protectionId)!));
}
