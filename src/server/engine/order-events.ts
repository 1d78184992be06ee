/**
 * The order records (docs/engine.md, "Order records"): each request the engine sends a broker, each
 * answer and each change of a leg's state, as rows of the append-only order_events table, written
 * in the transaction that writes the leg. A placement's request is written with the leg, before
 * the broker is called (new-legs.ts); a cancel's or a resend's request, the answers and the state
 * changes with the answers (order-legs.ts, applyAnswers). A poll that finds nothing new writes
 * nothing: only what changed is a record.
 */
import { insertRuns } from '../db/bulk';
import type { Db } from '../db/client';
import { orderEvents, type OrderEventAction, type OrderEventKind } from '../db/schema';
import type { OrderRequest } from '../brokers/adapter';
import type { LegRow } from './engine-deps';
import type { AnsweredLeg, LegContext } from './order-legs';

type OrderEventRow = typeof orderEvents.$inferInsert;

/** The leg's identity and its order's terms, as every event of it repeats them. */
function legFields({ leg, trade }: LegContext, request: OrderRequest) {
  return {
    broker: trade.broker,
    leg_id: leg.id,
    trabot_trade_id: trade.trabot_trade_id,
    trabot_account_id: trade.trabot_account_id,
    signal_id: trade.signal_id,
    manual_order_id: leg.manual_order_id,
    client_order_id: leg.client_order_id,
    exchange: request.exchange,
    symbol: request.symbol,
    side: request.side,
    product: request.product,
    order_type: request.orderType,
    quantity: request.quantity,
    limit_price: request.limitPrice ?? null,
    trigger_price: request.triggerPrice ?? null,
  };
}

/** A request sent (or about to be sent) for each leg. */
export function requestEvents(
  legs: readonly LegContext[],
  action: OrderEventAction,
  requestOf: (leg: LegContext) => OrderRequest,
  at: Date,
): OrderEventRow[] {
  return legs.map((l) => ({
    ...legFields(l, requestOf(l)),
    at,
    kind: 'request' as const,
    action,
    broker_order_id: l.leg.broker_order_id,
    state: l.leg.state,
  }));
}

/**
 * The answers of a batch and the state changes they make: `saved` is each leg as applyAnswers
 * writes it (absent: unchanged). A placement or a cancel also records its request when the leg
 * did not have it written already (a cancel, a placement resent after a crash).
 */
export function answerEvents(
  answered: readonly AnsweredLeg[],
  saved: ReadonlyMap<number, Partial<LegRow>>,
  requestOf: (leg: LegContext) => OrderRequest,
  at: Date,
): OrderEventRow[] {
  const rows: OrderEventRow[] = [];
  for (const a of answered) {
    const action = a.action ?? 'status';
    const base = legFields(a, requestOf(a));
    const after = saved.get(a.leg.id);
    const state = after?.state ?? a.leg.state;
    const filled = after?.filled_quantity ?? a.leg.filled_quantity;
    const changed = state !== a.leg.state || filled !== a.leg.filled_quantity;
    if (action === 'status' && !changed && a.answer.kind !== 'refused') continue;
    if (action === 'cancel' || a.resent) {
      rows.push({
        ...base,
        at,
        kind: 'request' as OrderEventKind,
        action,
        broker_order_id: a.leg.broker_order_id,
        state: a.leg.state,
      });
    }
    const answer = a.answer;
    rows.push({
      ...base,
      at,
      kind: 'answer',
      action,
      broker_order_id: answer.kind === 'order' ? answer.order.orderId : a.leg.broker_order_id,
      state,
      filled_quantity: filled,
      average_price: after?.average_price ?? a.leg.average_price,
      message:
        answer.kind === 'refused'
          ? answer.reason
          : answer.kind === 'unreachable'
            ? `broker unreachable: ${answer.error instanceof Error ? answer.error.message : String(answer.error)}`
            : (after?.reason ?? answer.order.rejectReason),
    });
    if (state !== a.leg.state) {
      rows.push({
        ...base,
        at,
        kind: 'status',
        action,
        broker_order_id: after?.broker_order_id ?? a.leg.broker_order_id,
        state,
        previous_state: a.leg.state,
        filled_quantity: filled,
        average_price: after?.average_price ?? a.leg.average_price,
        message: after?.reason ?? null,
      });
    }
  }
  return rows;
}

/** Appends the events, in as few statements as the bind-parameter cap allows. */
export async function insertOrderEvents(tx: Db, rows: readonly OrderEventRow[]): Promise<void> {
  for (const run of insertRuns(orderEvents, rows)) await tx.insert(orderEvents).values(run);
}
