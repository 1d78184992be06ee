/**
 * Fixed-window counters in the `rate_limits` table. Each hit is one atomic upsert, so concurrent
 * requests and every server replica share the same count; time comes from the database clock.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface WindowState {
  /** Hits counted in the current window (after this one, for `hit`). */
  count: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/** `interval 'N seconds'` from a whole number of milliseconds fixed in code (never user input). */
function intervalOf(windowMs: number) {
  return sql.raw(`interval '${Math.ceil(windowMs / 1000)} seconds'`);
}

function secondsLeft(windowMs: number) {
  return sql<string>`greatest(1, ceil(extract(epoch from (${rateLimits.window_start} + ${intervalOf(windowMs)} - now()))))`;
}

/** Counts one hit for `key` and returns the window's state. */
export async function hit(db: Db, key: string, windowMs: number): Promise<WindowState> {
  const expired = sql`${rateLimits.window_start} <= now() - ${intervalOf(windowMs)}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, window_start: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        window_start: sql`case when ${expired} then now() else ${rateLimits.window_start} end`,
      },
    })
    .returning({ count: rateLimits.count, retryAfterSeconds: secondsLeft(windowMs) });
  if (!row) throw new Error('rate limit upsert returned no row');
  return { count: row.count, retryAfterSeconds: Number(row.retryAfterSeconds) };
}

/** Hits counted for `key` in its current window, without counting one. */
export async function peek(db: Db, key: string, windowMs: number): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), sql`${rateLimits.window_start} > now() - ${intervalOf(windowMs)}`));
  return row?.count ?? 0;
}

/** Takes one hit back (a hit counted ahead that turned out not to count). */
export async function unhit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Deletes counters whose window ended; they would restart at 1 anyway. */
export async function purgeExpired(db: Db, windowMs: number): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.window_start, sql`now() - ${intervalOf(windowMs)}`));
}
