/** POST /api/update-broker-details: the member's own broker details; answers the updated settings. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { MSG } from '@shared/messages';
import type { AccountSettings, memberBrokerDetailsSchema } from '@shared/schemas/account';
import { apiJson, jsonBody } from '@client/lib/api';
import { saveFailureMessage } from '@client/lib/save-failure';
import { memberKeys } from '@client/features/session';

export type MemberBrokerDetails = z.infer<typeof memberBrokerDetailsSchema>;

export const updateBrokerDetails = (details: MemberBrokerDetails): Promise<AccountSettings> =>
  apiJson<AccountSettings>('/api/update-broker-details', jsonBody('POST', details));

export function useUpdateBrokerDetails(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrokerDetails,
    // The answer is the account as now stored: it refreshes just this query, no second request.
    onSuccess: (updated) => queryClient.setQueryData(memberKeys.accountDetails(userId), updated),
    meta: { success: MSG.brokerUpdateSuccess, failure: (error) => saveFailureMessage(error, MSG.brokerUpdateFailure) },
  });
}
