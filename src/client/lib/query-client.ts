/**
 * The app's single QueryClient with the defaults of spec section 9: queries and mutations retry
 * once, mutations run whatever the network state says (the fetch helper refuses offline itself,
 * so nothing is paused and replayed later). Answers that a retry cannot change (4xx, offline) are
 * not retried. Queries under `member` live as long as the persisted copy (see query-persistence).
 * Its MutationCache shows each mutation's toasts, declared in its meta (see mutation-toasts).
 */
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { MUTATION_RETRY, QUERY_RETRY } from '@shared/constants';
import { HttpError, OfflineError } from './api';
import { toastMutationOutcome } from './mutation-toasts';
import { PERSIST_MAX_AGE_MS, PERSISTED_ROOT_KEY } from './query-persistence';

export function isRetryable(error: unknown): boolean {
  if (error instanceof OfflineError) return false;
  if (error instanceof HttpError) return error.status >= 500;
  return true;
}

export function createQueryClient(): QueryClient {
  const mutationCache = new MutationCache();
  mutationCache.subscribe(toastMutationOutcome);
  const client = new QueryClient({
    mutationCache,
    defaultOptions: {
      queries: { retry: (failures, error) => failures < QUERY_RETRY && isRetryable(error) },
      mutations: {
        retry: (failures, error) => failures < MUTATION_RETRY && isRetryable(error),
        networkMode: 'always',
      },
    },
  });
  // gcTime must be at least the persister's maxAge or restored data is collected before use.
  client.setQueryDefaults([PERSISTED_ROOT_KEY], { gcTime: PERSIST_MAX_AGE_MS });
  return client;
}

export const queryClient = createQueryClient();
