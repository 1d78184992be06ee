/**
 * The daily Zerodha login end to end against the local Kite server: the login link with
 * its one-time state in redirect_params, Kite's login page and redirect, the callback's checks
 * (whose login, used once, in time, the right broker), the request token exchanged with its
 * checksum and checked with a funds call, the session stored encrypted with its 06:00 IST expiry,
 * and none of it in an answer or a log line.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, brokerLogins, tokens } from '@server/db/schema';
import { kiteSessionExpiry } from '@server/brokers/zerodha/zerodha-adapter';
import { accountSettingsSchema } from '@shared/schemas/account';
import { createAccount, createMember, createMemberLogin, createUser } from '../../factories/accounts';
import { startFakeKite, type FakeKite } from '../../support/fake-kite';
import type { TestClient } from '../helpers/test-app';
import { adminTest, expectError, expectJson, type AdminTest } from '../admin/setup';

let kite: FakeKite;
let a: AdminTest;

beforeAll(async () => {
  kite = await startFakeKite({ redirectUrl: 'http://localhost:3000/api/brokers/zerodha/callback' });
  kite.setCash(500_000);
  a = await adminTest({
    env: {
      KITE_API_KEY: kite.apiKey,
      KITE_API_SECRET: kite.apiSecret,
      KITE_API_ROOT: kite.root,
      KITE_LOGIN_URL: kite.loginUrl,
    },
  });
});
afterAll(async () => {
  await a.t.close();
  await kite.close();
});

async function loginUrl(client: TestClient, accountId?: number): Promise<URL> {
  const res = await client.request(
    `/api/brokers/zerodha/login-url${accountId === undefined ? '' : `?account_id=${accountId}`}`,
  );
  const { url } = (await res.json()) as { url: string };
  expect(res.status).toBe(200);
  return new URL(url);
}

/** The member on Kite's page: it shows, they log in, Kite redirects to the app's callback (its path and query). */
async function throughKite(url: URL): Promise<string> {
  const back = await kite.logIn(url.toString());
  return back.pathname + back.search;
}

/** Follows the callback; answers where it sends the browser. */
async function callback(client: TestClient, path: string): Promise<URL> {
  const res = await client.request(path);
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!, 'http://localhost:3000');
}

describe('the daily Zerodha login', () => {
  it('connects the member: checksum exchange, funds check, session stored encrypted until 06:00 IST, shown only as dots', async () => {
    const url = await loginUrl(a.member);
    expect(url.origin + url.pathname).toBe(kite.loginUrl);
    expect(url.searchParams.get('v')).toBe('3');
    expect(url.searchParams.get('api_key')).toBe(kite.apiKey);
    const state = new URLSearchParams(url.searchParams.get('redirect_params')!).get('state')!;
    expect(state).toMatch(/^[\w-]{32}$/);

    const path = await throughKite(url);
    const requestToken = new URL(path, 'http://x').searchParams.get('request_token')!;
    const connectedAt = new Date();
    const back = await callback(a.member, path);
    expect(back.pathname).toBe('/dashboard/account-settings');
    expect(Object.fromEntries(back.searchParams)).toEqual({ broker_login: 'connected', broker: 'zerodha' });

    // Kite saw the checksum exchange, then a funds call with the new session.
    const exchange = kite.requests.findLast((r) => r.path === '/session/token')!;
    expect(exchange.form).toMatchObject({ api_key: kite.apiKey, request_token: requestToken });
    const funds = kite.requests.findLast((r) => r.path === '/user/margins/equity')!;
    const accessToken = funds.headers.authorization!.split(':')[1]!;

    const settings = await expectJson(
      await a.member.request('/api/account-details'),
      200,
      accountSettingsSchema.strict(),
    );
    expect(settings).toMatchObject({
      access_key_valid: true,
      broker_login: 'available',
      broker_access_key: '••••••••',
    });
    const expiry = new Date(settings.broker_session_expires_at!);
    expect(expiry).toEqual(kiteSessionExpiry(connectedAt));
    expect(expiry.getUTCHours() * 60 + expiry.getUTCMinutes()).toBe(30); // 06:00 IST

    const accountId = a.memberLogin.account.trabot_account_id;
    const [row] = await a.t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, accountId));
    expect(row!.broker_funds_available).toBe(500_000);
    expect(row!.broker_access_key_enc).not.toContain(accessToken);
    expect(a.t.deps.secrets.decrypt(row!.broker_access_key_enc!)).toBe(accessToken);
    const [session] = await a.t.deps.db
      .select()
      .from(tokens)
      .where(eq(tokens.name, `zerodha.session_token (account ${accountId})`));
    expect(a.t.deps.secrets.decrypt(session!.value_enc)).toBe(accessToken);
    expect(session!.expires_at).toEqual(expiry);

    const logs = a.t.logLines.join('\n');
    expect(logs).toContain('"broker connected"');
    for (const secret of [accessToken, requestToken, state, kite.apiSecret]) expect(logs).not.toContain(secret);
  });

  it('uses a login once: the replayed callback is refused and changes nothing', async () => {
    const path = await throughKite(await loginUrl(a.member));
    expect((await callback(a.member, path)).searchParams.get('broker_login')).toBe('connected');
    const again = await callback(a.member, path);
    expect(Object.fromEntries(again.searchParams)).toEqual({
      broker_login: 'failed',
      broker: 'zerodha',
      reason: 'used',
    });
  });

  it("refuses another user's login without using it up, and a login that took too long", async () => {
    const path = await throughKite(await loginUrl(a.member));
    const stolen = await callback(a.admin, path);
    expect(stolen.pathname).toBe('/dashboard/admin');
    expect(stolen.searchParams.get('reason')).toBe('not_started');
    expect((await callback(a.member, path)).searchParams.get('broker_login')).toBe('connected');

    const late = await throughKite(await loginUrl(a.member));
    await a.t.deps.db
      .update(brokerLogins)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(brokerLogins.user_id, a.memberLogin.user.id));
    expect((await callback(a.member, late)).searchParams.get('reason')).toBe('expired');
  });

  it("says what Kite refused (an expired request token) and keeps the account's session as it was", async () => {
    const member = await createMemberLogin(a.t.deps);
    const client = a.t.client();
    await client.login(member.user.email, member.user.password);
    const path = await throughKite(await loginUrl(client));
    kite.failNext({
      status: 403,
      body: { status: 'error', message: 'Token is invalid or has expired.', error_type: 'TokenException', data: null },
    });
    const back = await callback(client, path);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      broker_login: 'failed',
      broker: 'zerodha',
      reason: 'refused',
    });
    // Kite's own words reach the log, never the address the browser is sent to.
    expect(a.t.logLines.join('\n')).toContain('Zerodha session expired or invalid: Token is invalid or has expired.');
    const [row] = await a.t.deps.db
      .select()
      .from(accounts)
      .where(eq(accounts.trabot_account_id, member.account.trabot_account_id));
    expect(row).toMatchObject({ broker_session_expires_at: null, broker_access_key_enc: null });

    // A login the member did not finish on Kite's side.
    const unfinished = new URL(await throughKite(await loginUrl(client)), 'http://localhost:3000');
    unfinished.searchParams.set('status', 'cancelled');
    const refused = await callback(client, unfinished.pathname + unfinished.search);
    expect(Object.fromEntries(refused.searchParams)).toEqual({
      broker_login: 'failed',
      broker: 'zerodha',
      reason: 'refused',
    });
  });

  it("lets a superadmin connect any member's account and brings them back to that member's accounts", async () => {
    const member = await createMember(a.t.deps);
    const account = await createAccount(a.t.deps, member.trabot_client_id, {
      broker_name: 'zerodha',
      access_key_valid: false,
    });
    const back = await callback(a.admin, await throughKite(await loginUrl(a.admin, account.trabot_account_id)));
    expect(back.pathname).toBe(`/dashboard/admin/members/${member.trabot_client_id}/accounts`);
    expect(back.searchParams.get('broker_login')).toBe('connected');
    const listed = (await (await a.admin.request(`/api/admin/members/${member.trabot_client_id}/accounts`)).json()) as {
      access_key_valid: boolean;
      broker_session_expires_at: string | null;
      broker_access_key: string;
    }[];
    expect(listed[0]).toMatchObject({ access_key_valid: true, broker_access_key: '••••••••' });
    expect(listed[0]!.broker_session_expires_at).not.toBeNull();
  });

  it('refuses a login link it cannot honour, naming why', async () => {
    const member = await createMember(a.t.deps);
    const fyers = await createAccount(a.t.deps, member.trabot_client_id, { broker_name: 'fyers' });
    const fyersUser = await createUser(a.t.deps, {
      memberId: member.trabot_client_id,
      accountId: fyers.trabot_account_id,
    });
    const fyersClient = a.t.client();
    await fyersClient.login(fyersUser.email, fyersUser.password);

    expect(
      (
        await expectError(
          await a.member.request(`/api/brokers/zerodha/login-url?account_id=${fyers.trabot_account_id}`),
          403,
        )
      ).error,
    ).toBe('Only a superadmin may connect another account');
    expect((await expectError(await fyersClient.request('/api/brokers/zerodha/login-url'), 409)).error).toBe(
      `Account ${fyers.trabot_account_id} trades with fyers, not zerodha`,
    );
    expect((await expectError(await fyersClient.request('/api/brokers/fyers/login-url'), 409)).error).toBe(
      'Fyers is not configured on this server: its accounts stay on paper',
    );
    expect(
      (await expectError(await a.admin.request('/api/brokers/zerodha/login-url?account_id=987654'), 404)).error,
    ).toBe('Account not found');
    expect(
      Object.keys(
        (await expectError(await a.admin.request('/api/brokers/zerodha/login-url?account_id=abc'), 400)).fields ?? {},
      ),
    ).toEqual(['account_id']);
    expect((await a.anonymous.request('/api/brokers/zerodha/login-url')).status).toBe(401);
    // A callback without a session goes to the login page.
    const res = await a.anonymous.request('/api/brokers/zerodha/callback?status=success&request_token=x&state=y');
    expect([res.status, res.headers.get('location')]).toEqual([303, '/login']);
  });

  it('shows each broker as Account Settings offers it', async () => {
    const member = await createMember(a.t.deps);
    const seen: Record<string, string> = {};
    for (const broker_name of ['zerodha', 'fyers', 'groww', '5paisa', 'none']) {
      const account = await createAccount(a.t.deps, member.trabot_client_id, { broker_name });
      const settings = (await (await a.admin.request(`/api/${account.trabot_account_id}/account-details`)).json()) as {
        broker_login: string;
      };
      seen[broker_name] = settings.broker_login;
    }
    expect(seen).toEqual({
      zerodha: 'available',
      fyers: 'not_configured',
      groww: 'paper_only',
      '5paisa': 'paper_only',
      none: 'none',
    });
  });
});
