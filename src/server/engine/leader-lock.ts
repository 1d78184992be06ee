/**
 * Only one server process runs the engine per database: the one holding a PostgreSQL session
 * advisory lock. The lock lives as long as its connection, so when the leader dies its
 * connection closes, the lock is freed and the next replica to try takes over.
 *
 * A lock alone does not stop a leader that was paused (a VM pause, a long GC, SIGSTOP) and lost
 * its connection meanwhile from writing or ordering when it wakes up. So (docs/engine.md,
 * "Leadership and fencing"):
 * - taking the lock raises the epoch in `engine_leadership`; every engine write transaction locks
 *   that row (FOR SHARE) and checks the epoch (fence.ts): a stale leader's transaction fails;
 * - the leader confirms its lock every LOCK_HEARTBEAT_MS on the lock's own connection (query
 *   timeout, TCP keepalive) and places orders only while the last confirmation was sent less than
 *   LOCK_LEASE_MS ago (`confirmed()`);
 * - a new leader waits LOCK_LEASE_MS after taking over from a holder that did not release: by
 *   then the old leader's lease has run out and it has stopped ordering.
 */
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Arbitrary but fixed: the advisory lock key of the engine ("TRABOT" in ASCII, truncated). */
export const ENGINE_LOCK_KEY = 0x5452_4142;

/** How often the leader confirms its lock between and during ticks. */
export const LOCK_HEARTBEAT_MS = 1_000;
/** A confirmation (or a lock statement) with no answer for this long counts as failed. */
export const LOCK_QUERY_TIMEOUT_MS = 1_500;
/** A leader whose last confirmation was sent longer ago than this places no order. */
export const LOCK_LEASE_MS = 4_000;
/** Taking the epoch waits this long for a stale leader's transaction to end, then tries again next tick. */
const EPOCH_LOCK_TIMEOUT_MS = 2_000;

/** What the engine asks of its leadership while it works. */
export interface Leadership {
  /** The epoch taken with the lock (null while not leading): engine transactions check it. */
  epoch(): number | null;
  /** True while the lock was confirmed recently enough to place orders. */
  confirmed(): boolean;
}

export interface LeaderLock extends Leadership {
  /** True while this process holds the lock (taking it if free). */
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

/** For an engine run without a lock (tests, tools): always leading, no epoch to check. */
export const SOLE_LEADERSHIP: Leadership = { epoch: () => null, confirmed: () => true };

const holderName = () => `${hostname()} ${process.pid}`;

/** Raises the epoch; answers it and whether the previous holder left without releasing. */
const TAKE_EPOCH = `update engine_leadership l set epoch = l.epoch + 1, holder = $1, taken_at = now()
  from (select holder from engine_leadership where id = 1) p
  where l.id = 1 returning l.epoch, p.holder as previous`;
const RELEASE_EPOCH = 'update engine_leadership set holder = null where id = 1 and epoch = $1';

/** Embedded PGlite: one connection, one process per data folder, so the session is always the same. */
export function sessionLeaderLock(db: Db): LeaderLock {
  let held = false;
  let epoch: number | null = null;
  return {
    async tryAcquire() {
      if (!held) {
        const result = (await db.execute(
          sql`select pg_try_advisory_lock(${ENGINE_LOCK_KEY}) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        held = result.rows[0]?.locked === true;
        if (held) {
          const taken = (await db.execute(
            sql`update engine_leadership set epoch = epoch + 1, holder = ${holderName()}, taken_at = now() where id = 1 returning epoch`,
          )) as unknown as { rows: { epoch: number }[] };
          epoch = taken.rows[0]?.epoch ?? null;
        }
      }
      return held;
    },
    epoch: () => (held ? epoch : null),
    confirmed: () => held,
    async release() {
      if (held) {
        if (epoch !== null)
          await db.execute(sql`update engine_leadership set holder = null where id = 1 and epoch = ${epoch}`);
        await db.execute(sql`select pg_advisory_unlock(${ENGINE_LOCK_KEY})`);
      }
      held = false;
      epoch = null;
    },
  };
}

export interface PostgresLockOptions {
  heartbeatMs?: number;
  leaseMs?: number;
  queryTimeoutMs?: number;
  /** Called when this process finds its lock gone (connection lost, epoch moved on). */
  onLost?: (why: string) => void;
}

/**
 * PostgreSQL: a dedicated connection holds the lock (a pooled one could be closed or reused by
 * any query). A broken connection means the lock is lost; the next try reconnects.
 */
export function postgresLeaderLock(url: string, options: PostgresLockOptions = {}): LeaderLock {
  type Client = import('pg').Client;
  const heartbeatMs = options.heartbeatMs ?? LOCK_HEARTBEAT_MS;
  const leaseMs = options.leaseMs ?? LOCK_LEASE_MS;
  const queryTimeoutMs = options.queryTimeoutMs ?? LOCK_QUERY_TIMEOUT_MS;
  let client: Client | null = null;
  /** The advisory lock is ours (the epoch may not be yet). */
  let locked = false;
  let epoch: number | null = null;
  /** When the last successful confirmation was sent (performance.now()), -Infinity: never. */
  let confirmedAt = -Infinity;
  let heartbeat: NodeJS.Timeout | null = null;
  let confirming: Promise<boolean> | null = null;

  const drop = (why: string) => {
    const old = client;
    const wasLeading = epoch !== null;
    client = null;
    locked = false;
    epoch = null;
    confirmedAt = -Infinity;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    old?.end().catch(() => {});
    if (wasLeading) options.onLost?.(why);
  };

  /** The lock's connection answers and the epoch is still ours. */
  const confirm = (): Promise<boolean> => {
    confirming ??= (async () => {
      const c = client;
      if (!c || epoch === null) return false;
      const sent = performance.now();
      try {
        const result = await c.query<{ epoch: number }>('select epoch from engine_leadership where id = 1');
        if (result.rows[0]?.epoch !== epoch) {
          drop(`the epoch moved on to ${result.rows[0]?.epoch}`);
          return false;
        }
        if (c === client) confirmedAt = Math.max(confirmedAt, sent);
        return true;
      } catch (err) {
        drop(`the lock could not be confirmed: ${err instanceof Error ? err.message : String(err)}`);
        return false;
      }
    })().finally(() => {
      confirming = null;
    });
    return confirming;
  };

  return {
    async tryAcquire() {
      try {
        if (!client) {
          const { default: pg } = await import('pg');
          const next = new pg.Client({
            connectionString: url,
            connectionTimeoutMillis: 3000,
            query_timeout: queryTimeoutMs,
            keepAlive: true,
            keepAliveInitialDelayMillis: heartbeatMs,
            application_name: 'trabot engine lock',
          });
          next.on('error', (err) => drop(`lock connection error: ${err.message}`));
          client = next;
          await next.connect();
          await next.query(`set lock_timeout = ${EPOCH_LOCK_TIMEOUT_MS}`);
        }
        if (epoch !== null) return await confirm();
        if (!locked) {
          const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
            ENGINE_LOCK_KEY,
          ]);
          locked = result.rows[0]?.locked === true;
          if (!locked) return false;
        }
        // Ours now: raise the epoch (waits for a stale leader's transaction still holding the row).
        const c = client;
        const acquiredAt = performance.now();
        let taken;
        try {
          taken = await c.query<{ epoch: number; previous: string | null }>(TAKE_EPOCH, [holderName()]);
        } catch (err) {
          // A stale transaction holds the row (lock_timeout): keep the advisory lock, try again next tick.
          if ((err as { code?: string }).code === '55P03') return false;
          throw err;
        }
        const row = taken.rows[0];
        if (!row) throw new Error('engine_leadership has no row');
        // The last holder never released: its lease (confirmed before its connection died, so before
        // `acquiredAt`) runs out within leaseMs. Order nothing until then.
        if (row.previous !== null) await sleep(Math.max(0, acquiredAt + leaseMs - performance.now()));
        if (c !== client) return false;
        epoch = row.epoch;
        if (!(await confirm())) return false;
        heartbeat = setInterval(() => void confirm(), heartbeatMs);
        heartbeat.unref();
        return true;
      } catch (err) {
        drop(`lock statement failed: ${err instanceof Error ? err.message : String(err)}`);
        return false;
      }
    },
    epoch: () => epoch,
    confirmed: () => epoch !== null && performance.now() - confirmedAt < leaseMs,
    async release() {
      const old = client;
      const mine = epoch;
      client = null;
      locked = false;
      epoch = null;
      confirmedAt = -Infinity;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      if (old && mine !== null) await old.query(RELEASE_EPOCH, [mine]).catch(() => {});
      // Closing the session frees its advisory locks.
      await old?.end().catch(() => {});
    },
  };
}
