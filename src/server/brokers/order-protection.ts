/**
 * Protective orders as two plain orders at the broker: a stop-loss (SL: a trigger and a limit) and
 * a target LIMIT, each carrying its leg's tag, which the engine keeps one-cancels-other itself
 * (engine/protections.ts cancels the other leg once one fills). The idiom of Fyers, Upstox, Angel
 * One and Dhan for a position that is already open (docs/decisions/2026-11-27-protective-orders-at-
 * <broker>.md): none of their OCO products takes an existing position in both products through
 * the API.
 *
 * Built on the adapter's own order calls (place, modify, cancel, status), so each broker's wire
 * format, rate limits, order route and refusals are its adapter's. The protection's id is
 * "<stop order id>/<target order id>", the form engine/protections.ts looks a lost one up by.
 */
import {
  BrokerError,
  type BrokerAdapter,
  type BrokerCredentials,
  type Order,
  type OrderChanges,
  type OrderRequest,
  type Protection,
  type ProtectionChanges,
  type ProtectionLeg,
  type ProtectionRequest,
  type ProtectionState,
  type ProtectiveOrders,
} from './adapter';
import { rejectedProtection } from './adapter';
import {
  cancelStopOnly,
  modifyStopOnly,
  placeStopOnly,
  resting,
  stopOnlyStatus,
  stopOrderOf,
  termsOfStopOrder,
} from './stop-protection';

/**
 * The two order ids of a protection's id; null when it is not one of two orders. An order id may
 * hold slashes itself (Angel One's "<orderid>/<uniqueorderid>"): both legs' ids have as many, so
 * the id splits in the middle.
 */
export function legsOfProtection(protectionId: string): { stop: string; target: string } | null {
  if (stopOrderOf(protectionId)) return null;
  const parts = protectionId.split('/');
  if (parts.length % 2 !== 0 || parts.some((p) => !p)) return null;
  const half = parts.length / 2;
  return { stop: parts.slice(0, half).join('/'), target: parts.slice(half).join('/') };
}

/** The stop leg's limit: the request's stop limit, else the trigger itself (no SL-M: see the decision records). */
export const stopLimitOf = (terms: Pick<ProtectionRequest, 'stop' | 'stopLimit'>) => terms.stopLimit ?? terms.stop;

/** The two legs' order requests of a protection. */
export function protectionLegRequests(request: ProtectionRequest): Record<ProtectionLeg, OrderRequest> {
  const common = {
    exchange: request.exchange,
    symbol: request.symbol,
    side: request.side,
    product: request.product,
    quantity: request.quantity,
    ...(request.exchangeAlgoId ? { exchangeAlgoId: request.exchangeAlgoId } : {}),
  };
  return {
    stop: {
      ...common,
      orderType: 'trigger',
      triggerPrice: request.stop,
      limitPrice: stopLimitOf(request),
      clientOrderId: request.clientOrderIds.stop,
    },
    target: { ...common, orderType: 'limit', limitPrice: request.target, clientOrderId: request.clientOrderIds.target },
  };
}

/** A protection from its two orders as the broker has them. */
export function fromLegOrders(protectionId: string, stop: Order, target: Order): Protection {
  const executed: ProtectionLeg | null = stop.filledQuantity > 0 ? 'stop' : target.filledQuantity > 0 ? 'target' : null;
  const rejected = [stop, target].find((o) => o.state === 'rejected');
  // One leg still resting (the other withdrawn at the broker) is still a protection, if half a one.
  const state: ProtectionState = executed
    ? 'triggered'
    : rejected
      ? 'rejected'
      : resting(stop) || resting(target)
        ? 'active'
        : 'cancelled';
  return {
    protectionId,
    kind: 'orders',
    terms: termsOfStopOrder(stop, target.request.limitPrice ?? 0),
    state,
    orders: { stop, target },
    executed: executed ? { leg: executed, order: executed === 'stop' ? stop : target } : null,
    rejectReason: rejected?.rejectReason ?? null,
    updatedAt: new Date(Math.max(stop.updatedAt.getTime(), target.updatedAt.getTime())),
  };
}

/**
 * ProtectiveOrders over a broker adapter's plain orders. Placing answers a refused protection
 * (either leg refused, the stop then withdrawn) as `rejected` with the broker's words; modifying
 * changes each leg in place (quantity, trigger, limits); cancelling withdraws whichever leg rests.
 * A delivery position gets its stop alone (stop-protection.ts): two CNC sells of the whole holding
 * would sell it twice over.
 */
export class OrderProtections {
  constructor(
    private readonly adapter: Pick<BrokerAdapter, 'placeOrder' | 'modifyOrder' | 'cancelOrder' | 'orderStatus'>,
    private readonly now: () => Date,
  ) {}

  async place(credentials: BrokerCredentials, request: ProtectionRequest): Promise<Protection> {
    const forms = protectionLegRequests(request);
    if (request.product === 'delivery')
      return placeStopOnly(this.adapter, credentials, request, forms.stop, this.now());
    const stop = await this.adapter.placeOrder(credentials, forms.stop);
    if (stop.state === 'rejected')
      return rejectedProtection(request, 'orders', stop.rejectReason ?? 'rejected', this.now(), null);
    const target = await this.adapter.placeOrder(credentials, forms.target);
    if (target.state === 'rejected') {
      // Half a protection is not left resting: the stop goes too (as it ended, should its cancel be refused).
      const stopOrder = await this.adapter
        .cancelOrder(credentials, stop.orderId, request.exchangeAlgoId)
        .catch(() => this.adapter.orderStatus(credentials, stop.orderId));
      return rejectedProtection(request, 'orders', target.rejectReason ?? 'rejected', this.now(), stopOrder);
    }
    return fromLegOrders(`${stop.orderId}/${target.orderId}`, stop, target);
  }

  async modify(credentials: BrokerCredentials, protectionId: string, changes: ProtectionChanges): Promise<Protection> {
    if (stopOrderOf(protectionId)) return modifyStopOnly(this.adapter, credentials, protectionId, changes, stopLimitOf);
    const legs = this.legs(protectionId);
    const current = await this.status(credentials, protectionId);
    const terms = { ...current.terms, ...changes };
    const quantity = changes.quantity !== undefined ? { quantity: terms.quantity } : {};
    const stopChanged =
      terms.stop !== current.terms.stop ||
      stopLimitOf(terms) !== current.terms.stopLimit ||
      terms.quantity !== current.terms.quantity;
    if (stopChanged && current.orders.stop && resting(current.orders.stop))
      await this.adapter.modifyOrder(
        credentials,
        legs.stop,
        { triggerPrice: terms.stop, limitPrice: stopLimitOf(terms), ...quantity },
        changes.exchangeAlgoId,
      );
    const targetChanged = terms.target !== current.terms.target || terms.quantity !== current.terms.quantity;
    if (targetChanged && current.orders.target && resting(current.orders.target))
      await this.adapter.modifyOrder(
        credentials,
        legs.target,
        { limitPrice: terms.target, ...quantity },
        changes.exchangeAlgoId,
      );
    return this.status(credentials, protectionId);
  }

  async cancel(
    credentials: BrokerCredentials,
    protectionId: string,
    exchangeAlgoId?: string | null,
  ): Promise<Protection> {
    if (stopOrderOf(protectionId)) return cancelStopOnly(this.adapter, credentials, protectionId, exchangeAlgoId);
    const current = await this.status(credentials, protectionId);
    for (const order of [current.orders.stop, current.orders.target])
      if (order && resting(order)) await this.adapter.cancelOrder(credentials, order.orderId, exchangeAlgoId);
    return this.status(credentials, protectionId);
  }

  async status(credentials: BrokerCredentials, protectionId: string): Promise<Protection> {
    if (stopOrderOf(protectionId)) return stopOnlyStatus(this.adapter, credentials, protectionId);
    const legs = this.legs(protectionId);
    const [stop, target] = await Promise.all([
      this.adapter.orderStatus(credentials, legs.stop),
      this.adapter.orderStatus(credentials, legs.target),
    ]);
    return fromLegOrders(protectionId, stop, target);
  }

  private legs(protectionId: string) {
    const legs = legsOfProtection(protectionId);
    if (!legs) throw new BrokerError(`${protectionId} is not a protection of two orders`);
    return legs;
  }
}

/**
 * ProtectiveOrders as two plain orders, for an adapter to extend: the broker's own order calls do
 * the work, and the broker lists no protection as such (its legs are found by their tags).
 */
export abstract class PlainOrderProtections implements ProtectiveOrders {
  protected abstract readonly now: () => Date;
  abstract placeOrder(credentials: BrokerCredentials, request: OrderRequest): Promise<Order>;
  abstract modifyOrder(
    credentials: BrokerCredentials,
    orderId: string,
    changes: OrderChanges,
    exchangeAlgoId?: string | null,
  ): Promise<Order>;
  abstract cancelOrder(credentials: BrokerCredentials, orderId: string, exchangeAlgoId?: string | null): Promise<Order>;
  abstract orderStatus(credentials: BrokerCredentials, orderId: string): Promise<Order>;

  private readonly protective = new OrderProtections(this, () => this.now());

  placeProtection(credentials: BrokerCredentials, request: ProtectionRequest): Promise<Protection> {
    return this.protective.place(credentials, request);
  }

  modifyProtection(
    credentials: BrokerCredentials,
    protectionId: string,
    changes: ProtectionChanges,
  ): Promise<Protection> {
    return this.protective.modify(credentials, protectionId, changes);
  }

  cancelProtection(
    credentials: BrokerCredentials,
    protectionId: string,
    exchangeAlgoId?: string | null,
  ): Promise<Protection> {
    return this.protective.cancel(credentials, protectionId, exchangeAlgoId);
  }

  protectionStatus(credentials: BrokerCredentials, protectionId: string): Promise<Protection> {
    return this.protective.status(credentials, protectionId);
  }

  protectionBook(_credentials: BrokerCredentials): Promise<Protection[]> {
    return Promise.resolve([]);
  }

  /** A delivery position rests its stop alone here; Trabot watches its target. */
  watchesTarget(product: OrderRequest['product']): boolean {
    return product === 'delivery';
  }
}
