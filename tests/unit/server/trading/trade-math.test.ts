// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { entrySide, excursions, exitSide, levelReached, squareOffDue, tradeFigures } from '@server/trading/trade-math';

const levels = {
  long: { target_level: 262.5, stop_loss_level: 245 },
  short: { target_level: 3_900, stop_loss_level: 4_040 },
};

describe('sides', () => {
  it('buys to enter a long and sells to leave it; the reverse for a short', () => {
    expect([entrySide('long'), exitSide('long')]).toEqual(['buy', 'sell']);
    expect([entrySide('short'), exitSide('short')]).toEqual(['sell', 'buy']);
  });
});

describe('levelReached', () => {
  it.each([
    ['long', 262.5, 'target'],
    ['long', 270, 'target'],
    ['long', 262.49, null],
    ['long', 245.01, null],
    ['long', 245, 'stop_loss'],
    ['long', 200, 'stop_loss'],
    ['short', 3_900, 'target'],
    ['short', 3_850, 'target'],
    ['short', 3_900.05, null],
    ['short', 4_039.95, null],
    ['short', 4_040, 'stop_loss'],
    ['short', 4_100, 'stop_loss'],
  ] as const)('%s at %d: %s', (direction, ltp, expected) => {
    expect(levelReached(direction, ltp, levels[direction])).toBe(expected);
  });
});

describe('excursions', () => {
  it('keeps the largest move each way from the entry, per direction', () => {
    const none = { max_fav_excursion: null, max_adv_excursion: null };
    expect(excursions('long', 250, 253.4, none)).toEqual({ max_fav_excursion: 3.4, max_adv_excursion: 0 });
    expect(excursions('long', 250, 248.1, { max_fav_excursion: 3.4, max_adv_excursion: 0 })).toEqual({
      max_fav_excursion: 3.4,
      max_adv_excursion: 1.9,
    });
    expect(excursions('long', 250, 251, { max_fav_excursion: 3.4, max_adv_excursion: 1.9 })).toEqual({
      max_fav_excursion: 3.4,
      max_adv_excursion: 1.9,
    });
    expect(excursions('short', 4_000, 3_950.5, none)).toEqual({ max_fav_excursion: 49.5, max_adv_excursion: 0 });
    expect(excursions('short', 4_000, 4_010, none)).toEqual({ max_fav_excursion: 0, max_adv_excursion: 10 });
  });
});

describe('tradeFigures', () => {
  it('marks an open long to the last price and keeps its risk to the stop-loss', () => {
    expect(
      tradeFigures({
        direction: 'long',
        entries: [{ quantity: 400, price: 250.2 }],
        exits: [],
        ltp: 252.45,
        stopLoss: 245,
      }),
    ).toEqual({
      trade_quantity: 400,
      remaining_quantity: 400,
      avg_entry_price: 250.2,
      avg_exit_price: null,
      current_mtm: 900,
      trade_risk: 2_080,
    });
  });

  it('averages several entries and exits, realises the exits and marks the rest (short)', () => {
    const figures = tradeFigures({
      direction: 'short',
      entries: [
        { quantity: 100, price: 4_000 },
        { quantity: 50, price: 4_030 },
      ],
      exits: [{ quantity: 60, price: 3_950 }],
      ltp: 3_980,
      stopLoss: 4_040,
    });
    // avg entry 4,010; realised (4,010 - 3,950) x 60 = 3,600; open (4,010 - 3,980) x 90 = 2,700.
    expect(figures).toEqual({
      trade_quantity: 150,
      remaining_quantity: 90,
      avg_entry_price: 4_010,
      avg_exit_price: 3_950,
      current_mtm: 6_300,
      trade_risk: 2_700,
    });
  });

  it('closes to the realised result with nothing left at risk', () => {
    expect(
      tradeFigures({
        direction: 'long',
        entries: [{ quantity: 400, price: 250.2 }],
        exits: [{ quantity: 400, price: 262.6 }],
        ltp: 262.6,
        stopLoss: 245,
      }),
    ).toMatchObject({ remaining_quantity: 0, avg_exit_price: 262.6, current_mtm: 4_960, trade_risk: 0 });
  });

  it('has nothing to mark before the first fill', () => {
    expect(tradeFigures({ direction: 'long', entries: [], exits: [], ltp: 250, stopLoss: 245 })).toEqual({
      trade_quantity: 0,
      remaining_quantity: 0,
      avg_entry_price: null,
      avg_exit_price: null,
      current_mtm: 0,
      trade_risk: 0,
    });
  });
});

describe('squareOffDue', () => {
  it('is due for intraday trades from 15:15 IST on their trade date, never for swing trades', () => {
    expect(squareOffDue('intraday', '2026-01-05', new Date('2026-01-05T09:44:59Z'))).toBe(false);
    expect(squareOffDue('intraday', '2026-01-05', new Date('2026-01-05T09:45:00Z'))).toBe(true);
    expect(squareOffDue('intra', '2026-01-05', new Date('2026-01-06T04:00:00Z'))).toBe(true);
    expect(squareOffDue('swing', '2026-01-05', new Date('2026-01-09T10:00:00Z'))).toBe(false);
  });
});
