/**
 * The exchange's tick rule as every fake broker applies it to an order's prices: a limit or trigger
 * price must be a whole number of the instrument's ticks. The tick is the instrument master's when a
 * test set one, else the one NSE's price bands give the reference price (the fake's last price).
 * Each fake answers an off-tick price in its own service's error shape; this only finds it.
 *
 * The bands are the fakes' own copy of NSE's rule, written from the exchange's circulars and not
 * taken from Trabot's code, so a wrong band in the product fails against the fakes:
 * - below Rs 250: 0.01 (NSE circular of 24 May 2024, from 10 June 2024; Zerodha's bulletin of
 *   25 May 2024, https://zerodha.com/marketintel/bulletin/380460);
 * - 250 to 1,000: 0.05; above 1,000 to 5,000: 0.10; above 5,000 to 10,000: 0.50; above 10,000 to
 *   20,000: 1.00; above 20,000: 5.00 (NSE's March 2025 circulars on the revision of tick sizes, from
 *   15 April 2025 on the closes of 28 March 2025; Fyers' notice of 17 March 2025,
 *   https://fyers.in/notice-board/tick-size-revision-for-nse-derivatives-cash-segment-effective-april-15-2025).
 * The fakes speak of today's market, so only the table in force now is here.
 */

export interface OffTick {
  price: number;
  tick: number;
}

/** NSE's cash-market bands in paise: [the band's highest price, its tick]; `below` marks "below Rs 250". */
const NSE_BANDS_PAISE: readonly { highest: number; below?: true; tick: number }[] = [
  { highest: 250_00, below: true, tick: 1 },
  { highest: 1_000_00, tick: 5 },
  { highest: 5_000_00, tick: 10 },
  { highest: 10_000_00, tick: 50 },
  { highest: 20_000_00, tick: 100 },
  { highest: Number.POSITIVE_INFINITY, tick: 500 },
];

/** The tick, in rupees, that NSE's bands give a security whose reference price is `rupees`. */
export function exchangeTick(rupees: number): number {
  const paise = Math.round(rupees * 100);
  const band = NSE_BANDS_PAISE.find((b) => (b.below ? paise < b.highest : paise <= b.highest))!;
  return band.tick / 100;
}

/** Whether `price` is a whole number of `tick`s (and of paise). */
function onTick(price: number, tick: number): boolean {
  const paise = price * 100;
  if (Math.abs(paise - Math.round(paise)) > 1e-6) return false;
  return Math.round(paise) % Math.round(tick * 100) === 0;
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
    const tick =
      masterTick && masterTick > 0 ? masterTick : exchangeTick(reference && reference > 0 ? reference : price);
    if (!onTick(price, tick)) return { price, tick };
  }
  return null;
}

/** The words brokers pass on from the exchange's RMS for an off-tick price. */
export const offTickText = (off: OffTick) =>
  `Tick size for this script is ${off.tick.toFixed(2)}. Kindly enter price in the multiple of tick size for this script`;
