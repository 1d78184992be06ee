/**
 * The copy of the member's trades the service worker saves when a trade push arrives
 * (public/trades-copy-sw.js), so the app opened offline right after a push agrees with it. The
 * service worker cannot reach localStorage, where the app's own saved copy lives
 * (query-persistence.ts), so it keeps its copy in Cache Storage, with whose it is (backend key and
 * user id, as the server answered them) and when it was fetched. At start the app takes it instead
 * of its own when it is the same user's and newer (decision 2026-12-07-trades-copy-from-a-push).
 * Logout and a change of user delete it.
 */

/** Cache Storage's name and entry: the same strings in public/trades-copy-sw.js. */
export const TRADES_COPY_CACHE = 'trabot-trades-copy';
export const TRADES_COPY_URL = '/trabot-trades-copy.json';

export interface TradesCopy {
  backendKey: string;
  userId: number;
  /** When the service worker fetched it (ms, this device's clock, like a query's dataUpdatedAt). */
  savedAt: number;
  trades: unknown[];
}

/** Whose saved data the app may show: the last user on this device and their backend. */
export interface CopyScope {
  backendKey: string;
  userId: number;
}

/** The stored copy, or null for anything else (another version's shape, edited by hand). */
export function parseTradesCopy(value: unknown): TradesCopy | null {
  if (typeof value !== 'object' || value === null) return null;
  const { backendKey, userId, savedAt, trades } = value as Record<string, unknown>;
  if (typeof backendKey !== 'string' || !backendKey) return null;
  if (typeof userId !== 'number' || !Number.isInteger(userId)) return null;
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt) || !Array.isArray(trades)) return null;
  return { backendKey, userId, savedAt, trades };
}

/**
 * Which copy the app shows: the service worker's when it is this user's, on this backend, and
 * fetched after the app's own (`savedUpdatedAt`, its query's dataUpdatedAt; 0 when there is none).
 */
export function takesTradesCopy(copy: TradesCopy | null, scope: CopyScope | null, savedUpdatedAt: number): boolean {
  if (!copy || !scope) return false;
  return copy.backendKey === scope.backendKey && copy.userId === scope.userId && copy.savedAt > savedUpdatedAt;
}

function cacheStorage(): CacheStorage | undefined {
  try {
    return globalThis.caches;
  } catch {
    return undefined; // not a secure context, or storage disabled
  }
}

/** The service worker's copy, or null (none, unreadable, or no Cache Storage here). */
export async function readTradesCopy(): Promise<TradesCopy | null> {
  const caches = cacheStorage();
  if (!caches) return null;
  try {
    const answer = await caches.match(TRADES_COPY_URL, { cacheName: TRADES_COPY_CACHE });
    return answer ? parseTradesCopy(await answer.json()) : null;
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
