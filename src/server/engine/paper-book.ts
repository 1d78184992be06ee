/**
 * The paper broker's book after a restart (docs/engine.md, "Protective orders at the broker"): the
 * paper broker keeps its orders in memory, but everything that rests there is also in the engine's
 * records. At the engine's first tick, before the paper broker matches, they are put back under
 * their old ids and tags (and the book is rebuilt from the records alone each time the process
 * takes the lead again after losing it: another process may have traded meanwhile):
 *
 * - each paper protection resting (`active`, `modifying`, `cancelling`) as its two orders, at the
 *   terms last confirmed (a modification or cancel in flight is sent again by the engine as ever);
 * - each paper leg `open` (a resting limit or trigger entry, a limit exit), at its last modification
 *   (order_events) if it had one; the exit leg of a protection booked `triggered` whose fill was not
 *   yet saved is a stop-market already triggered (it sells at market at the first match) or the
 *   target limit;
 * - the filled legs of running paper trades, as filled orders (the paper positions count them).
 *
 * A price that crossed a level while Trabot was down thus fills the order at the first tick (a stop
 * at that tick's market price, as a gap) and the reconciliation books it once, as ever. Legs still
 * `sending` and protections still `placing` are not put back: the engine looks them up in the book
 * and places them (once) as after any crash.
 */
import { and, desc, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import { accounts, orderEvents, orderLegs, protections, signals, trades } from '../db/schema';
import { productOf } from '../trading/charges';
import { exitSide } from '../trading/trade-math';
import type { EngineContext } from './engine-deps';
import { requestOf } from './order-legs';
import type { RestingPaperOrder, RestingPaperProtection } from './paper-broker';
import { protectionTags } from './protections';

/**
 * Puts the paper broker's resting orders back from the records; answers the number of orders added.
 * `replace`: the paper broker's book is rebuilt from them alone (a process taking the lead again
 * after another led: its own book is older than the records).
 */
export async function restorePaperBook(
  ctx: Pick<EngineContext, 'deps' | 'paper'>,
  { replace = false }: { replace?: boolean } = {},
): Promise<number> {
  const { db, log } = ctx.deps;
  const held = await db
    .select({ protection: protections, trade: trades, signal: signals, account: accounts })
    .from(protections)
    .innerJoin(trades, eq(trades.trabot_trade_id, protections.trabot_trade_id))
    .innerJoin(signals, eq(signals.signal_id, trades.signal_id))
    .innerJoin(accounts, eq(accounts.trabot_account_id, protections.trabot_account_id))
    .where(
      and(
        eq(protections.broker, 'paper'),
        eq(protections.kind, 'orders'),
        inArray(protections.state, ['active', 'modifying', 'cancelling']),
        isNotNull(protections.broker_protection_id),
      ),
    )
    .orderBy(protections.id);
  const legs = await db
    .select({
      leg: orderLegs,
      trade: trades,
      signal: signals,
      account: accounts,
      executedLeg: protections.executed_leg,
      stopLimit: protections.stop_limit,
    })
    .from(orderLegs)
    .innerJoin(trades, eq(trades.trabot_trade_id, orderLegs.trabot_trade_id))
    .innerJoin(signals, eq(signals.signal_id, trades.signal_id))
    .innerJoin(accounts, eq(accounts.trabot_account_id, orderLegs.trabot_account_id))
    .leftJoin(protections, and(eq(protections.exit_leg_id, orderLegs.id), eq(protections.state, 'triggered')))
    .where(
      and(
        eq(trades.broker, 'paper'),
        isNotNull(orderLegs.broker_order_id),
        or(
          eq(orderLegs.state, 'open'),
          and(eq(orderLegs.state, 'filled'), eq(trades.trade_status, 'running'), gt(orderLegs.filled_quantity, 0)),
        ),
      ),
    )
    .orderBy(orderLegs.id);
  if (!held.length && !legs.length && !replace) return 0;

  // A leg's order as last modified (an exit chased toward the market): its latest modify request.
  const modified = legs.length
    ? await db
        .selectDistinctOn([orderEvents.leg_id], {
          legId: orderEvents.leg_id,
          orderType: orderEvents.order_type,
          quantity: orderEvents.quantity,
          limitPrice: orderEvents.limit_price,
          triggerPrice: orderEvents.trigger_price,
        })
        .from(orderEvents)
        .where(
          and(
            inArray(
              orderEvents.leg_id,
              legs.map((l) => l.leg.id),
            ),
            eq(orderEvents.kind, 'request'),
            eq(orderEvents.action, 'modify'),
          ),
        )
        .orderBy(orderEvents.leg_id, desc(orderEvents.id))
    : [];
  const lastModify = new Map(modified.map((m) => [m.legId, m]));

  const restingProtections: RestingPaperProtection[] = held.flatMap(({ protection, trade, signal, account }) =>
    protection.stop === null || protection.target === null
      ? []
      : [
          {
            clientId: account.broker_client_id,
            protectionId: protection.broker_protection_id!,
            terms: {
              exchange: signal.exchange,
              symbol: signal.instrument_symbol,
              side: exitSide(trade.trade_direction),
              product: productOf(trade.trade_type),
              quantity: protection.quantity,
              stop: protection.stop,
              stopLimit: protection.stop_limit,
              target: protection.target,
            },
            clientOrderIds: protectionTags(protection),
            updatedAt: protection.updated_at,
          },
        ],
  );
  const restingOrders: RestingPaperOrder[] = legs.map(({ leg, trade, signal, account, executedLeg, stopLimit }) => {
    const request = requestOf({ leg, trade, signal, account });
    const last = lastModify.get(leg.id);
    if (last)
      Object.assign(request, {
        orderType: last.orderType as typeof request.orderType,
        quantity: last.quantity,
        limitPrice: last.limitPrice,
        triggerPrice: last.triggerPrice,
      });
    // A protection's stop-market the broker executed before the restart: triggered, it sells at market.
    const triggeredStop = executedLeg === 'stop' && stopLimit === null && request.orderType === 'trigger';
    const base = {
      clientId: account.broker_client_id,
      orderId: leg.broker_order_id!,
      request,
      updatedAt: leg.updated_at,
    };
    if (leg.state === 'filled')
      return { ...base, state: 'filled', filledQuantity: leg.filled_quantity, averagePrice: leg.average_price };
    return {
      ...base,
      state: request.orderType === 'trigger' && !triggeredStop ? 'trigger_pending' : 'open',
      ...(triggeredStop ? { stopMarket: true } : {}),
    };
  });
  const added = ctx.paper.restore({ protections: restingProtections, orders: restingOrders }, { replace });
  if (added)
    log.info(
      { protections: restingProtections.length, legs: restingOrders.length, orders: added },
      "engine: the paper broker's resting orders put back from the records",
    );
  return added;
}
