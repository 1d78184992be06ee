/** POST /api/admin/accounts/{trabot_account_id}/save-algo-subscription: row_id null creates, else updates. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { AlgoSubscription, SaveSubscriptionBody } from '@shared/schemas/admin/members';
import { apiJson, jsonBody } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';
import { algoSubscriptionsQueryOptions } from './get-algo-subscriptions';

export const saveAlgoSubscription = (body: SaveSubscriptionBody): Promise<AlgoSubscription> =>
  apiJson<AlgoSubscription>(
    `/api/admin/accounts/${body.trabot_account_id}/save-algo-subscription`,
    jsonBody('POST', body),
  );

export function useSaveAlgoSubscription(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlgoSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: algoSubscriptionsQueryOptions(accountId).queryKey }),
    meta: {
      success: MSG.subscriptionSaveSuccess,
      failure: (error) => refusalMessage(error, MSG.subscriptionSaveFailure),
    },
  });
}
