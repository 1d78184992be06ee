/**
 * The daily broker login. A member (or a superadmin, for any account) asks for the
 * broker's login page; the link carries a one-time `state`, kept here as its SHA-256 with the user
 * and the account it is for. The broker sends the browser back to the callback with that state and
 * its own proof (Kite: a request token), which is exchanged for the session of the day, checked
 * with a funds call and stored encrypted as the account's access key, with its expiry. The token
 * never reaches a browser (account answers show it fully masked) nor a log line.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { BrokerLoginFailure } from '@shared/broker-login-outcome';
import type { BrokerName } from '@shared/constants';
import { brokerLabel } from '@shared/format';
import type { SessionUser } from '@shared/schemas/session';
import type { AppDeps } from '../context';
import { accounts, brokerLogins } from '../db/schema';
import { BrokerError, hasDailyLogin, type BrokerAdapter, type DailyLogin } from '../brokers/adapter';
import { configuredBrokers } from '../brokers/select-adapter';
import { setToken } from '../records/tokens';
import { oneDhanClientMessage, otherDhanClient, servesOneDhanClient } from './dhan-clients';

type Deps = Pick<AppDeps, 'db' | 'env' | 'log' | 'secrets'>;

/** How long a login link stays good: the broker's page, its 2FA, and back. */
export const BROKER_LOGIN_TTL_MS = 10 * 60_000;

/** Brokers the spec lists that have no adapter here and never will trade live yet. */
const PAPER_ONLY: ReadonlySet<string> = new Set(['groww', '5paisa']);

/** What Account Settings offers for the account's broker. */
export type BrokerLoginAvailability = 'available' | 'not_configured' | 'paper_only' | 'none';

export function brokerLoginAvailability(brokerName: string, env: Deps['env']): BrokerLoginAvailability {
  if (brokerName === 'none' || brokerName === '') return 'none';
  if (PAPER_ONLY.has(brokerName)) return 'paper_only';
  return dailyLoginOf(brokerName, env) ? 'available' : 'not_configured';
}

/** The account's daily-login fields as the API shows them. */
export const brokerLoginView = (
  row: { broker_name: string; broker_session_expires_at: Date | null },
  env: Deps['env'],
) => ({
  broker_login: brokerLoginAvailability(row.broker_name, env),
  broker_session_expires_at: row.broker_session_expires_at?.toISOString() ?? null,
});

function dailyLoginOf(brokerName: string, env: Deps['env']): (BrokerAdapter & DailyLogin) | null {
  const adapter = configuredBrokers(env)[brokerName as BrokerName];
  return adapter && hasDailyLogin(adapter) ? adapter : null;
}

/** A refusal the user reads: a 4xx for the login link, a toast after the callback. */
export class BrokerLoginError extends Error {
  constructor(
    readonly status: 403 | 404 | 409 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'BrokerLoginError';
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The page of the app the callback returns to: the member's settings, or the member's accounts for a superadmin. */
const returnPage = (user: SessionUser, account: { trabot_account_id: number; trabot_client_id: number }) =>
  user.account_id === account.trabot_account_id || user.role !== 'superadmin'
    ? '/dashboard/account-settings'
    : `/dashboard/admin/members/${account.trabot_client_id}/accounts`;

/**
 * The broker's login page for the account, or a refusal: the account must be the user's own (a
 * superadmin may name any), hold this broker, and the broker must have a daily login configured.
 */
export async function startBrokerLogin(
  deps: Deps,
  user: SessionUser,
  broker: string,
  accountId: number | null,
  now = new Date(),
): Promise<string> {
  const target = accountId ?? user.account_id;
  if (accountId !== null && accountId !== user.account_id && user.role !== 'superadmin')
    throw new BrokerLoginError(403, 'Only a superadmin may connect another account');
  if (target === null) throw new BrokerLoginError(404, 'No account is linked to this user');
  const [account] = await deps.db
    .select({
      trabot_account_id: accounts.trabot_account_id,
      trabot_client_id: accounts.trabot_client_id,
      broker_name: accounts.broker_name,
      broker_client_id: accounts.broker_client_id,
    })
    .from(accounts)
    .where(eq(accounts.trabot_account_id, target));
  if (!account) throw new BrokerLoginError(404, 'Account not found');
  if (account.broker_name !== broker)
    throw new BrokerLoginError(409, `Account ${target} trades with ${account.broker_name}, not ${broker}`);
  const login = dailyLoginOf(broker, deps.env);
  if (!login)
    throw new BrokerLoginError(
      409,
      `${brokerLabel(broker)} is not configured on this server: its accounts stay on paper`,
    );
  if (login.stateless && !account.broker_client_id)
    throw new BrokerLoginError(409, `Set the account's ${brokerLabel(broker)} client ID first`);
  // An individual Dhan key logs in its one client: the first account to name a client keeps it.
  if (servesOneDhanClient(deps.env, broker, account.broker_client_id)) {
    const served = await otherDhanClient(deps.db, target, account.broker_client_id, true);
    if (served !== null) throw new BrokerLoginError(409, oneDhanClientMessage(served, user));
  }

  const state = randomBytes(24).toString('base64url');
  // Logins a day past their end are of no use to anyone (kept that long to say "took too long").
  await deps.db.delete(brokerLogins).where(lt(brokerLogins.expires_at, new Date(now.getTime() - 86_400_000)));
  await deps.db.insert(brokerLogins).values({
    state_hash: sha256(state),
    user_id: user.id,
    account_id: target,
    broker,
    return_to: returnPage(user, account),
    created_at: now,
    expires_at: new Date(now.getTime() + BROKER_LOGIN_TTL_MS),
  });
  deps.log.info({ userId: user.id, accountId: target, broker }, 'broker login started');
  try {
    return await login.loginUrl(state, { brokerClientId: account.broker_client_id });
  } catch (err) {
    // A broker that is asked first (Dhan's consent) may say no, or not answer: the user reads why.
    if (err instanceof BrokerError) throw new BrokerLoginError(409, err.message);
    if (err instanceof Error) throw new BrokerLoginError(503, err.message);
    throw err;
  }
}

/** Where the callback sends the browser back to, and what it tells the user there. */
export type FinishedLogin = { returnTo: string } & (
  | { connected: true; accountId: number; expiresAt: Date }
  | { connected: false; failure: BrokerLoginFailure; detail?: string }
);

/**
 * The callback: the state must be one this user started for this broker, unused and in time (it
 * is used up first, so a replayed callback is refused). Then the broker's proof is exchanged and
 * the session checked with a funds call before it is stored.
 */
export async function finishBrokerLogin(
  deps: Deps,
  user: SessionUser,
  broker: string,
  query: Record<string, string>,
  now = new Date(),
): Promise<FinishedLogin> {
  const refused = (returnTo: string, failure: BrokerLoginFailure, detail?: string): FinishedLogin => ({
    returnTo,
    connected: false,
    failure,
    ...(detail === undefined ? {} : { detail }),
  });
  const fallback = user.role === 'superadmin' ? '/dashboard/admin' : '/dashboard/account-settings';
  const login = dailyLoginOf(broker, deps.env);
  const [started] = query.state
    ? await deps.db
        .select()
        .from(brokerLogins)
        .where(eq(brokerLogins.state_hash, sha256(query.state)))
    : login?.stateless
      ? await deps.db
          .select()
          .from(brokerLogins)
          .where(and(eq(brokerLogins.user_id, user.id), eq(brokerLogins.broker, broker), isNull(brokerLogins.used_at)))
          .orderBy(desc(brokerLogins.created_at))
          .limit(1)
      : [];
  if (!started || started.user_id !== user.id || started.broker !== broker) {
    return refused(fallback, 'not_started');
  }
  const [claimed] = await deps.db
    .update(brokerLogins)
    .set({ used_at: now })
    .where(and(eq(brokerLogins.id, started.id), isNull(brokerLogins.used_at)))
    .returning({ id: brokerLogins.id });
  if (!claimed) return refused(started.return_to, 'used');
  if (started.expires_at <= now) return refused(started.return_to, 'expired');

  if (!login) return refused(started.return_to, 'not_configured');
  const log = { userId: user.id, accountId: started.account_id, broker };
  const [account] = await deps.db
    .select({ brokerClientId: accounts.broker_client_id })
    .from(accounts)
    .where(eq(accounts.trabot_account_id, started.account_id));
  let session, funds;
  try {
    session = await login.completeLogin(query, { brokerClientId: account?.brokerClientId ?? '' });
    funds = await login.funds({ clientId: account?.brokerClientId ?? '', accessKey: session.token });
  } catch (err) {
    deps.log.warn({ ...log, reason: err instanceof Error ? err.message : String(err) }, 'broker login refused');
    return refused(started.return_to, 'refused', err instanceof Error ? err.message : String(err));
  }

  const [stored] = await deps.db
    .update(accounts)
    .set({
      broker_access_key_enc: deps.secrets.encrypt(session.token),
      access_key_valid: true,
      access_key_updated_timestamp: now,
      broker_session_expires_at: session.expiresAt,
      broker_session_checked_at: now,
      broker_funds_available: funds.available,
    })
    .where(and(eq(accounts.trabot_account_id, started.account_id), eq(accounts.broker_name, broker)))
    .returning({ id: accounts.trabot_account_id });
  if (!stored) return refused(started.return_to, 'account_changed');
  // The engine's session of the day, so it does not open another (and Tokens shows it, masked).
  await setToken(deps, {
    name: `${broker}.session_token`,
    accountId: started.account_id,
    value: session.token,
    expiresAt: session.expiresAt,
  });
  deps.log.info({ ...log, expiresAt: session.expiresAt, fundsAvailable: funds.available }, 'broker connected');
  return { returnTo: started.return_to, connected: true, accountId: started.account_id, expiresAt: session.expiresAt };
}
