/** Algo subscriptions of an account: one per algo, created or updated by the admin, sized by the engine. */
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { ALGO_TESTING } from '@shared/constants';
import { formatRupees } from '@shared/format';
import { MSG } from '@shared/messages';
import type { AlgoSubscription, SaveSubscriptionBody } from '@shared/schemas/admin/members';
import type { Db } from '../db/client';
import { accounts, algos, algoSubscriptions, members } from '../db/schema';
import type { Env } from '../config/env';
import { checkLimits, MONEY_LIMIT } from './column-limits';
import { isUniqueViolation } from './users';
import { DomainError } from '../lib/domain-error';
import { round2 } from '../trading/money';

/** The firm's algorithm-testing rules (spec section 9), with the operator's settings. */
export interface TestingLimits {
  /** Active subscriptions an algo may have at once (ALGO_TESTERS_MAX). */
  testersMax: number;
  /** Rupees per US dollar (USD_INR), for the capital band. */
  usdInr: number;
}

export const testingLimits = (env: Pick<Env, 'ALGO_TESTERS_MAX' | 'USD_INR'>): TestingLimits => ({
  testersMax: env.ALGO_TESTERS_MAX,
  usdInr: env.USD_INR,
});

/** The band of max_total_capital in rupees: USD 1,500-7,500 at the configured rate, to the paisa. */
export function capitalBandInr(usdInr: number): { min: number; max: number } {
  const toInr = (usd: number) => round2(usd * usdInr);
  return { min: toInr(ALGO_TESTING.minCapitalUsd), max: toInr(ALGO_TESTING.maxCapitalUsd) };
}

export async function listSubscriptions(db: Db, accountId: number): Promise<AlgoSubscription[]> {
  return db
    .select()
    .from(algoSubscriptions)
    .where(eq(algoSubscriptions.trabot_account_id, accountId))
    .orderBy(asc(algoSubscriptions.row_id));
}

function checkCapitalBand(capital: number, usdInr: number) {
  const band = capitalBandInr(usdInr);
  if (capital < band.min || capital > band.max) {
    const message =
      `Max total capital must be between ${formatRupees(band.min)} and ${formatRupees(band.max)} ` +
      `(USD ${ALGO_TESTING.minCapitalUsd.toLocaleString('en-US')}-${ALGO_TESTING.maxCapitalUsd.toLocaleString('en-US')} ` +
      `at ${usdInr} rupees per dollar)`;
    throw new DomainError('invalid', message, { max_total_capital: message });
  }
}

/**
 * row_id null creates, else updates that row of the account (null when there is none). The algo
 * must exist (400); a second subscription of the account to the same algo is a 409; the capital
 * must lie in the testing band (400); an algo already at its limit of active testers refuses
 * another active one (409). The algo's row is locked for the count, so two saves at once cannot
 * both take the last slot.
 */
export async function saveSubscription(
  db: Db,
  body: SaveSubscriptionBody,
  limits: TestingLimits,
): Promise<{ subscription: AlgoSubscription; created: boolean } | null> {
  const { row_id, ...values } = body;
  checkLimits(
    {
      max_total_capital: values.max_total_capital,
      min_required_risk_reward: values.min_required_risk_reward,
      max_acceptable_loss: values.max_acceptable_loss,
    },
    MONEY_LIMIT,
  );
  checkCapitalBand(values.max_total_capital, limits.usdInr);
  try {
    return await db.transaction(async (tx) => {
      const [algo] = await tx
        .select({ algo_id: algos.algo_id })
        .from(algos)
        .where(eq(algos.algo_id, body.algo_id))
        .for('update');
      if (!algo) {
        const message = `Algo ${body.algo_id} does not exist`;
        throw new DomainError('invalid', message, { algo_id: message });
      }
      if (values.subscription_status === 'active') {
        const [owner] = await tx
          .select({ status: members.membership_status })
          .from(accounts)
          .innerJoin(members, eq(members.trabot_client_id, accounts.trabot_client_id))
          .where(eq(accounts.trabot_account_id, body.trabot_account_id));
        if (owner?.status === 'cancelled') {
          const message = "This member's membership is cancelled: rejoin it before activating a subscription";
          throw new DomainError('conflict', message, { subscription_status: message });
        }
        const others = [
          eq(algoSubscriptions.algo_id, body.algo_id),
          eq(algoSubscriptions.subscription_status, 'active'),
        ];
        if (row_id !== null) others.push(ne(algoSubscriptions.row_id, row_id));
        const [active] = await tx
          .select({ n: count() })
          .from(algoSubscriptions)
          .where(and(...others));
        if (active!.n >= limits.testersMax) {
          const message = `Algo ${body.algo_id} already has ${active!.n} active testers, the limit of ${limits.testersMax} (ALGO_TESTERS_MAX): pause one first`;
          throw new DomainError('conflict', message, { algo_id: message });
        }
      }
      if (row_id === null) {
        const [row] = await tx.insert(algoSubscriptions).values(values).returning();
        return { subscription: row!, created: true };
      }
      const [row] = await tx
        .update(algoSubscriptions)
        .set(values)
        .where(
          and(eq(algoSubscriptions.row_id, row_id), eq(algoSubscriptions.trabot_account_id, body.trabot_account_id)),
        )
        .returning();
      return row ? { subscription: row, created: false } : null;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new DomainError('conflict', MSG.subscriptionSaveFailure, {
        algo_id: `This account already subscribes to algo ${body.algo_id}`,
      });
    }
    throw err;
  }
}

/** Active subscriptions per algo (the slots used); algos without any are absent. */
export async function activeTestersByAlgo(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ algo_id: algoSubscriptions.algo_id, n: count() })
    .from(algoSubscriptions)
    .where(eq(algoSubscriptions.subscription_status, 'active'))
    .groupBy(algoSubscriptions.algo_id);
  return new Map(rows.map((r) => [r.algo_id, r.n]));
}
