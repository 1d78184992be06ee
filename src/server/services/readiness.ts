/**
 * The readiness board: every account with an active algo subscription, with its
 * broker, mode, daily session, funds at the last check against the capital its subscriptions may
 * use, and a verdict. One query; the verdict is worked out here:
 * paper (not trading live) < halted < IP not registered (the broker refused an order for its
 * source address, until one goes through) < reconnect needed (no session now) < insufficient funds < ready.
 */
import { and, asc, eq, exists, isNull, sql } from 'drizzle-orm';
import type { ReadinessRow, ReadinessVerdict } from '@shared/schemas/admin/readiness';
import type { AppDeps } from '../context';
import { accounts, algoSubscriptions, members, tradingHalts } from '../db/schema';
import { describeOrderRoute } from '../brokers/order-route';
import { accountOrderRoute, orderRouteGuardOf } from '../records/order-sources';
import { isPaperTrading } from '../brokers/select-adapter';

type Deps = Pick<AppDeps, 'db' | 'env' | 'log' | 'secrets'>;

export function readinessVerdict(
  row: {
    paper: boolean;
    halted: boolean;
    sessionExpiresAt: Date | null;
    funds: number | null;
    capital: number;
    ipRefused?: boolean;
  },
  now: Date,
): ReadinessVerdict {
  if (row.paper) return 'paper';
  if (row.halted) return 'halted';
  if (row.ipRefused) return 'IP not registered';
  if (!row.sessionExpiresAt || row.sessionExpiresAt <= now) return 'reconnect needed';
  if (row.funds === null || row.funds < row.capital) return 'insufficient funds';
  return 'ready';
}

export async function readinessBoard(deps: Deps, now = new Date()): Promise<ReadinessRow[]> {
  const activeSubscription = and(
    eq(algoSubscriptions.trabot_account_id, accounts.trabot_account_id),
    eq(algoSubscriptions.subscription_status, 'active'),
  );
  const activeHalt = and(
    isNull(tradingHalts.lifted_at),
    sql`(${tradingHalts.account_id} is null or ${tradingHalts.account_id} = ${accounts.trabot_account_id})`,
  );
  const rows = await deps.db
    .select({
      account: accounts,
      memberName: members.name,
      capital:
        sql<number>`(select coalesce(sum(${algoSubscriptions.max_total_capital}), 0) from ${algoSubscriptions} where ${activeSubscription})`.mapWith(
          Number,
        ),
      halted: sql<boolean>`exists (select 1 from ${tradingHalts} where ${activeHalt})`,
    })
    .from(accounts)
    .innerJoin(members, eq(members.trabot_client_id, accounts.trabot_client_id))
    .where(
      and(
        eq(accounts.account_status, 'active'),
        exists(
          deps.db
            .select({ one: sql`1` })
            .from(algoSubscriptions)
            .where(activeSubscription),
        ),
      ),
    )
    .orderBy(asc(accounts.trabot_account_id));
  const guard = orderRouteGuardOf(deps.env);
  return rows.map(({ account, memberName, capital, halted }) => {
    const paper = isPaperTrading(account, deps.env);
    return {
      trabot_account_id: account.trabot_account_id,
      trabot_client_id: account.trabot_client_id,
      member_name: memberName,
      broker_name: account.broker_name,
      mode: paper ? 'paper' : 'live',
      session_expires_at: account.broker_session_expires_at?.toISOString() ?? null,
      session_checked_at: account.broker_session_checked_at?.toISOString() ?? null,
      funds_available: account.broker_funds_available,
      capital_required: capital,
      halted,
      order_address: paper ? null : describeOrderRoute(accountOrderRoute(deps, account, guard)),
      order_ip_refusal: account.order_ip_refusal,
      verdict: readinessVerdict(
        {
          paper,
          halted,
          ipRefused: account.order_ip_refusal !== null,
          sessionExpiresAt: account.broker_session_expires_at,
          funds: account.broker_funds_available,
          capital,
        },
        now,
      ),
    };
  });
}
