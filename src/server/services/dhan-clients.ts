/**
 * Dhan with an individual API key (no DHAN_PARTNER_ID / DHAN_PARTNER_SECRET): the key is one Dhan
 * client's own (https://dhanhq.co/docs/v2/authentication: "All dhan users can generate individual
 * user specific API key and secret"), so it logs in that one client only. Saving a second, different
 * Dhan client id on any account is then refused (409, naming broker_client_id), and so is the daily
 * login of an account whose client is not the one served. Partner access serves any number of
 * clients; a server without Dhan keeps its Dhan accounts on paper, where any client id may be named.
 */
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/schemas/session';
import type { Db } from '../db/client';
import { accounts } from '../db/schema';
import { dhanAccess, type BrokerEnv } from '../brokers/select-adapter';
import { DomainError } from '../lib/domain-error';

/** The field a refusal names. */
export const DHAN_CLIENT_FIELD = 'broker_client_id';

/** Taken by a save that checks the one Dhan client, so two saves at once cannot each add a different one. */
const DHAN_CLIENT_LOCK_KEY = 0x44_48_41_4e; // "DHAN"

/** Whether saving `brokerName`/`clientId` on an account must be checked against the one Dhan client. */
export const servesOneDhanClient = (env: BrokerEnv, brokerName: string, clientId: string): boolean =>
  brokerName === 'dhan' && clientId !== '' && dhanAccess(env) === 'individual';

/** Words of a refusal: a superadmin reads the client served, a member only that it is taken. */
export function oneDhanClientMessage(servedClientId: string, viewer: Pick<SessionUser, 'role'>): string {
  return viewer.role === 'superadmin'
    ? `Dhan is set up with an individual API key, which serves one Dhan account (client ${servedClientId}). Set up Dhan partner access (DHAN_PARTNER_ID, DHAN_PARTNER_SECRET) to add more.`
    : 'Dhan is set up with an individual API key, which serves one Dhan account, already in use. Ask the firm to set up Dhan partner access to add more.';
}

/**
 * Another account's Dhan client id that is not `clientId`: the client the individual key serves.
 * `lowerOnly`: only accounts numbered below this one count (the first account to name a client
 * keeps it when accounts saved before this rule name different ones).
 */
export async function otherDhanClient(
  db: Db,
  accountId: number,
  clientId: string,
  lowerOnly = false,
): Promise<string | null> {
  const [other] = await db
    .select({ clientId: accounts.broker_client_id })
    .from(accounts)
    .where(
      and(
        eq(accounts.broker_name, 'dhan'),
        ne(accounts.broker_client_id, ''),
        ne(accounts.broker_client_id, clientId),
        lowerOnly ? lt(accounts.trabot_account_id, accountId) : ne(accounts.trabot_account_id, accountId),
      ),
    )
    .orderBy(asc(accounts.trabot_account_id))
    .limit(1);
  return other?.clientId ?? null;
}

/**
 * Inside the save's transaction: waits for any other such save, then refuses (a conflict naming
 * the field, answered 409) a client id other than the one already served.
 */
export async function refuseSecondDhanClient(
  tx: Db,
  accountId: number,
  clientId: string,
  viewer: Pick<SessionUser, 'role'>,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DHAN_CLIENT_LOCK_KEY})`);
  const [own] = await tx
    .select({ broker_name: accounts.broker_name, broker_client_id: accounts.broker_client_id })
    .from(accounts)
    .where(eq(accounts.trabot_account_id, accountId));
  // No such account: the save answers 404. Already this very client: the save adds none.
  if (!own || (own.broker_name === 'dhan' && own.broker_client_id === clientId)) return;
  const served = await otherDhanClient(tx, accountId, clientId);
  if (served === null) return;
  const message = oneDhanClientMessage(served, viewer);
  throw new DomainError('conflict', message, { [DHAN_CLIENT_FIELD]: message });
}
