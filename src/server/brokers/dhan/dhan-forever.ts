/**
 * A delivery (CNC) position's protection at Dhan as one Forever Order OCO (DhanHQ API v2,
 * https://dhanhq.co/docs/v2/forever/; DhanHQ-py 2.1's `place_forever` / `modify_forever`;
 * docs/decisions/2026-11-28-dhan-forever-oco-for-delivery.md): `POST /v2/forever/orders` with
 * `orderFlag` OCO, its first leg (`price`, `triggerPrice`, `quantity`) the STOP_LOSS_LEG and its
 * second (`price1`, `triggerPrice1`, `quantity1`) the TARGET_LEG, as the page's request table reads
 * them ("price1: target price") and OpenAlgo's Dhan mapping sends them (its `legName` text says the
 * opposite: docs/decisions/2026-12-07-delivery-protection-at-each-broker.md), both LIMIT, productType CNC; modified
 * one leg at a time (`PUT /v2/forever/orders/{id}` with `legName`); cancelled whole (`DELETE`);
 * listed by `GET /v2/forever/orders`, one row per leg. A forever order stays until triggered,
 * cancelled or a year old, so it holds overnight, unlike a day's SL and target orders.
 *
 * Once a leg triggers Dhan places its LIMIT order in the day's order book. The forever listing
 * names neither the order it placed nor the correlationId: that order is the book's latest order of
 * the leg's terms (symbol, side, CNC, LIMIT, quantity, price) since the forever order was created.
 */
import type { Order, Protection, ProtectionLeg, ProtectionRequest, ProtectionState, ProtectionTerms } from '../adapter';
import { istWallClock } from '@shared/ist';

/** A row of Dhan's forever order list: one per leg (an OCO's two rows share its orderId). */
export interface DhanForeverRow {
  dhanClientId?: string;
  orderId: string;
  orderStatus: string;
  transactionType: string;
  exchangeSegment: string;
  productType: string;
  /** SINGLE or OCO in the listing. */
  orderType: string;
  tradingSymbol: string;
  securityId: string;
  quantity: number;
  price: number;
  triggerPrice: number;
  legName: string;
  createTime?: string | null;
  updateTime?: string | null;
}

export const DHAN_FOREVER_LEGS: Record<ProtectionLeg, 'STOP_LOSS_LEG' | 'TARGET_LEG'> = {
  stop: 'STOP_LOSS_LEG',
  target: 'TARGET_LEG',
};

/** The stop leg's limit: the request's, else the trigger itself (a forever leg is a LIMIT order). */
const stopPriceOf = (terms: Pick<ProtectionRequest, 'stop' | 'stopLimit'>) => terms.stopLimit ?? terms.stop;

/** The body of `POST /v2/forever/orders` for a protection: an OCO, the stop first, the target second. */
export function dhanForeverBody(request: ProtectionRequest, dhanClientId: string, securityId: string) {
  return {
    dhanClientId,
    ...(request.clientOrderIds.whole ? { correlationId: request.clientOrderIds.whole } : {}),
    orderFlag: 'OCO',
    transactionType: request.side === 'buy' ? 'BUY' : 'SELL',
    exchangeSegment: `${request.exchange}_EQ`,
    productType: 'CNC',
    orderType: 'LIMIT',
    validity: 'DAY',
    securityId,
    quantity: request.quantity,
    disclosedQuantity: 0,
    price: stopPriceOf(request),
    triggerPrice: request.stop,
    price1: request.target,
    triggerPrice1: request.target,
    quantity1: request.quantity,
  };
}

/** The body of `PUT /v2/forever/orders/{id}` changing one leg of an OCO. */
export function dhanForeverLegChange(
  dhanClientId: string,
  orderId: string,
  leg: ProtectionLeg,
  change: { quantity: number; price: number; triggerPrice: number },
) {
  return {
    dhanClientId,
    orderId,
    orderFlag: 'OCO',
    orderType: 'LIMIT',
    legName: DHAN_FOREVER_LEGS[leg],
    quantity: change.quantity,
    price: change.price,
    disclosedQuantity: 0,
    triggerPrice: change.triggerPrice,
    validity: 'DAY',
  };
}

const TRIGGERED = new Set(['TRADED', 'TRIGGERED']);
const STATES: Record<string, ProtectionState> = {
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
  REJECTED: 'rejected',
};

/** The forever OCOs of a listing, each with its two rows. */
export function foreverOcos(rows: readonly DhanForeverRow[]): Map<string, Record<ProtectionLeg, DhanForeverRow>> {
  const byId = new Map<string, Partial<Record<ProtectionLeg, DhanForeverRow>>>();
  for (const row of rows) {
    if (row.orderType !== 'OCO') continue;
    const leg: ProtectionLeg | null =
      row.legName === 'STOP_LOSS_LEG' ? 'stop' : row.legName === 'TARGET_LEG' ? 'target' : null;
    if (!leg) continue;
    const id = String(row.orderId);
    byId.set(id, { ...byId.get(id), [leg]: row });
  }
  const whole = new Map<string, Record<ProtectionLeg, DhanForeverRow>>();
  for (const [id, legs] of byId) if (legs.stop && legs.target) whole.set(id, { stop: legs.stop, target: legs.target });
  return whole;
}

/** The terms an OCO holds at Dhan, read from its two rows. */
export function foreverTerms(legs: Record<ProtectionLeg, DhanForeverRow>): ProtectionTerms {
  const { stop, target } = legs;
  return {
    exchange: target.exchangeSegment.replace(/_EQ$/, ''),
    symbol: target.tradingSymbol,
    side: target.transactionType === 'BUY' ? 'buy' : 'sell',
    product: 'delivery',
    quantity: target.quantity,
    stop: stop.triggerPrice,
    stopLimit: stop.price,
    target: target.triggerPrice,
  };
}

/** The order Dhan placed for a triggered leg: the book's latest order of the leg's terms since the forever order. */
export function triggeredOrder(book: readonly Order[], row: DhanForeverRow): Order | null {
  const created = istWallClock(row.createTime ?? undefined, new Date(0)).getTime();
  const side = row.transactionType === 'BUY' ? 'buy' : 'sell';
  const same = book.filter(
    (o) =>
      o.request.symbol === row.tradingSymbol &&
      o.request.side === side &&
      o.request.product === 'delivery' &&
      o.request.orderType === 'limit' &&
      o.request.quantity === row.quantity &&
      o.request.limitPrice === row.price,
  );
  return same.filter((o) => o.updatedAt.getTime() >= created).at(-1) ?? null;
}

/** An engine Protection from an OCO's two rows; a triggered leg's order is looked up in `book`. */
export function fromForeverOco(
  id: string,
  legs: Record<ProtectionLeg, DhanForeverRow>,
  book: readonly Order[] | null,
  now: Date,
): Protection {
  const executedLeg = (['stop', 'target'] as const).find((leg) => TRIGGERED.has(legs[leg].orderStatus)) ?? null;
  const ended = [legs.stop.orderStatus, legs.target.orderStatus].map((s) => STATES[s]).find(Boolean);
  const order = executedLeg && book ? triggeredOrder(book, legs[executedLeg]) : null;
  // The order a triggered leg placed, rejected by the RMS (e.g. a CNC sell beyond the holdings): failed.
  const failed = order?.state === 'rejected';
  const state: ProtectionState = failed ? 'failed' : executedLeg ? 'triggered' : (ended ?? 'active');
  const updated = [legs.stop, legs.target]
    .map((r) => istWallClock(r.updateTime ?? r.createTime ?? undefined, now).getTime())
    .reduce((a, b) => Math.max(a, b));
  return {
    protectionId: id,
    kind: 'oco',
    terms: foreverTerms(legs),
    state,
    orders: { stop: executedLeg === 'stop' ? order : null, target: executedLeg === 'target' ? order : null },
    executed: executedLeg ? { leg: executedLeg, order } : null,
    rejectReason: failed
      ? (order.rejectReason ?? 'rejected by Dhan')
      : state === 'rejected'
        ? 'rejected by Dhan'
        : null,
    updatedAt: new Date(updated),
  };
}
