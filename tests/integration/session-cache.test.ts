/**
 * The embedded database's session cache (auth/session-cache.ts): check-session answers while a
 * transaction holds PGlite, and every write that ends a session or changes its answer is seen by
 * the very next request, whoever wrote it. PGlite only (PostgreSQL has no cache).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCacheOf } from '@server/auth/session-cache';
import { findSession, hashToken } from '@server/auth/sessions';
import { accountTradeVersions, sessions, users } from '@server/db/schema';
import { updateMemberUser } from '@server/services/member-users';
import { createMemberLogin } from '../factories/accounts';
import { createTrade } from '../factories/trades';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app';

const onPglite = !process.env.TEST_DATABASE_URL;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tokenHashOf = (client: TestClient) => hashToken(client.cookies.get('trabot_session')!);

async function checkSession(client: TestClient): Promise<{ status: string; user?: { role: string; name: string } }> {
  return (await client.request('/api/check-session')).json() as Promise<{
    status: string;
    user?: { role: string; name: string };
  }>;
}

/** A member logged in whose session the cache holds (asked twice: the second answer is the cache's). */
async function cachedMember() {
  const login = await createMemberLogin(t.deps);
  const client = t.client();
  expect((await client.login(login.user.email, login.user.password)).status).toBe(200);
  expect((await checkSession(client)).status).toBe('success');
  expect((await checkSession(client)).status).toBe('success');
  expect(sessionCacheOf(t.deps.db)?.get(tokenHashOf(client))).toBeDefined();
  return { ...login, client };
}

const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);

describe.runIf(onPglite)('the session cache (embedded database)', () => {
  it('answers check-session while a transaction holds the database; an uncached session waits for it', async () => {
    const { client, user } = await cachedMember();
    sessionCacheOf(t.deps.db)!.clear();
    await t.deps.db.transaction(async (tx) => {
      await tx.select().from(users).where(eq(users.id, user.id));
      // The cache was just cleared: this lookup goes to the database, which the transaction holds.
      expect(await within(300, checkSession(client)).catch((e: unknown) => e)).toBeInstanceOf(Error);
    });
    expect(await checkSession(client)).toMatchObject({ status: 'success', user: { name: user.name } });
    // Now cached: it answers inside an open transaction.
    await t.deps.db.transaction(async (tx) => {
      await tx.select().from(users).where(eq(users.id, user.id));
      expect(await within(2000, checkSession(client))).toMatchObject({ status: 'success' });
    });
  });

  it('logout ends the session at once', async () => {
    const { client } = await cachedMember();
    const cookie = client.cookies.get('trabot_session')!;
    expect((await client.json('/api/logout', {})).status).toBe(200);
    const replay = t.client();
    replay.cookies.set('trabot_session', cookie);
    expect((await checkSession(replay)).status).toBe('error');
  });

  it('a session deleted by any writer (admin revoking it) ends at once', async () => {
    const { client, user } = await cachedMember();
    await t.deps.db.delete(sessions).where(eq(sessions.user_id, user.id));
    expect((await checkSession(client)).status).toBe('error');
  });

  it('expiry: an absolute or idle limit moved into the past ends the session at once', async () => {
    const a = await cachedMember();
    await t.deps.db
      .update(sessions)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(sessions.token_hash, tokenHashOf(a.client)));
    expect((await checkSession(a.client)).status).toBe('error');
    const b = await cachedMember();
    await t.deps.db
      .update(sessions)
      .set({ last_seen_at: sql`now() - interval '25 hours'` })
      .where(eq(sessions.token_hash, tokenHashOf(b.client)));
    expect((await checkSession(b.client)).status).toBe('error');
  });

  it('purging expired sessions ends them at once', async () => {
    const { client } = await cachedMember();
    // The purge deletes them: the same notification as any delete.
    await t.deps.db.execute(
      sql`update ${sessions} set expires_at = now() - interval '1 second' where token_hash = ${tokenHashOf(client)}`,
    );
    await t.deps.db.delete(sessions).where(sql`${sessions.expires_at} < now()`);
    expect((await checkSession(client)).status).toBe('error');
  });

  it('a role change shows on the next request', async () => {
    const { client, user } = await cachedMember();
    expect((await checkSession(client)).user?.role).toBe('member');
    await t.deps.db.update(users).set({ role: 'superadmin' }).where(eq(users.id, user.id));
    expect((await checkSession(client)).user?.role).toBe('superadmin');
    await t.deps.db.update(users).set({ role: 'member' }).where(eq(users.id, user.id));
    expect((await checkSession(client)).user?.role).toBe('member');
  });

  it('a password changed by the admin ends the sessions; a name change shows at once', async () => {
    const { client, user, member } = await cachedMember();
    const body = { name: 'Renamed Member', email: user.email };
    expect(await updateMemberUser(t.deps.db, member.trabot_client_id, user.id, body)).not.toBeNull();
    expect((await checkSession(client)).user?.name).toBe('Renamed Member');
    await updateMemberUser(t.deps.db, member.trabot_client_id, user.id, { ...body, password: 'a new password 42' });
    expect((await checkSession(client)).status).toBe('error');
  });

  it('a deleted (disabled) user is logged out at once', async () => {
    const { client, user } = await cachedMember();
    await t.deps.db.delete(users).where(eq(users.id, user.id));
    expect((await checkSession(client)).status).toBe('error');
  });

  it("the account's trades version stays exact on every write to its trades, with no statement", async () => {
    const { client, account } = await cachedMember();
    const hash = tokenHashOf(client);
    const stored = async () =>
      Number(
        (
          await t.deps.db
            .select({ version: accountTradeVersions.version })
            .from(accountTradeVersions)
            .where(eq(accountTradeVersions.trabot_account_id, account.trabot_account_id))
        )[0]?.version ?? 0,
      );
    const before = (await findSession(t.deps.db, hash))!.tradesVersion;
    expect(before).toBe(await stored());
    const trade = await createTrade(t.deps, account.trabot_account_id);
    const afterInsert = (await findSession(t.deps.db, hash))!.tradesVersion;
    expect(afterInsert).toBeGreaterThan(before);
    expect(afterInsert).toBe(await stored());
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`update trades set ltp = 760 where trabot_trade_id = ${trade.trabot_trade_id}`);
      // Not committed yet: the version the request sees is still the committed one.
      expect((await within(2000, findSession(t.deps.db, hash)))!.tradesVersion).toBe(afterInsert);
    });
    const afterUpdate = (await findSession(t.deps.db, hash))!.tradesVersion;
    expect(afterUpdate).toBeGreaterThan(afterInsert);
    expect(afterUpdate).toBe(await stored());
  });
});

describe.runIf(!onPglite)('PostgreSQL (several processes may serve it)', () => {
  it('has no session cache: every lookup asks the database', async () => {
    expect(sessionCacheOf(t.deps.db)).toBeUndefined();
    const login = await createMemberLogin(t.deps);
    const client = t.client();
    expect((await client.login(login.user.email, login.user.password)).status).toBe(200);
    expect((await checkSession(client)).status).toBe('success');
    await t.deps.db.delete(sessions).where(eq(sessions.user_id, login.user.id));
    expect((await checkSession(client)).status).toBe('error');
  });
});
