/** POST /api/admin/trades/{tradeId}: the superadmin's trade edit; the trades list it came from refreshes. */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { AdminTradeEditBody } from '@shared/schemas/admin/members';
import type { Trade } from '@shared/schemas/trades';
import { apiJson, jsonBody } from '@client/lib/api';
import { saveFailureMessage } from '@client/lib/save-failure';

export const updateTrade = (tradeId: number, body: AdminTradeEditBody): Promise<Trade> =>
  apiJson<Trade>(`/api/admin/trades/${tradeId}`, jsonBody('POST', body));

export function useUpdateTrade(tradeId: number, tradesKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTradeEditBody) => updateTrade(tradeId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradesKey }),
    meta: { success: MSG.tradeUpdateSuccess, failure: (error) => saveFailureMessage(error, MSG.tradeUpdateFailure) },
  });
}
