/** GET /api/account-details: the member's account settings (broker key already masked), or null. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSettings } from '@shared/schemas/account';
import { apiJson } from '@client/lib/api';
import { memberDataStaleTime } from '@client/lib/member-data-freshness';
import { memberKeys } from '@client/features/session';

export const getAccountDetails = (): Promise<AccountSettings | null> =>
  apiJson<AccountSettings | null>('/api/account-details');

/** Keyed under `member` so the persister keeps it for offline use. */
export const accountDetailsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: memberKeys.accountDetails(userId),
    queryFn: getAccountDetails,
    staleTime: memberDataStaleTime,
  });

export const useAccountDetails = (userId: number) => useQuery(accountDetailsQueryOptions(userId));
