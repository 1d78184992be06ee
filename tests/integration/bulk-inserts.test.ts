/**
 * Multi-row inserts past PostgreSQL's bind-parameter cap (65,535 per statement): the engine writes
 * whole batches of legs, fills and warnings at once, and 5,000 exits of 14 columns in one tick are
 * 70,000 parameters. They are split into runs under the cap (db/bulk.ts, insertRuns).
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertableColumnCount, insertRuns, MAX_BIND_PARAMETERS } from '@server/db/bulk';
import { tradeExits, warnings } from '@server/db/schema';
import { raiseWarnings } from '@server/records/warnings';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('inserts of many rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('splits rows into runs whose parameters stay under the cap, in order, none lost', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => i);
    const runs = insertRuns(tradeExits, rows);
    const columns = insertableColumnCount(tradeExits);
    expect(columns).toBe(16); // id, the 14 columns a fill writes and its order leg (not the generated day and charges)
    expect(runs.map((r) => r.length)).toEqual([4095, 4095, 1810]); // floor(65,535 / 16) = 4,095
    expect(runs.every((r) => r.length * columns <= MAX_BIND_PARAMETERS)).toBe(true);
    expect(runs.flat()).toEqual(rows);
    expect(insertRuns(tradeExits, [])).toEqual([]);
  });

  it('writes 40,000 warnings in one call (80,000 parameters as a single statement)', async () => {
    const [before] = await t.deps.db.select({ n: count() }).from(warnings);
    await raiseWarnings(
      t.deps.db,
      Array.from({ length: 40_000 }, (_, i) => ({ message: `bulk ${i}`, data: { i } })),
    );
    const [after] = await t.deps.db.select({ n: count() }).from(warnings);
    expect(after!.n - before!.n).toBe(40_000);
  });
});
