/**
 * The member's trades requested before the session check has answered (see routes/dashboard.tsx):
 * the request carries the same cookie as the check, so its answer is the checked user's; it goes
 * into that user's query only once the check confirmed them (a 401, the session having ended, is dropped).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Trade } from '@shared/schemas/trades';
import { accountTradesQueryOptions, getAccountTrades } from './get-account-trades';

export type EarlyAccountTrades = Promise<Trade[]>;

export function requestAccountTradesEarly(): EarlyAccountTrades {
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
