/** Member endpoints: account trades, account details, broker details; guards and data isolation. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '@server/app';
import { requireSuperadmin, requireUser } from '@server/auth/guards';
import { accounts, members } from '@server/db/schema';
import { accountSettingsSchema } from '@shared/schemas/account';
import { tradeEntrySchema, tradeExitSchema, tradeSchema } from '@shared/schemas/trades';
import { createAccount, createMember, createMemberLogin, createUser } from '../factories/accounts';
import { createTrade } from '../factories/trades';
import { createTestApp, type TestApp, type TestClient } from './helpers/test-app';

const BROKER_KEY = 'AKX9-live-7731-secret-QWERTY';

let t: TestApp;
let alice: Awaited<ReturnType<typeof createMemberLogin>>;
let bob: Awaited<ReturnType<typeof createMemberLogin>>;
let aliceClient: TestClient;
let bobClient: TestClient;
let adminClient: TestClient;
let noAccountClient: TestClient;
const aliceTradeIds: Record<string, number> = {};

/** Every trade of the API is exactly tradeSchema: no missing and no extra fields. */
const strictTrades = z.array(
  tradeSchema
    .extend({ trade_entries: z.array(tradeEntrySchema.strict()), trade_exits: z.array(tradeExitSchema.strict()) })
    .strict(),
);

async function loggedIn(email: string, password: string) {
  const client = t.client();
  const res = await client.login(email, password);
  expect(res.status).toBe(200);
  return client;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await createMemberLogin(t.deps, { brokerAccessKey: BROKER_KEY });
  bob = await createMemberLogin(t.deps);
  const admin = await createUser(t.deps, { role: 'superadmin' });
  const loner = await createUser(t.deps);

  const a = alice.account.trabot_account_id;
  aliceTradeIds.running = (
    await createTrade(
      t.deps,
      a,
      { trade_date: '2026-11-03', trade_status: 'running', trade_quantity: 40, remaining_quantity: 25 },
      {
        entries: [
          {
            trade_entry_sequence: 2,
            trade_entry_quantity: 15,
            trade_entry_price: 745.1,
            trade_entry_timestamp: new Date('2026-11-03T04:10:00Z'),
            stt: 11.18,
            stamp_duty: 1.68,
            dp_charges: null,
          },
          {
            trade_entry_sequence: 1,
            trade_entry_quantity: 25,
            trade_entry_price: 740.7,
            trade_entry_timestamp: new Date('2026-11-03T03:50:00Z'),
            order_id: 'ORD-1',
            exchange_order_id: 'NSE-77',
            sebi_tax: 0.02,
            stt: 18.52,
            brokerage_charges: 20,
            service_tax: 3.62,
            exchange_transaction_charges: 0.6,
            stamp_duty: 2.78,
            dp_charges: null,
          },
        ],
        exits: [
          {
            trade_exit_sequence: 1,
            trade_exit_quantity: 15,
            trade_exit_price: 760.25,
            trade_exit_timestamp: new Date('2026-11-04T09:00:00Z'),
          },
        ],
      },
    )
  ).trabot_trade_id;
  aliceTradeIds.completed = (
    await createTrade(t.deps, a, {
      trade_date: '2026-10-20',
      trade_status: 'completed',
      avg_exit_price: 790.5,
      ltp: null,
    })
  ).trabot_trade_id;
  aliceTradeIds.pending = (
    await createTrade(t.deps, a, {
      trade_date: '2026-11-03',
      trade_status: 'pending',
      avg_entry_price: null,
      remaining_quantity: null,
    })
  ).trabot_trade_id;
  aliceTradeIds.cancelled = (
    await createTrade(t.deps, a, { trade_date: '2026-11-05', trade_status: 'cancelled' })
  ).trabot_trade_id;
  await createTrade(t.deps, bob.account.trabot_account_id, { trade_instrument: 'BOBSONLY', trade_status: 'running' });

  aliceClient = await loggedIn(alice.user.email, alice.user.password);
  bobClient = await loggedIn(bob.user.email, bob.user.password);
  adminClient = await loggedIn(admin.email, admin.password);
  noAccountClient = await loggedIn(loner.email, loner.password);
});
afterAll(() => t.close());

describe('guards', () => {
  it.each([
    ['GET', '/api/account-trades?status=active'],
    ['GET', '/api/account-details'],
    ['POST', '/api/update-broker-details'],
  ])('%s %s is 401 without a session', async (method, path) => {
    const res = await t.client().request(path, {
      method,
      json: method === 'POST' ? { broker_name: 'none', broker_client_id: '', broker_access_key: '' } : undefined,
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not logged in' });
  });
});

describe('reusable guards', () => {
  it('requireSuperadmin: 401 anonymous, 403 member, passes a superadmin; requireUser: 401 anonymous', async () => {
    // Mounted the way later admin routes are: on an app built by createApp.
    const app = createApp(t.deps);
    app.get('/api/guard-probe/admin', requireSuperadmin, (c) => c.json({ ok: true }));
    app.get('/api/guard-probe/user', requireUser, (c) => c.json({ ok: true }));
    const as = (client: TestClient | undefined, pathname: string) =>
      app.request(`http://localhost:3000${pathname}`, {
        headers: client ? { cookie: `trabot_session=${client.cookies.get('trabot_session')}` } : {},
      });

    const anonymous = await as(undefined, '/api/guard-probe/admin');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Not logged in' });
    const memberRes = await as(aliceClient, '/api/guard-probe/admin');
    expect(memberRes.status).toBe(403);
    expect(await memberRes.json()).toEqual({ error: 'Forbidden' });
    expect((await as(adminClient, '/api/guard-probe/admin')).status).toBe(200);

    expect((await as(undefined, '/api/guard-probe/user')).status).toBe(401);
    expect((await as(aliceClient, '/api/guard-probe/user')).status).toBe(200);
  });
});

describe('GET /api/account-trades', () => {
  it('returns the own account trades, newest first, with entries and exits in the tradeSchema shape', async () => {
    const res = await aliceClient.request('/api/account-trades?status=active');
    expect(res.status).toBe(200);
    const trades = strictTrades.parse(await res.json());
    expect(trades.map((tr) => tr.trabot_trade_id)).toEqual([
      aliceTradeIds.cancelled,
      aliceTradeIds.pending, // same date as running, higher id first
      aliceTradeIds.running,
      aliceTradeIds.completed,
    ]);
    const running = trades.find((tr) => tr.trabot_trade_id === aliceTradeIds.running)!;
    expect(running).toMatchObject({
      trabot_account_id: alice.account.trabot_account_id,
      trade_date: '2026-11-03',
      trade_status: 'running',
      trade_quantity: 40,
      remaining_quantity: 25,
      avg_entry_price: 742.35,
      ltp: 751.1,
      signal_id: null,
    });
    expect(running.last_updated_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(running.trade_entries).toEqual([
      {
        trade_entry_sequence: 1,
        trade_entry_quantity: 25,
        trade_entry_price: 740.7,
        trade_entry_timestamp: '2026-11-03T03:50:00.000Z',
        order_id: 'ORD-1',
        exchange_order_id: 'NSE-77',
        sebi_tax: 0.02,
        stt: 18.52,
        brokerage_charges: 20,
        service_tax: 3.62,
        exchange_transaction_charges: 0.6,
        stamp_duty: 2.78,
        dp_charges: null,
      },
      expect.objectContaining({ trade_entry_sequence: 2, trade_entry_price: 745.1, order_id: null, sebi_tax: null }),
    ]);
    expect(running.trade_exits).toEqual([
      expect.objectContaining({ trade_exit_sequence: 1, trade_exit_quantity: 15, trade_exit_price: 760.25 }),
    ]);
    expect(trades.find((tr) => tr.trabot_trade_id === aliceTradeIds.completed)).toMatchObject({
      trade_entries: [],
      trade_exits: [],
      ltp: null,
    });
  });

  it('treats status=all and a missing status like active; a concrete status narrows', async () => {
    const ids = async (query: string) =>
      (
        (await (await aliceClient.request(`/api/account-trades${query}`)).json()) as {
          trabot_trade_id: number;
          trade_status: string;
        }[]
      ).map((tr) => tr.trabot_trade_id);
    const every = await ids('?status=active');
    expect(await ids('?status=all')).toEqual(every);
    expect(await ids('')).toEqual(every);
    expect(await ids('?status=running')).toEqual([aliceTradeIds.running]);
    expect(await ids('?status=completed')).toEqual([aliceTradeIds.completed]);
    expect(await ids('?status=approved')).toEqual([]);
  });

  it('400 naming the parameter for an unknown status or a malformed adminAccountId', async () => {
    const status = await aliceClient.request('/api/account-trades?status=exploded');
    expect(status.status).toBe(400);
    expect(((await status.json()) as { fields: object }).fields).toHaveProperty('status');
    const id = await adminClient.request('/api/account-trades?status=active&adminAccountId=abc');
    expect(id.status).toBe(400);
    expect(((await id.json()) as { fields: object }).fields).toHaveProperty('adminAccountId');
    const negative = await adminClient.request('/api/account-trades?adminAccountId=-3');
    expect(negative.status).toBe(400);
  });

  it("never shows another member's trades", async () => {
    const bobs = (await (await bobClient.request('/api/account-trades?status=active')).json()) as {
      trade_instrument: string;
      trabot_account_id: number;
    }[];
    expect(bobs).toHaveLength(1);
    expect(bobs[0]).toMatchObject({ trade_instrument: 'BOBSONLY', trabot_account_id: bob.account.trabot_account_id });
    const alices = (await (await aliceClient.request('/api/account-trades?status=active')).json()) as {
      trade_instrument: string;
    }[];
    expect(alices.map((tr) => tr.trade_instrument)).not.toContain('BOBSONLY');
  });

  it('403 for a member sending adminAccountId, even their own account id', async () => {
    for (const id of [bob.account.trabot_account_id, alice.account.trabot_account_id]) {
      const res = await aliceClient.request(`/api/account-trades?status=active&adminAccountId=${id}`);
      expect(res.status).toBe(403);
    }
  });

  it('lets a superadmin read any account with adminAccountId; 404 for an unknown account', async () => {
    const res = await adminClient.request(
      `/api/account-trades?status=active&adminAccountId=${alice.account.trabot_account_id}`,
    );
    expect(res.status).toBe(200);
    expect(strictTrades.parse(await res.json())).toHaveLength(4);
    const narrowed = await adminClient.request(
      `/api/account-trades?status=pending&adminAccountId=${alice.account.trabot_account_id}`,
    );
    expect(((await narrowed.json()) as unknown[]).length).toBe(1);
    const unknown = await adminClient.request('/api/account-trades?status=active&adminAccountId=999999');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Account not found' });
  });

  it('answers [] for a user without an account (a superadmin without adminAccountId, say)', async () => {
    for (const client of [adminClient, noAccountClient]) {
      const res = await client.request('/api/account-trades?status=active');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    }
  });
});

describe('GET /api/account-details', () => {
  it('returns the account settings with the broker key masked, never in clear', async () => {
    const res = await aliceClient.request('/api/account-details');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(BROKER_KEY);
    const settings = accountSettingsSchema.strict().parse(JSON.parse(text));
    expect(settings).toEqual({
      trabot_account_id: alice.account.trabot_account_id,
      account_status: 'active',
      access_key_valid: true,
      access_key_updated_timestamp: null,
      broker_name: 'zerodha',
      broker_client_id: 'ZX4821',
      broker_access_key: 'AK' + '•'.repeat(BROKER_KEY.length - 6) + 'ERTY',
      paper_trading: true,
      dhan_access: 'not_configured',
      broker_login: 'not_configured',
      broker_session_expires_at: null,
      equity_amount_balance: 250000.5,
      commodity_amount_balance: 12000,
      currency_amount_balance: 0,
    });
  });

  it('stores the broker key encrypted: the column holds no plaintext and decrypts with the app key', async () => {
    const [row] = await t.deps.db
      .select()
      .from(accounts)
      .where(eq(accounts.trabot_account_id, alice.account.trabot_account_id));
    expect(row!.broker_access_key_enc).toMatch(/^v1\./);
    expect(row!.broker_access_key_enc).not.toContain(BROKER_KEY);
    expect(row!.broker_access_key_enc).not.toContain('QWERTY');
    expect(t.deps.secrets.decrypt(row!.broker_access_key_enc!)).toBe(BROKER_KEY);
  });

  it('shows an empty key as empty and answers null for a user without an account', async () => {
    const bobs = (await (await bobClient.request('/api/account-details')).json()) as { broker_access_key: string };
    expect(bobs.broker_access_key).toBe('');
    const none = await noAccountClient.request('/api/account-details');
    expect(none.status).toBe(200);
    expect(await none.json()).toBeNull();
  });

  it('shows an unreadable stored key (e.g. after a key change) as fully masked and logs the problem', async () => {
    const member = await createMember(t.deps);
    const account = await createAccount(t.deps, member.trabot_client_id, {
      broker_access_key_enc: 'v1.garbage.garbage.garbage',
    });
    const user = await createUser(t.deps, { memberId: member.trabot_client_id, accountId: account.trabot_account_id });
    const client = await loggedIn(user.email, user.password);
    const res = await client.request('/api/account-details');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { broker_access_key: string }).broker_access_key).toBe('••••••••');
    expect(t.logLines.some((l) => l.includes('broker access key cannot be decrypted'))).toBe(true);
  });
});

describe('POST /api/update-broker-details', () => {
  async function freshMember(brokerAccessKey?: string) {
    const m = await createMemberLogin(t.deps, { brokerAccessKey });
    return { ...m, client: await loggedIn(m.user.email, m.user.password) };
  }
  async function storedAccount(accountId: number) {
    const [row] = await t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, accountId));
    return row!;
  }

  it('saves a new key encrypted, marks it not yet valid, stamps the time and answers the masked settings', async () => {
    const m = await freshMember('OLD-KEY-000000000');
    const newKey = 'fy-NEWKEY-55667788';
    const before = Date.now();
    const res = await m.client.json('/api/update-broker-details', {
      broker_name: 'fyers',
      broker_client_id: 'FY-1001',
      broker_access_key: newKey,
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(newKey);
    const settings = accountSettingsSchema.strict().parse(JSON.parse(text));
    expect(settings).toMatchObject({
      broker_name: 'fyers',
      broker_client_id: 'FY-1001',
      broker_access_key: 'fy••••••••••••7788',
      access_key_valid: false,
    });
    expect(new Date(settings.access_key_updated_timestamp!).getTime()).toBeGreaterThanOrEqual(before - 5000);
    const row = await storedAccount(m.account.trabot_account_id);
    expect(row.broker_access_key_enc).not.toContain('NEWKEY');
    expect(t.deps.secrets.decrypt(row.broker_access_key_enc!)).toBe(newKey);
    // The change is logged, the key is not.
    expect(
      t.logLines.some(
        (l) => l.includes('broker details updated') && l.includes(`"accountId":${m.account.trabot_account_id}`),
      ),
    ).toBe(true);
    expect(t.logLines.join('\n')).not.toContain(newKey);
    // GET shows the same.
    expect(await (await m.client.request('/api/account-details')).json()).toEqual(settings);
  });

  it('keeps the stored key (and its validity) when the key field is blank and the broker is unchanged', async () => {
    const m = await freshMember('KEEP-THIS-KEY-1234');
    const res = await m.client.json('/api/update-broker-details', {
      broker_name: 'zerodha',
      broker_client_id: 'ZX4821',
      broker_access_key: '   ',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      broker_access_key: 'KE••••••••••••1234',
      access_key_valid: true,
      access_key_updated_timestamp: null,
    });
    expect(t.deps.secrets.decrypt((await storedAccount(m.account.trabot_account_id)).broker_access_key_enc!)).toBe(
      'KEEP-THIS-KEY-1234',
    );
  });

  it('marks the kept key not valid when the broker or client id changes', async () => {
    const m = await freshMember('KEEP-THIS-KEY-1234');
    const res = await m.client.json('/api/update-broker-details', {
      broker_name: 'zerodha',
      broker_client_id: 'ZX9999',
      broker_access_key: '',
    });
    expect(await res.json()).toMatchObject({
      broker_client_id: 'ZX9999',
      broker_access_key: 'KE••••••••••••1234',
      access_key_valid: false,
    });
  });

  it("changes only the caller's own account", async () => {
    const m = await freshMember();
    await m.client.json('/api/update-broker-details', {
      broker_name: 'dhan',
      broker_client_id: 'D-1',
      broker_access_key: 'dhan-key-123456',
    });
    expect((await storedAccount(alice.account.trabot_account_id)).broker_name).toBe('zerodha');
    expect((await storedAccount(m.account.trabot_account_id)).broker_name).toBe('dhan');
  });

  it('400 naming the field: unknown or admin-only broker, missing fields, wrong types, too long', async () => {
    const m = await freshMember();
    const cases: [unknown, string][] = [
      [{ broker_name: 'angelone', broker_client_id: 'A', broker_access_key: '' }, 'broker_name'],
      [{ broker_name: 'robinhood', broker_client_id: 'A', broker_access_key: '' }, 'broker_name'],
      [{ broker_name: 'fyers', broker_access_key: '' }, 'broker_client_id'],
      [{ broker_name: 'fyers', broker_client_id: 12, broker_access_key: '' }, 'broker_client_id'],
      [{ broker_name: 'fyers', broker_client_id: 'A', broker_access_key: null }, 'broker_access_key'],
      [{ broker_name: 'fyers', broker_client_id: 'x'.repeat(65), broker_access_key: '' }, 'broker_client_id'],
      [{ broker_name: 'fyers', broker_client_id: 'A', broker_access_key: 'k'.repeat(2049) }, 'broker_access_key'],
      [[1, 2], '(body)'],
    ];
    for (const [body, field] of cases) {
      const res = await m.client.json('/api/update-broker-details', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { fields: object }).fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect((await storedAccount(m.account.trabot_account_id)).broker_name).toBe('zerodha');
    const malformed = await m.client.request('/api/update-broker-details', {
      method: 'POST',
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const noType = await m.client.request('/api/update-broker-details', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(noType.status).toBe(415);
  });

  it('404 for a user without an account', async () => {
    const res = await noAccountClient.json('/api/update-broker-details', {
      broker_name: 'fyers',
      broker_client_id: 'A',
      broker_access_key: '',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'No account is linked to this user' });
  });
});

describe('GET /api/membership', () => {
  it("answers the member's own expiry and whether it has passed (today in India); a login without a member has none", async () => {
    const expired = await createMemberLogin(t.deps);
    await t.deps.db
      .update(members)
      .set({ expiry_date: '2025-03-31' })
      .where(eq(members.trabot_client_id, expired.member.trabot_client_id));
    const client = t.client();
    expect((await client.login(expired.user.email, expired.user.password)).status).toBe(200);
    expect(await (await client.request('/api/membership')).json()).toEqual({
      expiry_date: '2025-03-31',
      expired: true,
    });

    await t.deps.db
      .update(members)
      .set({ expiry_date: '2099-12-31' })
      .where(eq(members.trabot_client_id, expired.member.trabot_client_id));
    expect(await (await client.request('/api/membership')).json()).toEqual({
      expiry_date: '2099-12-31',
      expired: false,
    });
    expect(await (await adminClient.request('/api/membership')).json()).toEqual({ expiry_date: null, expired: false });
    expect((await t.client().request('/api/membership')).status).toBe(401);
  });
});
