/** Algos inserted directly with Drizzle (tests only); overrides welcome. */
import type { AppDeps } from '@server/context';
import { algos } from '@server/db/schema';

export async function createAlgo(deps: Pick<AppDeps, 'db'>, overrides: Partial<typeof algos.$inferInsert> = {}) {
  const [row] = await deps.db
    .insert(algos)
    .values({ algo_desc: 'Swing momentum, NSE cash', algo_switch: false, ...overrides })
    .returning();
  return row!;
}
