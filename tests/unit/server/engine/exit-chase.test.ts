/**
 * The exit chase's price (engine/exit-chase.ts): the last price on the instrument's tick, rounded
 * against the trader (a sell down, a buy up), never outside the day's band (+-20 % of the close).
 */
import { describe, expect, it } from 'vitest';
import { chasePrice } from '@server/engine/exit-chase';

const quote = (ltp: number, previousClose = 250, tick = 0.05) => ({
  symbol: 'INFY',
  ltp,
  previousClose,
  timestamp: new Date(0),
  tick,
});

describe('chasePrice', () => {
  it('is the last price when it is on the tick', () => {
    expect(chasePrice('sell', quote(248))).toBe(248);
    expect(chasePrice('buy', quote(248.05))).toBe(248.05);
  });

  it('rounds a price off the tick against the trader', () => {
    expect(chasePrice('sell', quote(248.07))).toBe(248.05);
    expect(chasePrice('buy', quote(248.07))).toBe(248.1);
    expect(chasePrice('sell', quote(1234.3, 1200, 0.1))).toBe(1234.3);
    expect(chasePrice('buy', quote(1234.31, 1200, 0.1))).toBe(1234.4);
  });

  it("stays inside the day's band", () => {
    // 250 +- 20 %: 200 to 300.
    expect(chasePrice('sell', quote(190))).toBe(200);
    expect(chasePrice('buy', quote(310))).toBe(300);
    // A band edge off the tick is rounded inward: 333.33 -> 333.3 and 222.22 -> 222.25 (close 277.777).
    expect(chasePrice('buy', quote(400, 277.777))).toBe(333.3);
    expect(chasePrice('sell', quote(100, 277.777))).toBe(222.25);
  });
});
