/** A live account's market entry judged on its broker's last price (entry-guards.ts, liveEntryPrice), and the ask throttle. */
import { describe, expect, it } from 'vitest';
import { liveEntryMaxAgeMs, liveEntryPrice } from '@server/engine/entry-guards';
import { LivePriceBook } from '@server/engine/feed/live-prices';

const T0 = new Date('2026-01-05T04:00:00Z');
const after = (ms: number) => new Date(T0.getTime() + ms);
const SETTINGS = { maxQuoteAgeMs: 10_000, livePriceMaxAgeMs: 30_000, maxEntryDriftPercent: 1 };
const BUY = { trade_direction: 'long' as const, entry_level: 250, instrument_symbol: 'INFY' };
const SELL = { ...BUY, trade_direction: 'short' as const };
// The feed's quote lends only the tick and the last close, never its price.
const FEED = { symbol: 'INFY', ltp: 263, previousClose: 252, timestamp: T0 };

describe('liveEntryPrice', () => {
  it("prices the entry at the broker's last price, on the tick against the trader, whatever the feed says", () => {
    const last = { ltp: 250.12, at: T0 };
    expect(liveEntryPrice(BUY, 'fyers', last, FEED, after(2_000), SETTINGS)).toEqual({ kind: 'price', price: 250.15 });
    expect(liveEntryPrice(SELL, 'fyers', last, FEED, after(2_000), SETTINGS)).toEqual({ kind: 'price', price: 250.1 });
    expect(liveEntryPrice(BUY, 'fyers', last, undefined, after(2_000), SETTINGS)).toEqual({
      kind: 'price',
      price: 250.15,
    });
  });

  it("skips on the broker's price drifting beyond the allowed distance, though the feed sits on the entry", () => {
    expect(liveEntryPrice(BUY, 'zerodha', { ltp: 257, at: T0 }, { ...FEED, ltp: 250 }, T0, SETTINGS)).toEqual({
      kind: 'skip',
      reason: 'price_drift',
      detail: 'the price 257 is 2.8% from the entry level 250 (at most 1%)',
    });
  });

  it('waits with none, or one older than both the quote age and the live price age allow', () => {
    expect(liveEntryMaxAgeMs(SETTINGS)).toBe(10_000);
    expect(liveEntryMaxAgeMs({ maxQuoteAgeMs: 60_000, livePriceMaxAgeMs: 30_000 })).toBe(30_000);
    expect(liveEntryPrice(BUY, 'upstock', undefined, FEED, T0, SETTINGS)).toEqual({
      kind: 'wait',
      note: 'waiting for a live price: none for INFY from Upstox (none yet)',
    });
    expect(liveEntryPrice(BUY, 'dhan', { ltp: 250, at: T0 }, FEED, after(10_000), SETTINGS)).toMatchObject({
      kind: 'price',
    });
    expect(liveEntryPrice(BUY, 'dhan', { ltp: 250, at: T0 }, FEED, after(10_001), SETTINGS)).toEqual({
      kind: 'wait',
      note: 'waiting for a live price: none for INFY from Dhan (the last 10 s ago)',
    });
  });
});

describe('LivePriceBook.takeAskTurn', () => {
  it('lets a decision ask its broker for a symbol once per poll interval, each symbol and account apart', () => {
    const book = new LivePriceBook();
    expect(book.takeAskTurn(1, 'fyers', 'INFY', T0, 5_000)).toBe(true);
    expect(book.takeAskTurn(1, 'fyers', 'INFY', after(4_999), 5_000)).toBe(false);
    expect(book.takeAskTurn(1, 'fyers', 'TCS', after(1_000), 5_000)).toBe(true);
    expect(book.takeAskTurn(2, 'fyers', 'INFY', after(1_000), 5_000)).toBe(true);
    expect(book.takeAskTurn(1, 'fyers', 'INFY', after(5_000), 5_000)).toBe(true);
    // Forgotten with the account: asked anew.
    book.retain(new Set(), new Set());
    expect(book.takeAskTurn(1, 'fyers', 'INFY', after(5_001), 5_000)).toBe(true);
  });
});
