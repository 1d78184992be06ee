import { describe, expect, it } from 'vitest';
import {
  formatTick,
  instrumentTick,
  isOnTick,
  NSE_TICK_TABLES,
  nseTickSize,
  offTickMessage,
  roundToTick,
  tickTableOn,
} from '@shared/ticks';

describe("NSE's tick-size bands", () => {
  it('are dated, sourced and in order, each ending with an open band', () => {
    const days = NSE_TICK_TABLES.map((t) => t.from);
    expect(days).toEqual([...days].sort());
    for (const table of NSE_TICK_TABLES) {
      expect(table.source).toMatch(/NSE circular/);
      expect(table.bands.at(-1)!.upTo).toBeNull();
    }
  });

  it.each([
    [0.01, 0.01],
    [249.99, 0.01],
    [250, 0.05],
    [250.01, 0.05],
    [999.95, 0.05],
    [1000, 0.05],
    [1000.01, 0.1],
    [1000.1, 0.1],
    [4999.9, 0.1],
    [5000, 0.1],
    [5000.01, 0.5],
    [5000.5, 0.5],
    [10000, 0.5],
    [10000.01, 1],
    [10001, 1],
    [20000, 1],
    [20000.01, 5],
    [20005, 5],
    [150000, 5],
  ])('since 15 April 2025, a security at %d moves in steps of %d', (price, tick) => {
    expect(nseTickSize(price)).toBe(tick);
    expect(nseTickSize(price, '2025-04-15')).toBe(tick);
    expect(nseTickSize(price, '2026-11-27')).toBe(tick);
  });

  it('applied each table from its day: 0.01 below 250 from 10 June 2024, 0.05 for all before it', () => {
    expect(tickTableOn('2024-06-09')).toBeNull();
    expect(nseTickSize(100, '2024-06-09')).toBe(0.05);
    expect(nseTickSize(249.99, '2024-06-10')).toBe(0.01);
    expect(nseTickSize(250, '2024-06-10')).toBe(0.05);
    expect(nseTickSize(6000, '2025-04-14')).toBe(0.05);
    expect(nseTickSize(6000, '2025-04-15')).toBe(0.5);
  });

  it("takes an instrument master's tick when loaded, else the band of its last close, else of the price", () => {
    expect(instrumentTick({ tick_size: 0.05, close: 1500 }, 1500)).toBe(0.05);
    expect(instrumentTick({ tick_size: null, close: 1500 }, 900)).toBe(0.1);
    expect(instrumentTick({ tick_size: null, close: null }, 900)).toBe(0.05);
    expect(instrumentTick(null, 120)).toBe(0.01);
  });

  it('names the field, the price, the tick and the symbol when a price is off the tick', () => {
    expect(offTickMessage('Stop-loss', 1538.55, 0.1, 'INFY')).toBe(
      'Stop-loss 1538.55 is not on the tick of 0.10 for INFY',
    );
    expect(formatTick(5)).toBe('5.00');
  });
});

describe('prices on a tick', () => {
  it('says which prices are on it whatever the binary floating point', () => {
    for (const price of [101.05, 0.05, 2948.5, 1e7, 0.1 + 0.2 + 0.05])
      expect(isOnTick(price, 0.05), String(price)).toBe(true);
    for (const price of [101.02, 0.01, 2948.52, 100.051, Number.NaN])
      expect(isOnTick(price, 0.05), String(price)).toBe(false);
    expect(isOnTick(1538.5, 0.1)).toBe(true);
    expect(isOnTick(1538.55, 0.1)).toBe(false);
    expect(isOnTick(99.03, 0.01)).toBe(true);
    expect(isOnTick(20005, 5)).toBe(true);
    expect(isOnTick(20006, 5)).toBe(false);
  });

  it('rounds against the trader up or down, and to the nearest for quotes; a price on the tick stays', () => {
    expect(roundToTick(100.01, 'up', 0.05)).toBe(100.05);
    expect(roundToTick(100.04, 'down', 0.05)).toBe(100);
    expect(roundToTick(100.02, 'nearest', 0.05)).toBe(100);
    expect(roundToTick(100.03, 'nearest', 0.05)).toBe(100.05);
    expect(roundToTick(1538.51, 'up', 0.1)).toBe(1538.6);
    expect(roundToTick(7001.2, 'down', 0.5)).toBe(7001);
    expect(roundToTick(20001, 'up', 5)).toBe(20005);
    for (const direction of ['up', 'down', 'nearest'] as const)
      expect(roundToTick(2948.55, direction, 0.05)).toBe(2948.55);
    // 0.1 + 0.2 is 0.30000000000000004 in binary: still on the tick, not rounded up a step.
    expect(roundToTick(0.1 + 0.2, 'up', 0.05)).toBe(0.3);
  });
});
