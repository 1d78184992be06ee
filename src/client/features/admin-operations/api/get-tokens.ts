/** GET /api/admin/tokens: every token name with its display value (secrets masked by the server). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tokensResponseSchema } from '@shared/schemas/admin/operations';
import { apiJson } from '@client/lib/api';

export type Tokens = z.infer<typeof tokensResponseSchema>;

export const getTokens = (): Promise<Tokens> => apiJson<Tokens>('/api/admin/tokens');

export const tokensQueryOptions = () => queryOptions({ queryKey: ['admin', 'tokens'] as const, queryFn: getTokens });

export const useTokens = () => useQuery(tokensQueryOptions());
