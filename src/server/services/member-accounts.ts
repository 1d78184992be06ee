/** A member's accounts as the admin lists them: the broker access key and a proxy's password only ever masked. */
import { asc, eq } from 'drizzle-orm';
import type { MemberAccount } from '@shared/schemas/admin/members';
import type { AppDeps } from '../context';
import { accounts } from '../db/schema';
import { isPaperTrading } from '../brokers/select-adapter';
import { maskedKey } from './account';
import { brokerLoginView } from './broker-logins';
import { orderSourceView } from '../records/order-sources';

export async function listMemberAccounts(
  deps: Pick<AppDeps, 'db' | 'log' | 'secrets' | 'env'>,
  memberId: number,
): Promise<MemberAccount[]> {
  const rows = await deps.db
    .select()
    .from(accounts)
    .where(eq(accounts.trabot_client_id, memberId))
    .orderBy(asc(accounts.trabot_account_id));
  return rows.map((row) => ({
    trabot_account_id: row.trabot_account_id,
    account_status: row.account_status,
    broker_name: row.broker_name,
    broker_client_id: row.broker_client_id,
    broker_access_key: maskedKey(deps, row),
    access_key_valid: row.access_key_valid,
    access_key_updated_timestamp: row.access_key_updated_timestamp?.toISOString() ?? null,
    paper_trading: isPaperTrading(row, deps.env),
    trading_mode: row.trading_mode,
    order_source: orderSourceView(deps, row.order_source, row.trabot_account_id),
    ...brokerLoginView(row, deps.env),
  }));
}
