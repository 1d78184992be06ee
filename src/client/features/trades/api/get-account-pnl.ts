/**
 * GET /api/account-pnl?from=&to=[&adminAccountId=]: an account's P&L summary over a range of days
 * in India, the member's own or, for a superadmin, any account's. A page gets a factory
 * from a range to its query, one query (and one cache entry) per range.
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { AccountPnl } from '@shared/schemas/pnl';
import { apiJson } from '@client/lib/api';
import { liveRefresh } from '@client/lib/live-refresh';
import { memberDataStaleTime } from '@client/lib/member-data-freshness';
import { memberKeys } from '@client/features/session';
import type { DayRange } from '../lib/pnl-periods';

export const getAccountPnl = ({ from, to }: DayRange, adminAccountId?: number): Promise<AccountPnl> =>
  apiJson<AccountPnl>(
    `/api/account-pnl?from=${from}&to=${to}${adminAccountId === undefined ? '' : `&adminAccountId=${adminAccountId}`}`,
  );

/** Both factories share one type, so a trades page takes either. */
const pnlQueryOptions = queryOptions<AccountPnl, Error, AccountPnl, QueryKey>;

/** Keyed under `member` so the persister keeps it for offline use; open MTM moves, so it refreshes with the trades. */
export const accountPnlQueryOptions = (userId: number) => (range: DayRange) =>
  pnlQueryOptions({
    queryKey: memberKeys.pnl(userId, range.from, range.to),
    queryFn: () => getAccountPnl(range),
    staleTime: memberDataStaleTime,
    ...liveRefresh,
  });

/** Another account's summary, for the superadmin: under `admin`, so never persisted. */
export const adminAccountPnlQueryOptions = (accountId: number) => (range: DayRange) =>
  pnlQueryOptions({
    queryKey: ['admin', 'accounts', accountId, 'pnl', range.from, range.to],
    queryFn: () => getAccountPnl(range, accountId),
    ...liveRefresh,
  });

/** Which account's summary a trades page shows, by range. */
export type AccountPnlQueryOptions = ReturnType<typeof accountPnlQueryOptions>;
