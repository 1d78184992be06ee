/**
 * The default price feed: a seeded random walk per symbol from its last close. Each symbol draws
 * from its own generator seeded by (seed, symbol), so the same seed replays the same prices
 * whatever else is tracked, and tests can assert them. Prices stay on the instrument's tick (its
 * master's, else NSE's band of the last close: quoteTick) and inside the day's band.
 */
import { roundToTick } from '@shared/ticks';
import { dayBand, quoteTick, type PriceFeed, type Quote } from './price-feed';

export interface SimulatedFeedOptions {
  seed: number;
  /** Standard deviation of one tick's relative move (0.002 = 0.2 %). */
  volatility?: number;
}

interface Walk {
  quote: Quote;
  random: () => number;
}

/** mulberry32: a small, fast 32-bit generator, uniform in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to derive each symbol's seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A standard normal draw (Box-Muller). */
function normal(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export class SimulatedFeed implements PriceFeed {
  private readonly walks = new Map<string, Walk>();
  private readonly volatility: number;

  constructor(private readonly options: SimulatedFeedOptions) {
    this.volatility = options.volatility ?? 0.002;
  }

  track(symbol: string, lastClose: number | null, fallbackPrice: number, tickSize?: number | null): void {
    const tick = tickSize && tickSize > 0 ? { tick: tickSize } : {};
    const walk = this.walks.get(symbol);
    if (walk) {
      if (tickSize && tickSize > 0 && walk.quote.tick !== tickSize) walk.quote = { ...walk.quote, ...tick };
      return;
    }
    const start = lastClose !== null && lastClose > 0 ? lastClose : fallbackPrice;
    if (!(start > 0)) throw new RangeError(`No starting price for ${symbol}`);
    const first: Quote = { symbol, ltp: start, previousClose: start, timestamp: new Date(0), ...tick };
    this.walks.set(symbol, {
      quote: { ...first, ltp: roundToTick(start, 'nearest', quoteTick(first)) },
      random: mulberry32(hash(`${this.options.seed}:${symbol}`)),
    });
  }

  state(): Record<string, string> {
    return {
      'feed.simulated.seed': String(this.options.seed),
      'feed.simulated.symbols': [...this.walks.keys()].sort().join(', '),
    };
  }

  untrack(symbol: string): void {
    this.walks.delete(symbol);
  }

  quote(symbol: string): Quote | undefined {
    return this.walks.get(symbol)?.quote;
  }

  tick(now: Date): Quote[] {
    const changed: Quote[] = [];
    for (const walk of this.walks.values()) {
      const { ltp, previousClose } = walk.quote;
      const { lower, upper } = dayBand(previousClose);
      const tick = quoteTick(walk.quote);
      const moved = roundToTick(ltp * (1 + this.volatility * normal(walk.random)), 'nearest', tick);
      const next = Math.min(roundToTick(upper, 'down', tick), Math.max(roundToTick(lower, 'up', tick), moved, tick));
      walk.quote = { ...walk.quote, ltp: next, timestamp: now };
      changed.push(walk.quote);
    }
    return changed;
  }
}
