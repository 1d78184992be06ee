/** PUT /api/signals/{signalId}/manual-entry or /manual-exit: a manual order for a signal's trade. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { ManualEntryBody, ManualExitBody } from '@shared/schemas/admin/algos';
import { apiFetch, jsonBody } from '@client/lib/api';
import { editFailureMessage } from '@client/lib/stale-record';
import { algoKeys } from './algo-keys';

export type ManualOrderSide = 'entry' | 'exit';
export type ManualOrderBody = ManualEntryBody | ManualExitBody;

const TOASTS = {
  entry: { success: MSG.manualEntrySuccess, failure: MSG.manualEntryFailure },
  exit: { success: MSG.manualExitSuccess, failure: MSG.manualExitFailure },
} as const;

export const placeManualOrder = async (side: ManualOrderSide, body: ManualOrderBody): Promise<void> => {
  await apiFetch(`/api/signals/${body.signal_id}/manual-${side}`, jsonBody('PUT', body));
};

export function usePlaceManualOrder(side: ManualOrderSide, algoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualOrderBody) => placeManualOrder(side, body),
    // An order may move the signal on (e.g. to running); a 409 means the lists are stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: algoKeys.signals(algoId) }),
    meta: { success: TOASTS[side].success, failure: (error) => editFailureMessage(error, TOASTS[side].failure) },
  });
}
