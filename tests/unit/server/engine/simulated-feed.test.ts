// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SimulatedFeed } from '@server/engine/feed/simulated-feed';
import { isOnTick } from '@shared/ticks';

const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 4, 0, second));
const walk = (feed: SimulatedFeed, ticks: number) =>
  Array.from({ length: ticks }, (_, i) => feed.tick(at(i + 1)).map((q) => [q.symbol, q.ltp]));

describe('SimulatedFeed', () => {
  it('starts each symbol at its last close, or at the fallback price when the close is unknown', () => {
    const feed = new SimulatedFeed({ seed: 1 });
    feed.track('INFY', 1523.4, 1500);
    feed.track('TCS', null, 3990.5);
    feed.track('NEW', 0, 12.3);
    expect(feed.quote('INFY')).toMatchObject({ ltp: 1523.4, previousClose: 1523.4 });
    expect(feed.quote('TCS')).toMatchObject({ ltp: 3990.5, previousClose: 3990.5 });
    expect(feed.quote('NEW')).toMatchObject({ ltp: 12.3 });
    expect(() => feed.track('NONE', null, 0)).toThrow(RangeError);
    expect(feed.quote('NONE')).toBeUndefined();
  });

  it('replays the same prices under the same seed, and others under another', () => {
    const run = (seed: number) => {
      const feed = new SimulatedFeed({ seed });
      feed.track('INFY', 1500, 0);
      feed.track('TCS', 4000, 0);
      return walk(feed, 50);
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });

  it("keeps a symbol's path whatever else is tracked", () => {
    const alone = new SimulatedFeed({ seed: 7 });
    alone.track('INFY', 1500, 0);
    const crowded = new SimulatedFeed({ seed: 7 });
    crowded.track('TCS', 4000, 0);
    crowded.track('INFY', 1500, 0);
    const infy = (rows: ReturnType<typeof walk>) => rows.map((row) => row.find(([s]) => s === 'INFY'));
    expect(infy(walk(crowded, 30))).toEqual(infy(walk(alone, 30)));
  });

  it("starts on the instrument's tick: the band of its close (0.10 from 1,000), or its master's when given", () => {
    const feed = new SimulatedFeed({ seed: 1 });
    feed.track('INFY', 1523.47, 0);
    feed.track('TCS', 3990.52, 0, 0.05);
    expect(feed.quote('INFY')!.ltp).toBe(1523.5);
    expect(feed.quote('TCS')).toMatchObject({ ltp: 3990.5, tick: 0.05 });
    for (const [, ltp] of walk(feed, 50).flat()) expect(isOnTick(ltp as number, 0.05)).toBe(true);
    feed.track('INFY', 1523.47, 0, 0.1);
    expect(feed.quote('INFY')!.tick).toBe(0.1);
  });

  it("moves the price on NSE's tick, inside the day band, stamped with the tick time", () => {
    const feed = new SimulatedFeed({ seed: 3, volatility: 0.05 });
    feed.track('INFY', 100, 0);
    const seen = new Set<number>();
    for (let i = 1; i <= 2_000; i++) {
      const quote = feed.tick(at(i % 60))[0]!;
      expect(quote.timestamp).toEqual(at(i % 60));
      expect(quote.ltp).toBeGreaterThanOrEqual(80);
      expect(quote.ltp).toBeLessThanOrEqual(120);
      expect(isOnTick(quote.ltp, 0.01), String(quote.ltp)).toBe(true); // below 250: NSE's 0.01
      seen.add(quote.ltp);
    }
    // A 5 % walk over 2,000 ticks reaches both band edges and many prices between.
    expect(seen.has(80) && seen.has(120)).toBe(true);
    expect(seen.size).toBeGreaterThan(300);
  });

  it('keeps the first start when a symbol is tracked twice, and forgets an untracked one', () => {
    const feed = new SimulatedFeed({ seed: 1 });
    feed.track('INFY', 1500, 0);
    feed.track('INFY', 999, 0);
    expect(feed.quote('INFY')?.previousClose).toBe(1500);
    feed.untrack('INFY');
    expect(feed.quote('INFY')).toBeUndefined();
    expect(feed.tick(at(1))).toEqual([]);
  });
});
