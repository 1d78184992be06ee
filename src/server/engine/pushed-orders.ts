/**
 * Orders the brokers push (Kite's postbacks and its websocket's order updates; docs/engine.md,
 * "Fills pushed by the brokers"): each is the order as the broker has it, booked through the same
 * door as a polled answer (`applyAnswers`), so a push and a poll can never book one fill twice.
 * A push only ever moves a leg forward: one older than what is stored (a smaller filled quantity, an
 * open order for a leg already ended, a repeat) changes nothing. Polling stays the fallback: a lost
 * push is found by the next poll of the leg or by the minute's reconciliation.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { orderLegs, trades } from '../db/schema';
import type { Order } from '../brokers/adapter';
import type { EngineContext } from './engine-deps';
import { applyAnswers, legsWhere, type AnsweredLeg, type LegContext } from './order-legs';
import { isProtectionTag } from './protections';
import { UNSETTLED_LEG_STATES, type OrderLegState } from '@shared/states/legs';

/** An order as a broker pushed it. */
export interface PushedOrder {
  broker: string;
  order: Order;
}

/** Orders kept between two engine steps at most (one per order id): beyond, the oldest are dropped, the poll finds them. */
export const PUSH_INBOX_LIMIT = 20_000;

const ended = (state: Order['state']) => state === 'filled' || state === 'cancelled' || state === 'rejected';

/** How far an order has gone: ended beats open, then more shares filled, then the broker's later time. */
function progress(order: Order): [number, number, number] {
  return [ended(order.state) ? 1 : 0, order.filledQuantity, order.updatedAt.getTime()];
}

/** True when `a` is a later state of the order than `b`. */
export function isLater(a: Order, b: Order): boolean {
  const [pa, pb] = [progress(a), progress(b)];
  for (let i = 0; i < pa.length; i++) if (pa[i] !== pb[i]) return pa[i]! > pb[i]!;
  return false;
}

/**
 * Whether a pushed order tells the leg something it does not know: the leg has not settled, and the
 * order has ended, filled more shares, or is the first answer of a leg still `sending`.
 */
export function isNews(
  leg: { state: OrderLegState; filled_quantity: number; broker_order_id: string | null },
  order: Order,
): boolean {
  if (!UNSETTLED_LEG_STATES.includes(leg.state)) return false;
  if (leg.state !== 'open') return true;
  return ended(order.state) || order.filledQuantity > leg.filled_quantity;
}

/**
 * Whether an answer is behind what the leg holds: a read of an open leg showing fewer shares filled
 * than a push already booked (a broker's read may lag its push). Such a poll is not applied.
 */
export function isBehind(leg: { state: OrderLegState; filled_quantity: number }, order: Order): boolean {
  return leg.state === 'open' && !ended(order.state) && order.filledQuantity < leg.filled_quantity;
}

/**
 * The pushes received since the engine last looked, one per broker order (the latest state wins:
 * a repeated or older push arriving meanwhile replaces nothing).
 */
export class PushInbox {
  private orders = new Map<string, PushedOrder>();

  add(pushed: PushedOrder): void {
    const key = `${pushed.broker}:${pushed.order.orderId}`;
    const held = this.orders.get(key);
    if (held && !isLater(pushed.order, held.order)) return;
    this.orders.delete(key);
    this.orders.set(key, pushed);
    if (this.orders.size > PUSH_INBOX_LIMIT) this.orders.delete(this.orders.keys().next().value!);
  }

  get size(): number {
    return this.orders.size;
  }

  /** Everything received so far; the inbox starts empty again. */
  take(): PushedOrder[] {
    const all = [...this.orders.values()];
    this.orders = new Map();
    return all;
  }
}

/** The trade of a protection's order tag (`TB<trade>P<id>S|T|O`). */
const tradeOfProtectionTag = (tag: string) => Number(/^TB(\d+)P/.exec(tag)![1]);

export interface PushesBooked {
  /** Legs whose answer was saved. */
  applied: number;
  /** Trades whose protective order's leg was pushed: their protection is reconciled now. */
  protectionTrades: number[];
  /** Pushed orders Trabot has no leg or protection for: the reconciliation looks at them. */
  unknown: number;
}

/**
 * Books pushed orders: each is matched to its leg, by the broker's order id or, for a leg whose
 * placement was not answered yet (`sending`), by its client order id (the order's tag), and saved
 * as that leg's answer when it is news.
 */
export async function bookPushedOrders(
  ctx: EngineContext,
  pushed: readonly PushedOrder[],
  now: Date,
): Promise<PushesBooked> {
  const result: PushesBooked = { applied: 0, protectionTrades: [], unknown: 0 };
  const answers: AnsweredLeg[] = [];
  for (const broker of new Set(pushed.map((p) => p.broker))) {
    const orders = pushed.filter((p) => p.broker === broker).map((p) => p.order);
    const tags = orders.map((o) => o.clientOrderId).filter((tag): tag is string => tag !== null);
    const legs = await legsWhere(
      ctx.deps.db,
      and(
        eq(trades.broker, broker),
        or(
          inArray(
            orderLegs.broker_order_id,
            orders.map((o) => o.orderId),
          ),
          tags.length ? inArray(orderLegs.client_order_id, tags) : undefined,
        ),
      )!,
    );
    const byOrderId = new Map(legs.filter((l) => l.leg.broker_order_id).map((l) => [l.leg.broker_order_id!, l]));
    const byTag = new Map(legs.map((l) => [l.leg.client_order_id, l]));
    for (const order of orders) {
      const local: LegContext | undefined =
        byOrderId.get(order.orderId) ??
        (order.clientOrderId && byTag.get(order.clientOrderId)?.leg.broker_order_id === null
          ? byTag.get(order.clientOrderId)
          : undefined);
      if (local) {
        if (isNews(local.leg, order)) answers.push({ ...local, answer: { kind: 'order', order } });
      } else if (isProtectionTag(order.clientOrderId)) {
        result.protectionTrades.push(tradeOfProtectionTag(order.clientOrderId!));
      } else result.unknown++;
    }
  }
  if (answers.length) {
    ctx.deps.log.info({ legs: answers.length }, 'engine: pushed orders booked');
    await applyAnswers(ctx, answers, now);
  }
  result.applied = answers.length;
  result.protectionTrades = [...new Set(result.protectionTrades)];
  return result;
}
