/**
 * Account settings as the API shows them, and broker detail updates. The broker access key is
 * stored encrypted (deps.secrets) and only ever leaves the server masked.
 */
import { eq, sql } from 'drizzle-orm';
import { maskSecret, MASK_CHAR } from '@shared/format-secret';
import type { AccountSettings, BrokerDetails } from '@shared/schemas/account';
import type { AppDeps } from '../context';
import type { Db } from '../db/client';
import { accounts } from '../db/schema';
import type { SessionUser } from '@shared/schemas/session';
import { dhanAccess, isPaperTrading } from '../brokers/select-adapter';
import { brokerLoginView } from './broker-logins';
import { refuseSecondDhanClient, servesOneDhanClient } from './dhan-clients';

type AccountRow = typeof accounts.$inferSelect;
type Deps = Pick<AppDeps, 'db' | 'log' | 'secrets' | 'env'>;

/** Shown when a key exists that is not shown: a daily login's session, or one that cannot be decrypted (e.g. SECRET_KEY changed). */
const UNREADABLE_KEY = MASK_CHAR.repeat(8);

/** A daily login's session (it has an expiry) is shown as dots only: no part of it leaves the server. */
export function maskedKey(deps: Deps, row: AccountRow): string {
  if (!row.broker_access_key_enc) return '';
  if (row.broker_session_expires_at) return UNREADABLE_KEY;
  try {
    return maskSecret(deps.secrets.decrypt(row.broker_access_key_enc));
  } catch (err) {
    deps.log.error({ err, accountId: row.trabot_account_id }, 'broker access key cannot be decrypted');
    return UNREADABLE_KEY;
  }
}

function toSettings(deps: Deps, row: AccountRow): AccountSettings {
  return {
    trabot_account_id: row.trabot_account_id,
    account_status: row.account_status,
    access_key_valid: row.access_key_valid,
    access_key_updated_timestamp: row.access_key_updated_timestamp?.toISOString() ?? null,
    broker_name: row.broker_name,
    broker_client_id: row.broker_client_id,
    broker_access_key: maskedKey(deps, row),
    paper_trading: isPaperTrading(row, deps.env),
    dhan_access: dhanAccess(deps.env),
    ...brokerLoginView(row, deps.env),
    equity_amount_balance: row.equity_amount_balance,
    commodity_amount_balance: row.commodity_amount_balance,
    currency_amount_balance: row.currency_amount_balance,
  };
}

export async function accountExists(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.trabot_account_id })
    .from(accounts)
    .where(eq(accounts.trabot_account_id, accountId));
  return row !== undefined;
}

export async function getAccountSettings(deps: Deps, accountId: number): Promise<AccountSettings | null> {
  const [row] = await deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, accountId));
  return row ? toSettings(deps, row) : null;
}

/**
 * A blank access key keeps the stored one. A new key is encrypted, stamped and marked not valid
 * until the execution engine has checked it with the broker; so is a change of broker or client id
 * (the stored key was checked against the old broker account). Null when the account does not exist.
 * With Dhan on an individual API key, a second Dhan client is refused (409, dhan-clients.ts).
 */
export async function updateBrokerDetails(
  deps: Deps,
  accountId: number,
  details: BrokerDetails,
  viewer: Pick<SessionUser, 'role'>,
): Promise<AccountSettings | null> {
  if (!servesOneDhanClient(deps.env, details.broker_name, details.broker_client_id))
    return saveBrokerDetails(deps, deps.db, accountId, details);
  return deps.db.transaction(async (tx) => {
    await refuseSecondDhanClient(tx, accountId, details.broker_client_id, viewer);
    return saveBrokerDetails(deps, tx, accountId, details);
  });
}

async function saveBrokerDetails(
  deps: Deps,
  db: Db,
  accountId: number,
  details: BrokerDetails,
): Promise<AccountSettings | null> {
  const newKey = details.broker_access_key !== '';
  const sameBroker = sql`${accounts.broker_name} = ${details.broker_name} and ${accounts.broker_client_id} = ${details.broker_client_id}`;
  const [row] = await db
    .update(accounts)
    .set({
      broker_name: details.broker_name,
      broker_client_id: details.broker_client_id,
      ...(newKey
        ? {
            broker_access_key_enc: deps.secrets.encrypt(details.broker_access_key),
            access_key_updated_timestamp: sql`now()`,
            access_key_valid: false,
            broker_session_expires_at: null,
          }
        : {
            access_key_valid: sql`${accounts.access_key_valid} and ${sameBroker}`,
            broker_session_expires_at: sql`case when ${sameBroker} then ${accounts.broker_session_expires_at} end`,
          }),
    })
    .where(eq(accounts.trabot_account_id, accountId))
    .returning();
  return row ? toSettings(deps, row) : null;
}
