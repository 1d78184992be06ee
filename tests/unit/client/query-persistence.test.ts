import { dehydrate, QueryClient, type DehydrateOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, isRetryable } from '@client/lib/query-client';
import { HttpError, OfflineError } from '@client/lib/api';
import {
  asLastSuccess,
  cacheStorageKey,
  hasPersistedCache,
  PERSIST_MAX_AGE_MS,
  persistNow,
  persistOptions,
  scopedPersister,
  setPersistScope,
  shouldPersistQuery,
  wipeMemberData,
} from '@client/lib/query-persistence';

async function settleQuery(client: QueryClient, queryKey: readonly unknown[], data: unknown, fail = false) {
  await client
    .fetchQuery({
      queryKey,
      queryFn: () => (fail ? Promise.reject(new Error('x')) : Promise.resolve(data)),
      retry: false,
    })
    .catch(() => undefined);
}

describe('what is persisted', () => {
  it('only member queries with data; never sessions, admin or public data, never mutations', async () => {
    const client = createQueryClient();
    await settleQuery(client, ['member', 7, 'trades'], [{ id: 1 }]);
    await settleQuery(client, ['member', 7, 'account-details'], null);
    await settleQuery(client, ['member', 7, 'broken'], null, true);
    await settleQuery(client, ['session'], { status: 'success' });
    await settleQuery(client, ['admin', 'algos'], []);
    await client
      .getMutationCache()
      .build(client, { mutationKey: ['member', 'update'], mutationFn: () => Promise.resolve(1) })
      .execute(undefined);

    // (The persister packages pin their own @tanstack/query-core: same shape, distinct types.)
    const state = dehydrate(client, persistOptions.dehydrateOptions as DehydrateOptions);
    expect(state.queries.map((q) => q.queryKey)).toEqual([
      ['member', 7, 'trades'],
      ['member', 7, 'account-details'],
    ]);
    expect(state.mutations).toEqual([]);
    expect(shouldPersistQuery({ queryKey: ['member', 1], state: { status: 'pending' } } as never)).toBe(false);
  });

  it('a refetch that failed keeps its last answer, saved as a success (only an answer replaces a saved copy)', async () => {
    const client = createQueryClient();
    await settleQuery(client, ['member', 7, 'trades'], [{ id: 1 }]);
    await client
      .fetchQuery({
        queryKey: ['member', 7, 'trades'],
        queryFn: () => Promise.reject(new OfflineError()),
        retry: false,
        staleTime: 0,
      })
      .catch(() => undefined);
    expect(client.getQueryState(['member', 7, 'trades'])?.status).toBe('error');

    const saved = asLastSuccess({
      timestamp: 1,
      buster: '',
      clientState: dehydrate(client, persistOptions.dehydrateOptions as DehydrateOptions),
    } as never);
    expect(saved.clientState.queries).toHaveLength(1);
    expect(saved.clientState.queries[0]!.state).toMatchObject({
      status: 'success',
      data: [{ id: 1 }],
      error: null,
      fetchFailureCount: 0,
    });
  });

  it('member queries live at least as long as the persisted copy (gcTime >= maxAge)', () => {
    const client = createQueryClient();
    expect(client.getQueryDefaults(['member', 7, 'trades']).gcTime).toBeGreaterThanOrEqual(PERSIST_MAX_AGE_MS);
    expect(persistOptions.maxAge).toBe(PERSIST_MAX_AGE_MS);
    expect(persistOptions.buster).toBeTruthy();
  });

  it('retries once, but not answers a retry cannot change', () => {
    const client = createQueryClient();
    const retry = client.getDefaultOptions().queries?.retry as (n: number, e: unknown) => boolean;
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(1, new TypeError('Failed to fetch'))).toBe(false);
    expect(isRetryable(new HttpError(503, ''))).toBe(true);
    expect(isRetryable(new HttpError(401, ''))).toBe(false);
    expect(isRetryable(new OfflineError())).toBe(false);
    expect(client.getDefaultOptions().mutations?.networkMode).toBe('always');
  });
});

describe('scoped storage', () => {
  const keyA = cacheStorageKey('backend-1', 7);
  const keyB = cacheStorageKey('backend-1', 8);

  beforeEach(() => {
    localStorage.clear();
    setPersistScope(null);
  });
  afterEach(() => {
    vi.useRealTimers();
    setPersistScope(null);
  });

  it('names the storage after the backend and the user', () => {
    expect(keyA).toBe('trabot-cache:backend-1:7');
  });

  it('writes the member queries under the active scope only', async () => {
    const client = createQueryClient();
    await settleQuery(client, ['member', 7, 'trades'], [{ id: 1 }]);
    await persistNow(client);
    expect(localStorage.length).toBe(0);

    setPersistScope(keyA);
    await persistNow(client);
    // Writes are throttled (1 s) by the sync storage persister.
    await vi.waitFor(() => expect(localStorage.getItem(keyA)).not.toBeNull(), { timeout: 3000 });
    const saved = JSON.parse(localStorage.getItem(keyA) ?? 'null');
    expect(saved.clientState.queries[0].queryKey).toEqual(['member', 7, 'trades']);
    expect(hasPersistedCache(keyA)).toBe(true);
  });

  it('drops a throttled write that was queued for a scope that is no longer active', async () => {
    vi.useFakeTimers();
    setPersistScope(keyA);
    await scopedPersister.persistClient({
      buster: 'x',
      timestamp: Date.now(),
      clientState: { queries: [], mutations: [] },
    });
    setPersistScope(keyB);
    vi.advanceTimersByTime(2000);
    expect(localStorage.getItem(keyA)).toBeNull();
  });

  it('a wipe removes the stored copy and the in-memory member queries (all, or all but one user)', async () => {
    const client = createQueryClient();
    await settleQuery(client, ['member', 7, 'trades'], [1]);
    await settleQuery(client, ['member', 8, 'trades'], [2]);
    await settleQuery(client, ['public', 'workshops'], [3]);
    setPersistScope(keyA);
    await persistNow(client);
    await vi.waitFor(() => expect(localStorage.getItem(keyA)).not.toBeNull(), { timeout: 3000 });

    await wipeMemberData(client, keyA, 8);
    expect(localStorage.getItem(keyA)).toBeNull();
    expect(client.getQueryData(['member', 7, 'trades'])).toBeUndefined();
    expect(client.getQueryData(['member', 8, 'trades'])).toEqual([2]);
    expect(client.getQueryData(['public', 'workshops'])).toEqual([3]);

    await wipeMemberData(client, null);
    expect(client.getQueryData(['member', 8, 'trades'])).toBeUndefined();
  });
});
