/**
 * Only one server process runs the engine per database: the one holding a PostgreSQL session
 * advisory lock. The lock lives as long as its connection, so when the leader dies its
 * connection closes, the lock is freed and the next replica to try takes over.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Arbitrary but fixed: the advisory lock key of the engine ("TRABOT" in ASCII, truncated). */
export const ENGINE_LOCK_KEY = 0x5452_4142;

export interface LeaderLock {
  /** True while this process holds the lock (taking it if free). */
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

const lockSql = sql`select pg_try_advisory_lock(${ENGINE_LOCK_KEY}) as locked`;
const unlockSql = sql`select pg_advisory_unlock(${ENGINE_LOCK_KEY})`;

/** Embedded PGlite: one connection, one process per data folder, so the session is always the same. */
export function sessionLeaderLock(db: Db): LeaderLock {
  let held = false;
  return {
    async tryAcquire() {
      if (!held) {
        const result = (await db.execute(lockSql)) as unknown as { rows: { locked: boolean }[] };
        held = result.rows[0]?.locked === true;
      }
      return held;
    },
    async release() {
      if (held) await db.execute(unlockSql);
      held = false;
    },
  };
}

/**
 * PostgreSQL: a dedicated connection holds the lock (a pooled one could be closed or reused by
 * any query). A broken connection means the lock is lost; the next try reconnects.
 */
export function postgresLeaderLock(url: string): LeaderLock {
  type Client = import('pg').Client;
  let client: Client | null = null;
  let held = false;
  const drop = () => {
    const old = client;
    client = null;
    held = false;
    old?.end().catch(() => {});
  };
  return {
    async tryAcquire() {
      try {
        if (!client) {
          const { default: pg } = await import('pg');
          const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
          next.on('error', drop);
          client = next;
          await next.connect();
        }
        if (held) {
          await client.query('select 1');
        } else {
          const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
            ENGINE_LOCK_KEY,
          ]);
          held = result.rows[0]?.locked === true;
        }
        return held;
      } catch {
        drop();
        return false;
      }
    },
    async release() {
      const old = client;
      client = null;
      held = false;
      // Closing the session frees its advisory locks.
      await old?.end().catch(() => {});
    },
  };
}
