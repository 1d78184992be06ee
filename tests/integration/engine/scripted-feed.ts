/**
 * A price feed whose prices the test sets: each symbol starts at its last close (or the signal's
 * entry) and stays there until `set` moves it; every tick stamps the quotes with the tick's time.
 */
import type { PriceFeed, Quote } from '@server/engine/feed/price-feed';

export class ScriptedFeed implements PriceFeed {
  private readonly quotes = new Map<string, Quote>();
  /** The time of the last tick (the paper broker stamps its fills with it). */
  lastTick = new Date(0);
  /** Symbols whose quotes ticks leave as they are (a feed that stopped sending them). */
  private readonly held = new Set<string>();

  track(symbol: string, lastClose: number | null, fallbackPrice: number): void {
    if (this.quotes.has(symbol)) return;
    const start = lastClose !== null && lastClose > 0 ? lastClose : fallbackPrice;
    this.quotes.set(symbol, { symbol, ltp: start, previousClose: start, timestamp: new Date(0) });
  }

  untrack(symbol: string): void {
    this.quotes.delete(symbol);
  }

  /** The last price from the next tick on. */
  set(symbol: string, ltp: number): void {
    const quote = this.quotes.get(symbol);
    if (!quote) throw new Error(`${symbol} is not tracked`);
    this.quotes.set(symbol, { ...quote, ltp });
  }

  /** From now on the symbol's quote keeps its last time: it goes stale. */
  hold(symbol: string): void {
    this.held.add(symbol);
  }

  /** The symbol's quotes are fresh again from the next tick. */
  release(symbol: string): void {
    this.held.delete(symbol);
  }

  quote(symbol: string): Quote | undefined {
    return this.quotes.get(symbol);
  }

  tick(now: Date): Quote[] {
    this.lastTick = now;
    const fresh = [...this.quotes.values()]
      .filter((q) => !this.held.has(q.symbol))
      .map((q) => ({ ...q, timestamp: now }));
    for (const quote of fresh) this.quotes.set(quote.symbol, quote);
    return fresh;
  }

  state(): Record<string, string> {
    return { 'feed.scripted.symbols': [...this.quotes.keys()].sort().join(', ') };
  }
}
