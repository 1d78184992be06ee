/**
 * NSE's tick sizes for equities (docs/decisions/2026-11-27-nse-tick-size-bands.md). The exchange
 * sets each security's tick from its price band, reviewed monthly on the last trading day's close;
 * the tick in force is in the brokers' instrument masters (Kite's `tick_size`). Where no master
 * gave one, the band table below decides, on the instrument's last close (else the price itself).
 * Prices are worked in paise so binary floating point never decides.
 */

/** One price band: prices up to `upTo` rupees (inclusive; null: no upper end) move in steps of `tick`. */
export interface TickBand {
  upTo: number | null;
  tick: number;
}

/** A band table and the day (IST, yyyy-MM-dd) NSE applied it from, with where it is written. */
export interface TickTable {
  from: string;
  source: string;
  bands: readonly TickBand[];
}

/**
 * NSE's capital-market tick tables, oldest first. A new circular is one more entry at the end:
 * its first trading day, its source and its bands (each band's upper end, inclusive).
 */
export const NSE_TICK_TABLES: readonly TickTable[] = [
  {
    from: '2024-06-10',
    source: 'NSE circular of 24 May 2024 (0.01 below Rs 250, EQ/BE/BZ/BO/RL/AF series, ETFs excluded)',
    bands: [
      { upTo: 250, tick: 0.01 },
      { upTo: null, tick: 0.05 },
    ],
  },
  {
    from: '2025-04-15',
    source: 'NSE circulars of March 2025 on the revision of tick size (closing prices of 28 March 2025)',
    bands: [
      { upTo: 250, tick: 0.01 },
      { upTo: 1_000, tick: 0.05 },
      { upTo: 5_000, tick: 0.1 },
      { upTo: 10_000, tick: 0.5 },
      { upTo: 20_000, tick: 1 },
      { upTo: null, tick: 5 },
    ],
  },
];

/** The coarsest tick before any band table: every NSE equity moved in steps of 0.05. */
export const NSE_LEGACY_TICK = 0.05;

const paise = (rupees: number) => Math.round(rupees * 100);

/** The table in force on `day` (yyyy-MM-dd); without a day, the latest. */
export function tickTableOn(day?: string): TickTable | null {
  const tables = day === undefined ? NSE_TICK_TABLES : NSE_TICK_TABLES.filter((t) => t.from <= day);
  return tables.at(-1) ?? null;
}

/**
 * NSE's tick for an equity whose reference price (the last close) is `price`, by the table in force
 * on `day` (the latest without one). Below 250 the tick is 0.01 and 250 itself is in the 0.05 band:
 * "below Rs 250" is the 0.01 band, then 250-1,000, >1,000-5,000 and so on.
 */
export function nseTickSize(price: number, day?: string): number {
  const table = tickTableOn(day);
  if (!table) return NSE_LEGACY_TICK;
  const p = paise(price);
  for (const [i, band] of table.bands.entries()) {
    if (band.upTo === null) return band.tick;
    // The first band ends below its bound ("below Rs 250"); the others include theirs.
    const inside = i === 0 ? p < paise(band.upTo) : p <= paise(band.upTo);
    if (inside) return band.tick;
  }
  return table.bands.at(-1)!.tick;
}

/** What is known of an instrument's tick: its master's tick size, else its last close. */
export interface TickSource {
  tick_size?: number | null;
  close?: number | null;
}

/** The instrument's tick: its instrument master's when loaded, else the band of its last close (else of `price`). */
export function instrumentTick(instrument: TickSource | null | undefined, price: number, day?: string): number {
  if (instrument?.tick_size && instrument.tick_size > 0) return instrument.tick_size;
  const reference = instrument?.close && instrument.close > 0 ? instrument.close : price;
  return nseTickSize(reference, day);
}

/** A tick as traders write it: 0.01, 0.05, 0.10, 0.50, 1.00, 5.00. */
export const formatTick = (tick: number) => tick.toFixed(2);

export function isOnTick(price: number, tick: number): boolean {
  if (!Number.isFinite(price) || Math.abs(price * 100 - paise(price)) > 1e-6) return false; // not whole paise
  return paise(price) % paise(tick) === 0;
}

/** The refusal of a price off its instrument's tick, e.g. "Stop-loss 1538.55 is not on the tick of 0.10 for INFY". */
export function offTickMessage(label: string, price: number, tick: number, symbol: string): string {
  return `${label} ${price} is not on the tick of ${formatTick(tick)} for ${symbol}`;
}

/** The price on the tick: `up` and `down` for a trader's disfavour (a buy up, a sell down), `nearest` for a quote. */
export function roundToTick(price: number, direction: 'up' | 'down' | 'nearest', tick: number): number {
  const step = paise(tick);
  const value = Math.round(price * 10_000) / 100; // paise, binary noise removed
  const round = {
    up: (x: number) => Math.ceil(x - 1e-9),
    down: (x: number) => Math.floor(x + 1e-9),
    nearest: Math.round,
  }[direction];
  return (round(value / step) * step) / 100;
}
