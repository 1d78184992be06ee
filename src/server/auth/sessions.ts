/**
 * Sessions: a random 32-byte token (base64url) in an HttpOnly, SameSite=Lax cookie, `Secure` with the
 * `__Host-` prefix over HTTPS. The database keeps only the token's SHA-256. A session ends after
 * 24 h without requests (idle) or 7 days after login (absolute), whichever comes first.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ONE_TIME_TOKEN_PATTERN } from '@shared/one-time-token';
import type { SessionUser } from '@shared/schemas/session';
import { batchByKey } from '../lib/batch-by-key';
import type { AppEnv } from '../context';
import type { Db } from '../db/client';
import { accountTradeVersions, sessions, users } from '../db/schema';
import { isHttps } from '../security/request-info';
import { sessionCacheOf, type SessionCache } from './session-cache';
import { publicUserColumns } from './user-columns';

export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

const COOKIE_NAME = 'trabot_session';

const idleCutoff = sql`now() - ${sql.raw(`interval '${SESSION_IDLE_MS / 1000} seconds'`)}`;

/** A fresh 256-bit secret token, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sessionCookieName(https: boolean): string {
  return https ? `__Host-${COOKIE_NAME}` : COOKIE_NAME;
}

/** The token hash from the request's session cookie, when it carries a well-formed one. */
export function sessionTokenHashOf(c: Context<AppEnv>): string | null {
  const token = getCookie(c, sessionCookieName(isHttps(c)));
  return token && ONE_TIME_TOKEN_PATTERN.test(token) ? hashToken(token) : null;
}

export async function createSession(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    token_hash: hashToken(token),
    user_id: userId,
    expires_at: new Date(Date.now() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

const touchCutoff = sql`now() - ${sql.raw(`interval '${SESSION_TOUCH_INTERVAL_MS / 1000} seconds'`)}`;

/**
 * Runs on every API request with a cookie: prepared once per database (no query building, no
 * re-planning), the lookups of requests that arrive together sent as one query.
 */
function prepareSessionLookups(db: Db) {
  const find = db
    .select({
      token_hash: sessions.token_hash,
      ...publicUserColumns,
      stale: sql<boolean>`${sessions.last_seen_at} < ${touchCutoff}`,
      expires_at: sessions.expires_at,
      last_seen_at: sessions.last_seen_at,
      // Read here so the trades answer needs no query of its own to know whether its cache is current.
      tradesVersion: sql<number>`coalesce(${accountTradeVersions.version}, 0)`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(accountTradeVersions, eq(accountTradeVersions.trabot_account_id, users.account_id))
    .where(
      and(
        sql`${sessions.token_hash} = any(${sql.placeholder('tokenHashes')})`,
        gt(sessions.expires_at, sql`now()`),
        gt(sessions.last_seen_at, idleCutoff),
      ),
    )
    .prepare('find_sessions');
  return {
    find: batchByKey(
      async (tokenHashes) => new Map((await find.execute({ tokenHashes })).map((row) => [row.token_hash, row])),
    ),
    touch: db
      .update(sessions)
      .set({ last_seen_at: sql`now()` })
      .where(eq(sessions.token_hash, sql.placeholder('tokenHash')))
      .prepare('touch_session'),
  };
}

const lookupsByDb = new WeakMap<Db, ReturnType<typeof prepareSessionLookups>>();

function sessionLookups(db: Db) {
  let lookups = lookupsByDb.get(db);
  if (!lookups) {
    lookups = prepareSessionLookups(db);
    lookupsByDb.set(db, lookups);
  }
  return lookups;
}

export interface LiveSession {
  user: SessionUser;
  /** account_trade_versions.version of the user's account (0 when it has none yet). */
  tradesVersion: number;
}

/**
 * The session's user when the session is alive; refreshes last_seen_at at most once a minute. On the
 * embedded database a live session answers from its cache (session-cache.ts) without a statement.
 */
export async function findSession(db: Db, tokenHash: string): Promise<LiveSession | null> {
  const lookups = sessionLookups(db);
  const cache = sessionCacheOf(db);
  if (cache) {
    const cached = cachedSession(cache, lookups, tokenHash);
    if (cached) return cached;
  }
  const epoch = cache?.epoch;
  const row = await lookups.find(tokenHash);
  if (!row) return null;
  const { token_hash: _tokenHash, stale, tradesVersion, expires_at, last_seen_at, ...user } = row;
  if (stale) await lookups.touch.execute({ tokenHash });
  if (cache && epoch !== undefined) {
    const lastSeenAt = stale ? cache.now() : last_seen_at.getTime();
    cache.put(epoch, tokenHash, { user, expiresAt: expires_at.getTime(), lastSeenAt }, tradesVersion);
    // The version as the last commit left it, which may be newer than the one read.
    return { user, tradesVersion: Math.max(tradesVersion, cache.tradesVersion(user.account_id)) };
  }
  return { user, tradesVersion };
}

/**
 * A cached session that is still alive by its own times; null sends the caller to the database (which
 * decides: a touch may have been missed). The touch runs in the background: it only lengthens a
 * session, and when it fails the next request tries again.
 */
function cachedSession(
  cache: SessionCache,
  lookups: ReturnType<typeof prepareSessionLookups>,
  tokenHash: string,
): LiveSession | null {
  const entry = cache.get(tokenHash);
  const now = cache.now();
  if (!entry || entry.expiresAt <= now || entry.lastSeenAt <= now - SESSION_IDLE_MS) return null;
  if (entry.lastSeenAt < now - SESSION_TOUCH_INTERVAL_MS && !entry.touching) {
    entry.touching = true;
    lookups.touch.execute({ tokenHash }).then(
      () => {
        entry.lastSeenAt = now;
        entry.touching = false;
      },
      () => {
        entry.touching = false;
      },
    );
  }
  return { user: entry.user, tradesVersion: cache.tradesVersion(entry.user.account_id) };
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token_hash, tokenHash));
}

/** Ends every session of a user (a password set or changed), but the one `keepTokenHash` names. */
export async function endSessions(db: Db, userId: number, keepTokenHash?: string): Promise<void> {
  const others = keepTokenHash ? ne(sessions.token_hash, keepTokenHash) : undefined;
  await db.delete(sessions).where(and(eq(sessions.user_id, userId), others));
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expires_at, sql`now()`), lt(sessions.last_seen_at, idleCutoff)));
}

export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  const https = isHttps(c);
  setCookie(c, sessionCookieName(https), token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: https,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  const https = isHttps(c);
  deleteCookie(c, sessionCookieName(https), { httpOnly: true, sameSite: 'Lax', path: '/', secure: https });
}

/** Loads the session's user (or null) into the context for every API request. */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const tokenHash = sessionTokenHashOf(c);
  if (tokenHash) {
    c.set('sessionTokenHash', tokenHash);
    const session = await findSession(c.get('deps').db, tokenHash);
    if (session) {
      c.set('user', session.user);
      c.set('accountTradesVersion', session.tradesVersion);
    }
  }
  await next();
};
