/**
 * Stops that fill (docs/engine.md, "Stops that fill"): a protection's stop leg gets its limit
 * beyond the trigger (stop-limit.ts, the broker's buffer), and a stop resting as a plain order (one
 * of two, or a delivery's stop alone) that the broker's own price has gone through but that has not filled (a gap past its limit) is read as
 * triggered: reconciliation books it like a fired GTT, an exit leg of source `protection` holding
 * the stop's order, which the exit chase (exit-chase.ts) then modifies toward the market until
 * the position is flat. The other leg is withdrawn as for any executed protection.
 *
 * The broker's order status alone cannot say it: Fyers and Dhan list a stop-loss PENDING before and
 * after its trigger, and Upstox lists orders in flight as open. The exchange triggers a stop when
 * the last traded price reaches it, so the broker's own fresh last price at or through the stop
 * (live-prices.ts) is the sign, never the feed's.
 */
import type { Protection } from '../brokers/adapter';
import type { EngineContext, SignalRow, TradeRow } from './engine-deps';
import { livePriceOfTrade } from './live-prices';
import { stopLimitBeyond, stopLimitBuffers } from './stop-limit';
import { exitSide } from '../trading/trade-math';
import type { ProtectionRow } from '../states/protections';

type Ctx = Pick<EngineContext, 'deps' | 'feed' | 'live' | 'settings'>;

/** The stop limit a trade's protection rests with: its broker's buffer beyond the signal's stop (null: none). */
export function stopLimitOfTrade(
  ctx: Pick<EngineContext, 'deps' | 'feed'>,
  trade: Pick<TradeRow, 'broker' | 'trade_direction'>,
  signal: Pick<SignalRow, 'stop_loss_level' | 'instrument_symbol'>,
): number | null {
  const buffers = stopLimitBuffers(ctx.deps.env.STOP_LIMIT_BUFFER_PERCENT);
  return stopLimitBeyond(
    exitSide(trade.trade_direction),
    signal.stop_loss_level,
    buffers[trade.broker],
    ctx.feed.quote(signal.instrument_symbol),
  );
}

/** The price has reached a stop of this side (a sell stop at or below it, a buy stop at or above). */
export const stopReached = (side: 'buy' | 'sell', price: number, stop: number) =>
  side === 'sell' ? price <= stop : price >= stop;

/**
 * The protection as the broker has it, read as `triggered` (its stop the executed leg) when its
 * stop is a plain order (not a GTT's or forever order's leg) that still rests unfilled while the broker's fresh last price is at or
 * through the stop; else as it is. Only an `active` protection: one Trabot is modifying or
 * cancelling is left to that.
 */
export function withTriggeredStop(
  ctx: Ctx,
  p: { protection: Pick<ProtectionRow, 'state'>; trade: TradeRow },
  status: Protection,
  now: Date,
): Protection {
  const stop = status.orders.stop;
  if (
    p.trade.broker === 'paper' ||
    p.protection.state !== 'active' ||
    status.kind === 'oco' ||
    status.state !== 'active' ||
    !stop ||
    stop.filledQuantity > 0 ||
    (stop.state !== 'open' && stop.state !== 'trigger_pending')
  )
    return status;
  const price = livePriceOfTrade(ctx, p.trade, now);
  if (price === null || !stopReached(status.terms.side, price, status.terms.stop)) return status;
  ctx.deps.log.info(
    { tradeId: p.trade.trabot_trade_id, orderId: stop.orderId, price, stop: status.terms.stop },
    'engine: stop-loss triggered at the broker and not filled: chased as an exit',
  );
  return { ...status, state: 'triggered', executed: { leg: 'stop', order: stop } };
}
