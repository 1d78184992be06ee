/**
 * What a careful trader checks before a market entry (docs/engine.md, "Guards"): the session is
 * open (a swing signal waits for the next one; an intraday one is refused after 15:15 IST or on a
 * closed day), the last price is fresh, and it has not drifted too far from the signal's entry
 * level. A live account's market entry is judged on its own broker's last price (`liveEntryPrice`),
 * never the simulated feed's. Pure: the time, the calendar and the quote are passed in.
 */
import { driftPercent } from '@shared/drift';
import { brokerLabel, formatAge } from '@shared/format';
import { roundToTick } from '@shared/ticks';
import { productOf } from '../trading/charges';
import type { EngineSettings, SignalRow } from './engine-deps';
import { livePriceState, type LivePrice } from './feed/live-prices';
import { quoteTick, type Quote } from './feed/price-feed';
import { intradayEntryAllowed, sessionState, type MarketCalendar } from './market-hours';
import { round2 } from '../trading/money';
import { entrySide } from '../trading/trade-math';

export const WAITING_FOR_OPEN = 'waiting for market open';
export const WAITING_FOR_PRICE = 'waiting for a fresh price';
/** The note of an entry held for a live account's own broker price (none yet, or none fresh). */
export const waitingForLivePrice = (detail: string) => `waiting for a live price: ${detail}`;

export type Readiness =
  | { kind: 'go' }
  | { kind: 'wait'; note: string }
  | { kind: 'refuse'; reason: 'market_closed' | 'intraday_cutoff'; detail: string };

const GO: Readiness = { kind: 'go' };

/** Whether entries of this trade type may be placed now. */
export function sessionReadiness(tradeType: string, now: Date, calendar: MarketCalendar): Readiness {
  const state = sessionState(now, calendar);
  if (productOf(tradeType) !== 'intraday') return state.open ? GO : { kind: 'wait', note: WAITING_FOR_OPEN };
  if (intradayEntryAllowed(now, calendar)) return GO;
  if (state.reason === 'before_open') return { kind: 'wait', note: WAITING_FOR_OPEN };
  if (state.open || state.reason === 'after_close')
    return { kind: 'refuse', reason: 'intraday_cutoff', detail: 'intraday trades are not entered after 15:15 IST' };
  const why = state.reason === 'holiday' ? `an NSE holiday (${state.holiday})` : 'a weekend';
  return {
    kind: 'refuse',
    reason: 'market_closed',
    detail: `intraday trades are not entered on a closed day: today is ${why}`,
  };
}

export type EntryPrice =
  | { kind: 'price'; price: number }
  | { kind: 'wait'; note: string }
  | { kind: 'skip'; reason: 'price_drift'; detail: string };

/**
 * The price a market entry will get: the last price on the tick, rounded against the trader (a buy
 * up, a sell down). A quote older than the settings allow means wait; one beyond the allowed drift
 * from the entry level means the accounts are skipped.
 */
export function marketEntryPrice(
  signal: Pick<SignalRow, 'trade_direction' | 'entry_level'>,
  quote: Quote | undefined,
  now: Date,
  settings: Pick<EngineSettings, 'maxQuoteAgeMs' | 'maxEntryDriftPercent'>,
): EntryPrice {
  if (!quote || now.getTime() - quote.timestamp.getTime() > settings.maxQuoteAgeMs)
    return { kind: 'wait', note: WAITING_FOR_PRICE };
  const price = roundToTick(quote.ltp, entrySide(signal.trade_direction) === 'buy' ? 'up' : 'down', quoteTick(quote));
  const drift = Math.abs(driftPercent(signal.entry_level, price) ?? Infinity);
  if (drift > settings.maxEntryDriftPercent + 1e-9) {
    return {
      kind: 'skip',
      reason: 'price_drift',
      detail: `the price ${price} is ${round2(drift)}% from the entry level ${signal.entry_level} (at most ${settings.maxEntryDriftPercent}%)`,
    };
  }
  return { kind: 'price', price };
}

/** How old a live account's broker price may be for a market entry: within both the quote age and the live price age. */
export const liveEntryMaxAgeMs = (settings: Pick<EngineSettings, 'maxQuoteAgeMs' | 'livePriceMaxAgeMs'>) =>
  Math.min(settings.maxQuoteAgeMs, settings.livePriceMaxAgeMs);

/**
 * A live account's market entry price: its broker's last price (`last`, the live price book's),
 * judged as `marketEntryPrice` judges the feed's (on the tick, rounded against the trader, within
 * the allowed drift). None, or none fresh within `liveEntryMaxAgeMs`, is no live price: the account
 * waits for one, as a paper account waits for a fresh feed price; it is never priced on the feed,
 * nor held by it. `reference` (the feed's quote) lends only the instrument's tick and last close,
 * never its price.
 */
export function liveEntryPrice(
  signal: Pick<SignalRow, 'trade_direction' | 'entry_level' | 'instrument_symbol'>,
  broker: string,
  last: LivePrice | undefined,
  reference: Quote | undefined,
  now: Date,
  settings: Pick<EngineSettings, 'maxQuoteAgeMs' | 'maxEntryDriftPercent' | 'livePriceMaxAgeMs'>,
): EntryPrice {
  const state = livePriceState(last?.at, now, liveEntryMaxAgeMs(settings));
  if (!last || !state.fresh) {
    const since = state.ageMs === null ? 'none yet' : `the last ${formatAge(state.ageMs)} ago`;
    return {
      kind: 'wait',
      note: waitingForLivePrice(`none for ${signal.instrument_symbol} from ${brokerLabel(broker)} (${since})`),
    };
  }
  const quote: Quote = {
    symbol: signal.instrument_symbol,
    ltp: last.ltp,
    previousClose: reference?.previousClose || last.ltp,
    timestamp: last.at,
    ...(reference?.tick ? { tick: reference.tick } : {}),
  };
  return marketEntryPrice(signal, quote, now, { ...settings, maxQuoteAgeMs: liveEntryMaxAgeMs(settings) });
}
