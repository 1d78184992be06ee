/**
 * The engine's leader lock on a real database. The PostgreSQL cases run when TEST_DATABASE_URL is
 * set (scripts/with-postgres.sh): two replicas, one leader, takeover when the leader's connection dies.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINE_LOCK_KEY, postgresLeaderLock, sessionLeaderLock } from '@server/engine/leader-lock';
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
  it('lets one replica lead, and another take over when it releases or its connection dies', async () => {
    const { default: pg } = await import('pg');
    const a = postgresLeaderLock(serverUrl!);
    const b = postgresLeaderLock(serverUrl!);
    try {
      expect(await a.tryAcquire()).toBe(true);
      expect(await b.tryAcquire()).toBe(false);
      expect(await a.tryAcquire()).toBe(true);
      await a.release();
      // The server frees the lock when it has seen the connection close, a moment after release().
      await vi.waitFor(async () => expect(await b.tryAcquire()).toBe(true), { timeout: 5_000, interval: 50 });
      expect(await a.tryAcquire()).toBe(false);

      // The leader's connection dies (server restart, network): its lock goes with it.
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = $1 and granted",
        [ENGINE_LOCK_KEY],
      );
      await admin.end();
      // pg_terminate_backend returns before the backend has exited and freed the lock.
      await vi.waitFor(async () => expect(await a.tryAcquire()).toBe(true), { timeout: 5_000, interval: 50 });
      // The old leader notices, reconnects and finds the lock taken.
      expect(await b.tryAcquire()).toBe(false);
    } finally {
      await a.release();
      await b.release();
    }
  });
});
