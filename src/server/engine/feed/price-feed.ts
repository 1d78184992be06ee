/** Where the engine gets prices: a simulated feed, or a broker's market data (Kite's ticker). */
import { instrumentTick } from '@shared/ticks';

export interface Quote {
  symbol: string;
  ltp: number;
  /** The last session's close: the reference of the day's price band. */
  previousClose: number;
  timestamp: Date;
  /** The instrument's tick from its broker's instrument master, when loaded (else quoteTick's band). */
  tick?: number;
}

/** The tick prices of this quote's instrument move in: its master's, else NSE's band of the last close. */
export const quoteTick = (quote: Quote): number =>
  instrumentTick({ tick_size: quote.tick ?? null, close: quote.previousClose }, quote.ltp);

/** What the paper broker needs: the current quote of a symbol. */
export interface QuoteSource {
  quote(symbol: string): Quote | undefined;
}

export interface PriceFeed extends QuoteSource {
  /**
   * Starts following a symbol from its last close (the instruments table's CLOSE); when that is
   * unknown (null), from `fallbackPrice` (the signal's entry level). Tracking twice keeps the first
   * price; `tickSize` (the instrument master's tick, when loaded) is kept up to date.
   */
  track(symbol: string, lastClose: number | null, fallbackPrice: number, tickSize?: number | null): void;
  untrack(symbol: string): void;
  /** Advances the feed to `now` and answers the quotes that changed. */
  tick(now: Date): Quote[];
  /** Before each step: a feed that depends on the outside (a broker session) catches up with it. */
  refresh?(now: Date): Promise<void>;
  /** Stops what the feed keeps open (a websocket). */
  close?(): void;
  /** What the feed runs on, by token name (e.g. `feed.simulated.seed`), for the admin Tokens screen. */
  state(): Record<string, string>;
}

/** NSE's widest daily price band for equities: +-20 % of the previous close. */
export const DAY_PRICE_BAND = 0.2;

export function dayBand(previousClose: number, band = DAY_PRICE_BAND): { lower: number; upper: number } {
  return { lower: previousClose * (1 - band), upper: previousClose * (1 + band) };
}
