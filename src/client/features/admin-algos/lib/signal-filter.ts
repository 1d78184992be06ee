/** The signals page's status filter (spec section 2): All or one signal status, kept in the URL. */
import { SIGNAL_STATUSES } from '../../../../shared/constants';

export const SIGNAL_FILTERS = ['all', ...SIGNAL_STATUSES] as const;
export type SignalFilter = (typeof SIGNAL_FILTERS)[number];

export function parseSignalFilter(value: unknown): SignalFilter {
  return SIGNAL_FILTERS.find((f) => f === value) ?? 'all';
}

/** A route's `$id`: a positive whole number, else null ("No algo id"). */
export function parseAlgoId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
