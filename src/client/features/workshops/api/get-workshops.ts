/**
 * GET /api/workshops (newest first). Kept for offline reading: the query lives under the `public`
 * key that `keepPublicQueriesOffline` saves, for as long as that copy is kept.
 */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Workshop } from '@shared/schemas/public-forms';
import { apiJson } from '@client/lib/api';
import { PUBLIC_COPY_MAX_AGE_MS } from './public-offline-copy';

export const workshopsQueryKey = ['public', 'workshops'] as const;

export const getWorkshops = (): Promise<Workshop[]> => apiJson<Workshop[]>('/api/workshops');

export const workshopsQueryOptions = () =>
  queryOptions({
    queryKey: workshopsQueryKey,
    queryFn: getWorkshops,
    // Garbage-collecting it would also drop it from the saved copy.
    gcTime: PUBLIC_COPY_MAX_AGE_MS,
    // Offline, fail at once (the fetch helper says "Offline") instead of waiting for a network.
    networkMode: 'always',
  });

export const useWorkshops = () => useSuspenseQuery(workshopsQueryOptions());
