/**
 * POST /api/admin/trades/{tradeId}: the superadmin's trade edit, sent with the trade's updated_at as
 * the dialog showed it; the trades list it came from refreshes, after a refusal too.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { AdminTradeEditBody } from '@shared/schemas/admin/members';
import type { Trade } from '@shared/schemas/trades';
import { apiJson, jsonBody } from '@client/lib/api';
import { editFailureMessage } from '@client/lib/stale-record';

export const updateTrade = (tradeId: number, body: AdminTradeEditBody): Promise<Trade> =>
  apiJson<Trade>(`/api/admin/trades/${tradeId}`, jsonBody('POST', body));

export function useUpdateTrade(tradeId: number, tradesKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTradeEditBody) => updateTrade(tradeId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradesKey }),
    meta: { success: MSG.tradeUpdateSuccess, failure: (error) => editFailureMessage(error, MSG.tradeUpdateFailure) },
  });
}
