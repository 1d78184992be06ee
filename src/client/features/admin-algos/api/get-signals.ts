/** GET /api/algos/{id}/signals?status=: an algo's signals, all or of one status. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Signal } from '@shared/schemas/admin/algos';
import { apiJson } from '@client/lib/api';
import { liveRefresh } from '@client/lib/live-refresh';
import type { SignalFilter } from '../lib/signal-filter';
import { algoKeys, LIST_STALE_TIME_MS } from './algo-keys';

export const getSignals = (algoId: number, status: SignalFilter): Promise<Signal[]> =>
  apiJson<Signal[]>(`/api/algos/${algoId}/signals?status=${status}`);

export const signalsQueryOptions = (algoId: number, status: SignalFilter) =>
  queryOptions({
    queryKey: algoKeys.signalList(algoId, status),
    queryFn: () => getSignals(algoId, status),
    staleTime: LIST_STALE_TIME_MS,
    // The engine moves prices and statuses while the page is open.
    ...liveRefresh,
  });

export const useSignals = (algoId: number, status: SignalFilter) => useQuery(signalsQueryOptions(algoId, status));
