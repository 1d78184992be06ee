import { NA } from './format';

/** How far a price is from a signal's entry level, in percent of it (signed: above the entry is positive). */
export function driftPercent(entry: number, price: number | null): number | null {
  if (price === null || !(entry > 0) || !Number.isFinite(price)) return null;
  return ((price - entry) / entry) * 100;
}

/** "+0.42%", "-1.20%", or N.A. when there is no price yet. */
export function formatDrift(entry: number, price: number | null): string {
  const drift = driftPercent(entry, price);
  if (drift === null) return NA;
  const rounded = Math.round(drift * 100) / 100;
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(2)}%`;
}
