import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '@server/config/data-dir-lock';
import { openDatabase } from '@server/db/open';
import { tempDir, removeTempDirs } from '../../support/child-processes';

afterAll(removeTempDirs);

const log = pino({ level: 'silent' });
const serverUrl = process.env.TEST_DATABASE_URL;

// Opens on-disk databases (initdb on first open): slow on a busy machine.
describe('openDatabase', { timeout: 120_000 }, () => {
  it('opens the embedded database in DATA_DIR/pglite under the folder lock, and releases it on close', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined }, log);
    expect(first.kind).toBe('pglite');
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);

    await expect(openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined }, log)).rejects.toThrow(
      `The embedded database in ${dataDir} is in use by another process (pid ${process.pid}, `,
    );

    await first.migrate();
    await first.db.execute(sql`insert into algos (algo_desc) values ('kept across restarts')`);
    await first.close();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    const second = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined }, log);
    const rows = await second.db.execute<{ algo_desc: string }>(sql`select algo_desc from algos`);
    expect(JSON.stringify(rows)).toContain('kept across restarts');
    await second.close();
  });

  it('releases the lock when the embedded database cannot be opened', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'pglite'), 'not a database folder');
    await expect(openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined }, log)).rejects.toThrow();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it.runIf(serverUrl)(
    'uses PostgreSQL when DATABASE_URL is set, takes no lock, and lets several processes share it',
    async () => {
      const { default: pg } = await import('pg');
      const name = `trabot_open_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const dataDir = tempDir();
      try {
        const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
        const [a, b] = await Promise.all([openDatabase(env, log), openDatabase(env, log)]);
        expect(a.kind).toBe('postgres');
        await a.migrate();
        await b.migrate();
        await a.db.execute(sql`insert into algos (algo_desc) values ('shared')`);
        expect(JSON.stringify(await b.db.execute(sql`select algo_desc from algos`))).toContain('shared');
        expect(fs.readdirSync(dataDir)).toEqual([]);
        await Promise.all([a.close(), b.close()]);
      } finally {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    },
  );
});
