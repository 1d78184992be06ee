/**
 * Prices typed by a person or an algo (a signal's levels, a manual order's limit and trigger) must
 * be on their instrument's tick: the tick of its broker's instrument master when loaded, else NSE's
 * band table on its last close (shared/ticks.ts). An off-tick price is refused with a 400 naming
 * each field at fault and the tick, e.g. "Stop-loss 1538.55 is not on the tick of 0.10 for INFY".
 */
import { instrumentTick, isOnTick, offTickMessage, type TickSource } from '@shared/ticks';
import { DomainError } from '../lib/domain-error';

export interface PriceField {
  field: string;
  /** How the message names it: Entry, Stop-loss, Target, Limit price, Trigger price. */
  label: string;
  price: number | null | undefined;
}

/** The off-tick fields' messages by field (none: all on the tick). */
export function offTickFields(
  symbol: string,
  instrument: TickSource | null,
  prices: readonly PriceField[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { field, label, price } of prices) {
    if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) continue;
    const tick = instrumentTick(instrument, price);
    if (!isOnTick(price, tick)) fields[field] = offTickMessage(label, price, tick, symbol);
  }
  return fields;
}

/** 400 when a price is off its tick: the first message is the error, every field named. */
export function requireOnTick(symbol: string, instrument: TickSource | null, prices: readonly PriceField[]): void {
  const fields = offTickFields(symbol, instrument, prices);
  const first = Object.values(fields)[0];
  if (first) throw new DomainError('invalid', first, fields);
}

export const LEVEL_FIELDS = (levels: { entry_level: number; stop_loss_level: number; target_level: number }) => [
  { field: 'entry_level', label: 'Entry', price: levels.entry_level },
  { field: 'stop_loss_level', label: 'Stop-loss', price: levels.stop_loss_level },
  { field: 'target_level', label: 'Target', price: levels.target_level },
];
