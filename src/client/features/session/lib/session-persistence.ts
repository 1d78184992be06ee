/**
 * Keeps the offline cache in step with the server's session answers: whenever GET /api/check-session
 * answers (guard, header, after login), the cache scope follows the logged-in user; a different user
 * or an answer of "not logged in" wipes the previous user's persisted data and the admin data held
 * in memory.
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { CheckSessionResponse } from '@shared/schemas/session';
import {
  cacheStorageKey,
  getPersistScope,
  persistNow,
  setPersistScope,
  wipeMemberData,
} from '@client/lib/query-persistence';
import { forgetTradesCopy } from '@client/lib/trades-copy';
import { backendKeyQueryOptions } from '../api/backend-key';
import { sessionQueryKey } from '../api/check-session';
import { toAuthUser } from './current-user';
import { forgetLastUser, lastUserCacheKey, readLastUser, rememberLastUser, type AuthUser } from './last-user';

/** Restores the scope of the last user at start-up, before the persisted cache is read. */
export function resumeLastUserScope(): void {
  const lastUser = readLastUser();
  setPersistScope(lastUser ? lastUserCacheKey(lastUser) : null);
}

/**
 * The previous user's data: their member queries (in memory and stored under `key`; `keepUserId`'s
 * stay), the trades the service worker saved on a push, and every admin query, which is never
 * persisted but must not outlive the admin's session.
 */
async function wipeUserData(queryClient: QueryClient, key: string | null, keepUserId?: number): Promise<void> {
  queryClient.removeQueries({ queryKey: ['admin'] });
  await Promise.all([wipeMemberData(queryClient, key, keepUserId), forgetTradesCopy()]);
}

/** Logout (or a session that ended): forget the user and everything held for them. */
export async function forgetUserData(queryClient: QueryClient): Promise<void> {
  const lastUser = readLastUser();
  forgetLastUser();
  await wipeUserData(queryClient, lastUser ? lastUserCacheKey(lastUser) : null);
}

async function adoptUser(queryClient: QueryClient, user: AuthUser): Promise<void> {
  const previous = readLastUser();
  if (previous && previous.user.id !== user.id) {
    // Synchronously, before the new user's pages load anything: no write may land in the old scope.
    forgetLastUser();
    await wipeUserData(queryClient, lastUserCacheKey(previous), user.id);
  }
  const backendKey = await queryClient.fetchQuery(backendKeyQueryOptions());
  const current = readLastUser();
  if (current && current.backendKey !== backendKey) {
    // Same user id on another (or a reset) backend: that cache describes other data.
    await wipeUserData(queryClient, lastUserCacheKey(current));
  }
  if (JSON.stringify(current) !== JSON.stringify({ backendKey, user })) rememberLastUser({ backendKey, user });
  const key = cacheStorageKey(backendKey, user.id);
  if (getPersistScope() !== key) {
    setPersistScope(key);
    await persistNow(queryClient);
  }
}

export async function applySessionAnswer(queryClient: QueryClient, response: CheckSessionResponse): Promise<void> {
  if (response.status === 'success') await adoptUser(queryClient, toAuthUser(response.user));
  else if (readLastUser()) await forgetUserData(queryClient);
}

/** Subscribes to the session query's answers; returns the unsubscribe function. */
const sessionHash = hashKey(sessionQueryKey);

export function syncPersistenceWithSession(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    // Answers fetched from the server only (logout sets the session locally, then wipes itself).
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    if (event.query.queryHash !== sessionHash) return;
    applySessionAnswer(queryClient, event.action.data as CheckSessionResponse).catch(() => {
      // Backend key unreachable: stay unscoped (nothing persisted) until the next session answer.
    });
  });
}
