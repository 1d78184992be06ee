/**
 * The superadmin's switches of an account's live trading: paper or live (live needs the account's
 * broker configured on this server), and where its live order requests leave from (its own
 * registered static IP or a proxy URL, or null for the server's BROKER_SOURCE_ADDRESS; a change
 * clears the "IP not registered" verdict, the next order tells).
 */
import { eq } from 'drizzle-orm';
import type { TRADING_MODES } from '@shared/constants';
import type { AppDeps } from '../context';
import { accounts } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { describeOrderRoute, orderRouteOf } from '../brokers/order-route';
import { isBrokerConfigured, isPaperTrading } from '../brokers/select-adapter';

type Deps = Pick<AppDeps, 'db' | 'env'>;

const accountNotFound = () => new DomainError('not_found', 'Account not found');

/** Sets the mode; answers the mode it left and the account's answer as the API gives it. */
export async function setTradingMode(deps: Deps, accountId: number, mode: (typeof TRADING_MODES)[number]) {
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, accountId));
  if (!account) throw accountNotFound();
  if (mode === 'live' && !isBrokerConfigured(account.broker_name, deps.env)) {
    throw new DomainError(
      'conflict',
      `${account.broker_name} is not configured on this server: its accounts stay on paper`,
    );
  }
  const [updated] = await deps.db
    .update(accounts)
    .set({ trading_mode: mode })
    .where(eq(accounts.trabot_account_id, accountId))
    .returning();
  return {
    from: account.trading_mode,
    answer: {
      trabot_account_id: accountId,
      trading_mode: updated!.trading_mode,
      paper_trading: isPaperTrading(updated!, deps.env),
    },
  };
}

export async function setOrderSource(deps: Deps, accountId: number, orderSource: string | null) {
  const [updated] = await deps.db
    .update(accounts)
    .set({ order_source: orderSource, order_ip_refusal: null, order_ip_refused_at: null })
    .where(eq(accounts.trabot_account_id, accountId))
    .returning();
  if (!updated) throw accountNotFound();
  return {
    trabot_account_id: accountId,
    order_source: updated.order_source,
    order_address: describeOrderRoute(orderRouteOf(updated.order_source, deps.env.BROKER_SOURCE_ADDRESS)),
  };
}
