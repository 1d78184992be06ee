/**
 * POST /api/signals/{signalId}/update: a signal's levels, date, status and process flag (Edit
 * Levels), sent with the signal's updated_at as the dialog showed it. The algo's signal lists
 * refresh, after a refusal too (a 409 means they are stale).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { EditLevelsBody } from '@shared/schemas/admin/algos';
import { apiFetch, jsonBody } from '@client/lib/api';
import { editFailureMessage } from '@client/lib/stale-record';
import { algoKeys } from './algo-keys';

export interface EditLevelsInput {
  signalId: number;
  body: EditLevelsBody;
}

export const editLevels = async ({ signalId, body }: EditLevelsInput): Promise<void> => {
  await apiFetch(`/api/signals/${signalId}/update`, jsonBody('POST', body));
};

export function useEditLevels(algoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editLevels,
    onSettled: () => queryClient.invalidateQueries({ queryKey: algoKeys.signals(algoId) }),
    meta: { success: MSG.editLevelsSuccess, failure: (error) => editFailureMessage(error, MSG.editLevelsFailure) },
  });
}
