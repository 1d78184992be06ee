/** GET /api/membership: the member's expiry date and whether it has passed. Never kept offline. */
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';

/** Logout aborts this query's request first: an answer arriving after the session ended would be a 401. */
export const MEMBERSHIP_QUERY_KEY = ['membership'] as const;

export const membershipQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...MEMBERSHIP_QUERY_KEY, userId],
    queryFn: ({ signal }) => apiJson<{ expiry_date: string | null; expired: boolean }>('/api/membership', { signal }),
    staleTime: 60_000,
  });
