/** `npm run cli -- instruments import <file>` as an operator runs it (a child process, embedded database). */
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { openPglite } from '@server/db/client';
import { pgliteDir } from '@server/db/open';
import { instruments } from '@server/db/schema';
import { childEnv, runTs, tempDir } from '../../support/child-processes';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/nse');
const cli = (args: string[], env: Record<string, string>) => runTs('src/server/cli.ts', args, childEnv(env));

// Embedded database only: the command opens the data folder's PGlite like the server does.
describe.skipIf(process.env.TEST_DATABASE_URL)('npm run cli -- instruments import', { timeout: 180_000 }, () => {
  it('imports a zipped bhavcopy on top of the equity list, and refuses bad files and usage', async () => {
    const dataDir = tempDir('trabot-cli-instruments-');
    const env = { DATA_DIR: dataDir };
    const zip = path.join(dataDir, 'BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv.zip');
    fs.writeFileSync(
      zip,
      zipSync({
        'BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv': fs.readFileSync(
          path.join(FIXTURES, 'BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv'),
        ),
      }),
    );

    const run = await cli(['instruments', 'import', zip], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Imported 5 of 5 instruments from the udiff bhavcopy of 2024-07-08.\n');

    const notBhav = path.join(dataDir, 'contacts.csv');
    fs.writeFileSync(notBhav, 'name,email\nA,a@b.co\n');
    const refused = await cli(['instruments', 'import', notBhav], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Error: Unrecognised header "name,email"\. Expected an NSE bhavcopy/);
    const missing = await cli(['instruments', 'import', path.join(dataDir, 'nope.csv')], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`Error: No such file: ${path.join(dataDir, 'nope.csv')}\n`);
    const usage = await cli(['instruments', 'import'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('"instruments import" takes one file: npm run cli -- instruments import <file>');
    expect((await cli(['--help'], env)).stdout).toContain('instruments import <file>');

    const database = await openPglite(pgliteDir(dataDir));
    try {
      const rows = await database.db.select().from(instruments);
      expect(rows).toHaveLength(2387);
      expect(rows.find((r) => r.symbol === 'RELIANCE' && r.series === 'EQ')).toMatchObject({
        name: 'Reliance Industries Limited',
        close: 3190.95,
        bhav_date: '2024-07-08',
      });
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
