/** GET /api/{accountId}/account-details: any account's settings, for the admin's broker modal. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSettings } from '@shared/schemas/account';
import { apiJson } from '@client/lib/api';

export const getAdminAccountDetails = (accountId: number): Promise<AccountSettings> =>
  apiJson<AccountSettings>(`/api/${accountId}/account-details`);

export const adminAccountDetailsQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: ['admin', 'accounts', accountId, 'details'] as const,
    queryFn: () => getAdminAccountDetails(accountId),
  });

export const useAdminAccountDetails = (accountId: number) => useQuery(adminAccountDetailsQueryOptions(accountId));
