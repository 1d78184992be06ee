/**
 * POST /api/{accountId}/update-broker-details: the admin sets any account's broker (the admin list
 * includes angelone). The member's accounts list refreshes; the modal's query takes the answer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { AccountSettings, BrokerDetails } from '@shared/schemas/account';
import { apiJson, jsonBody } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';
import { adminAccountDetailsQueryOptions } from './get-admin-account-details';
import { memberAccountsQueryOptions } from './get-member-accounts';

export const updateAccountBrokerDetails = (accountId: number, details: BrokerDetails): Promise<AccountSettings> =>
  apiJson<AccountSettings>(`/api/${accountId}/update-broker-details`, jsonBody('POST', details));

export function useUpdateAccountBrokerDetails(memberId: number, accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: BrokerDetails) => updateAccountBrokerDetails(accountId, details),
    onSuccess: async (updated) => {
      queryClient.setQueryData(adminAccountDetailsQueryOptions(accountId).queryKey, updated);
      await queryClient.invalidateQueries({ queryKey: memberAccountsQueryOptions(memberId).queryKey });
    },
    meta: { success: MSG.brokerUpdateSuccess, failure: (error) => refusalMessage(error, MSG.brokerUpdateFailure) },
  });
}
