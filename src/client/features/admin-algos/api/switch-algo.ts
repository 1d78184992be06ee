/**
 * POST /api/algos/{id}/switch {algo_switch}: turns an algo on or off. Optimistic: the list shows the
 * new position at once and goes back to the old one if the call fails.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Algo } from '@shared/schemas/admin/algos';
import { apiFetch, jsonBody } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';
import { switchEffect, switchPosition } from '../lib/algo-switch-text';
import { algoKeys } from './algo-keys';

export interface SwitchAlgoInput {
  algoId: number;
  algoSwitch: boolean;
}

export const switchAlgo = async ({ algoId, algoSwitch }: SwitchAlgoInput): Promise<void> => {
  await apiFetch(`/api/algos/${algoId}/switch`, jsonBody('POST', { algo_switch: algoSwitch }));
};

const setSwitch = (algos: Algo[] | undefined, algoId: number, algoSwitch: boolean) =>
  algos?.map((a) => (a.algo_id === algoId ? { ...a, algo_switch: algoSwitch } : a));

export function useSwitchAlgo() {
  const queryClient = useQueryClient();
  const key = algoKeys.list();
  return useMutation({
    mutationFn: switchAlgo,
    onMutate: async ({ algoId, algoSwitch }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Algo[]>(key, (algos) => setSwitch(algos, algoId, algoSwitch));
    },
    // Back to the old position of this algo only: another switch may have changed since.
    onError: (_error, { algoId, algoSwitch }) =>
      queryClient.setQueryData<Algo[]>(key, (algos) => setSwitch(algos, algoId, !algoSwitch)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: {
      success: (_answer, { algoId, algoSwitch }: SwitchAlgoInput) =>
        `Algo ${algoId} switched ${switchPosition(algoSwitch)}: ${switchEffect(algoSwitch)}`,
      failure: (error, { algoId }: SwitchAlgoInput) => refusalMessage(error, `Failed to switch algo ${algoId}`),
    },
  });
}
