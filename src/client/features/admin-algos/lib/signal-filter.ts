/** The signals page's status filter (spec section 2): All or one signal status, kept in the URL. */
import { SIGNAL_STATUSES } from '@shared/constants';

export const SIGNAL_FILTERS = ['all', ...SIGNAL_STATUSES] as const;
export type SignalFilter = (typeof SIGNAL_FILTERS)[number];

export function parseSignalFilter(value: unknown): SignalFilter {
  return SIGNAL_FILTERS.find((f) => f === value) ?? 'all';
}

/** The signals page's URL search: a known filter; "All", the default, is left out of the URL. */
export interface SignalsSearch {
  status?: Exclude<SignalFilter, 'all'>;
}

/** The signals route's `validateSearch`. */
export function signalsSearch(search: Record<string, unknown>): SignalsSearch {
  const status = parseSignalFilter(search.status);
  // Set even when left out: the router merges this over the URL's search, replacing what it cannot read.
  return { status: status === 'all' ? undefined : status };
}
