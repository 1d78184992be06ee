/**
 * The engine's leader lock on a real database. The PostgreSQL cases run when TEST_DATABASE_URL is
 * set (scripts/with-postgres.sh): two replicas, one leader, takeover when the leader's connection dies.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINE_LOCK_KEY, postgresLeaderLock, sessionLeaderLock } from '@server/engine/leader-lock';
import { openPostgres } from '@server/db/client';
import { createTestApp, type TestApp } from '../helpers/test-app';

const serverUrl = process.env.TEST_DATABASE_URL;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sessionLeaderLock', () => {
  it('takes the lock once, keeps it, and frees it', async () => {
    const lock = sessionLeaderLock(t.deps.db);
    expect(await lock.tryAcquire()).toBe(true);
    expect(await lock.tryAcquire()).toBe(true);
    await lock.release();
    expect(await lock.tryAcquire()).toBe(true);
    await lock.release();
  });
});

describe.skipIf(!serverUrl)('postgresLeaderLock', () => {
  beforeAll(async () => {
    const database = await openPostgres(serverUrl!);
    await database.migrate();
    await database.close();
  });

  it('lets one replica lead, and another take over when it releases or its connection dies', async () => {
    const { default: pg } = await import('pg');
    const LEASE_MS = 600;
    const a = postgresLeaderLock(serverUrl!, { leaseMs: LEASE_MS, heartbeatMs: 100 });
    const b = postgresLeaderLock(serverUrl!, { leaseMs: LEASE_MS, heartbeatMs: 100 });
    try {
      expect(await a.tryAcquire()).toBe(true);
      const first = a.epoch()!;
      expect(a.confirmed()).toBe(true);
      expect(await b.tryAcquire()).toBe(false);
      expect(b.epoch()).toBe(null);
      expect(await a.tryAcquire()).toBe(true);
      await a.release();
      expect(a.confirmed()).toBe(false);
      // The server frees the lock when it has seen the connection close, a moment after release().
      // Released cleanly: the next leader starts at once, with the next epoch.
      await vi.waitFor(async () => expect(await b.tryAcquire()).toBe(true), { timeout: 5_000, interval: 50 });
      expect(b.epoch()).toBe(first + 1);
      expect(await a.tryAcquire()).toBe(false);

      // The leader's connection dies (server restart, network): its lock goes with it.
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = $1 and granted",
        [ENGINE_LOCK_KEY],
      );
      await admin.end();
      // b's heartbeat finds its connection gone: no more orders from b.
      await vi.waitFor(() => expect(b.confirmed()).toBe(false), { timeout: 2_000, interval: 20 });
      // pg_terminate_backend returns before the backend has exited and freed the lock. b did not
      // release: a waits out b's lease before it leads.
      const before = performance.now();
      await vi.waitFor(async () => expect(await a.tryAcquire()).toBe(true), { timeout: 5_000, interval: 50 });
      expect(performance.now() - before).toBeGreaterThanOrEqual(LEASE_MS - 50);
      expect(a.epoch()).toBe(first + 2);
      // The old leader notices, reconnects and finds the lock taken.
      expect(await b.tryAcquire()).toBe(false);
    } finally {
      await a.release();
      await b.release();
    }
  });
});
