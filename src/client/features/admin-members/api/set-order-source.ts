/** POST /api/admin/accounts/{id}/order-source: the account's own order address (static IP or proxy URL), or null. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, HttpError, jsonBody, serverErrorText } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';
import { memberAccountsQueryOptions } from './get-member-accounts';

interface SetOrderSourceInput {
  accountId: number;
  orderSource: string | null;
}

interface OrderSourceAnswer {
  trabot_account_id: number;
  order_source: string | null;
  order_address: string;
}

const FAILURE = 'Failed to save the order address';

export function useSetOrderSource(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, orderSource }: SetOrderSourceInput) =>
      apiJson<OrderSourceAnswer>(
        `/api/admin/accounts/${accountId}/order-source`,
        jsonBody('POST', { order_source: orderSource }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberAccountsQueryOptions(memberId).queryKey }),
    meta: {
      success: (answer: OrderSourceAnswer) =>
        `Account ${answer.trabot_account_id}: live orders leave from ${answer.order_address}`,
      failure: (error) =>
        error instanceof HttpError ? serverErrorText(error.body, FAILURE) : refusalMessage(error, FAILURE),
    },
  });
}
