/**
 * Order legs (docs/engine.md, "Order legs"): every order the engine sends a broker goes through
 * here. Legs are written `sending` before the broker is called, the calls run with bounded
 * concurrency, and the answers of a whole batch are saved in one transaction: leg states and order
 * ids, fills booked on their trades, entries that failed ending their trades, warnings, and the
 * status of the manual orders concerned. A leg whose broker could not be reached stays `sending`;
 * the next tick finds it in the broker's order book by its client order id, or sends it then.
 */
import { and, asc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { updateRows } from '../db/bulk';
import { accounts, algos, manualOrders, orderLegs, signals, trades, type ManualOrderStatus } from '../db/schema';
import { raiseWarnings } from '../records/warnings';
import type { OrderEventAction } from '../db/schema';
import { answerEvents, insertOrderEvents } from './order-events';
import { IP_NOT_REGISTERED, refusedForIp } from '../brokers/order-route';
import { BrokerError, type Order, type OrderRequest } from '../brokers/adapter';
import { brokerOf } from './broker-access';
import { mapBounded } from './bounded';
import { productOf } from '../trading/charges';
import type { AccountRow, EngineContext, LegRow, SignalRow, TradeRow } from './engine-deps';
import { FencedError, assertLeading } from './fence';
import { bookFills, type FillToBook } from './fills';
import { protectFills } from './protections';
import { exitsAnswered } from './stop-failures';
import { UNSETTLED_LEG_STATES, type OrderLegState } from '@shared/states/legs';
import { moveLegs, type LegMove } from '../states/legs';
import { logRefusedMoves, moveTrades, type RefusedTradeMove } from '../states/trades';
import { entrySide, exitSide } from '../trading/trade-math';

/** A leg with what sending or following it needs. */
export interface LegContext {
  leg: LegRow;
  trade: TradeRow;
  signal: Pick<SignalRow, 'signal_id' | 'algo_id' | 'exchange' | 'instrument_symbol' | 'stop_loss_level'>;
  account: AccountRow;
}

export type BrokerAnswer =
  { kind: 'order'; order: Order } | { kind: 'refused'; reason: string } | { kind: 'unreachable'; error: unknown };

export interface AnsweredLeg extends LegContext {
  answer: BrokerAnswer;
  /** What was asked of the broker (order_events): place, cancel, or the order's status (default). */
  action?: OrderEventAction;
  /** A placement sent again after the leg was found missing at its broker: its request is recorded with the answer. */
  resent?: boolean;
  /** Why the engine itself cancelled the order (replaces the broker's reason), and whether that needs no warning. */
  cancelledBecause?: { reason: string; quiet: boolean };
}

/** Legs matching `condition`, with their trade, signal and account, oldest first. */
export async function legsWhere(db: Db, condition: SQL): Promise<LegContext[]> {
  return db
    .select({
      leg: orderLegs,
      trade: trades,
      signal: {
        signal_id: signals.signal_id,
        algo_id: signals.algo_id,
        exchange: signals.exchange,
        instrument_symbol: signals.instrument_symbol,
        stop_loss_level: signals.stop_loss_level,
      },
      account: accounts,
    })
    .from(orderLegs)
    .innerJoin(trades, eq(trades.trabot_trade_id, orderLegs.trabot_trade_id))
    .innerJoin(signals, eq(signals.signal_id, trades.signal_id))
    .innerJoin(accounts, eq(accounts.trabot_account_id, orderLegs.trabot_account_id))
    .where(condition)
    .orderBy(asc(orderLegs.id));
}

export function requestOf({ leg, trade, signal }: LegContext, exchangeAlgoId: string | null = null): OrderRequest {
  return {
    exchange: signal.exchange,
    symbol: signal.instrument_symbol,
    side: (leg.side === 'entry' ? entrySide : exitSide)(trade.trade_direction),
    product: productOf(trade.trade_type),
    orderType: leg.order_type,
    quantity: leg.quantity,
    limitPrice: leg.limit_price,
    triggerPrice: leg.trigger_price,
    clientOrderId: leg.client_order_id,
    ...(exchangeAlgoId ? { exchangeAlgoId } : {}),
  };
}

async function ask(call: () => Promise<Order>): Promise<BrokerAnswer> {
  try {
    return { kind: 'order', order: await call() };
  } catch (error) {
    // This process stopped leading: the whole step ends, nothing is recorded for the leg.
    if (error instanceof FencedError) throw error;
    return error instanceof BrokerError ? { kind: 'refused', reason: error.message } : { kind: 'unreachable', error };
  }
}

function askEach(
  ctx: EngineContext,
  legs: readonly LegContext[],
  action: OrderEventAction,
  call: (leg: LegContext) => (broker: ReturnType<typeof brokerOf>) => Promise<Order>,
): Promise<AnsweredLeg[]> {
  return mapBounded(legs, ctx.settings.brokerConcurrency, async (leg) => ({
    ...leg,
    action,
    answer: await ask(() => call(leg)(brokerOf(ctx, leg.account, leg.trade.broker))),
  }));
}

/** The exchange Algo IDs of the live legs' algos (paper orders carry none). */
async function exchangeAlgoIds(ctx: EngineContext, legs: readonly LegContext[]): Promise<Map<number, string>> {
  const ids = [...new Set(legs.filter((l) => l.trade.broker !== 'paper').map((l) => l.signal.algo_id))];
  if (!ids.length) return new Map();
  const rows = await ctx.deps.db
    .select({ algo_id: algos.algo_id, exchange_algo_id: algos.exchange_algo_id })
    .from(algos)
    .where(inArray(algos.algo_id, ids));
  return new Map(rows.filter((r) => r.exchange_algo_id).map((r) => [r.algo_id, r.exchange_algo_id!]));
}

/**
 * Places the legs' orders, each with its client order id (and a live algo order with its exchange
 * Algo ID); each only while this process leads with its lock confirmed within the lease (a process
 * resumed after a pause places nothing more).
 */
export async function sendLegs(ctx: EngineContext, legs: readonly LegContext[]): Promise<AnsweredLeg[]> {
  const algoOf = await legAlgoIds(ctx, legs);
  return askEach(ctx, legs, 'place', (leg) => ({ adapter, credentials }) => {
    assertLeading(ctx.leadership);
    return adapter.placeOrder(credentials, requestOf(leg, algoOf(leg)));
  });
}

/** The exchange Algo ID each leg's order goes with (none on paper): its modify and cancel name it too. */
export async function legAlgoIds(ctx: EngineContext, legs: readonly LegContext[]) {
  const algoIds = await exchangeAlgoIds(ctx, legs);
  return (leg: LegContext) => (leg.trade.broker === 'paper' ? null : (algoIds.get(leg.signal.algo_id) ?? null));
}

/** The current state of resting legs' orders. */
export const pollLegs = (ctx: EngineContext, legs: readonly LegContext[]) =>
  askEach(
    ctx,
    legs,
    'status',
    ({ leg }) =>
      ({ adapter, credentials }) =>
        adapter.orderStatus(credentials, leg.broker_order_id as string),
  );

/** Cancels resting legs' orders at their broker. */
export async function cancelLegs(ctx: EngineContext, legs: readonly LegContext[]): Promise<AnsweredLeg[]> {
  const algoOf = await legAlgoIds(ctx, legs);
  return askEach(
    ctx,
    legs,
    'cancel',
    (l) =>
      ({ adapter, credentials }) =>
        adapter.cancelOrder(credentials, l.leg.broker_order_id as string, algoOf(l)),
  );
}

/**
 * Legs that may or may not have reached their broker (written `sending`, then the process died or
 * the broker did not answer): each account's order book is read once, a leg found there by its
 * client order id takes that order, the others are sent now. Never two orders for one leg.
 */
export async function resumeLegs(ctx: EngineContext, legs: readonly LegContext[]): Promise<AnsweredLeg[]> {
  // One order book per account and broker (an account's older trades may be on another broker).
  const byBook = new Map<string, LegContext[]>();
  for (const l of legs) {
    const key = `${l.account.trabot_account_id}:${l.trade.broker}`;
    byBook.set(key, [...(byBook.get(key) ?? []), l]);
  }
  const answered = await mapBounded([...byBook.values()], ctx.settings.brokerConcurrency, async (accountLegs) => {
    let book: Order[];
    try {
      const { adapter, credentials } = brokerOf(ctx, accountLegs[0]!.account, accountLegs[0]!.trade.broker);
      book = await adapter.orderBook(credentials);
    } catch (error) {
      const answer: BrokerAnswer =
        error instanceof BrokerError ? { kind: 'refused', reason: error.message } : { kind: 'unreachable', error };
      return accountLegs.map((leg): AnsweredLeg => ({ ...leg, action: 'status', answer }));
    }
    const found = new Map(book.filter((o) => o.clientOrderId).map((o) => [o.clientOrderId as string, o]));
    const lost = accountLegs.filter((l) => !found.has(l.leg.client_order_id));
    const sent = (await sendLegs(ctx, lost)).map((a) => ({ ...a, resent: true }));
    for (const l of accountLegs) {
      if (found.has(l.leg.client_order_id))
        ctx.deps.log.info(
          { legId: l.leg.id, clientOrderId: l.leg.client_order_id },
          'engine: leg found in the broker order book',
        );
    }
    return [
      ...accountLegs
        .filter((l) => found.has(l.leg.client_order_id))
        .map((l): AnsweredLeg => ({
          ...l,
          action: 'status',
          answer: { kind: 'order', order: found.get(l.leg.client_order_id)! },
        })),
      ...sent,
    ];
  });
  return answered.flat();
}

export const LEG_STATE: Record<Order['state'], OrderLegState> = {
  open: 'open',
  trigger_pending: 'open',
  filled: 'filled',
  cancelled: 'cancelled',
  rejected: 'rejected',
};

const legName = (leg: LegRow) => (leg.manual_order_id === null ? leg.side : `manual ${leg.side}`);

/**
 * What a batch of answers comes to. Everything but the unreachable brokers' warnings belongs to a
 * leg (`legId`) and is saved only if that leg's move is (src/server/states/legs.ts).
 */
export interface Outcome {
  legs: LegMove[];
  fills: FillToBook[];
  tradeNumbers: (Pick<TradeRow, 'trabot_trade_id' | 'broker_trade_number'> & { legId: number })[];
  cancelledTrades: { tradeId: number; legId: number }[];
  warnings: { message: string; data: Record<string, unknown>; legId?: number }[];
  /** Accounts whose order the broker refused for its source address ("IP not registered"). */
  ipRefusals: { trabot_account_id: number; reason: string }[];
  /** Live accounts whose order the broker took: their "IP not registered" verdict is over. */
  ipAccepted: number[];
}

function legData({ leg, trade }: LegContext) {
  return {
    trabot_trade_id: trade.trabot_trade_id,
    trabot_account_id: trade.trabot_account_id,
    signal_id: trade.signal_id,
    ...(leg.manual_order_id === null ? {} : { manual_order_id: leg.manual_order_id }),
  };
}

/** A leg that will not fill: its unfilled new trade is cancelled, and a warning says why (unless the engine cancelled it on purpose). */
function ended(
  ctx: Pick<EngineContext, 'deps' | 'warnedOnce'>,
  out: Outcome,
  answered: AnsweredLeg,
  state: 'cancelled' | 'rejected',
  reason: string,
  orderId: string | null,
) {
  const { leg, trade, account } = answered;
  const entryOfNewTrade = leg.side === 'entry' && trade.trade_status === 'pending';
  if (entryOfNewTrade) out.cancelledTrades.push({ tradeId: trade.trabot_trade_id, legId: leg.id });
  const order = orderId === null ? reason : `order ${orderId} ${state}: ${reason}`;
  // The 2026 order rules (order-route.ts, kite-orders.ts): said as such, naming broker, account and order.
  const rule = refusedForIp(reason)
    ? IP_NOT_REGISTERED
    : /market[ _]protection/i.test(reason)
      ? 'Market protection refused'
      : null;
  if (rule && state === 'rejected') {
    if (rule === IP_NOT_REGISTERED)
      out.ipRefusals.push({ trabot_account_id: account.trabot_account_id, reason: `${trade.broker}: ${reason}` });
    out.warnings.push({
      message: `${rule}: ${trade.broker} refused the ${legName(leg)} order of trade ${trade.trabot_trade_id} for account ${account.trabot_account_id}${orderId === null ? '' : ` (order ${orderId})`}: ${reason}`,
      data: { ...legData(answered), broker: trade.broker },
      legId: leg.id,
    });
    return;
  }
  if (answered.cancelledBecause?.quiet) {
    ctx.deps.log.info(
      legData(answered),
      `engine: ${legName(leg)} order of trade ${trade.trabot_trade_id} cancelled: ${reason}`,
    );
  } else if (leg.manual_order_id !== null) {
    out.warnings.push({
      message: `Manual ${leg.side} ${leg.manual_order_id} for trade ${trade.trabot_trade_id}: ${order}`,
      data: legData(answered),
      legId: leg.id,
    });
  } else if (entryOfNewTrade) {
    out.warnings.push({
      message: `Trade ${trade.trabot_trade_id} cancelled, its entry failed: ${order}`,
      data: legData(answered),
      legId: leg.id,
    });
  } else if (!ctx.warnedOnce(`${trade.trabot_trade_id}:${leg.side}:${reason}`)) {
    out.warnings.push({
      message: `The ${leg.side} order of trade ${trade.trabot_trade_id} failed: ${order}`,
      data: legData(answered),
      legId: leg.id,
    });
  }
}

/** The legs' moves, fills, trade numbers, cancelled trades and warnings that the answers come to; nothing written. */
export function outcomeOf(
  ctx: Pick<EngineContext, 'deps' | 'warnedOnce'>,
  answered: readonly AnsweredLeg[],
  now: Date,
): Outcome {
  const out: Outcome = {
    legs: [],
    fills: [],
    tradeNumbers: [],
    cancelledTrades: [],
    warnings: [],
    ipRefusals: [],
    ipAccepted: [],
  };
  for (const a of answered) {
    const { leg, trade, signal, answer } = a;
    if (answer.kind === 'unreachable') {
      const message = answer.error instanceof Error ? answer.error.message : String(answer.error);
      ctx.deps.log.error(
        { err: answer.error, legId: leg.id, tradeId: trade.trabot_trade_id },
        `engine: ${legName(leg)} order: broker unreachable, retried next tick`,
      );
      if (!ctx.warnedOnce(`${trade.trabot_trade_id}:${leg.side}:${message}`)) {
        out.warnings.push({
          message: `The ${leg.side} order of trade ${trade.trabot_trade_id} failed: ${message}`,
          data: legData(a),
        });
      }
      continue;
    }
    if (answer.kind === 'refused') {
      out.legs.push({
        id: leg.id,
        from: leg.state,
        state: 'rejected',
        broker_order_id: leg.broker_order_id,
        filled_quantity: leg.filled_quantity,
        average_price: leg.average_price,
        reason: answer.reason,
        updated_at: now,
      });
      ended(ctx, out, a, 'rejected', answer.reason, null);
      continue;
    }
    const { order } = answer;
    if (trade.broker !== 'paper' && order.state !== 'rejected' && a.account.order_ip_refusal !== null)
      out.ipAccepted.push(a.account.trabot_account_id);
    let state = LEG_STATE[order.state];
    let reason = state === 'cancelled' && a.cancelledBecause ? a.cancelledBecause.reason : order.rejectReason;
    let partlyBooked = false;
    // A leg that ended (cancelled, rejected, or filled) with shares filled books those shares: a partly
    // filled entry or exit cancelled afterwards moved shares at the broker. Booked once: the fill goes
    // with the leg's guarded move out of its unsettled state (applyAnswers).
    const ending = state !== 'open' && UNSETTLED_LEG_STATES.includes(leg.state);
    const partlyFilled = ending && state !== 'filled' && order.filledQuantity > 0 && order.averagePrice !== null;
    if (
      (state === 'filled' || partlyFilled) &&
      leg.side === 'exit' &&
      order.filledQuantity > (trade.remaining_quantity ?? 0)
    ) {
      // Filled after the trade was closed by other means: the broker's position needs a look.
      state = 'rejected';
      reason = `filled ${order.filledQuantity} shares but trade ${trade.trabot_trade_id} has ${trade.remaining_quantity ?? 0} open`;
    } else if ((state === 'filled' || partlyFilled) && order.averagePrice !== null) {
      partlyBooked = partlyFilled;
      out.fills.push({ leg, trade, stopLoss: signal.stop_loss_level, order });
      ctx.deps.log.info(
        {
          legId: leg.id,
          tradeId: trade.trabot_trade_id,
          orderId: order.orderId,
          quantity: order.filledQuantity,
          price: order.averagePrice,
        },
        `engine: ${legName(leg)} filled`,
      );
    }
    if (leg.state !== 'open' || state !== 'open') {
      ctx.deps.log.info(
        {
          legId: leg.id,
          tradeId: trade.trabot_trade_id,
          clientOrderId: leg.client_order_id,
          orderId: order.orderId,
          state,
        },
        `engine: ${legName(leg)} order ${state === 'open' ? 'placed' : state}`,
      );
    }
    out.legs.push({
      id: leg.id,
      from: leg.state,
      state,
      broker_order_id: order.orderId,
      filled_quantity: order.filledQuantity,
      average_price: order.averagePrice,
      reason,
      updated_at: now,
    });
    if (leg.side === 'entry' && trade.trade_status === 'pending' && !trade.broker_trade_number)
      out.tradeNumbers.push({
        trabot_trade_id: trade.trabot_trade_id,
        broker_trade_number: order.orderId,
        legId: leg.id,
      });
    if ((state === 'cancelled' || state === 'rejected') && partlyBooked)
      out.warnings.push({
        message: `The ${legName(leg)} order ${order.orderId} of trade ${trade.trabot_trade_id} ${state} after filling ${order.filledQuantity} of ${leg.quantity} shares: the ${order.filledQuantity} are booked${leg.side === 'entry' ? ' and the trade runs with them' : ''} (${reason ?? 'cancelled at the broker'})`,
        data: { ...legData(a), filled: order.filledQuantity, ordered: leg.quantity },
        legId: leg.id,
      });
    else if (state === 'cancelled' || state === 'rejected')
      ended(ctx, out, a, state, reason ?? 'cancelled at the broker', order.orderId);
  }
  return out;
}

/** The admin's warning of a fill booked on a trade whose status the engine may not move. */
const refusedFillWarning = (r: RefusedTradeMove) => ({
  message: `Trade ${r.tradeId} is ${r.from}: an order of it filled at the broker and is booked, but the trade stays ${r.from} (the engine does not move a ${r.from} trade to ${r.to}); check the position at the broker`,
  data: { trabot_trade_id: r.tradeId, from: r.from, to: r.to },
});

/**
 * Saves the brokers' answers in one transaction. `manualSkips` names, per manual order placed in
 * this batch, the accounts it skipped (they go into the order's status reason).
 */
export async function applyAnswers(
  ctx: EngineContext,
  answered: readonly AnsweredLeg[],
  now: Date,
  manualSkips = new Map<number, string[]>(),
): Promise<void> {
  const out = outcomeOf(ctx, answered, now);
  const manualIds = [
    ...new Set([...manualSkips.keys(), ...answered.map((a) => a.leg.manual_order_id).filter((id) => id !== null)]),
  ];
  const records = answerEvents(answered, new Map(out.legs.map((l) => [l.id!, l])), requestOf, now);
  if (!out.legs.length && !out.warnings.length && !manualIds.length && !records.length && !out.ipAccepted.length)
    return;
  for (const w of out.warnings) ctx.deps.log.warn(w.data, `engine: ${w.message}`);
  const saved = await ctx.deps.db.transaction(async (tx) => {
    // Only the legs still in the state the engine read move; what belongs to the others is dropped.
    const moved = await moveLegs(tx, ctx.deps.log, out.legs);
    const kept = (legId: number | undefined) => legId === undefined || moved.has(legId);
    await clearExitPending(tx, answered, out.legs, moved);
    // A leg's records go with its move: none for a move not applied.
    const moving = new Set(out.legs.map((l) => l.id));
    await insertOrderEvents(
      tx,
      records.filter((r) => !moving.has(r.leg_id) || moved.has(r.leg_id)),
    );
    await updateRows(
      tx,
      trades,
      'trabot_trade_id',
      out.tradeNumbers.filter((t) => kept(t.legId)).map(({ legId: _, ...row }) => row),
    );
    const booked = await bookFills(
      tx,
      out.fills.filter((f) => kept(f.leg.id)),
      now,
    );
    // A fill on a trade the engine may no longer move is booked, and the admin told: shares moved.
    logRefusedMoves(ctx.deps.log, booked.refused, 'a fill on a trade the engine does not move');
    // A live entry filled: its stop and target go to the broker (protections.ts), written here first.
    await protectFills(
      ctx,
      tx,
      out.fills.filter((f) => kept(f.leg.id)),
      now,
    );
    const cancelled = out.cancelledTrades.filter((c) => kept(c.legId)).map((c) => c.tradeId);
    await moveTrades(tx, ctx.deps.log, cancelled, 'cancelled', now, 'its entry did not fill');
    await raiseWarnings(tx, [
      ...out.warnings.filter((w) => kept(w.legId)).map(({ legId: _, ...w }) => w),
      ...booked.refused.map(refusedFillWarning),
    ]);
    await updateRows(
      tx,
      accounts,
      'trabot_account_id',
      out.ipRefusals.map((r) => ({
        trabot_account_id: r.trabot_account_id,
        order_ip_refusal: r.reason,
        order_ip_refused_at: now,
      })),
    );
    const refused = new Set(out.ipRefusals.map((r) => r.trabot_account_id));
    const accepted = [...new Set(out.ipAccepted)].filter((id) => !refused.has(id));
    if (accepted.length)
      await tx
        .update(accounts)
        .set({ order_ip_refusal: null, order_ip_refused_at: null })
        .where(inArray(accounts.trabot_account_id, accepted));
    await settleManualOrders(tx, manualIds, manualSkips);
    return { events: booked.events, moves: out.legs.filter((l) => moved.has(l.id)) };
  });
  // Told once committed: a member is never notified of a trade that was rolled back.
  if (saved.events.length) ctx.deps.notifier?.tradeEvents(saved.events);
  await exitsAnswered(ctx, answered, saved.moves, now);
}

/**
 * An exit leg settled (filled, cancelled, replaced by another order): its trade no longer says
 * "exit pending at the broker" (exit-chase.ts set it when it escalated a leg left open).
 */
async function clearExitPending(
  tx: Db,
  answered: readonly AnsweredLeg[],
  moves: readonly LegMove[],
  moved: ReadonlySet<number>,
): Promise<void> {
  const settled = new Set(moves.filter((m) => moved.has(m.id) && m.state !== 'open').map((m) => m.id));
  const tradeIds = [
    ...new Set(
      answered.filter((a) => a.leg.side === 'exit' && settled.has(a.leg.id)).map((a) => a.trade.trabot_trade_id),
    ),
  ];
  if (!tradeIds.length) return;
  await tx
    .update(trades)
    .set({ exit_pending_since: null })
    .where(and(inArray(trades.trabot_trade_id, tradeIds), isNotNull(trades.exit_pending_since)));
}

/**
 * queued/placed -> placed while a leg may still fill, done once one filled and none is pending,
 * failed when none did; the reason lists the skipped accounts and the refused orders.
 */
async function settleManualOrders(tx: Db, orderIds: number[], skips: ReadonlyMap<number, string[]>): Promise<void> {
  if (!orderIds.length) return;
  const legs = await tx
    .select({
      orderId: orderLegs.manual_order_id,
      state: orderLegs.state,
      reason: orderLegs.reason,
      brokerOrderId: orderLegs.broker_order_id,
    })
    .from(orderLegs)
    .where(inArray(orderLegs.manual_order_id, orderIds))
    .orderBy(asc(orderLegs.id));
  const rows = orderIds.map((id) => {
    const own = legs.filter((l) => l.orderId === id);
    const status: ManualOrderStatus = own.some((l) => UNSETTLED_LEG_STATES.includes(l.state))
      ? 'placed'
      : own.some((l) => l.state === 'filled')
        ? 'done'
        : 'failed';
    const reasons = [
      ...(skips.get(id) ?? []),
      ...own.filter((l) => l.reason).map((l) => `order ${l.brokerOrderId}: ${l.reason}`),
    ];
    return {
      id,
      status,
      status_reason: reasons.length ? reasons.join('; ') : status === 'failed' ? 'no account trades this signal' : null,
    };
  });
  await updateRows(tx, manualOrders, 'id', rows);
}
