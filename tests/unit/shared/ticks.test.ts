import { describe, expect, it } from 'vitest';
import { isOnTick, NSE_TICK, roundToTick } from '@shared/ticks';

describe("NSE's tick", () => {
  it('is 0.05, and says which prices are on it whatever the binary floating point', () => {
    expect(NSE_TICK).toBe(0.05);
    for (const price of [101.05, 0.05, 2948.5, 1e7, 0.1 + 0.2 + 0.05])
      expect(isOnTick(price), String(price)).toBe(true);
    for (const price of [101.02, 0.01, 2948.52, 100.051, Number.NaN])
      expect(isOnTick(price), String(price)).toBe(false);
  });

  it('rounds against the trader up or down, and to the nearest for quotes; a price on the tick stays', () => {
    expect(roundToTick(100.01, 'up')).toBe(100.05);
    expect(roundToTick(100.04, 'down')).toBe(100);
    expect(roundToTick(100.02, 'nearest')).toBe(100);
    expect(roundToTick(100.03, 'nearest')).toBe(100.05);
    for (const direction of ['up', 'down', 'nearest'] as const) expect(roundToTick(2948.55, direction)).toBe(2948.55);
    // 0.1 + 0.2 is 0.30000000000000004 in binary: still on the tick, not rounded up a step.
    expect(roundToTick(0.1 + 0.2, 'up')).toBe(0.3);
  });
});
