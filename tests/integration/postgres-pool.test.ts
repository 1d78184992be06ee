/**
 * Regression (found by the outage fault test, PostgreSQL frozen mid-stream): a pooled client whose
 * transaction was left open (its ROLLBACK or COMMIT never got through) went back to the pool, the
 * next request's "autocommit" writes ran inside that transaction and were answered as saved, then
 * vanished with it. Now such a client is closed, never reused. PostgreSQL only (TEST_DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '@server/db/client';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the PostgreSQL pool', () => {
  let database: Database;
  let pg: typeof import('pg').default;
  let url: string;
  const name = `trabot_pool_${Date.now()}`;

  beforeAll(async () => {
    pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    database = await openPostgres(url);
    await database.db.execute(sql`create table pool_probe (v integer)`);
  });
  afterAll(async () => {
    // Undefined if beforeAll failed before opening it.
    await (database as Database | undefined)?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('never hands out a client left inside a transaction: the next write commits on its own', async () => {
    const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
    const abandoned = await pool.connect();
    await abandoned.query('begin');
    abandoned.release(); // as when the ROLLBACK of a failed transaction could not be sent
    for (let i = 0; i < 5; i++) await database.db.execute(sql`insert into pool_probe (v) values (${i})`);

    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      const { rows } = await other.query<{ n: string }>('select count(*) as n from pool_probe');
      expect(Number(rows[0]!.n)).toBe(5);
    } finally {
      await other.end();
    }
  });

  it('keeps reusing clients that are settled', async () => {
    const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
    const first = await pool.connect();
    const pid = (await first.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    first.release();
    const again = await pool.connect();
    try {
      expect((await again.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid).toBe(pid);
    } finally {
      again.release();
    }
  });
});
