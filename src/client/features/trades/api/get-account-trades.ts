/** GET /api/account-trades?status=active: every trade of the member's account (filtered in the page). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Trade } from '../../../../shared/schemas/trades';
import { apiJson } from '../../../lib/api';
import { memberDataStaleTime } from '../../../lib/member-data-freshness';
import { memberKeys } from '../../session/api/check-session';

export const getAccountTrades = (): Promise<Trade[]> => apiJson<Trade[]>('/api/account-trades?status=active');

/** Keyed under `member` so the persister keeps it for offline use. */
export const accountTradesQueryOptions = (userId: number) =>
  queryOptions({ queryKey: memberKeys.trades(userId), queryFn: getAccountTrades, staleTime: memberDataStaleTime });

export const useAccountTrades = (userId: number) => useQuery(accountTradesQueryOptions(userId));
