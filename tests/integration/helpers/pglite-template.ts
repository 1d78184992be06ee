/**
 * One migrated, empty PGlite database for all the test files of a run. Creating an in-memory
 * cluster and migrating it costs every API test file about 3 s on a busy 2-core machine; loading a
 * dump of one takes about 0.6 s. The default export is the projects' globalSetup (vitest.config.ts):
 * it makes the template once and dumps it to a temporary file. createTestApp loads a copy of it per
 * test file (templateDump), so each file still has a database of its own. Not used with
 * TEST_DATABASE_URL (PostgreSQL) or where no globalSetup made one: createTestApp then creates and
 * migrates a database itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template's dump (PGlite's dumpDataDir, an uncompressed tar), when a globalSetup made one. */
    pgliteTemplate: string | undefined;
  }
}

export default async function makePgliteTemplate(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', undefined);
    return undefined;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const { migrationsFolder } = await import('@server/db/client');
  const pglite = new PGlite();
  await migrate(drizzle(pglite), { migrationsFolder });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** The template to load, in a test file; undefined when there is none. */
export function templateDump(): Blob | undefined {
  const file = inject('pgliteTemplate');
  return file ? new Blob([fs.readFileSync(file)]) : undefined;
}
