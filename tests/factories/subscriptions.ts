/** Algo subscriptions (tests only): rows inserted directly with Drizzle, and the admin's save body. */
import type { AppDeps } from '@server/context';
import { algoSubscriptions } from '@server/db/schema';
import type { SaveSubscriptionBody } from '@shared/schemas/admin/members';

/** An active subscription's settings, unless a test says otherwise. */
export const SUBSCRIPTION_SETTINGS = {
  max_total_capital: 400000,
  risk_percent_pertrade: 1,
  max_percent_allocation_pertrade: 20,
  min_percent_allocation_pertrade: 5,
  min_required_risk_reward: 1.5,
  max_acceptable_loss: 20000,
  subscription_status: 'active' as const,
};

export async function createSubscription(
  deps: Pick<AppDeps, 'db'>,
  algoId: number,
  accountId: number,
  overrides: Partial<typeof algoSubscriptions.$inferInsert> = {},
) {
  const [row] = await deps.db
    .insert(algoSubscriptions)
    .values({ algo_id: algoId, trabot_account_id: accountId, ...SUBSCRIPTION_SETTINGS, ...overrides })
    .returning();
  return row!;
}

/** A valid body of POST /api/admin/accounts/{trabot_account_id}/save-algo-subscription (row_id null creates). */
export function subscriptionBody(
  ids: Pick<SaveSubscriptionBody, 'row_id' | 'algo_id' | 'trabot_account_id'>,
  overrides: Partial<SaveSubscriptionBody> = {},
): SaveSubscriptionBody {
  return { ...ids, ...SUBSCRIPTION_SETTINGS, ...overrides };
}
