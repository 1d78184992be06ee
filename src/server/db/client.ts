/**
 * Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL server when
 * DATABASE_URL is set. Both speak the same SQL and run the same migrations.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { attachSessionCache, SESSION_CACHE_CHANNEL, SessionCache } from '../auth/session-cache';
import { pgliteFileOptions } from './pglite-files';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs pending migrations from src/server/db/migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Embedded PGlite only: a consistent snapshot of the whole database while it runs (backups/snapshot.ts). */
  snapshot?(): Promise<import('../backups/snapshot').Snapshot>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Options of both openers: `onQuery` is called for every statement sent (the bench counts them). */
export interface OpenOptions {
  onQuery?: () => void;
  /**
   * In-memory PGlite only: start from this dump of a data folder (PGlite's dumpDataDir) rather
   * than an empty cluster. The API tests load a migrated template this way, a copy per test file.
   */
  loadDataDir?: Blob;
}

const queryLogger = (options: OpenOptions) => (options.onQuery ? { logger: { logQuery: options.onQuery } } : {});

/** `dataDir` undefined means an in-memory PGlite (tests); on disk, commits are durable (pglite-files.ts). */
export async function openPglite(dataDir: string | undefined, options: OpenOptions = {}): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const YieldingPGlite = yieldingPglite(PGlite);
  const client = dataDir
    ? new YieldingPGlite(pgliteFileOptions(dataDir, PGlite.defaultStartParams))
    : new YieldingPGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : undefined);
  await client.waitReady;
  const db = drizzle(client, { schema, ...queryLogger(options) });
  // One process by construction (the data folder's lock): sessions answer from memory, kept exact by
  // the database's notifications (auth/session-cache.ts).
  const sessionCache = new SessionCache();
  await client.listen(SESSION_CACHE_CHANNEL, (payload) => sessionCache.onNotification(payload));
  attachSessionCache(db, sessionCache);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => client.close(),
    snapshot: async () => (await import('../backups/snapshot')).takeSnapshot(client),
  };
}

type PGliteClass = typeof import('@electric-sql/pglite').PGlite;
type Transaction = import('@electric-sql/pglite').Transaction;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function thenYield<T>(result: Promise<T>): Promise<T> {
  try {
    return await result;
  } finally {
    await nextTurn();
  }
}

/**
 * PGlite runs in this process and answers through microtasks: a loop of awaited statements (the
 * engine's) never lets the event loop run, so HTTP requests, timers and log writes starve. This
 * PGlite gives the event loop a turn after every statement, inside transactions too.
 */
function yieldingPglite(Base: PGliteClass): PGliteClass {
  return class YieldingPGlite extends Base {
    override query<T>(...args: Parameters<InstanceType<PGliteClass>['query']>) {
      return thenYield(super.query<T>(...args));
    }
    override exec(...args: Parameters<InstanceType<PGliteClass>['exec']>) {
      return thenYield(super.exec(...args));
    }
    override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      return super.transaction((tx) =>
        callback({
          ...tx,
          query: (...args) => thenYield(tx.query(...args)),
          exec: (...args) => thenYield(tx.exec(...args)),
          get closed() {
            return tx.closed;
          },
        }),
      );
    }
  } as PGliteClass;
}

type PgPool = typeof import('pg').Pool;
/** node-postgres's message for a statement past query_timeout. */
const READ_TIMEOUT = 'Query read timeout';
type PoolClient = import('pg').PoolClient;

/**
 * A client goes back to the pool only when its connection is settled: no statement in flight and
 * no transaction open. A statement that timed out (a frozen server) is still running there, and a
 * transaction whose ROLLBACK never got through is still open: handed to the next request, its
 * "autocommit" writes would run inside that transaction, be answered as saved, and vanish with it.
 * Such a client is closed instead (release with an error), and the pool opens a fresh one.
 */
function settledClientPool(Base: PgPool): PgPool {
  const guard = (client: PoolClient) => {
    // After a statement timed out, the next one (a transaction's ROLLBACK) would only queue behind
    // it and time out in turn, doubling the request's wait: it fails at once instead (a 503).
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    let abandoned = false;
    client.query = ((...args: unknown[]) => {
      if (abandoned)
        return Promise.reject(new Error(`${READ_TIMEOUT}: an earlier statement on this connection got no answer`));
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((err: unknown) => {
          if (err instanceof Error && err.message.includes(READ_TIMEOUT)) abandoned = true;
        });
      }
      return result;
    }) as typeof client.query;
    const release = client.release.bind(client);
    const connection = client as PoolClient & { readyForQuery?: boolean; getTransactionStatus(): string | null };
    client.release = (err?: Error | boolean) =>
      release(
        err ||
          (connection.getTransactionStatus() === 'I' && connection.readyForQuery !== false
            ? undefined
            : new Error('connection not settled')),
      );
    return client;
  };
  class SettledClientPool extends Base {
    override connect(): Promise<PoolClient>;
    override connect(
      callback: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void,
    ): void;
    override connect(
      callback?: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void,
    ) {
      if (!callback) return super.connect().then(guard);
      return super.connect((err, client) =>
        callback(err, client && guard(client), (release) => client?.release(release as Error)),
      );
    }
  }
  return SettledClientPool as PgPool;
}

/** No statement of ours waits this long inside an open transaction (broker calls run outside them). */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;

/** The advisory lock key migrations run under (its session ends with the migration's connection). */
export const MIGRATION_LOCK_KEY = 0x5452_4d47;

/** A request's query that gets no answer for this long fails (503) instead of holding the request. */
export const POSTGRES_QUERY_TIMEOUT_MS = 5000;

export async function openPostgres(url: string, options: OpenOptions = {}): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new (settledClientPool(pg.Pool))({
    connectionString: url,
    max: 10,
    // Fail fast when the server is gone or stops answering, instead of hanging requests.
    connectionTimeoutMillis: 3000,
    query_timeout: POSTGRES_QUERY_TIMEOUT_MS,
    // A transaction left open by a process that froze (SIGSTOP, a VM pause) is ended by the server:
    // it would otherwise hold its row locks, the engine's leadership row among them, for ever.
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  // A client losing its connection must not crash the process: idle ones report to the pool, and
  // one checked out (between the statements of a transaction) reports to itself; the statement it
  // runs next fails and the request answers 503.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema, ...queryLogger(options) });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    // Its own connection, without the request timeout: a migration may rightly take longer.
    migrate: async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
      await client.connect();
      try {
        // Replicas starting together migrate one at a time: the others wait here, then find
        // nothing left to do (concurrent CREATE TABLEs would fail on PostgreSQL's catalog).
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(drizzle(client, { schema }), { migrationsFolder });
      } finally {
        await client.end();
      }
    },
    close: () => pool.end(),
  };
}
