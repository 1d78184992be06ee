/**
 * The superadmin's switch of an account's live trading: paper or live (live needs the account's
 * broker configured on this server). Where its live orders leave from: order-source.ts.
 */
import { eq } from 'drizzle-orm';
import type { TRADING_MODES } from '@shared/constants';
import type { AppDeps } from '../context';
import { accounts } from '../db/schema';
import { DomainError } from '../lib/domain-error';
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
