/** Kill switches: the active halts, halting (all trading or one account) and resuming. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Halt, HaltBody } from '../../../../shared/schemas/admin/halts';
import { apiJson, jsonBody } from '../../../lib/api';

export const haltsQueryOptions = queryOptions({
  queryKey: ['admin', 'halts'] as const,
  queryFn: () => apiJson<Halt[]>('/api/admin/halts'),
});

export const useHalts = () => useQuery(haltsQueryOptions);

/** The path of a halt: all trading (null) or one account's. */
const haltPath = (accountId: number | null) => (accountId === null ? '/api/admin/halt' : `/api/admin/accounts/${accountId}/halt`);

export function useHaltMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: haltsQueryOptions.queryKey });
  const halt = useMutation({
    mutationFn: ({ accountId, body }: { accountId: number | null; body: HaltBody }) => apiJson<Halt>(haltPath(accountId), jsonBody('POST', body)),
    onSettled,
  });
  const resume = useMutation({
    mutationFn: (accountId: number | null) => apiJson<{ resumed: boolean }>(haltPath(accountId), { method: 'DELETE' }),
    onSettled,
  });
  return { halt, resume };
}
