/**
 * The copy of the member's trades the service worker saves when a trade push arrives
 * (public/trades-copy-sw.js), so the app opened offline right after a push agrees with it. The
 * service worker cannot reach localStorage, where the app's own saved copy lives
 * (query-persistence.ts), so it keeps its copy in Cache Storage: the trades as the server answered
 * them, and in headers whose they are (backend key, user id) and when they were fetched. At start the app takes it instead
 * of its own when it is the same user's and newer (decision 2026-12-07-trades-copy-from-a-push).
 * Logout and a change of user delete it.
 */

/** Cache Storage's name and entry, and the headers that say whose and when: the same in public/trades-copy-sw.js. */
export const TRADES_COPY_CACHE = 'trabot-trades-copy';
export const TRADES_COPY_URL = '/trabot-trades-copy.json';
export const COPY_HEADERS = { backendKey: 'x-backend-key', userId: 'x-user-id', savedAt: 'x-saved-at' } as const;

/** Whose the copy is and when the service worker fetched it (ms, this device's clock, like dataUpdatedAt). */
export interface CopyStamp {
  backendKey: string;
  userId: number;
  savedAt: number;
}

/** Whose saved data the app may show: the last user on this device and their backend. */
export type CopyScope = Omit<CopyStamp, 'savedAt'>;

/** The copy's stamp from its headers, or null for anything else (another version's, edited by hand). */
export function stampOf(headers: Headers): CopyStamp | null {
  const backendKey = headers.get(COPY_HEADERS.backendKey);
  const userId = Number(headers.get(COPY_HEADERS.userId) ?? Number.NaN);
  const savedAt = Number(headers.get(COPY_HEADERS.savedAt) ?? Number.NaN);
  if (!backendKey || !Number.isInteger(userId) || !Number.isFinite(savedAt)) return null;
  return { backendKey, userId, savedAt };
}

/**
 * Which copy the app shows: the service worker's when it is this user's, on this backend, and
 * fetched after the app's own (`savedUpdatedAt`, its query's dataUpdatedAt; 0 when there is none).
 */
export function takesTradesCopy(stamp: CopyStamp | null, scope: CopyScope | null, savedUpdatedAt: number): boolean {
  if (!stamp || !scope) return false;
  return stamp.backendKey === scope.backendKey && stamp.userId === scope.userId && stamp.savedAt > savedUpdatedAt;
}

function cacheStorage(): CacheStorage | undefined {
  try {
    return globalThis.caches;
  } catch {
    return undefined; // not a secure context, or storage disabled
  }
}

/**
 * The service worker's trades when the app takes them (takesTradesCopy), else null. Its body is
 * read only then: a copy the app already holds costs no parse at every start.
 */
export async function readTradesCopy(
  scope: CopyScope,
  savedUpdatedAt: number,
): Promise<{ savedAt: number; trades: unknown[] } | null> {
  const caches = cacheStorage();
  if (!caches) return null;
  try {
    const answer = await caches.match(TRADES_COPY_URL, { cacheName: TRADES_COPY_CACHE });
    const stamp = answer ? stampOf(answer.headers) : null;
    if (!answer || !stamp || !takesTradesCopy(stamp, scope, savedUpdatedAt)) return null;
    const trades: unknown = await answer.json();
    return Array.isArray(trades) ? { savedAt: stamp.savedAt, trades } : null;
  } catch {
    return null;
  }
}

/** Deletes the service worker's copy (logout, another user). */
export async function forgetTradesCopy(): Promise<void> {
  await cacheStorage()
    ?.delete(TRADES_COPY_CACHE)
    .catch(() => false);
}
