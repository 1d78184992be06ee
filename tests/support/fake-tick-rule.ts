/**
 * The exchange's tick rule as every fake broker applies it to an order's prices: a limit or trigger
 * price must be a multiple of the instrument's tick, the tick of NSE's price band of its reference
 * price (the fake's last price; shared/ticks.ts) unless a test set the instrument master's tick.
 * Each fake answers an off-tick price in its own service's error shape; this only finds it.
 */
import { formatTick, instrumentTick, isOnTick } from '@shared/ticks';

export interface OffTick {
  price: number;
  tick: number;
}

/** The first of `prices` (those given, above 0) off the tick, or null. */
export function offTickPrice(
  prices: readonly unknown[],
  reference: number | undefined,
  masterTick: number | null = null,
): OffTick | null {
  for (const value of prices) {
    const price = Number(value);
    if (value === undefined || value === null || value === '' || !(price > 0)) continue;
    const tick = instrumentTick({ tick_size: masterTick, close: reference ?? null }, price);
    if (!isOnTick(price, tick)) return { price, tick };
  }
  return null;
}

/** The words brokers pass on from the exchange's RMS for an off-tick price. */
export const offTickText = (off: OffTick) =>
  `Tick size for this script is ${formatTick(off.tick)}. Kindly enter price in the multiple of tick size for this script`;
