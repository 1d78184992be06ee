/** Algo subscriptions of an account: one per algo, created or updated by the admin, sized by the engine. */
import { and, asc, eq } from 'drizzle-orm';
import { MSG } from '@shared/messages';
import type { AlgoSubscription, SaveSubscriptionBody } from '@shared/schemas/admin/members';
import type { Db } from '../db/client';
import { algoSubscriptions } from '../db/schema';
import { algoExists } from './algos';
import { checkLimits, MONEY_LIMIT } from './column-limits';
import { isUniqueViolation } from './users';
import { DomainError } from '../domain-error';

export async function listSubscriptions(db: Db, accountId: number): Promise<AlgoSubscription[]> {
  return db
    .select()
    .from(algoSubscriptions)
    .where(eq(algoSubscriptions.trabot_account_id, accountId))
    .orderBy(asc(algoSubscriptions.row_id));
}

/**
 * row_id null creates, else updates that row of the account (null when there is none). The algo
 * must exist (400); a second subscription of the account to the same algo is a 409.
 */
export async function saveSubscription(
  db: Db,
  body: SaveSubscriptionBody,
): Promise<{ subscription: AlgoSubscription; created: boolean } | null> {
  if (!(await algoExists(db, body.algo_id))) {
    const message = `Algo ${body.algo_id} does not exist`;
    throw new DomainError('invalid', message, { algo_id: message });
  }
  const { row_id, ...values } = body;
  checkLimits(
    {
      max_total_capital: values.max_total_capital,
      min_required_risk_reward: values.min_required_risk_reward,
      max_acceptable_loss: values.max_acceptable_loss,
    },
    MONEY_LIMIT,
  );
  try {
    if (row_id === null) {
      const [row] = await db.insert(algoSubscriptions).values(values).returning();
      return { subscription: row!, created: true };
    }
    const [row] = await db
      .update(algoSubscriptions)
      .set(values)
      .where(and(eq(algoSubscriptions.row_id, row_id), eq(algoSubscriptions.trabot_account_id, body.trabot_account_id)))
      .returning();
    return row ? { subscription: row, created: false } : null;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new DomainError('conflict', MSG.subscriptionSaveFailure, {
        algo_id: `This account already subscribes to algo ${body.algo_id}`,
      });
    }
    throw err;
  }
}
