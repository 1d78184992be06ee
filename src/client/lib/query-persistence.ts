/**
 * Offline persistence of the member's own queries (keys under `member`) in localStorage.
 *
 * The storage key is scoped to the backend and the user (`trabot-cache:<backendKey>:<userId>`), and
 * only the active scope may be written: a throttled write still pending for a previous user is
 * dropped instead of resurrecting that user's data after a wipe. Nothing else is persisted: no
 * session, no admin data, no mutations. Only an answer replaces a saved copy: a refetch that
 * failed (the server unreachable) keeps the data it failed to replace, saved as that last success.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import {
  persistQueryClientSave,
  type PersistedClient,
  type PersistQueryClientOptions,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { storage } from './storage';

export const PERSISTED_ROOT_KEY = 'member';
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Bump when the shape of a persisted query changes: older copies are then discarded. */
export const PERSIST_BUSTER = 'trabot-cache-v1';
const STORAGE_PREFIX = 'trabot-cache';

export function cacheStorageKey(backendKey: string, userId: number): string {
  return `${STORAGE_PREFIX}:${backendKey}:${userId}`;
}

/** Member queries with data: a failed refetch still holds its last answer. */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.queryKey[0] === PERSISTED_ROOT_KEY && query.state.data !== undefined;
}

/** The saved copy of a query whose refetch failed is its last success, not the failure. */
export function asLastSuccess(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error'
      ? {
          ...query,
          state: {
            ...query.state,
            status: 'success' as const,
            error: null,
            fetchFailureCount: 0,
            fetchFailureReason: null,
          },
        }
      : query,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

let activeKey: string | null = null;

// Storage disabled (privacy mode): the app works without persistence.
const scopedStorage = {
  getItem: (key: string) => storage()?.getItem(key) ?? null,
  setItem: (key: string, value: string) => {
    if (key === activeKey) storage()?.setItem(key, value);
  },
  removeItem: (key: string) => storage()?.removeItem(key),
};

const persisters = new Map<string, Persister>();
function persisterFor(key: string): Persister {
  let persister = persisters.get(key);
  if (!persister) {
    persister = createSyncStoragePersister({ storage: scopedStorage, key });
    persisters.set(key, persister);
  }
  return persister;
}

/** The persister handed to PersistQueryClientProvider: it follows the active scope. */
export const scopedPersister: Persister = {
  persistClient: (client) => (activeKey ? persisterFor(activeKey).persistClient(asLastSuccess(client)) : undefined),
  restoreClient: () => (activeKey ? persisterFor(activeKey).restoreClient() : undefined),
  removeClient: () => (activeKey ? persisterFor(activeKey).removeClient() : undefined),
};

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: scopedPersister,
  maxAge: PERSIST_MAX_AGE_MS,
  buster: PERSIST_BUSTER,
  dehydrateOptions: {
    shouldDehydrateQuery: shouldPersistQuery,
    shouldDehydrateMutation: () => false,
  },
};

export function getPersistScope(): string | null {
  return activeKey;
}

export function setPersistScope(key: string | null): void {
  activeKey = key;
}

export function hasPersistedCache(key: string): boolean {
  return scopedStorage.getItem(key) !== null;
}

/** Writes the current member queries to the active scope now (after a scope change). */
export function persistNow(queryClient: QueryClient): Promise<void> {
  if (!activeKey) return Promise.resolve();
  return persistQueryClientSave(persistenceOf(queryClient));
}

/** The options of the persister functions (restore, subscribe, save) for this client. */
export function persistenceOf(queryClient: QueryClient): PersistQueryClientOptions {
  // The persister packages pin an older @tanstack/query-core than react-query: same runtime shape.
  return { queryClient: queryClient as unknown as PersistQueryClientOptions['queryClient'], ...persistOptions };
}

/**
 * Forgets member data: the in-memory queries (all users, or all but `keepUserId`), and the stored
 * copy under `key` through its persister's removeClient(). The scope is cleared first so no pending
 * write can bring the data back.
 */
export async function wipeMemberData(queryClient: QueryClient, key: string | null, keepUserId?: number) {
  if (key === activeKey) activeKey = null;
  queryClient.removeQueries({
    queryKey: [PERSISTED_ROOT_KEY],
    predicate: (query) => keepUserId === undefined || query.queryKey[1] !== keepUserId,
  });
  if (key) await persisterFor(key).removeClient();
}
