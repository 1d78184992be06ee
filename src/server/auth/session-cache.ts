/**
 * The embedded database's session cache: GET /api/check-session (and every request's session
 * lookup) answers from memory, so it never waits for the engine's transaction that holds PGlite's
 * one connection. Exactly as strict as the database: the database itself tells the cache of every
 * write that can end a session or change what it answers (triggers notify channel trabot_cache at
 * commit, migration 0025), whoever wrote it. Only with PGlite, whose data folder lock makes the
 * server the one process writing (decision 2026-11-28-session-cache).
 *
 * Notifications (payloads):
 * - `s:<token_hash>`: that session was deleted, or changed other than by a touch;
 * - `u:<user_id>`: that user was changed or deleted (role, password, account...);
 * - `v:<account_id>:<version>`: the account's trades version moved (versions only grow: a sequence);
 * - `d:<account_id>`: the account's version row was deleted (its version reads 0 again);
 * - `*`: a table was truncated: everything goes.
 * A lookup read from the database is kept only when no invalidation arrived while it was read, so an
 * answer read before a commit can never outlive the commit's notification.
 */
import type { SessionUser } from '@shared/schemas/session';

export const SESSION_CACHE_CHANNEL = 'trabot_cache';
/** Sessions kept at most (least recently used go first). */
export const SESSION_CACHE_MAX = 10_000;
/** A cached lookup is read again from the database after this long, whatever it says. */
export const SESSION_CACHE_TTL_MS = 10 * 60 * 1000;
/** Accounts' versions kept at most; past it the cache starts over (more accounts than that is unexpected). */
const VERSIONS_MAX = 200_000;

export interface CachedSession {
  user: SessionUser;
  expiresAt: number;
  lastSeenAt: number;
  cachedAt: number;
  /** A touch (last_seen_at) is under way for this session. */
  touching?: boolean;
}

export class SessionCache {
  readonly #sessions = new Map<string, CachedSession>();
  readonly #versions = new Map<number, number>();
  #epoch = 0;

  constructor(
    readonly now: () => number = Date.now,
    readonly max = SESSION_CACHE_MAX,
    readonly ttlMs = SESSION_CACHE_TTL_MS,
  ) {}

  get size(): number {
    return this.#sessions.size;
  }

  /** Counts the invalidations: a lookup read from the database is kept only when it has not moved. */
  get epoch(): number {
    return this.#epoch;
  }

  /** The cached lookup, when it is there and young enough; moves it to the most recently used end. */
  get(tokenHash: string): CachedSession | undefined {
    const entry = this.#sessions.get(tokenHash);
    if (!entry) return undefined;
    this.#sessions.delete(tokenHash);
    if (this.now() - entry.cachedAt > this.ttlMs) return undefined;
    this.#sessions.set(tokenHash, entry);
    return entry;
  }

  /** The account's trades version as the last commit left it (0 for no account, or none yet). */
  tradesVersion(accountId: number | null): number {
    return accountId === null ? 0 : (this.#versions.get(accountId) ?? 0);
  }

  /** Keeps a lookup read from the database, when nothing was invalidated since `epoch` (read before it). */
  put(epoch: number, tokenHash: string, session: Omit<CachedSession, 'cachedAt'>, tradesVersion: number): void {
    if (epoch !== this.#epoch) return;
    const accountId = session.user.account_id;
    if (accountId !== null) this.#raiseVersion(accountId, tradesVersion);
    this.#sessions.delete(tokenHash);
    this.#sessions.set(tokenHash, { ...session, cachedAt: this.now() });
    while (this.#sessions.size > this.max) this.#sessions.delete(this.#sessions.keys().next().value as string);
  }

  /** One notification of channel trabot_cache. */
  onNotification(payload: string): void {
    const kind = payload.slice(0, 2);
    const rest = payload.slice(2);
    if (kind === 's:') {
      this.#epoch++;
      this.#sessions.delete(rest);
    } else if (kind === 'u:') {
      this.#epoch++;
      const userId = Number(rest);
      for (const [tokenHash, entry] of this.#sessions) if (entry.user.id === userId) this.#sessions.delete(tokenHash);
    } else if (kind === 'v:') {
      const [accountId, version] = rest.split(':').map(Number);
      this.#raiseVersion(accountId!, version!);
    } else if (kind === 'd:') {
      this.#epoch++;
      this.#versions.set(Number(rest), 0);
    } else {
      this.clear();
    }
  }

  clear(): void {
    this.#epoch++;
    this.#sessions.clear();
    this.#versions.clear();
  }

  #raiseVersion(accountId: number, version: number): void {
    if (!this.#versions.has(accountId) && this.#versions.size >= VERSIONS_MAX) this.clear();
    if (version > (this.#versions.get(accountId) ?? -1)) this.#versions.set(accountId, version);
  }
}

const cachesByDb = new WeakMap<object, SessionCache>();

/** Session lookups on `db` answer from `cache` (openPglite attaches one; PostgreSQL gets none). */
export function attachSessionCache(db: object, cache: SessionCache): void {
  cachesByDb.set(db, cache);
}

export function sessionCacheOf(db: object): SessionCache | undefined {
  return cachesByDb.get(db);
}
