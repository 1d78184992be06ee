/**
 * The database a process runs on: PostgreSQL when DATABASE_URL is set (any number of processes may
 * share it), else the embedded PGlite in DATA_DIR/pglite, which only the lock holder may open.
 */
import path from 'node:path';
import { acquireDataDirLock } from '../config/data-dir-lock';
import type { Env } from '../config/env';
import type { Logger } from '../lib/logger';
import { openPglite, openPostgres, type Database } from './client';

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export async function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>, log: Logger): Promise<Database> {
  if (env.DATABASE_URL) {
    const database = await openPostgres(env.DATABASE_URL);
    log.info({ database: 'postgres', host: new URL(env.DATABASE_URL).host }, 'using PostgreSQL');
    return database;
  }

  const lock = acquireDataDirLock(env.DATA_DIR);
  let database: Database;
  try {
    database = await openPglite(pgliteDir(env.DATA_DIR));
  } catch (err) {
    lock.release();
    throw err;
  }
  log.info({ database: 'pglite', dir: pgliteDir(env.DATA_DIR) }, 'using the embedded database');
  return {
    ...database,
    close: async () => {
      try {
        await database.close();
      } finally {
        lock.release();
      }
    },
  };
}
