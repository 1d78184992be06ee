/**
 * The daily login of the brokers reached through their REST APIs, Fyers, Upstox, Angel One and Dhan, end
 * to end against their local servers: the login link with the app's redirect URL and the one-time
 * state, the broker's page and redirect, the code exchanged and checked with a funds call, the
 * session stored encrypted (and in Tokens), and a refusal logged in the broker's words.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '@server/db/schema';
import { getToken } from '@server/records/tokens';
import { createMemberLogin } from '../../factories/accounts';
import { REST_BROKER_WORLDS, type RestFake } from '../../support/rest-broker-worlds';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';

describe.each(REST_BROKER_WORLDS)('the daily $label login', (world) => {
  const redirect = `http://localhost:3000/api/brokers/${world.broker}/callback`;
  let fake: RestFake;
  let t: TestApp;

  beforeAll(async () => {
    const started = await world.start(redirect);
    fake = started.fake;
    t = await createTestApp({ env: started.env });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function member(): Promise<{ client: TestClient; accountId: number }> {
    const { user, account } = await createMemberLogin(t.deps);
    // Dhan opens its consent for the member's Dhan client id, and the session must be that client's.
    // Dhan here is on an individual API key, which serves one Dhan client: every member names it
    // (dhan-access.test.ts has partner access, many clients).
    const clientId = world.broker === 'dhan' ? '1000000401' : `C${account.trabot_account_id}`;
    await t.deps.db
      .update(accounts)
      .set({ broker_name: world.broker, broker_client_id: clientId })
      .where(eq(accounts.trabot_account_id, account.trabot_account_id));
    const client = t.client();
    await client.login(user.email, user.password);
    return { client, accountId: account.trabot_account_id };
  }

  /** Through the broker's page and back: the callback's path and query. */
  async function throughBroker(client: TestClient): Promise<string> {
    const res = await client.request(`/api/brokers/${world.broker}/login-url`);
    expect(res.status).toBe(200);
    const back = await fake.logIn(((await res.json()) as { url: string }).url);
    expect(back.origin + back.pathname).toBe(redirect);
    return back.pathname + back.search;
  }

  const outcome = (res: Response) => Object.fromEntries(new URL(res.headers.get('location')!, 'http://x').searchParams);

  it('connects the account: code exchanged, funds checked with the new session, stored encrypted until the next morning', async () => {
    const { client, accountId } = await member();
    const res = await client.request(await throughBroker(client));
    expect(res.status).toBe(303);
    expect(outcome(res)).toEqual({ broker_login: 'connected', broker: world.broker });

    const funds = fake.requests.findLast((r) => r.path === world.fundsPath)!;
    const token = world.tokenOf(funds.headers);
    const [row] = await t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, accountId));
    expect(row!.broker_access_key_enc).not.toContain(token);
    expect(t.deps.secrets.decrypt(row!.broker_access_key_enc!)).toBe(token);
    expect(row).toMatchObject({ access_key_valid: true, broker_funds_available: 10_000_000 });
    expect(row!.broker_session_expires_at!.getTime()).toBeGreaterThan(Date.now());
    expect((await getToken(t.deps, `${world.broker}.session_token`, accountId))?.value).toBe(token);
    expect(t.logLines.join('\n')).not.toContain(token);
  });

  it("says what the broker refused (a spent code, or a session it does not know) and keeps the account's session as it was", async () => {
    const { client, accountId } = await member();
    const path = await throughBroker(client);
    fake.failNext(world.refusal.answer);
    const res = await client.request(path);
    expect(outcome(res)).toEqual({ broker_login: 'failed', broker: world.broker, reason: 'refused' });
    // The broker's own words reach the log, never the address the browser is sent to.
    expect(t.logLines.join('\n')).toContain(world.refusal.message);
    const [row] = await t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, accountId));
    expect(row).toMatchObject({ broker_session_expires_at: null, broker_access_key_enc: null });
  });

  it("refuses a callback the user did not start (another member's way back), and keeps it usable by its owner", async () => {
    const owner = await member();
    const path = await throughBroker(owner.client);
    const other = await member();
    const refused = await other.client.request(path);
    expect(outcome(refused)).toMatchObject({
      broker_login: 'failed',
      broker: world.broker,
      reason: 'not_started',
    });
    expect(outcome(await owner.client.request(path))).toEqual({ broker_login: 'connected', broker: world.broker });
  });
});
