/**
 * How long the member's persisted queries (trades, account settings) count as fresh. Data fetched
 * while this page is open stays fresh for MEMBER_DATA_STALE_TIME_MS, so a route loader's request is
 * not repeated when the page mounts. Data restored from the device's copy (fetched before this page
 * loaded) is always stale, so online it is refetched at once: that copy is written with a delay and
 * may lag the last change.
 */
import type { Query } from '@tanstack/react-query';
import { MEMBER_DATA_STALE_TIME_MS } from '@shared/constants';

export function memberDataStaleTime(query: Pick<Query, 'state'>): number {
  // timeOrigin: when this page started loading.
  return query.state.dataUpdatedAt < performance.timeOrigin ? 0 : MEMBER_DATA_STALE_TIME_MS;
}
