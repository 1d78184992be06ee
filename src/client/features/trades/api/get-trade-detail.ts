/**
 * GET /api/account-trades/{tradeId}: one trade's story. The member's own trade is keyed under
 * `member` (kept on the device for offline reading, like the trades); the superadmin's view of
 * any trade under `admin` (never kept).
 */
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { TradeDetail } from '@shared/schemas/trade-detail';
import { apiJson } from '@client/lib/api';
import { liveRefresh } from '@client/lib/live-refresh';
import { memberDataStaleTime } from '@client/lib/member-data-freshness';
import { memberKeys } from '@client/features/session';

/** PostgreSQL integer (shared/schemas/ids.ts's PG_INT_MAX, not imported: that module brings zod into the page). */
const TRADE_ID_MAX = 2 ** 31 - 1;

/** The trade id a URL names: a positive whole number within PostgreSQL's integer, else null. */
export function tradeIdOf(param: string): number | null {
  return /^[1-9]\d{0,9}$/.test(param) && Number(param) <= TRADE_ID_MAX ? Number(param) : null;
}

export const getTradeDetail = (tradeId: number): Promise<TradeDetail> =>
  apiJson<TradeDetail>(`/api/account-trades/${tradeId}`);

const tradeDetailOptions = queryOptions<TradeDetail, Error, TradeDetail, QueryKey>;

/** A trade the engine is still working on changes while its page is open: refreshed like the list. */
export const tradeDetailQueryOptions = (user: { id: number; role: string }, tradeId: number) =>
  user.role === 'superadmin'
    ? tradeDetailOptions({
        queryKey: ['admin', 'trades', tradeId],
        queryFn: () => getTradeDetail(tradeId),
        ...liveRefresh,
      })
    : tradeDetailOptions({
        queryKey: memberKeys.trade(user.id, tradeId),
        queryFn: () => getTradeDetail(tradeId),
        staleTime: memberDataStaleTime,
        ...liveRefresh,
      });

export type TradeDetailQueryOptions = ReturnType<typeof tradeDetailQueryOptions>;

export const useTradeDetail = (options: TradeDetailQueryOptions) => useQuery(options);
