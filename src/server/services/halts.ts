/**
 * Kill switches: a halt of all trading or of one account, persisted with who, when and
 * why, and lifted with who and when. While a halt holds the engine places no new entry (see
 * engine/halts.ts); the halt's `square_off` also closes running trades at market.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Halt, HaltBody } from '@shared/schemas/admin/halts';
import type { SessionUser } from '@shared/schemas/session';
import type { AppDeps } from '../context';
import type { Db } from '../db/client';
import { tradingHalts, users } from '../db/schema';
import { isUniqueViolation } from './users';

type Deps = Pick<AppDeps, 'db' | 'log'>;

const scope = (accountId: number | null) =>
  accountId === null ? isNull(tradingHalts.account_id) : eq(tradingHalts.account_id, accountId);
const active = isNull(tradingHalts.lifted_at);
const subject = (accountId: number | null) => (accountId === null ? 'Trading' : `Account ${accountId}`);

/** Every active halt, the global one first. */
export async function activeHalts(db: Db): Promise<Halt[]> {
  const rows = await db
    .select({ halt: tradingHalts, email: users.email })
    .from(tradingHalts)
    .leftJoin(users, eq(users.id, tradingHalts.halted_by))
    .where(active)
    .orderBy(sql`${tradingHalts.account_id} nulls first`, asc(tradingHalts.id));
  return rows.map(({ halt, email }) => toHalt(halt, email));
}

const toHalt = (halt: typeof tradingHalts.$inferSelect, haltedBy: string | null): Halt => ({
  id: halt.id,
  account_id: halt.account_id,
  reason: halt.reason,
  square_off: halt.square_off,
  halted_by: haltedBy,
  halted_at: halt.halted_at.toISOString(),
});

/** Null when that scope is halted already. */
export async function haltTrading(
  deps: Deps,
  accountId: number | null,
  body: Required<HaltBody>,
  user: SessionUser,
): Promise<Halt | null> {
  let halt: typeof tradingHalts.$inferSelect | undefined;
  try {
    [halt] = await deps.db
      .insert(tradingHalts)
      .values({ account_id: accountId, reason: body.reason, square_off: body.square_off, halted_by: user.id })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
  deps.log.warn(
    { userId: user.id, userEmail: user.email, accountId, reason: body.reason, squareOff: body.square_off },
    `${subject(accountId)} halted`,
  );
  return toHalt(halt!, user.email);
}

/** False when that scope was not halted. */
export async function resumeTrading(deps: Deps, accountId: number | null, user: SessionUser): Promise<boolean> {
  const lifted = await deps.db
    .update(tradingHalts)
    .set({ lifted_at: sql`now()`, lifted_by: user.id })
    .where(and(scope(accountId), active))
    .returning({ id: tradingHalts.id });
  if (lifted.length)
    deps.log.warn({ userId: user.id, userEmail: user.email, accountId }, `${subject(accountId)} resumed`);
  return lifted.length > 0;
}
