/**
 * A consistent snapshot of the embedded database while the server runs: PGlite's own dump of its
 * data folder (dumpDataDir, an uncompressed tar), taken inside a transaction that holds PGlite's
 * transaction mutex, so no other statement runs between the row counts and the dump. PGlite is one
 * PostgreSQL backend in this process: with no transaction in flight, its files on disk are exactly
 * what a kill -9 at that instant would leave, and loading the tar replays the WAL the same way a
 * restart after a crash does. The counts and checksums per table are read in the same window, so
 * they describe the very rows the tar holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { migrationsFolder } from '../db/client';

/** Row count and an order-independent checksum of one table (sum of each row's md5, 60 bits each). */
export interface TableStats {
  rows: number;
  checksum: string;
}

export interface SchemaVersion {
  /** Migrations applied. */
  migrations: number;
  /** The last applied migration's tag (its file name without .sql), or null when unknown to this code. */
  last: string | null;
  /** Drizzle's hash of the last applied migration's SQL. */
  hash: string | null;
}

export interface Snapshot {
  tar: Uint8Array;
  tables: Record<string, TableStats>;
  schema: SchemaVersion;
  /** How long other statements waited for the snapshot, milliseconds. */
  heldMs: number;
}

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table of the application and drizzle's migration table, as `schema.table`. */
async function tableNames(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`,
  );
  return rows.map((r) => r.name);
}

/** Counts and checksums of every table, read through one connection (one transaction: one view). */
export async function tableStats(db: Queryable): Promise<Record<string, TableStats>> {
  const stats: Record<string, TableStats> = {};
  for (const name of await tableNames(db)) {
    const [schema, table] = name.split('.') as [string, string];
    const { rows } = await db.query<{ rows: number; checksum: string }>(
      `select count(*)::int as rows,
              coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint), 0)::text as checksum
         from ${quoteIdent(schema)}.${quoteIdent(table)} t`,
    );
    stats[name] = rows[0]!;
  }
  return stats;
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this code knows, oldest first (drizzle's journal). */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

export async function schemaVersion(db: Queryable): Promise<SchemaVersion> {
  const exists = await db.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists.rows[0]?.found) return { migrations: 0, last: null, hash: null };
  const { rows } = await db.query<{ migrations: number; hash: string | null; created_at: string | null }>(
    `select (select count(*)::int from drizzle.__drizzle_migrations) as migrations, hash, created_at::text
       from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const last = rows[0];
  if (!last) return { migrations: 0, last: null, hash: null };
  const entry = knownMigrations().find((e) => String(e.when) === last.created_at);
  return { migrations: last.migrations, last: entry?.tag ?? null, hash: last.hash };
}

/** The snapshot of a running PGlite (on disk or in memory). */
export async function takeSnapshot(client: PGlite): Promise<Snapshot> {
  // A checkpoint first (outside the window): the tar then carries little WAL to replay.
  await client.exec('checkpoint');
  let held = 0;
  const result = await client.transaction(async (tx: Transaction) => {
    const started = performance.now();
    await tx.exec('set transaction isolation level repeatable read, read only');
    const tables = await tableStats(tx);
    const schema = await schemaVersion(tx);
    // Takes only the query mutex, free between our statements; the transaction mutex we hold keeps
    // every other statement out until the files are read.
    const blob = await client.dumpDataDir('none');
    held = performance.now() - started;
    return { blob, tables, schema };
  });
  return {
    tar: new Uint8Array(await result.blob.arrayBuffer()),
    tables: result.tables,
    schema: result.schema,
    heldMs: Math.round(held),
  };
}
