/**
 * The trades filter from the URL's `status`, as `tradeFilterSchema` reads it (anything else shows
 * running trades), without zod: the member's trades page then loads no zod for its first paint.
 */
import { DEFAULT_TRADE_FILTER, TRADE_FILTER_STATUSES } from '@shared/constants';
import type { TradeFilterStatus } from '@shared/format';

export function filterStatusFromSearch(status: unknown): TradeFilterStatus {
  return TRADE_FILTER_STATUSES.find((known) => known === status) ?? DEFAULT_TRADE_FILTER;
}

/** The trades pages' URL search: a known filter; the default one is left out, so its URL stays clean. */
export interface TradesSearch {
  status?: TradeFilterStatus;
}

/** The trades routes' `validateSearch`. */
export function tradesSearch(search: Record<string, unknown>): TradesSearch {
  const status = filterStatusFromSearch(search.status);
  // Set even when left out: the router merges this over the URL's search, replacing what it cannot read.
  return { status: status === DEFAULT_TRADE_FILTER ? undefined : status };
}
