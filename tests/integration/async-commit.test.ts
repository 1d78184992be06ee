/**
 * The tick's price writes commit without waiting for the disk (db/async-commit.ts): on the embedded
 * database on disk a durable write makes the kernel fsync on the server's thread, an asynchronous
 * one does not, and both are there after a clean restart.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { withAsyncCommit } from '@server/db/async-commit';
import { openPglite } from '@server/db/client';
import { durableSyncs } from '@server/db/pglite-files';
import { removeTempDirs, tempDir } from '../support/child-processes';

afterAll(removeTempDirs);

describe('withAsyncCommit on the embedded database on disk', () => {
  it(
    'skips the commit fsync a durable write makes, and keeps the write across a clean restart',
    { timeout: 180_000 },
    async () => {
      const dir = tempDir('trabot-async-commit-');
      const first = await openPglite(dir);
      await first.db.execute(sql`create table prices (id int primary key, ltp numeric)`);

      let before = durableSyncs.count;
      await first.db.execute(sql`insert into prices values (1, 100)`);
      const durable = durableSyncs.count - before;

      before = durableSyncs.count;
      await withAsyncCommit(first.db, (tx) => tx.execute(sql`insert into prices values (2, 200)`));
      const asynchronous = durableSyncs.count - before;

      expect(durable).toBeGreaterThan(0);
      expect(asynchronous).toBe(0);
      await first.close();

      const again = await openPglite(dir);
      const rows = (await again.db.execute(sql`select id, ltp::float8 as ltp from prices order by id`)) as unknown as {
        rows: { id: number; ltp: number }[];
      };
      expect(rows.rows).toEqual([
        { id: 1, ltp: 100 },
        { id: 2, ltp: 200 },
      ]);
      await again.close();
    },
  );
});
