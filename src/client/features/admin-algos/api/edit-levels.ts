/**
 * POST /api/signals/{signalId}/update: a signal's levels, date, status and process flag (Edit
 * Levels, and Approve/Cancel on a phone). The algo's signal lists refresh.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { EditLevelsBody } from '@shared/schemas/admin/algos';
import { apiFetch, jsonBody } from '@client/lib/api';
import { saveFailureMessage } from '@client/lib/save-failure';
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: algoKeys.signals(algoId) }),
    meta: { success: MSG.editLevelsSuccess, failure: (error) => saveFailureMessage(error, MSG.editLevelsFailure) },
  });
}
