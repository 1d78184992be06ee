/**
 * An offline copy of the public queries (keys under `public`: the workshop list) in localStorage.
 * Public content belongs to no user, so unlike the member cache (lib/query-persistence.ts) it is
 * neither scoped to a user nor wiped at logout; the buster and the maximum age retire old copies.
 * Restored once per query client, before the first loader that needs it reads the cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClient, type PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { PERSIST_MAX_AGE_MS } from '@client/lib/query-persistence';
import { storage } from '@client/lib/storage';

export const PUBLIC_ROOT_KEY = 'public';
export const PUBLIC_COPY_STORAGE_KEY = 'trabot-public-cache';
/** As long as the member's copy. (Also the query's gcTime: it must stay below setTimeout's 2^31 - 1 ms.) */
export const PUBLIC_COPY_MAX_AGE_MS = PERSIST_MAX_AGE_MS;
const PUBLIC_COPY_BUSTER = 'trabot-public-v1';

/**
 * Whether an offline copy is saved: start-up fetches the list once to save one if not. With storage
 * disabled nothing could be saved, so this counts as saved (nothing to fetch for it).
 */
export function hasPublicCopy(): boolean {
  const store = storage();
  return !store || store.getItem(PUBLIC_COPY_STORAGE_KEY) !== null;
}

const restored = new WeakMap<QueryClient, Promise<void>>();

export function keepPublicQueriesOffline(queryClient: QueryClient): Promise<void> {
  let done = restored.get(queryClient);
  if (!done) {
    done = restoreAndKeep(queryClient);
    restored.set(queryClient, done);
  }
  return done;
}

function restoreAndKeep(queryClient: QueryClient): Promise<void> {
  const store = storage();
  // Storage disabled: no offline copy, everything else works.
  if (!store) return Promise.resolve();
  const [, restoring] = persistQueryClient({
    // The persister packages pin an older @tanstack/query-core than react-query: same runtime shape.
    queryClient: queryClient as unknown as PersistQueryClientOptions['queryClient'],
    persister: createSyncStoragePersister({ storage: store, key: PUBLIC_COPY_STORAGE_KEY }),
    maxAge: PUBLIC_COPY_MAX_AGE_MS,
    buster: PUBLIC_COPY_BUSTER,
    dehydrateOptions: {
      // Data, not a success status: a refetch that failed offline keeps the last list, and so must the copy.
      shouldDehydrateQuery: (query) => query.queryKey[0] === PUBLIC_ROOT_KEY && query.state.data !== undefined,
      shouldDehydrateMutation: () => false,
    },
  });
  return restoring.catch(() => undefined); // an unreadable copy was removed: fetch afresh
}
