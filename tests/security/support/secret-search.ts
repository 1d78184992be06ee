/** Looking for secrets where they must not be: whole, base64, hex or any 8-character piece, in a dump of the database. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../integration/helpers/test-app';

/** Where `text` holds one of `secrets`: whole, base64, hex, or any 8-character piece of it. */
export function leaksIn(text: string, secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const secret of secrets) {
    const needles = [secret, Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('hex')];
    for (let i = 0; i + 8 <= secret.length; i++) needles.push(secret.slice(i, i + 8));
    for (const needle of needles) if (text.includes(needle)) found.push(`${secret} (as ${needle})`);
  }
  return found;
}

/**
 * The database as a backup would hold it: with PGlite the whole data directory as an uncompressed
 * tar (tables, TOAST, indexes and the WAL); with PostgreSQL a `pg_dump --data-only`.
 */
export async function databaseDump(t: TestApp): Promise<Buffer> {
  if (t.database.kind === 'pglite') {
    const client = (t.deps.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  }
  const [row] = (
    (await t.deps.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
  ).rows;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  const pgDump = fs.existsSync('/usr/lib/postgresql/15/bin/pg_dump') ? '/usr/lib/postgresql/15/bin/pg_dump' : 'pg_dump';
  const run = spawnSync(pgDump, ['--data-only', url.toString()], { maxBuffer: 256 * 1024 * 1024 });
  expect(run.status, run.stderr.toString()).toBe(0);
  return run.stdout;
}
