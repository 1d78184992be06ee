/** A workshop inserted directly with Drizzle (tests only): a future Beginner one unless overridden. */
import type { AppDeps } from '@server/context';
import { workshops } from '@server/db/schema';

export async function createWorkshop(
  deps: Pick<AppDeps, 'db'>,
  overrides: Partial<typeof workshops.$inferInsert> = {},
) {
  const [workshop] = await deps.db
    .insert(workshops)
    .values({
      title: 'Options Basics for NSE Traders',
      description: 'Calls, puts and the Greeks.',
      workshop_date: '2099-06-07',
      level: 'Beginner',
      ...overrides,
    })
    .returning();
  return workshop!;
}
