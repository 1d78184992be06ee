/** POST /api/admin/accounts/{id}/trading-mode: paper or live; the member's accounts refresh. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRADING_MODES } from '../../../../shared/constants';
import { apiJson, jsonBody } from '../../../lib/api';
import { memberAccountsQueryOptions } from './get-member-accounts';

type Mode = (typeof TRADING_MODES)[number];

export function useSetTradingMode(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, mode }: { accountId: number; mode: Mode }) =>
      apiJson<{ trabot_account_id: number; trading_mode: Mode; paper_trading: boolean }>(`/api/admin/accounts/${accountId}/trading-mode`, jsonBody('POST', { mode })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberAccountsQueryOptions(memberId).queryKey }),
  });
}
