/** POST /api/admin/accounts/{id}/trading-mode: paper or live; the member's accounts refresh. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRADING_MODES } from '@shared/constants';
import { apiJson, HttpError, jsonBody, serverErrorText } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';
import { memberAccountsQueryOptions } from './get-member-accounts';

type Mode = (typeof TRADING_MODES)[number];

interface SetTradingModeInput {
  accountId: number;
  mode: Mode;
}

interface TradingModeAnswer {
  trabot_account_id: number;
  trading_mode: Mode;
  paper_trading: boolean;
}

const FAILURE = 'Failed to change the trading mode';

/** The toast of a changed mode: where the account now trades (live asked of a server without LIVE_TRADING stays on paper). */
const modeChanged = (answer: TradingModeAnswer, { accountId, mode }: SetTradingModeInput) =>
  answer.paper_trading && mode === 'live'
    ? `Account ${accountId} set to live: it trades on paper until the server runs with LIVE_TRADING`
    : `Account ${accountId} now trades ${answer.paper_trading ? 'on paper' : 'live'}`;

export function useSetTradingMode(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, mode }: SetTradingModeInput) =>
      apiJson<TradingModeAnswer>(`/api/admin/accounts/${accountId}/trading-mode`, jsonBody('POST', { mode })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberAccountsQueryOptions(memberId).queryKey }),
    meta: {
      success: modeChanged,
      failure: (error) =>
        error instanceof HttpError ? serverErrorText(error.body, FAILURE) : refusalMessage(error, FAILURE),
    },
  });
}
