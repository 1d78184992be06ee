/**
 * Live prices from Kite's ticker while a Zerodha session of the day is available, else the
 * simulated feed. Checked at most every 30 s: the freshest valid session among the
 * Zerodha accounts streams the instruments the engine follows (running trades and pending,
 * approved or running signals); when it expires (06:00 IST) or none was opened, the simulated feed
 * takes over. With a session the engine never falls back to made-up prices: a ticker that is
 * reconnecting sends nothing, so quotes age and the stale-price guard, which reads the exchange's
 * time of each tick, holds entries back.
 */
import type { Logger } from '../../lib/logger';
import { istDay } from '@shared/ist';
import type { PriceFeed, Quote } from './price-feed';
import type { KiteTickerConnection, TickerTick } from './kite-ticker';

/** How often the feed asks for the session of the day (a new login switches within this). */
export const SESSION_CHECK_MS = 30_000;

export interface KiteFeedOptions {
  simulated: PriceFeed;
  ticker: Pick<KiteTickerConnection, 'useSession' | 'setInstruments' | 'close' | 'state' | 'lastProblem'>;
  /** The access token of the freshest valid Zerodha session at `now`, or null. */
  session(now: Date): Promise<string | null>;
  /** NSE equities' instrument tokens by trading symbol, read with a session (at `now`). */
  instrumentTokens(session: string, now: Date): Promise<Map<string, number>>;
  log: Logger;
  /** The receiving time of a tick whose packet has no exchange time. */
  now?: () => Date;
}

export class KiteFeed implements PriceFeed {
  private session: string | null = null;
  private checkedAt = -Infinity;
  private tokens = new Map<string, number>();
  private symbols = new Map<number, string>();
  private tokensDay: string | null = null;
  private readonly tracked = new Set<string>();
  private readonly quotes = new Map<string, Quote>();
  /** The instrument masters' ticks of the tracked symbols, stamped on their quotes. */
  private readonly ticks = new Map<string, number>();
  private readonly changed = new Map<string, Quote>();
  private lastTickAt: Date | null = null;

  constructor(private readonly options: KiteFeedOptions) {}

  /** Wired to the ticker: every tick is kept until the engine's next step reads it. */
  receive(ticks: readonly TickerTick[]): void {
    for (const tick of ticks) {
      const symbol = this.symbols.get(tick.token);
      if (!symbol) continue;
      const at = tick.at ?? (this.options.now ?? (() => new Date()))();
      const quote: Quote = {
        symbol,
        ltp: tick.ltp,
        previousClose: tick.previousClose ?? this.quotes.get(symbol)?.previousClose ?? tick.ltp,
        timestamp: at,
        ...(this.ticks.has(symbol) ? { tick: this.ticks.get(symbol)! } : {}),
      };
      this.quotes.set(symbol, quote);
      this.changed.set(symbol, quote);
      if (!this.lastTickAt || at > this.lastTickAt) this.lastTickAt = at;
    }
  }

  /** Follows the session of the day (and the day's instrument tokens); called before each engine step. */
  async refresh(now: Date): Promise<void> {
    if (now.getTime() - this.checkedAt < SESSION_CHECK_MS) return;
    this.checkedAt = now.getTime();
    const session = await this.options.session(now);
    if (session && (session !== this.session || this.tokensDay !== istDay(now))) {
      try {
        this.tokens = await this.options.instrumentTokens(session, now);
        this.symbols = new Map([...this.tokens].map(([symbol, token]) => [token, symbol]));
        this.tokensDay = istDay(now);
      } catch (err) {
        // Yesterday's tokens still stream (Kite keeps equities' tokens); with none, nothing streams yet.
        this.options.log.warn(
          { reason: err instanceof Error ? err.message : String(err) },
          "price feed: Kite's instruments could not be read",
        );
      }
    }
    if (session !== this.session) {
      this.options.log.info({ feed: session ? 'zerodha' : 'simulated' }, 'price feed switched');
      this.session = session;
      this.quotes.clear();
      this.changed.clear();
      this.options.ticker.useSession(session);
    }
    this.subscribe();
  }

  private get live(): boolean {
    return this.session !== null;
  }

  private subscribe(): void {
    if (this.live) this.options.ticker.setInstruments([...this.tracked].flatMap((s) => this.tokens.get(s) ?? []));
  }

  track(symbol: string, lastClose: number | null, fallbackPrice: number, tickSize?: number | null): void {
    this.options.simulated.track(symbol, lastClose, fallbackPrice, tickSize);
    if (tickSize && tickSize > 0) this.ticks.set(symbol, tickSize);
    if (this.tracked.has(symbol)) return;
    this.tracked.add(symbol);
    this.subscribe();
  }

  untrack(symbol: string): void {
    this.options.simulated.untrack(symbol);
    this.tracked.delete(symbol);
    this.ticks.delete(symbol);
    this.subscribe();
  }

  quote(symbol: string): Quote | undefined {
    return this.live ? this.quotes.get(symbol) : this.options.simulated.quote(symbol);
  }

  tick(now: Date): Quote[] {
    if (!this.live) return this.options.simulated.tick(now);
    const changed = [...this.changed.values()].filter((q) => this.tracked.has(q.symbol));
    this.changed.clear();
    return changed;
  }

  /** The same names whichever feed is in use, so the Tokens screen never keeps a stale one. */
  state(): Record<string, string> {
    const { ticker } = this.options;
    const connection =
      ticker.state === 'connected' || !ticker.lastProblem ? ticker.state : `${ticker.state} (${ticker.lastProblem})`;
    return {
      ...this.options.simulated.state(),
      'feed.source': this.live ? 'zerodha ticker' : 'simulated (no Zerodha session of the day)',
      'feed.zerodha.connection': connection,
      'feed.zerodha.last_tick': this.lastTickAt?.toISOString() ?? 'none yet',
      'feed.zerodha.not_at_kite': this.live
        ? [...this.tracked]
            .filter((s) => !this.tokens.has(s))
            .sort()
            .join(', ')
        : '',
    };
  }

  close(): void {
    this.options.ticker.close();
  }
}
