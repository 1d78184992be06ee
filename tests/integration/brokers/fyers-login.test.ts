/**
 * The daily Fyers login (issue 12) end to end against the local Fyers server: the login link with
 * the app's redirect URL and the one-time state, Fyers's page and redirect, the auth code exchanged
 * with the app's hash and checked with a funds call, the session stored encrypted, and a refusal
 * told in Fyers's words.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accounts } from '../../../src/server/db/schema';
import { getToken } from '../../../src/server/services/tokens';
import { createMemberLogin } from '../../factories/accounts';
import { startFakeFyers, type FakeFyers } from '../../support/fake-fyers';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';

const REDIRECT = 'http://localhost:3000/api/brokers/fyers/callback';
let fyers: FakeFyers;
let t: TestApp;

beforeAll(async () => {
  fyers = await startFakeFyers();
  fyers.setRedirectUrl(REDIRECT);
  t = await createTestApp({ env: { FYERS_APP_ID: fyers.appId, FYERS_SECRET_KEY: fyers.secret, FYERS_REDIRECT_URL: REDIRECT, FYERS_API_ROOT: fyers.root } });
});
afterAll(async () => {
  await t.close();
  await fyers.close();
});

async function fyersMember(): Promise<{ client: TestClient; accountId: number }> {
  const { user, account } = await createMemberLogin(t.deps);
  await t.deps.db.update(accounts).set({ broker_name: 'fyers' }).where(eq(accounts.trabot_account_id, account.trabot_account_id));
  const client = t.client();
  await client.login(user.email, user.password);
  return { client, accountId: account.trabot_account_id };
}

async function throughFyers(client: TestClient): Promise<string> {
  const res = await client.request('/api/brokers/fyers/login-url');
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const back = await fyers.logIn(url);
  return back.pathname + back.search;
}

it('connects a Fyers account: auth code exchanged, funds checked with the new session, stored encrypted until 06:00 IST', async () => {
  const { client, accountId } = await fyersMember();
  const res = await client.request(await throughFyers(client));
  expect(res.status).toBe(303);
  expect(Object.fromEntries(new URL(res.headers.get('location')!, 'http://x').searchParams)).toEqual({ broker_login: 'connected', broker: 'fyers' });

  const funds = fyers.requests.findLast((r) => r.path === '/api/v3/funds')!;
  const token = funds.headers.authorization!.split(':')[1]!;
  const [row] = await t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, accountId));
  expect(row!.broker_access_key_enc).not.toContain(token);
  expect(t.deps.secrets.decrypt(row!.broker_access_key_enc!)).toBe(token);
  expect(row).toMatchObject({ access_key_valid: true, broker_funds_available: 10_000_000 });
  expect(row!.broker_session_expires_at!.toISOString()).toMatch(/T00:30:00\.000Z$/);
  expect((await getToken(t.deps, 'fyers.session_token', accountId))?.value).toBe(token);
  expect(t.logLines.join('\n')).not.toContain(token);
});

it("says what Fyers refused (an auth code used twice) and keeps the account's session as it was", async () => {
  const { client, accountId } = await fyersMember();
  const path = await throughFyers(client);
  const code = new URL(path, 'http://x').searchParams.get('auth_code')!;
  // The code is spent before the member comes back (Fyers takes each code once).
  const appIdHash = createHash('sha256').update(`${fyers.appId}:${fyers.secret}`).digest('hex');
  const spent = await fetch(`${fyers.root}/api/v3/validate-authcode`, { method: 'POST', body: JSON.stringify({ grant_type: 'authorization_code', code, appIdHash }) });
  expect(spent.status).toBe(200);
  const res = await client.request(path);
  expect(Object.fromEntries(new URL(res.headers.get('location')!, 'http://x').searchParams)).toEqual({ broker_login: 'failed', broker: 'fyers', message: 'Invalid auth code' });
  const [row] = await t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, accountId));
  expect(row).toMatchObject({ broker_session_expires_at: null, broker_access_key_enc: null });
});
