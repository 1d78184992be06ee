/** GET /api/membership: the member's expiry date and whether it has passed. Never kept offline. */
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api';

export const membershipQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['membership', userId],
    queryFn: ({ signal }) => apiJson<{ expiry_date: string | null; expired: boolean }>('/api/membership', { signal }),
    staleTime: 60_000,
  });
