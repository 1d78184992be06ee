/** POST /api/algos/{id}/exchange-registration {exchange_algo_id}: the algo's exchange-issued Algo ID, or null. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Algo } from '@shared/schemas/admin/algos';
import { apiJson, HttpError, jsonBody, serverErrorText } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';
import { algoKeys } from './algo-keys';

interface SetExchangeAlgoIdInput {
  algoId: number;
  exchangeAlgoId: string | null;
}

const FAILURE = 'Failed to save the exchange Algo ID';

export function useSetExchangeAlgoId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ algoId, exchangeAlgoId }: SetExchangeAlgoIdInput) =>
      apiJson<Algo>(
        `/api/algos/${algoId}/exchange-registration`,
        jsonBody('POST', { exchange_algo_id: exchangeAlgoId }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: algoKeys.list() }),
    meta: {
      success: (answer: Algo) =>
        answer.exchange_algo_id
          ? `Algo ${answer.algo_id}: live orders carry exchange Algo ID ${answer.exchange_algo_id}`
          : `Algo ${answer.algo_id} has no exchange Algo ID: its live entries are refused`,
      failure: (error) =>
        error instanceof HttpError ? serverErrorText(error.body, FAILURE) : refusalMessage(error, FAILURE),
    },
  });
}
