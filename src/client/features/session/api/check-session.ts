/** GET /api/check-session: the session state, cached 30 s (spec section 7). */
import { queryOptions } from '@tanstack/react-query';
import { SESSION_STALE_TIME_MS } from '@shared/constants';
import { CHECK_SESSION_PATH } from '@shared/dashboard-start';
import type { CheckSessionResponse } from '@shared/schemas/session';
import { apiJson } from '@client/lib/api';

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: () => apiJson<CheckSessionResponse>(CHECK_SESSION_PATH),
    staleTime: SESSION_STALE_TIME_MS,
  });

/**
 * Query keys of the member's own data. Only keys under `member` are persisted for offline use
 * (see lib/query-client.ts), always scoped to the user id.
 */
export const memberKeys = {
  all: (userId: number) => ['member', userId] as const,
  trades: (userId: number) => ['member', userId, 'trades'] as const,
  trade: (userId: number, tradeId: number) => ['member', userId, 'trade', tradeId] as const,
  pnl: (userId: number, from: string, to: string) => ['member', userId, 'pnl', from, to] as const,
  accountDetails: (userId: number) => ['member', userId, 'account-details'] as const,
};
