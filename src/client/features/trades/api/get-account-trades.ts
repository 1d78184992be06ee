/**
 * GET /api/account-trades?status=active[&adminAccountId=]: every trade of an account (filtered in the
 * page): the member's own, or for a superadmin any account's.
 */
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { OWN_TRADES_PATH } from '@shared/dashboard-start';
import type { Trade } from '@shared/schemas/trades';
import { apiJson } from '@client/lib/api';
import { liveRefresh } from '@client/lib/live-refresh';
import { memberDataStaleTime } from '@client/lib/member-data-freshness';
import { memberKeys } from '@client/features/session';

export const getAccountTrades = (adminAccountId?: number): Promise<Trade[]> =>
  apiJson<Trade[]>(
    adminAccountId === undefined ? OWN_TRADES_PATH : `${OWN_TRADES_PATH}&adminAccountId=${adminAccountId}`,
  );

/** Both factories share one type, so a trades page takes either. */
const tradesQueryOptions = queryOptions<Trade[], Error, Trade[], QueryKey>;

/** Keyed under `member` so the persister keeps it for offline use; the engine moves it, so it refreshes while open. */
export const accountTradesQueryOptions = (userId: number) =>
  tradesQueryOptions({
    queryKey: memberKeys.trades(userId),
    queryFn: () => getAccountTrades(),
    staleTime: memberDataStaleTime,
    ...liveRefresh,
  });

/** Another account's trades, for the superadmin: under `admin`, so never persisted. */
export const adminAccountTradesQueryOptions = (accountId: number) =>
  tradesQueryOptions({
    queryKey: ['admin', 'accounts', accountId, 'trades'],
    queryFn: () => getAccountTrades(accountId),
    ...liveRefresh,
  });

/** Which trades a trades page shows. */
export type AccountTradesQueryOptions = ReturnType<typeof accountTradesQueryOptions>;

export const useAccountTrades = (options: AccountTradesQueryOptions) => useQuery(options);
