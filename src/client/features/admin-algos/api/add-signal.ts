/** PUT /api/algos/{algoId}/signals: a new signal for the algo; its signal lists refresh. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { AddSignalBody } from '@shared/schemas/admin/algos';
import { apiFetch, jsonBody } from '@client/lib/api';
import { addSignalFailureMessage } from '../lib/add-signal-failure';
import { algoKeys } from './algo-keys';

export const addSignal = async (algoId: number, body: AddSignalBody): Promise<void> => {
  await apiFetch(`/api/algos/${algoId}/signals`, jsonBody('PUT', body));
};

export function useAddSignal(algoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddSignalBody) => addSignal(algoId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: algoKeys.signals(algoId) }),
    meta: { success: MSG.addSignalSuccess, failure: addSignalFailureMessage },
  });
}
