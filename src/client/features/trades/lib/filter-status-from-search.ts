/**
 * The trades filter from the URL's `status`, as `tradeFilterSchema` reads it (anything else shows
 * running trades), without zod: the member's trades page then loads no zod for its first paint.
 */
import { DEFAULT_TRADE_FILTER, TRADE_FILTER_STATUSES } from '../../../../shared/constants';
import type { TradeFilterStatus } from '../../../../shared/format';

export function filterStatusFromSearch(status: unknown): TradeFilterStatus {
  return TRADE_FILTER_STATUSES.find((known) => known === status) ?? DEFAULT_TRADE_FILTER;
}
