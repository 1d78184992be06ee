/** GET /api/admin/accounts/{id}/algo-subscriptions: the algos one account is subscribed to. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlgoSubscription } from '@shared/schemas/admin/members';
import { apiJson } from '@client/lib/api';

export const getAlgoSubscriptions = (accountId: number): Promise<AlgoSubscription[]> =>
  apiJson<AlgoSubscription[]>(`/api/admin/accounts/${accountId}/algo-subscriptions`);

export const algoSubscriptionsQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: ['admin', 'accounts', accountId, 'subscriptions'] as const,
    queryFn: () => getAlgoSubscriptions(accountId),
  });

export const useAlgoSubscriptions = (accountId: number) => useQuery(algoSubscriptionsQueryOptions(accountId));
