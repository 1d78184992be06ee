/**
 * Legs that have not settled yet, and trades of cancelled signals, each tick: one read, bounded
 * broker calls, one transaction for all of them (docs/engine.md, "Order legs").
 */
import { and, eq, inArray, notExists } from 'drizzle-orm';
import { orderLegs, signals, trades } from '../db/schema';
import type { EngineContext } from './engine-deps';
import { UNSETTLED_LEG_STATES } from '@shared/states/legs';
import {
  applyAnswers,
  cancelLegs,
  legsWhere,
  pollLegs,
  resumeLegs,
  type AnsweredLeg,
  type LegContext,
} from './order-legs';
import { moveTradesWhere } from '../states/trades';
import { isBehind } from './pushed-orders';
import { TRADE_DONE_STATUSES } from '@shared/states/trades';

const isClosed = (l: LegContext) => TRADE_DONE_STATUSES.includes(l.trade.trade_status);
const stillOpen = (a: AnsweredLeg) =>
  a.answer.kind === 'order' && (a.answer.order.state === 'open' || a.answer.order.state === 'trigger_pending');

/**
 * Resting legs are asked for their state (one whose trade has closed meanwhile is cancelled: nothing
 * is left for it); legs that may not have reached their broker are found in its order book or sent.
 */
export async function followUnsettledLegs(ctx: EngineContext, now: Date): Promise<void> {
  const legs = await legsWhere(ctx.deps.db, inArray(orderLegs.state, UNSETTLED_LEG_STATES));
  if (!legs.length) return;
  const open = legs.filter((l) => l.leg.state === 'open');
  // A read that lags a fill already pushed (pushed-orders.ts) takes nothing back.
  const polled = (
    await pollLegs(
      ctx,
      open.filter((l) => !isClosed(l)),
    )
  ).filter((a) => a.answer.kind !== 'order' || !isBehind(a.leg, a.answer.order));
  const cancelled = (await cancelLegs(ctx, open.filter(isClosed))).map((a) => ({
    ...a,
    cancelledBecause: {
      reason: `trade ${a.trade.trabot_trade_id} is ${a.trade.trade_status}`,
      quiet: a.leg.manual_order_id === null,
    },
  }));
  const resumed = await resumeLegs(
    ctx,
    legs.filter((l) => l.leg.state !== 'open'),
  );
  await applyAnswers(ctx, [...polled, ...cancelled, ...resumed], now);
}

/**
 * Pending trades of cancelled signals: entries that filled before the cancel arrived are booked
 * (the trade runs and closes like any other), resting ones are cancelled at the broker, and the
 * trade is cancelled.
 */
export async function cancelWithSignals(ctx: EngineContext, now: Date): Promise<void> {
  const { db } = ctx.deps;
  const legs = await legsWhere(
    db,
    and(
      eq(trades.trade_status, 'pending'),
      eq(signals.trade_status, 'cancelled'),
      eq(orderLegs.side, 'entry'),
      eq(orderLegs.state, 'open'),
    )!,
  );
  const polled = await pollLegs(ctx, legs);
  const cancelled = (await cancelLegs(ctx, polled.filter(stillOpen))).map((a) => ({
    ...a,
    cancelledBecause: { reason: `signal ${a.signal.signal_id} cancelled`, quiet: true },
  }));
  await applyAnswers(ctx, [...polled.filter((a) => !stillOpen(a)), ...cancelled], now);
  // Trades left pending with no order in flight (none was sent, or it was just cancelled): a guarded
  // UPDATE from the statuses the engine may cancel a trade from (src/server/states/trades.ts).
  const idle = await moveTradesWhere(
    db,
    and(
      inArray(
        trades.signal_id,
        db.select({ id: signals.signal_id }).from(signals).where(eq(signals.trade_status, 'cancelled')),
      ),
      notExists(
        db
          .select({ id: orderLegs.id })
          .from(orderLegs)
          .where(
            and(eq(orderLegs.trabot_trade_id, trades.trabot_trade_id), inArray(orderLegs.state, UNSETTLED_LEG_STATES)),
          ),
      ),
    )!,
    'cancelled',
    now,
  );
  for (const { trabot_trade_id: id, signal_id: signalId } of idle)
    ctx.deps.log.info({ tradeId: id, signalId }, 'engine: unfilled trade cancelled with its signal');
}
