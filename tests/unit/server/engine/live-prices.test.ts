/** The staleness rule of live trades' prices, and the book that keeps them (feed/live-prices.ts). */
import { describe, expect, it } from 'vitest';
import { LivePriceBook, livePriceState } from '@server/engine/feed/live-prices';
import { formatAge, noLivePriceText } from '@shared/format';

const T0 = new Date('2026-01-05T04:00:00Z');
const after = (ms: number) => new Date(T0.getTime() + ms);

describe('livePriceState', () => {
  it('is fresh up to the maximum age, inclusive, and stale one millisecond after', () => {
    expect(livePriceState(T0, after(30_000), 30_000)).toEqual({ fresh: true, ageMs: 30_000 });
    expect(livePriceState(T0, after(30_001), 30_000)).toEqual({ fresh: false, ageMs: 30_001 });
  });
  it('knows no price as never fresh, of no age', () => {
    expect(livePriceState(null, T0, 30_000)).toEqual({ fresh: false, ageMs: null });
    expect(livePriceState(undefined, T0, 30_000)).toEqual({ fresh: false, ageMs: null });
  });
  it('takes a price stamped ahead of the clock as of age 0', () => {
    expect(livePriceState(after(5_000), T0, 30_000)).toEqual({ fresh: true, ageMs: 0 });
  });
});

describe('LivePriceBook', () => {
  it("keeps each account's prices apart, by broker, and ages them", () => {
    const book = new LivePriceBook();
    book.record(1, 'fyers', new Map([['INFY', 1510.5]]), T0);
    expect(book.fresh(1, 'fyers', 'INFY', after(10_000), 30_000)).toEqual({ ltp: 1510.5, at: T0 });
    expect(book.fresh(2, 'fyers', 'INFY', after(10_000), 30_000)).toBeNull();
    expect(book.fresh(1, 'dhan', 'INFY', after(10_000), 30_000)).toBeNull();
    expect(book.fresh(1, 'fyers', 'INFY', after(30_001), 30_000)).toBeNull();
  });
  it('ignores prices that are not prices (0, negative, NaN)', () => {
    const book = new LivePriceBook();
    book.record(1, 'upstock', new Map([['INFY', 1500]]), T0);
    book.record(
      1,
      'upstock',
      new Map([
        ['INFY', 0],
        ['TCS', Number.NaN],
        ['SBIN', -1],
      ]),
      after(1_000),
    );
    expect(book.price(1, 'upstock', 'INFY')).toEqual({ ltp: 1500, at: T0 });
    expect(book.price(1, 'upstock', 'TCS')).toBeUndefined();
    expect(book.price(1, 'upstock', 'SBIN')).toBeUndefined();
  });
  it('gives each account one poll turn per interval', () => {
    const book = new LivePriceBook();
    expect(book.takePollTurn(1, 'dhan', T0, 5_000)).toBe(true);
    expect(book.takePollTurn(1, 'dhan', after(4_999), 5_000)).toBe(false);
    expect(book.takePollTurn(2, 'dhan', after(4_999), 5_000)).toBe(true);
    expect(book.takePollTurn(1, 'dhan', after(5_000), 5_000)).toBe(true);
    // A clock set back does not silence an account.
    expect(book.takePollTurn(1, 'dhan', T0, 5_000)).toBe(true);
  });
  it('warns once per trade per outage, anew after a fresh price', () => {
    const book = new LivePriceBook();
    expect(book.startOutage(7)).toBe(true);
    expect(book.startOutage(7)).toBe(false);
    book.endOutage(7);
    expect(book.startOutage(7)).toBe(true);
  });
  it('forgets accounts and trades no longer live', () => {
    const book = new LivePriceBook();
    book.record(1, 'fyers', new Map([['INFY', 1500]]), T0);
    book.record(2, 'fyers', new Map([['INFY', 1501]]), T0);
    book.startOutage(9);
    book.retain(new Set(['2:fyers']), new Set());
    expect(book.price(1, 'fyers', 'INFY')).toBeUndefined();
    expect(book.price(2, 'fyers', 'INFY')).toEqual({ ltp: 1501, at: T0 });
    expect(book.startOutage(9)).toBe(true);
  });
});

describe('what the screens say', () => {
  const live = { trade_status: 'running' as const, broker: 'fyers', ltp_stale: true, ltp_at: T0.toISOString() };
  it('says "no live price" with the age of the last one', () => {
    expect(noLivePriceText(live, after(125_000))).toBe('no live price · 2 min');
    expect(noLivePriceText(live, after(45_000))).toBe('no live price · 45 s');
    expect(noLivePriceText({ ...live, ltp_at: null }, T0)).toBe('no live price');
  });
  it('says nothing of a fresh, a paper or a finished trade', () => {
    expect(noLivePriceText({ ...live, ltp_stale: false }, T0)).toBeNull();
    expect(noLivePriceText({ ...live, broker: 'paper' }, T0)).toBeNull();
    expect(noLivePriceText({ ...live, trade_status: 'completed' }, T0)).toBeNull();
  });
  it('ages in whole units', () => {
    expect(formatAge(59_999)).toBe('59 s');
    expect(formatAge(60_000)).toBe('1 min');
    expect(formatAge(3 * 3_600_000 + 1)).toBe('3 h');
    expect(formatAge(2 * 86_400_000)).toBe('2 d');
    expect(formatAge(-5)).toBe('0 s');
  });
});
