/**
 * Reconciliation of live orders, at start-up and every minute: each account's order book
 * at each real broker its trades of the last day went to is read once and matched to the local legs
 * by the client order id (the order's tag). A change the engine has not recorded (a fill, a cancel,
 * a rejection) is applied like any broker answer; a fill at the broker on a leg recorded as ended,
 * and an order with no leg of ours (placed outside Trabot), are warned about, once per order.
 * A leg that never reached the broker is found missing and sent by the tick's own follow-up
 * (settle.ts), never here: one place sends.
 */
import { and, gte, ne } from 'drizzle-orm';
import { orderLegs, trades } from '../db/schema';
import { raiseWarnings } from '../records/warnings';
import { BrokerError, type Order } from '../brokers/adapter';
import { brokerOf } from './broker-access';
import { mapBounded } from './bounded';
import { isProtectionTag } from './protections';
import type { EngineContext } from './engine-deps';
import { UNSETTLED_LEG_STATES } from '@shared/states/legs';
import { applyAnswers, LEG_STATE, legsWhere, type AnsweredLeg, type LegContext } from './order-legs';

export const RECONCILE_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

type Warning = { message: string; data: Record<string, unknown> };

const describeOrder = (o: Order) =>
  `${o.request.side} ${o.request.quantity} ${o.request.symbol} (${o.state}${o.clientOrderId ? `, tag ${o.clientOrderId}` : ''})`;

/** One account's book at one broker against its legs: the answers to apply and the warnings to raise. */
function matchBook(
  ctx: EngineContext,
  legs: readonly LegContext[],
  book: readonly Order[],
): { answers: AnsweredLeg[]; warnings: Warning[] } {
  const { account, trade } = legs[0]!;
  const byTag = new Map(legs.map((l) => [l.leg.client_order_id, l]));
  // A protective order's executed leg (a GTT's order carries no tag) is known by its order id.
  const byOrderId = new Map(legs.filter((l) => l.leg.broker_order_id).map((l) => [l.leg.broker_order_id!, l]));
  const answers: AnsweredLeg[] = [];
  const warnings: Warning[] = [];
  const warnOnce = (orderId: string, message: string, data: Record<string, unknown>) => {
    if (!ctx.warnedOnce(`reconcile:${trade.broker}:${orderId}:${message}`))
      warnings.push({
        message,
        data: { trabot_account_id: account.trabot_account_id, broker: trade.broker, order_id: orderId, ...data },
      });
  };
  for (const order of book) {
    const local = (order.clientOrderId ? byTag.get(order.clientOrderId) : undefined) ?? byOrderId.get(order.orderId);
    // The legs of protective orders resting at the broker are Trabot's (protections.ts follows them).
    if (!local && isProtectionTag(order.clientOrderId)) continue;
    if (!local) {
      warnOnce(
        order.orderId,
        `Unknown order ${order.orderId} at ${trade.broker} for account ${account.trabot_account_id}: ${describeOrder(order)}, not placed by Trabot`,
        { reason: 'unknown_order' },
      );
      continue;
    }
    const { leg } = local;
    const changed =
      LEG_STATE[order.state] !== leg.state ||
      order.filledQuantity !== leg.filled_quantity ||
      order.orderId !== leg.broker_order_id;
    if (UNSETTLED_LEG_STATES.includes(leg.state)) {
      if (changed) answers.push({ ...local, answer: { kind: 'order', order } });
    } else if (order.filledQuantity > leg.filled_quantity) {
      warnOnce(
        order.orderId,
        `Order ${order.orderId} of trade ${leg.trabot_trade_id} has ${order.filledQuantity} shares filled at ${trade.broker} but ${leg.filled_quantity} booked (the leg is ${leg.state}): check the position`,
        { reason: 'fill_mismatch', trabot_trade_id: leg.trabot_trade_id, leg_id: leg.id },
      );
    }
  }
  return { answers, warnings };
}

export async function reconcileLiveOrders(ctx: EngineContext, now: Date): Promise<void> {
  const legs = await legsWhere(
    ctx.deps.db,
    and(ne(trades.broker, 'paper'), gte(orderLegs.created_at, new Date(now.getTime() - DAY_MS)))!,
  );
  if (!legs.length) return;
  const books = new Map<string, LegContext[]>();
  for (const l of legs) {
    const key = `${l.account.trabot_account_id}:${l.trade.broker}`;
    books.set(key, [...(books.get(key) ?? []), l]);
  }
  const matched = await mapBounded([...books.values()], ctx.settings.brokerConcurrency, async (bookLegs) => {
    const { account, trade } = bookLegs[0]!;
    try {
      const { adapter, credentials } = brokerOf(ctx, account, trade.broker);
      return matchBook(ctx, bookLegs, await adapter.orderBook(credentials));
    } catch (err) {
      ctx.deps.log.error(
        { err, accountId: account.trabot_account_id, broker: trade.broker },
        'engine: order book could not be read for reconciliation',
      );
      const why = err instanceof BrokerError ? err.message : 'the broker could not be reached';
      const message = `Orders of account ${account.trabot_account_id} at ${trade.broker} could not be reconciled: ${why}`;
      return {
        answers: [],
        warnings: ctx.warnedOnce(message)
          ? []
          : [{ message, data: { trabot_account_id: account.trabot_account_id, reason: 'reconcile_failed' } }],
      };
    }
  });
  const warnings = matched.flatMap((m) => m.warnings);
  for (const w of warnings) ctx.deps.log.warn(w.data, `engine: ${w.message}`);
  await raiseWarnings(ctx.deps.db, warnings);
  const answers = matched.flatMap((m) => m.answers);
  if (answers.length)
    ctx.deps.log.info({ legs: answers.length }, 'engine: reconciliation applied changes the engine had not seen');
  await applyAnswers(ctx, answers, now);
}
