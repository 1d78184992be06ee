/**
 * How the server reaches Dhan (https://dhanhq.co/docs/v2/authentication), through the API against
 * the local Dhan (tests/support/fake-dhan.ts):
 * - partner access (DHAN_PARTNER_ID, DHAN_PARTNER_SECRET): any number of Dhan clients, each member
 *   connected through Dhan's partner consent flow, the session only for the account's own client,
 *   the firm's wrong credentials refused by Dhan and said so;
 * - an individual API key: one Dhan client; a second, different one is refused (409 naming
 *   broker_client_id) on the member's and the admin's broker forms and at the daily login's start.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '@server/db/schema';
import { DomainError } from '@server/lib/domain-error';
import { refuseSecondDhanClient } from '@server/services/dhan-clients';
import { accountSettingsSchema } from '@shared/schemas/account';
import { createAccount, createMember, createMemberLogin, createUser } from '../../factories/accounts';
import { startFakeDhan, type FakeDhan } from '../../support/fake-dhan';
import { expectError, expectJson, loggedIn } from '../admin/setup';
import { createTestApp, TestClient, type TestApp } from '../helpers/test-app';

const REDIRECT = 'http://localhost:3000/api/brokers/dhan/callback';

const dhanRoots = (fake: FakeDhan) => ({
  DHAN_API_ROOT: fake.root,
  DHAN_AUTH_ROOT: fake.root,
  DHAN_SCRIP_MASTER_URL: fake.scripMasterUrl,
});

async function memberWithLogin(t: TestApp) {
  const login = await createMemberLogin(t.deps);
  return { ...login, client: await loggedIn(t, login.user.email, login.user.password) };
}

const saveOwn = (client: TestClient, brokerClientId: string) =>
  client.json('/api/update-broker-details', {
    broker_name: 'dhan',
    broker_client_id: brokerClientId,
    broker_access_key: '',
  });

const outcome = (res: Response) => Object.fromEntries(new URL(res.headers.get('location')!, 'http://x').searchParams);

describe('Dhan with partner access', () => {
  let fake: FakeDhan;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeDhan();
    fake.setRedirectUrl(REDIRECT);
    t = await createTestApp({
      env: { DHAN_PARTNER_ID: fake.partnerId, DHAN_PARTNER_SECRET: fake.partnerSecret, ...dhanRoots(fake) },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const loginUrl = async (client: TestClient) => {
    const res = await client.request('/api/brokers/dhan/login-url');
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { url: string }).url;
  };

  it('any number of Dhan clients; each member logs in through the partner consent and gets their own session', async () => {
    for (const clientId of ['1000000401', '1000000402']) {
      const m = await memberWithLogin(t);
      const saved = await expectJson(await saveOwn(m.client, clientId), 200, accountSettingsSchema.strict());
      expect(saved).toMatchObject({ broker_name: 'dhan', broker_client_id: clientId, dhan_access: 'partner' });

      const url = new URL(await loginUrl(m.client));
      expect(url.origin + url.pathname).toBe(`${fake.root}/consent-login`);
      expect(fake.requests.findLast((r) => r.path.endsWith('generate-consent'))).toMatchObject({
        method: 'POST',
        path: '/partner/generate-consent',
        headers: { partner_id: fake.partnerId, partner_secret: fake.partnerSecret },
      });
      fake.logInAs(clientId);
      const back = await fake.logIn(url.toString());
      expect(back.origin + back.pathname).toBe(REDIRECT);
      const res = await m.client.request(back.pathname + back.search);
      expect(outcome(res)).toEqual({ broker_login: 'connected', broker: 'dhan' });
      expect(fake.requests.findLast((r) => r.path === '/partner/consume-consent')).toMatchObject({
        headers: { partner_id: fake.partnerId, partner_secret: fake.partnerSecret },
      });
      const [row] = await t.deps.db
        .select()
        .from(accounts)
        .where(eq(accounts.trabot_account_id, m.account.trabot_account_id));
      const token = t.deps.secrets.decrypt(row!.broker_access_key_enc!);
      expect(fake.requests.findLast((r) => r.path === '/v2/fundlimit')!.headers['access-token']).toBe(token);
      expect(row).toMatchObject({ access_key_valid: true, broker_funds_available: 10_000_000 });
    }
  });

  it("refuses a session Dhan gives for another client than the account's, and stores nothing", async () => {
    const m = await memberWithLogin(t);
    await saveOwn(m.client, '1000000403');
    fake.logInAs('1000000999');
    const back = await fake.logIn(await loginUrl(m.client));
    const res = await m.client.request(back.pathname + back.search);
    expect(outcome(res)).toEqual({ broker_login: 'failed', broker: 'dhan', reason: 'refused' });
    expect(t.logLines.join('\n')).toContain("This Dhan login is for client 1000000999, not the account's 1000000403");
    const [row] = await t.deps.db
      .select()
      .from(accounts)
      .where(eq(accounts.trabot_account_id, m.account.trabot_account_id));
    expect(row).toMatchObject({ broker_access_key_enc: null, broker_session_expires_at: null });
  });

  it("a wrong partner secret is refused by Dhan, and the login link says it is the firm's credentials", async () => {
    const m = await memberWithLogin(t);
    await saveOwn(m.client, '1000000404');
    const wrong = new TestClient(t.withEnv({ DHAN_PARTNER_SECRET: 'not-the-secret' }));
    expect((await wrong.login(m.user.email, m.user.password)).status).toBe(200);
    const refused = await expectError(await wrong.request('/api/brokers/dhan/login-url'), 409);
    expect(refused.error).toBe("Dhan refused the firm's credentials: Invalid partner_id or partner_secret");
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/partner/generate-consent',
      headers: { partner_secret: 'not-the-secret' },
    });
  });
});

describe('Dhan with an individual API key (one Dhan client)', () => {
  let fake: FakeDhan;
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    fake = await startFakeDhan();
    fake.setRedirectUrl(REDIRECT);
    t = await createTestApp({
      env: { DHAN_API_KEY: fake.apiKey, DHAN_API_SECRET: fake.apiSecret, ...dhanRoots(fake) },
    });
    const adminUser = await createUser(t.deps, { role: 'superadmin' });
    admin = await loggedIn(t, adminUser.email, adminUser.password);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const MEMBER_REFUSAL =
    'Dhan is set up with an individual API key, which serves one Dhan account, already in use. Ask the firm to set up Dhan partner access to add more.';
  const adminRefusal = (client: string) =>
    `Dhan is set up with an individual API key, which serves one Dhan account (client ${client}). Set up Dhan partner access (DHAN_PARTNER_ID, DHAN_PARTNER_SECRET) to add more.`;

  it('the first Dhan client is saved; a second, different one is refused with 409 naming the field, the account unchanged; the same client is fine', async () => {
    const first = await memberWithLogin(t);
    const settings = await expectJson(
      await first.client.request('/api/account-details'),
      200,
      accountSettingsSchema.strict(),
    );
    expect(settings.dhan_access).toBe('individual');
    expect((await saveOwn(first.client, '1000000401')).status).toBe(200);

    const second = await memberWithLogin(t);
    const refused = await expectError(await saveOwn(second.client, '1000000402'), 409);
    expect(refused).toEqual({ error: MEMBER_REFUSAL, fields: { broker_client_id: MEMBER_REFUSAL } });
    const [row] = await t.deps.db
      .select()
      .from(accounts)
      .where(eq(accounts.trabot_account_id, second.account.trabot_account_id));
    expect(row).toMatchObject({ broker_name: 'zerodha', broker_client_id: 'ZX4821' });

    // The same Dhan client on another account, and a change of key on the first, are fine.
    expect((await saveOwn(second.client, '1000000401')).status).toBe(200);
    const keyed = await first.client.json('/api/update-broker-details', {
      broker_name: 'dhan',
      broker_client_id: '1000000401',
      broker_access_key: 'dhan-token-abc123',
    });
    expect(keyed.status).toBe(200);
    // Another broker stays free to name any client; so does Dhan with no client id yet.
    expect(
      (
        await second.client.json('/api/update-broker-details', {
          broker_name: 'fyers',
          broker_client_id: 'XY12345',
          broker_access_key: '',
        })
      ).status,
    ).toBe(200);
    expect((await saveOwn(second.client, '')).status).toBe(200);

    // The superadmin's broker modal: refused too, naming the client served.
    const member = await createMember(t.deps);
    const other = await createAccount(t.deps, member.trabot_client_id);
    const byAdmin = await expectError(
      await admin.json(`/api/${other.trabot_account_id}/update-broker-details`, {
        broker_name: 'dhan',
        broker_client_id: '1000000403',
        broker_access_key: '',
      }),
      409,
    );
    expect(byAdmin).toEqual({
      error: adminRefusal('1000000401'),
      fields: { broker_client_id: adminRefusal('1000000401') },
    });
    expect(
      (
        await admin.json(`/api/${other.trabot_account_id}/update-broker-details`, {
          broker_name: 'dhan',
          broker_client_id: '1000000401',
          broker_access_key: '',
        })
      ).status,
    ).toBe(200);

    // An account that does not exist is still a 404, whatever the client.
    const missing = await admin.json('/api/987654/update-broker-details', {
      broker_name: 'dhan',
      broker_client_id: '1000000403',
      broker_access_key: '',
    });
    expect(missing.status).toBe(404);

    // The one account moving to another Dhan client while others still name the first: refused.
    expect((await saveOwn(first.client, '1000000409')).status).toBe(409);
  });

  it('two saves at once of two different Dhan clients: one is saved, the other refused', async () => {
    await t.deps.db.update(accounts).set({ broker_name: 'zerodha' }).where(eq(accounts.broker_name, 'dhan'));
    const a = await memberWithLogin(t);
    const b = await memberWithLogin(t);
    const answers = await Promise.all([saveOwn(a.client, '1000000501'), saveOwn(b.client, '1000000502')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const dhanClients = await t.deps.db
      .selectDistinct({ id: accounts.broker_client_id })
      .from(accounts)
      .where(eq(accounts.broker_name, 'dhan'));
    expect(dhanClients).toHaveLength(1);
  });

  it("the daily login: the one client's account connects; an account saved earlier with another client is refused at the start", async () => {
    await t.deps.db.update(accounts).set({ broker_name: 'zerodha' }).where(eq(accounts.broker_name, 'dhan'));
    const first = await memberWithLogin(t);
    expect((await saveOwn(first.client, '1000000601')).status).toBe(200);
    // An account named another Dhan client before the rule (written straight to the database).
    const later = await memberWithLogin(t);
    await t.deps.db
      .update(accounts)
      .set({ broker_name: 'dhan', broker_client_id: '1000000602' })
      .where(eq(accounts.trabot_account_id, later.account.trabot_account_id));

    const consents = fake.requests.filter((r) => r.path === '/app/generate-consent').length;
    const refused = await expectError(await later.client.request('/api/brokers/dhan/login-url'), 409);
    expect(refused.error).toBe(MEMBER_REFUSAL);
    const forAdmin = await expectError(
      await admin.request(`/api/brokers/dhan/login-url?account_id=${later.account.trabot_account_id}`),
      409,
    );
    expect(forAdmin.error).toBe(adminRefusal('1000000601'));
    expect(fake.requests.filter((r) => r.path === '/app/generate-consent').length).toBe(consents);

    const ok = await first.client.request('/api/brokers/dhan/login-url');
    expect(ok.status).toBe(200);
    const back = await fake.logIn(((await ok.json()) as { url: string }).url);
    expect(outcome(await first.client.request(back.pathname + back.search))).toEqual({
      broker_login: 'connected',
      broker: 'dhan',
    });
  });

  it('the service refuses in domain terms (a conflict naming the field); only the app picks the 409', async () => {
    await t.deps.db.update(accounts).set({ broker_name: 'zerodha' }).where(eq(accounts.broker_name, 'dhan'));
    const served = await memberWithLogin(t);
    await t.deps.db
      .update(accounts)
      .set({ broker_name: 'dhan', broker_client_id: '1000000701' })
      .where(eq(accounts.trabot_account_id, served.account.trabot_account_id));
    const other = await memberWithLogin(t);

    const refusal = await t.deps.db
      .transaction((tx) =>
        refuseSecondDhanClient(tx, other.account.trabot_account_id, '1000000702', { role: 'member' }),
      )
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: 'conflict', fields: { broker_client_id: MEMBER_REFUSAL } });
  });
});
