/**
 * The exit chase (docs/engine.md, "The exit chase"): an exit leg (target, stop-loss, square-off,
 * a manual exit, a protection's) still open at its broker `exitChaseAfterMs` after it was placed or
 * last modified is modified toward the market: a limit at the current price (on the tick, rounded
 * against the trader, within the day's price band), at most `exitChaseTimes` times. Still open
 * after that, it is escalated once: a warning to the superadmin "Exit pending at the broker", the
 * trade's `exit_pending_since` (in the warning's transaction; order-legs.ts clears it when an exit
 * leg of the trade settles: filled, cancelled, replaced), and a push to the member.
 *
 * Each modification is idempotent: its request is recorded (order_events, action `modify`) in a
 * transaction that locks the leg and counts the leg's earlier modifications again, before the
 * broker is called; a second engine (or a repeated tick) finds the count moved and sends nothing.
 * The broker's answer is saved like any (applyAnswers): a fill is booked, once.
 */
import { livePriceOfTrade } from './live-prices';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { roundToTick } from '@shared/ticks';
import { orderEvents, orderLegs, trades, warnings } from '../db/schema';
import { BrokerError, type OrderRequest } from '../brokers/adapter';
import { brokerOf } from './broker-access';
import type { EngineContext } from './engine-deps';
import { dayBand, quoteTick, type Quote } from './feed/price-feed';
import { FencedError, assertLeading } from './fence';
import { applyAnswers, legAlgoIds, legsWhere, requestOf, type AnsweredLeg, type LegContext } from './order-legs';

/** The reason in an escalation warning's data (one per leg: found again by it). */
export const EXIT_PENDING = 'exit_pending';

/** The limit that meets the market now: the last price on the tick, against the trader, inside the band. */
export function chasePrice(side: 'buy' | 'sell', quote: Quote): number {
  const tick = quoteTick(quote);
  const { lower, upper } = dayBand(quote.previousClose);
  const price = roundToTick(quote.ltp, side === 'buy' ? 'up' : 'down', tick);
  return Math.min(roundToTick(upper, 'down', tick), Math.max(roundToTick(lower, 'up', tick), price));
}

/** Each open exit leg's modifications so far, the time of the last (its placement when none) and its limit. */
async function chaseHistory(ctx: EngineContext, legIds: number[]) {
  const rows = await ctx.deps.db
    .select({
      leg: orderEvents.leg_id,
      count: sql<number>`count(*)::int`,
      last: sql<string>`max(${orderEvents.at})`,
      limit: sql<string | null>`(array_agg(${orderEvents.limit_price} order by ${orderEvents.id} desc))[1]`,
    })
    .from(orderEvents)
    .where(and(inArray(orderEvents.leg_id, legIds), eq(orderEvents.kind, 'request'), eq(orderEvents.action, 'modify')))
    .groupBy(orderEvents.leg_id);
  return new Map(
    rows.map((r) => [
      r.leg,
      { count: r.count, last: new Date(r.last), limit: r.limit === null ? null : Number(r.limit) },
    ]),
  );
}

/** The longest wait between two modifications once an exit is escalated. */
export const EXIT_CHASE_MAX_WAIT_MS = 60_000;

/**
 * How long after its last modification an exit is modified again: `after` for the first `times`,
 * then backing off (twice as long each time, at most EXIT_CHASE_MAX_WAIT_MS) while it stays open.
 */
export function chaseWait(after: number, times: number, count: number): number {
  return count < times ? after : Math.min(after * 2 ** (count - times + 1), Math.max(after, EXIT_CHASE_MAX_WAIT_MS));
}

export async function chaseExits(ctx: EngineContext, now: Date): Promise<void> {
  const { exitChaseAfterMs: after, exitChaseTimes: times } = ctx.settings;
  const legs = await legsWhere(
    ctx.deps.db,
    and(
      eq(orderLegs.side, 'exit'),
      eq(orderLegs.state, 'open'),
      eq(trades.trade_status, 'running'),
      sql`${orderLegs.broker_order_id} is not null`,
      sql`${orderLegs.created_at} <= ${new Date(now.getTime() - after).toISOString()}::timestamptz`,
    )!,
  );
  if (!legs.length) return;
  const history = await chaseHistory(
    ctx,
    legs.map((l) => l.leg.id),
  );
  const answered: AnsweredLeg[] = [];
  for (const l of legs) {
    const done = history.get(l.leg.id) ?? { count: 0, last: l.leg.created_at, limit: null };
    const since = now.getTime() - done.last.getTime();
    if (since < after) continue;
    // Escalated once, then still chased while the position is open, less and less often.
    if (done.count >= times) await escalate(ctx, l, done.count, now);
    if (since < chaseWait(after, times, done.count)) continue;
    const answer = await chaseOnce(ctx, l, done, now);
    if (answer) answered.push(answer);
  }
  await applyAnswers(ctx, answered, now);
}

/**
 * The limit a chased exit is modified to: the market's (chasePrice); a triggered stop-loss's no
 * further than its trigger, as an SL order's limit must stay (a sell's at or below it).
 */
export function chaseLimit(request: Pick<OrderRequest, 'side' | 'orderType' | 'triggerPrice'>, quote: Quote): number {
  const price = chasePrice(request.side, quote);
  const trigger = request.orderType === 'trigger' ? request.triggerPrice : undefined;
  if (!trigger) return price;
  return request.side === 'sell' ? Math.min(price, trigger) : Math.max(price, trigger);
}

/** One modification toward the market, recorded first; null when another took it, there is no price, or nothing would change. */
async function chaseOnce(
  ctx: EngineContext,
  l: LegContext,
  done: { count: number; limit: number | null },
  now: Date,
): Promise<AnsweredLeg | null> {
  const { count } = done;
  const request = requestOf(l);
  // The price is a live trade's own broker's (fresh, live-prices.ts), never the feed's, which may be
  // simulated; the feed's quote gives only the symbol's tick and band (without one: the price's own
  // NSE tick, the band around it).
  const quote = ctx.feed.quote(request.symbol);
  const market = l.trade.broker === 'paper' ? quote?.ltp : livePriceOfTrade(ctx, l.trade, now);
  if (market === null || market === undefined) return null; // No price: nothing is decided (the order rests as it is).
  const price = chaseLimit(request, {
    symbol: request.symbol,
    timestamp: now,
    ...quote,
    previousClose: quote?.previousClose ?? market,
    ltp: market,
  });
  // Backing off after the escalation, a modification that changes nothing is not sent.
  if (count >= ctx.settings.exitChaseTimes && done.limit === price) return null;
  const recorded = await ctx.deps.db.transaction(async (tx) => {
    const [leg] = await tx
      .select({ state: orderLegs.state })
      .from(orderLegs)
      .where(eq(orderLegs.id, l.leg.id))
      .for('update');
    if (leg?.state !== 'open') return false;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orderEvents)
      .where(and(eq(orderEvents.leg_id, l.leg.id), eq(orderEvents.kind, 'request'), eq(orderEvents.action, 'modify')));
    if (n !== count) return false;
    await tx.insert(orderEvents).values({
      at: now,
      kind: 'request',
      action: 'modify',
      broker: l.trade.broker,
      leg_id: l.leg.id,
      trabot_trade_id: l.trade.trabot_trade_id,
      trabot_account_id: l.trade.trabot_account_id,
      signal_id: l.trade.signal_id,
      manual_order_id: l.leg.manual_order_id,
      client_order_id: l.leg.client_order_id,
      exchange: request.exchange,
      symbol: request.symbol,
      side: request.side,
      product: request.product,
      order_type: 'limit',
      quantity: request.quantity,
      limit_price: price,
      trigger_price: null,
      broker_order_id: l.leg.broker_order_id,
      state: 'open',
      message:
        count < ctx.settings.exitChaseTimes
          ? `exit chased toward the market (${count + 1} of ${ctx.settings.exitChaseTimes}): a limit at ${price}`
          : `exit chased toward the market (${count + 1}, still open after the escalation): a limit at ${price}`,
    });
    return true;
  });
  if (!recorded) return null;
  ctx.deps.log.info(
    { legId: l.leg.id, tradeId: l.trade.trabot_trade_id, price, chase: count + 1 },
    'engine: exit still open at the broker, modified toward the market',
  );
  const { adapter, credentials } = brokerOf(ctx, l.account, l.trade.broker);
  try {
    assertLeading(ctx.leadership);
    // A market exit left open (clipped by its market protection, or filled in part) becomes a LIMIT at
    // the price; a stop-limit that triggered keeps its type and trigger and moves its limit.
    const changes =
      request.orderType === 'market'
        ? { orderType: 'limit' as const }
        : request.orderType === 'trigger' && request.triggerPrice
          ? { triggerPrice: request.triggerPrice }
          : {};
    const algoOf = await legAlgoIds(ctx, [l]);
    const order = await adapter.modifyOrder(
      credentials,
      l.leg.broker_order_id!,
      { ...changes, limitPrice: price },
      algoOf(l),
    );
    return { ...l, action: 'modify', answer: { kind: 'order', order } };
  } catch (error) {
    if (error instanceof FencedError) throw error;
    // Refused (it filled meanwhile, the broker would not): the leg is followed as ever; the answer recorded.
    return {
      ...l,
      action: 'modify',
      answer:
        error instanceof BrokerError ? { kind: 'refused', reason: error.message } : { kind: 'unreachable', error },
    };
  }
}

/** Still open after every modification: the superadmin warned, once per leg. */
async function escalate(ctx: EngineContext, l: LegContext, count: number, now: Date): Promise<void> {
  const data = {
    reason: EXIT_PENDING,
    order_leg_id: l.leg.id,
    trabot_trade_id: l.trade.trabot_trade_id,
    trabot_account_id: l.trade.trabot_account_id,
    broker: l.trade.broker,
    broker_order_id: l.leg.broker_order_id,
  };
  const prefix = JSON.stringify({ reason: EXIT_PENDING, order_leg_id: l.leg.id }).slice(0, -1);
  const [already] = await ctx.deps.db
    .select({ id: warnings.warning_id })
    .from(warnings)
    .where(sql`${warnings.warning_data} like ${`${prefix},%`}`)
    .limit(1);
  if (already) return;
  const message = `Exit pending at the broker: the ${l.leg.source} exit of trade ${l.trade.trabot_trade_id} for account ${l.trade.trabot_account_id} (order ${l.leg.broker_order_id} at ${l.trade.broker}) is still open after ${count} modifications toward the market; Trabot keeps modifying it, less often, until it fills; check it at the broker`;
  ctx.deps.log.warn(data, `engine: ${message}`);
  // At the engine's clock: the trade's timeline shows the escalation at its time. The trade says
  // "exit pending at the broker" from the same moment (the earliest, if another exit of it was first).
  await ctx.deps.db.transaction(async (tx) => {
    await tx
      .insert(warnings)
      .values({ warning_message: message, warning_data: JSON.stringify(data), warning_timestamp: now });
    await tx
      .update(trades)
      .set({ exit_pending_since: now })
      .where(and(eq(trades.trabot_trade_id, l.trade.trabot_trade_id), isNull(trades.exit_pending_since)));
  });
  // The member is told too, once with the warning (the push never throws).
  ctx.deps.notifier?.exitPending?.({
    trabot_trade_id: l.trade.trabot_trade_id,
    trabot_account_id: l.trade.trabot_account_id,
    symbol: l.signal.instrument_symbol,
    broker: l.trade.broker,
    quantity: l.leg.quantity - l.leg.filled_quantity,
  });
}
