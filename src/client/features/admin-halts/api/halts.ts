/** Kill switches: the active halts, halting (all trading or one account) and resuming. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Halt, HaltBody } from '@shared/schemas/admin/halts';
import { apiJson, HttpError, jsonBody, serverErrorText } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';

export const haltsQueryOptions = queryOptions({
  queryKey: ['admin', 'halts'] as const,
  queryFn: () => apiJson<Halt[]>('/api/admin/halts'),
});

export const useHalts = () => useQuery(haltsQueryOptions);

/** The path of a halt: all trading (null) or one account's. */
const haltPath = (accountId: number | null) =>
  accountId === null ? '/api/admin/halt' : `/api/admin/accounts/${accountId}/halt`;

/** What a halt stops, at the start of a sentence. */
export const haltSubject = (accountId: number | null) => (accountId === null ? 'Trading' : `Account ${accountId}`);

/** What a halt stops, within a sentence. */
export const haltScope = (accountId: number | null) => (accountId === null ? 'all trading' : `account ${accountId}`);

interface HaltInput {
  accountId: number | null;
  body: HaltBody;
}

export function useHaltMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: haltsQueryOptions.queryKey });
  const halt = useMutation({
    mutationFn: ({ accountId, body }: HaltInput) => apiJson<Halt>(haltPath(accountId), jsonBody('POST', body)),
    onSettled,
    meta: {
      success: (_halt, { accountId }: HaltInput) => `${haltSubject(accountId)} halted: no new entries`,
      failure: (error, { accountId }: HaltInput) => {
        const failure = `Failed to halt ${accountId === null ? 'trading' : `account ${accountId}`}`;
        return error instanceof HttpError ? serverErrorText(error.body, failure) : refusalMessage(error, failure);
      },
    },
  });
  const resume = useMutation({
    mutationFn: (accountId: number | null) => apiJson<{ resumed: boolean }>(haltPath(accountId), { method: 'DELETE' }),
    onSettled,
    meta: {
      success: (_answer, accountId: number | null) => `${haltSubject(accountId)} resumed`,
      failure: (error, accountId: number | null) => refusalMessage(error, `Failed to resume ${haltScope(accountId)}`),
    },
  });
  return { halt, resume };
}
