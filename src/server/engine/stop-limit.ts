/**
 * A stop leg's limit beyond its trigger (docs/engine.md, "Stops that fill";
 * docs/decisions/2026-12-07-stop-limits-beyond-the-trigger.md). A stop-loss that triggers after a
 * gap is released as a limit at its limit price: at the trigger itself, that limit is already
 * behind the market and never fills. So the limit sits a buffer beyond the trigger (a sell stop
 * below, a buy stop above), the broker's market price protection by default, within what NSE lets
 * an SL-L order hold (its limit at most 3 % from its trigger, Rs 1.5 at a trigger of Rs 50 or
 * less) and inside the day's price band, on the instrument's tick, rounded against the trader
 * unless that would pass the exchange's range. The fill is the market's (a marketable limit fills
 * at the best bid or offer), so the buffer costs nothing when the book is there.
 */
import { instrumentTick, roundToTick } from '@shared/ticks';
import type { Side } from '../trading/charge-rates';
import { dayBand, quoteTick, type Quote } from './feed/price-feed';

/**
 * Each broker's buffer, percent of the trigger, from its documented market price protection (the
 * decision record cites each); a broker not named here (the paper broker, whose trigger orders go
 * at market) has none: its stop limit stays null.
 */
export const STOP_LIMIT_BUFFER_DEFAULTS: Readonly<Record<string, number>> = {
  zerodha: 3,
  upstock: 3,
  fyers: 3,
  angelone: 0.5,
  dhan: 3,
};

/** NSE/CM/57613: an SL-L's limit may differ from its trigger by at most 3 %, or Rs 1.5 when the trigger is Rs 50 or less. */
export const exchangeStopRange = (trigger: number): number => (trigger > 50 ? trigger * 0.03 : 1.5);

/** The buffers in force: the defaults, overridden per broker by STOP_LIMIT_BUFFER_PERCENT ("angelone=1,dhan=2"). */
export function stopLimitBuffers(configured: Readonly<Record<string, number>> = {}): Record<string, number> {
  return { ...STOP_LIMIT_BUFFER_DEFAULTS, ...configured };
}

/**
 * The stop's limit: `bufferPercent` beyond the trigger, on the tick and inside the exchange's SL
 * range and the day's band (when `quote` gives the previous close); null for no buffer (0 or
 * none: the leg keeps its broker's own idiom, a limit at the trigger or an SL-M).
 */
export function stopLimitBeyond(
  side: Side,
  trigger: number,
  bufferPercent: number | undefined,
  quote?: Pick<Quote, 'ltp' | 'previousClose' | 'tick'>,
): number | null {
  if (!bufferPercent || bufferPercent <= 0) return null;
  const tick = quote ? quoteTick({ symbol: '', timestamp: new Date(0), ...quote }) : instrumentTick(null, trigger);
  const range = exchangeStopRange(trigger);
  const buffer = Math.min((trigger * bufferPercent) / 100, range);
  const beyond = side === 'sell' ? -1 : 1;
  // Against the trader (a sell down, a buy up), unless that steps past the exchange's range.
  let limit = roundToTick(trigger + beyond * buffer, side === 'sell' ? 'down' : 'up', tick);
  if (Math.abs(limit - trigger) > range + 1e-9)
    limit = roundToTick(trigger + beyond * range, side === 'sell' ? 'up' : 'down', tick);
  if (quote && quote.previousClose > 0) {
    const { lower, upper } = dayBand(quote.previousClose);
    limit =
      side === 'sell'
        ? Math.max(limit, roundToTick(lower, 'up', tick))
        : Math.min(limit, roundToTick(upper, 'down', tick));
  }
  // Never on the wrong side of the trigger (a band edge nearer than the buffer).
  return side === 'sell' ? Math.min(limit, trigger) : Math.max(limit, trigger);
}
