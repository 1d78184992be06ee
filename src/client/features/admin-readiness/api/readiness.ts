/** GET /api/admin/readiness: each subscribed account's readiness to trade today. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadinessRow } from '@shared/schemas/admin/readiness';
import { apiJson } from '@client/lib/api';

export const readinessQueryOptions = queryOptions({
  queryKey: ['admin', 'readiness'] as const,
  queryFn: () => apiJson<ReadinessRow[]>('/api/admin/readiness'),
});

export const useReadiness = () => useQuery(readinessQueryOptions);
