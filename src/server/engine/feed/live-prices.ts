/**
 * Live trades' prices, each from its own broker through its own account's session (its quote/LTP
 * API, polled at a bounded rate: docs/decisions/2026-11-28-live-prices-from-each-broker.md), never
 * from the simulated feed. A price older than LIVE_PRICE_MAX_AGE_MS is no live price: the trade's
 * MTM is unknown and the engine decides no exit at a level on it.
 */

/** A last traded price as a broker answered it, stamped with the engine's time of the answer. */
export interface LivePrice {
  ltp: number;
  at: Date;
}

/**
 * The staleness rule: a price is fresh while it is at most `maxAgeMs` old by the engine's clock
 * (one stamped ahead of the clock is of age 0); none known is never fresh. The age is null when no
 * price was ever known.
 */
export function livePriceState(
  lastAt: Date | null | undefined,
  now: Date,
  maxAgeMs: number,
): { fresh: boolean; ageMs: number | null } {
  if (!lastAt) return { fresh: false, ageMs: null };
  const ageMs = Math.max(0, now.getTime() - lastAt.getTime());
  return { fresh: ageMs <= maxAgeMs, ageMs };
}

const key = (accountId: number, broker: string, symbol: string) => `${accountId}:${broker}:${symbol}`;

/** The last prices each live account's broker gave, when each account was last asked, and the outages warned about. */
export class LivePriceBook {
  private readonly prices = new Map<string, LivePrice>();
  private readonly polledAt = new Map<string, number>();
  private readonly outages = new Set<number>();
  private readonly askedAt = new Map<string, number>();

  /** Keeps the prices an account's broker answered at `at` (symbols it left out keep their last price, which ages). */
  record(accountId: number, broker: string, prices: ReadonlyMap<string, number>, at: Date): void {
    for (const [symbol, ltp] of prices)
      if (Number.isFinite(ltp) && ltp > 0) this.prices.set(key(accountId, broker, symbol), { ltp, at });
  }

  price(accountId: number, broker: string, symbol: string): LivePrice | undefined {
    return this.prices.get(key(accountId, broker, symbol));
  }

  /** The price if fresh at `now`, else null. */
  fresh(accountId: number, broker: string, symbol: string, now: Date, maxAgeMs: number): LivePrice | null {
    const price = this.price(accountId, broker, symbol);
    return price && livePriceState(price.at, now, maxAgeMs).fresh ? price : null;
  }

  /** True when the account's broker was not asked within the last `pollMs` (and marks it asked now). */
  takePollTurn(accountId: number, broker: string, now: Date, pollMs: number): boolean {
    const id = `${accountId}:${broker}`;
    const last = this.polledAt.get(id);
    if (last !== undefined && now.getTime() - last < pollMs && now.getTime() >= last) return false;
    this.polledAt.set(id, now.getTime());
    return true;
  }

  /**
   * True when the account's broker was not asked for this symbol outside its poll within the last
   * `pollMs` (and marks it asked now): a decision waiting for a price asks once per poll interval.
   */
  takeAskTurn(accountId: number, broker: string, symbol: string, now: Date, pollMs: number): boolean {
    const id = key(accountId, broker, symbol);
    const last = this.askedAt.get(id);
    if (last !== undefined && now.getTime() - last < pollMs && now.getTime() >= last) return false;
    this.askedAt.set(id, now.getTime());
    return true;
  }

  /** True only the first time in an outage (the trade has no fresh price): the warning is raised once per outage. */
  startOutage(tradeId: number): boolean {
    if (this.outages.has(tradeId)) return false;
    this.outages.add(tradeId);
    return true;
  }

  /** The trade is priced again: a later outage is warned about anew. */
  endOutage(tradeId: number): void {
    this.outages.delete(tradeId);
  }

  /** Forgets accounts and trades no longer live and running (their prices would only grow old). */
  retain(accounts: ReadonlySet<string>, tradeIds: ReadonlySet<number>): void {
    for (const k of this.prices.keys()) if (!accounts.has(k.split(':', 2).join(':'))) this.prices.delete(k);
    for (const k of this.polledAt.keys()) if (!accounts.has(k)) this.polledAt.delete(k);
    for (const k of this.askedAt.keys()) if (!accounts.has(k.split(':', 2).join(':'))) this.askedAt.delete(k);
    for (const id of this.outages) if (!tradeIds.has(id)) this.outages.delete(id);
  }
}
