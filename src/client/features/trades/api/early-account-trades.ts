/**
 * Opening /dashboard/trades with no session answer cached yet (a fresh page load, the first visit
 * after logging in): the member's trades are requested alongside the session check rather than
 * after it, since the check, then the trades, was the page's critical chain. The request carries the
 * same cookie as the check, so its answer is the checked user's; it goes into that user's query
 * only once the check confirmed them (an anonymous visitor's 401 is dropped: the guard redirects).
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { Trade } from '../../../../shared/schemas/trades';
import { sessionQueryKey } from '../../session/api/check-session';
import { accountTradesQueryOptions, getAccountTrades } from './get-account-trades';

export type EarlyAccountTrades = Promise<Trade[]>;

/** Starts the request when the session check is about to go to the server; otherwise undefined. */
export function requestAccountTradesEarly(queryClient: QueryClient): EarlyAccountTrades | undefined {
  if (!onlineManager.isOnline() || queryClient.getQueryData(sessionQueryKey) !== undefined) return undefined;
  const request = getAccountTrades();
  request.catch(() => undefined);
  return request;
}

/** Hands the early answer to `userId`'s trades query (a retry after a failure asks again). */
export function adoptEarlyAccountTrades(queryClient: QueryClient, userId: number, request: EarlyAccountTrades): void {
  let early: EarlyAccountTrades | undefined = request;
  void queryClient.prefetchQuery({
    ...accountTradesQueryOptions(userId),
    queryFn: () => {
      const answer = early ?? getAccountTrades();
      early = undefined;
      return answer;
    },
  });
}
