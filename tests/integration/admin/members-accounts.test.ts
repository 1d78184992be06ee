/** Members, their users and accounts, broker details, algo subscriptions and the admin trade edit. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { verifyPassword } from '@server/auth/passwords';
import { accounts, sessions, users } from '@server/db/schema';
import { MSG } from '@shared/messages';
import { accountSettingsSchema } from '@shared/schemas/account';
import {
  algoSubscriptionSchema,
  memberAccountSchema,
  memberSchema,
  memberUserSchema,
} from '@shared/schemas/admin/members';
import { tradeSchema } from '@shared/schemas/trades';
import { createAccount, createMember, createUser } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createSubscription, subscriptionBody } from '../../factories/subscriptions';
import { createTrade } from '../../factories/trades';
import { adminTest, expectError, expectJson, type AdminTest, post, put } from './setup';

let a: AdminTest;
beforeAll(async () => {
  a = await adminTest();
});
afterAll(() => a.t.close());

const memberBody = {
  name: 'Kavya Menon',
  phone_no: '+919845011223',
  email_id: 'kavya.menon@example.in',
  activation_date: '2026-11-01',
  expiry_date: '2027-10-31',
};

describe('members', () => {
  it('creates a member with its (empty) account, lists and updates it', async () => {
    const created = await expectJson(await put(a.admin, '/api/members', memberBody), 201, memberSchema.strict());
    expect(created).toMatchObject({ ...memberBody, trabot_client_id: expect.any(Number) });
    const [account] = await a.t.deps.db
      .select()
      .from(accounts)
      .where(eq(accounts.trabot_client_id, created.trabot_client_id));
    expect(account).toMatchObject({
      account_status: 'active',
      broker_name: 'none',
      broker_client_id: '',
      broker_access_key_enc: null,
      access_key_valid: false,
    });

    const list = await expectJson(await a.admin.request('/api/members'), 200, z.array(memberSchema.strict()));
    expect(list.map((m) => m.trabot_client_id)).toEqual([...list.map((m) => m.trabot_client_id)].sort((x, y) => x - y));
    expect(list).toContainEqual(created);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await expectJson(
      await post(a.admin, `/api/members/${created.trabot_client_id}`, {
        ...memberBody,
        phone_no: '+919845099999',
        expiry_date: '2028-10-31',
      }),
      200,
      memberSchema.strict(),
    );
    expect(updated).toMatchObject({ phone_no: '+919845099999', expiry_date: '2028-10-31' });
    expect(new Date(updated.last_updated_timestamp).getTime()).toBeGreaterThan(
      new Date(created.last_updated_timestamp).getTime(),
    );
  });

  it('names every invalid member field; unknown members are 404', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ' }, 'name', 'Name is required'],
      [{ phone_no: '' }, 'phone_no', 'Phone is required'],
      [{ email_id: 'kavya@' }, 'email_id', 'Enter a valid email'],
      [{ activation_date: '01/11/2026' }, 'activation_date', 'Activation date must be a date (yyyy-mm-dd)'],
      [{ expiry_date: undefined }, 'expiry_date', 'Expiry date must be a date (yyyy-mm-dd)'],
      [{ expiry_date: '2026-10-31' }, 'expiry_date', 'Expiry date must not be before the activation date'],
    ];
    for (const [overrides, field, message] of cases) {
      expect(
        (await expectError(await put(a.admin, '/api/members', { ...memberBody, ...overrides }), 400)).fields?.[field],
      ).toBe(message);
    }
    expect(await expectError(await post(a.admin, '/api/members/987654', memberBody), 404)).toEqual({
      error: 'Member not found',
    });
  });
});

describe('member users', () => {
  let member: Awaited<ReturnType<typeof createMember>>;
  let account: Awaited<ReturnType<typeof createAccount>>;
  let otherAccount: Awaited<ReturnType<typeof createAccount>>;
  beforeAll(async () => {
    member = await createMember(a.t.deps, { name: 'Rohan Desai' });
    account = await createAccount(a.t.deps, member.trabot_client_id);
    otherAccount = await createAccount(a.t.deps, a.memberLogin.member.trabot_client_id);
  });
  const usersUrl = () => `/api/members/${member.trabot_client_id}/users`;

  it('creates a user (never returning a password or hash) who can log in, joined to the member’s account', async () => {
    const res = await post(a.admin, usersUrl(), {
      name: 'Rohan Desai',
      email: 'Rohan.Desai@example.in',
      password: 'first password',
    });
    const raw = await res.clone().text();
    const user = await expectJson(res, 201, memberUserSchema.strict());
    expect(user).toMatchObject({
      name: 'Rohan Desai',
      email: 'Rohan.Desai@example.in',
      account_id: account.trabot_account_id,
    });
    expect(raw).not.toMatch(/password|argon2|hash/i);

    const client = a.t.client();
    expect((await client.login('rohan.desai@example.in', 'first password')).status).toBe(200);
    const list = await a.admin.request(usersUrl());
    expect(await list.clone().text()).not.toMatch(/password|argon2/i);
    expect(await expectJson(list, 200, z.array(memberUserSchema.strict()))).toEqual([user]);
  });

  it('updates a user: a blank or absent password keeps the old one, a new one replaces it and ends the user’s sessions', async () => {
    const created = await expectJson(
      await post(a.admin, usersUrl(), {
        name: 'Meera Desai',
        email: 'meera.desai@example.in',
        password: 'original pw',
      }),
      201,
      memberUserSchema,
    );
    const url = `${usersUrl()}/${created.id}`;
    const kept = await expectJson(
      await put(a.admin, url, { name: 'Meera R. Desai', email: 'meera.desai@example.in', password: '' }),
      200,
      memberUserSchema.strict(),
    );
    expect(kept.name).toBe('Meera R. Desai');
    expect(new Date(kept.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.updated_at).getTime());
    await put(a.admin, url, { name: 'Meera R. Desai', email: 'meera.desai@example.in' });
    const session = a.t.client();
    expect((await session.login('meera.desai@example.in', 'original pw')).status).toBe(200);

    await expectJson(
      await put(a.admin, url, { name: 'Meera R. Desai', email: 'meera.desai@example.in', password: 'replaced pw' }),
      200,
      memberUserSchema,
    );
    const [row] = await a.t.deps.db.select().from(users).where(eq(users.id, created.id));
    expect(await verifyPassword(row!.password_hash!, 'replaced pw')).toBe(true);
    expect(await a.t.deps.db.select().from(sessions).where(eq(sessions.user_id, created.id))).toEqual([]);
    expect(((await (await session.request('/api/check-session')).json()) as { status: string }).status).toBe('error');

    // account_id: absent keeps the link, null removes it, another of the member's accounts moves it.
    const second = await createAccount(a.t.deps, member.trabot_client_id);
    expect(
      (
        await expectJson(
          await put(a.admin, url, { name: 'M', email: 'meera.desai@example.in', account_id: second.trabot_account_id }),
          200,
          memberUserSchema,
        )
      ).account_id,
    ).toBe(second.trabot_account_id);
    expect(
      (await expectJson(await put(a.admin, url, { name: 'M', email: 'meera.desai@example.in' }), 200, memberUserSchema))
        .account_id,
    ).toBe(second.trabot_account_id);
    expect(
      (
        await expectJson(
          await put(a.admin, url, { name: 'M', email: 'meera.desai@example.in', account_id: null }),
          200,
          memberUserSchema,
        )
      ).account_id,
    ).toBeNull();
  });

  it('answers 409 with the spec message for a duplicate email (any case), on create and on update', async () => {
    const taken = a.memberLogin.user.email.toUpperCase();
    const onCreate = await expectError(
      await post(a.admin, usersUrl(), { name: 'Dup', email: taken, password: 'long enough' }),
      409,
    );
    expect(onCreate).toEqual({
      error: MSG.userSaveFailure,
      fields: { email: 'A user with this email already exists' },
    });
    const created = await expectJson(
      await post(a.admin, usersUrl(), { name: 'Asha', email: 'asha@example.in', password: 'long enough' }),
      201,
      memberUserSchema,
    );
    const onUpdate = await expectError(
      await put(a.admin, `${usersUrl()}/${created.id}`, { name: 'Asha', email: taken }),
      409,
    );
    expect(onUpdate.error).toBe(MSG.userSaveFailure);
    // Its own email, in another case, is not a duplicate.
    expect((await put(a.admin, `${usersUrl()}/${created.id}`, { name: 'Asha', email: 'ASHA@example.in' })).status).toBe(
      200,
    );
  });

  it('refuses a missing password with mail off, invalid fields, foreign accounts and users of other members', async () => {
    // Without a password a new user is mailed a set-password link: with mail off, there is no way in.
    expect(
      (await expectError(await post(a.admin, usersUrl(), { name: 'No Pw', email: 'nopw@example.in' }), 400)).fields,
    ).toEqual({ password: 'Mail is off: give the new user a password' });
    expect(
      (
        await expectError(
          await post(a.admin, usersUrl(), { name: 'No Pw', email: 'nopw@example.in', password: '' }),
          400,
        )
      ).fields,
    ).toEqual({ password: 'Mail is off: give the new user a password' });
    expect(
      (
        await expectError(
          await post(a.admin, usersUrl(), { name: 'Short', email: 'short@example.in', password: 'short' }),
          400,
        )
      ).fields?.password,
    ).toBe('Password must be at least 8 characters');
    expect(
      (await expectError(await post(a.admin, usersUrl(), { name: '', email: 'bad', password: 'long enough' }), 400))
        .fields,
    ).toEqual({ name: 'Name is required', email: 'Enter a valid email' });
    const foreign = await expectError(
      await post(a.admin, usersUrl(), {
        name: 'F',
        email: 'f@example.in',
        password: 'long enough',
        account_id: otherAccount.trabot_account_id,
      }),
      400,
    );
    expect(foreign.fields).toEqual({
      account_id: `Account ${otherAccount.trabot_account_id} does not belong to member ${member.trabot_client_id}`,
    });

    // The member login's user belongs to another member: 404 through this member.
    const res = await put(a.admin, `${usersUrl()}/${a.memberLogin.user.id}`, { name: 'X', email: 'x@example.in' });
    expect(await expectError(res, 404)).toEqual({ error: 'User of this member not found' });
    expect((await expectError(await a.admin.request('/api/members/987654/users'), 404)).error).toBe('Member not found');
    expect(
      (
        await expectError(
          await post(a.admin, '/api/members/987654/users', {
            name: 'N',
            email: 'n@example.in',
            password: 'long enough',
          }),
          404,
        )
      ).error,
    ).toBe('Member not found');
  });
});

describe('member accounts and broker details', () => {
  const KEY = 'kite-0a1b2c3d4e5f6a7b8c9d';

  it('lists a member’s accounts with the access key masked', async () => {
    const memberId = a.memberLogin.member.trabot_client_id;
    const res = await a.admin.request(`/api/admin/members/${memberId}/accounts`);
    expect(await res.clone().text()).not.toContain(KEY);
    const list = await expectJson(res, 200, z.array(memberAccountSchema.strict()));
    expect(list[0]).toEqual({
      trabot_account_id: a.memberLogin.account.trabot_account_id,
      account_status: 'active',
      broker_name: 'zerodha',
      broker_client_id: 'ZX4821',
      broker_access_key: 'ki•••••••••••••••••••8c9d',
      access_key_valid: true,
      access_key_updated_timestamp: null,
      paper_trading: true,
      broker_login: 'not_configured',
      broker_session_expires_at: null,
      order_source: null,
      trading_mode: 'paper',
    });
    expect((await expectError(await a.admin.request('/api/admin/members/987654/accounts'), 404)).error).toBe(
      'Member not found',
    );
  });

  it('reads and updates any account’s broker details (admin list with angelone), masking the key', async () => {
    const accountId = a.memberLogin.account.trabot_account_id;
    const details = await expectJson(
      await a.admin.request(`/api/${accountId}/account-details`),
      200,
      accountSettingsSchema.strict(),
    );
    expect(details).toMatchObject({
      trabot_account_id: accountId,
      broker_name: 'zerodha',
      broker_access_key: 'ki•••••••••••••••••••8c9d',
    });

    const res = await post(a.admin, `/api/${accountId}/update-broker-details`, {
      broker_name: 'angelone',
      broker_client_id: 'A1234567',
      broker_access_key: 'angel-session-9f8e7d6c5b4a',
    });
    const updated = await expectJson(res, 200, accountSettingsSchema.strict());
    expect(updated).toMatchObject({
      broker_name: 'angelone',
      broker_client_id: 'A1234567',
      broker_access_key: 'an••••••••••••••••••••5b4a',
      access_key_valid: false,
    });
    const [row] = await a.t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, accountId));
    expect(row!.broker_access_key_enc).not.toContain('angel-session');
    expect(a.t.deps.secrets.decrypt(row!.broker_access_key_enc!)).toBe('angel-session-9f8e7d6c5b4a');
    expect(a.t.logLines.join('\n')).not.toContain('angel-session-9f8e7d6c5b4a');

    expect(
      (
        await expectError(
          await post(a.admin, `/api/${accountId}/update-broker-details`, {
            broker_name: 'kotak',
            broker_client_id: '',
            broker_access_key: '',
          }),
          400,
        )
      ).fields,
    ).toEqual({
      broker_name: 'Choose a broker from the list',
    });
    expect((await expectError(await a.admin.request('/api/987654/account-details'), 404)).error).toBe(
      'Account not found',
    );
    expect(
      (
        await expectError(
          await post(a.admin, '/api/987654/update-broker-details', {
            broker_name: 'none',
            broker_client_id: '',
            broker_access_key: '',
          }),
          404,
        )
      ).error,
    ).toBe('Account not found');
    expect((await expectError(await a.admin.request('/api/99999999999/account-details'), 400)).fields).toEqual({
      accountId: 'accountId must be a positive whole number',
    });
  });
});

describe('algo subscriptions', () => {
  let accountId: number;
  let algoA: number;
  let algoB: number;
  const body = (overrides: Record<string, unknown> = {}) => ({
    ...subscriptionBody({ row_id: null, algo_id: algoA, trabot_account_id: accountId }),
    ...overrides,
  });
  const save = (json: unknown, id = accountId) =>
    post(a.admin, `/api/admin/accounts/${id}/save-algo-subscription`, json);

  beforeAll(async () => {
    const member = await createMember(a.t.deps);
    accountId = (await createAccount(a.t.deps, member.trabot_client_id)).trabot_account_id;
    algoA = (await createAlgo(a.t.deps, { algo_desc: 'Algo A' })).algo_id;
    algoB = (await createAlgo(a.t.deps, { algo_desc: 'Algo B' })).algo_id;
  });

  it('creates (201) and updates (200) subscriptions, and lists them per account', async () => {
    const created = await expectJson(await save(body()), 201, algoSubscriptionSchema.strict());
    expect(created).toEqual({ ...body(), row_id: expect.any(Number) });
    const updated = await expectJson(
      await save(body({ row_id: created.row_id, max_total_capital: 500000, subscription_status: 'inactive' })),
      200,
      algoSubscriptionSchema.strict(),
    );
    expect(updated).toMatchObject({
      row_id: created.row_id,
      max_total_capital: 500000,
      subscription_status: 'inactive',
    });
    const second = await expectJson(
      await save(body({ algo_id: algoB, risk_percent_pertrade: 0.5 })),
      201,
      algoSubscriptionSchema,
    );

    const elsewhere = await createSubscription(a.t.deps, algoA, a.memberLogin.account.trabot_account_id);
    const list = await expectJson(
      await a.admin.request(`/api/admin/accounts/${accountId}/algo-subscriptions`),
      200,
      z.array(algoSubscriptionSchema.strict()),
    );
    expect(list).toEqual([updated, second]);
    expect(list.map((s) => s.row_id)).not.toContain(elsewhere.row_id);
  });

  it('refuses a second subscription to the same algo (409), foreign rows (404), unknown algos and a mismatched account', async () => {
    const duplicate = await expectError(await save(body()), 409);
    expect(duplicate).toEqual({
      error: MSG.subscriptionSaveFailure,
      fields: { algo_id: `This account already subscribes to algo ${algoA}` },
    });
    const [b] = z
      .array(algoSubscriptionSchema)
      .parse(await (await a.admin.request(`/api/admin/accounts/${accountId}/algo-subscriptions`)).json())
      .filter((s) => s.algo_id === algoB);
    expect((await expectError(await save(body({ row_id: b!.row_id })), 409)).error).toBe(MSG.subscriptionSaveFailure);

    const foreign = await createSubscription(a.t.deps, algoB, a.memberLogin.account.trabot_account_id);
    expect(await expectError(await save(body({ row_id: foreign.row_id, algo_id: algoB })), 404)).toEqual({
      error: 'Subscription of this account not found',
    });
    expect((await expectError(await save(body({ algo_id: 987654 })), 400)).fields).toEqual({
      algo_id: 'Algo 987654 does not exist',
    });
    expect((await expectError(await save(body({ trabot_account_id: accountId + 1 })), 400)).fields).toEqual({
      trabot_account_id: `trabot_account_id must be the account of the path (${accountId})`,
    });
    expect((await expectError(await save(body({ trabot_account_id: 987654 }), 987654), 404)).error).toBe(
      'Account not found',
    );
    expect((await expectError(await a.admin.request('/api/admin/accounts/987654/algo-subscriptions'), 404)).error).toBe(
      'Account not found',
    );
  });

  it('names every invalid subscription field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ algo_id: null }, 'algo_id', 'Choose an algo'],
      [{ max_total_capital: '400000' }, 'max_total_capital', 'Max total capital must be a number'],
      [{ risk_percent_pertrade: -1 }, 'risk_percent_pertrade', 'Risk % per trade must not be negative'],
      [
        { max_percent_allocation_pertrade: 101 },
        'max_percent_allocation_pertrade',
        'Max % allocation per trade must be at most 100',
      ],
      [
        { min_percent_allocation_pertrade: 30 },
        'min_percent_allocation_pertrade',
        'Min % allocation must not exceed max % allocation',
      ],
      [{ subscription_status: 'paused' }, 'subscription_status', 'Status must be active or inactive'],
      [
        { max_acceptable_loss: 1e15 },
        'max_acceptable_loss',
        'max_acceptable_loss must be at most 1,00,00,00,00,00,000',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      expect((await expectError(await save(body({ algo_id: algoB, ...overrides })), 400)).fields?.[field], field).toBe(
        message,
      );
    }
  });
});

describe('admin trade edit', () => {
  it('updates the editable fields, stamps last_updated_timestamp and answers the trade with its legs', async () => {
    const accountId = a.memberLogin.account.trabot_account_id;
    const trade = await createTrade(
      a.t.deps,
      accountId,
      { last_updated_timestamp: new Date('2026-11-02T10:00:00Z') },
      { entries: [{ trade_entry_sequence: 1, trade_entry_quantity: 40, trade_entry_price: 742.35, stt: 29.69 }] },
    );
    const body = {
      trade_date: '2026-11-03',
      trade_status: 'closed',
      trade_quantity: 40,
      current_mtm: null,
      trade_risk: 0,
      remaining_quantity: null,
      broker_trade_number: null,
      stoploss_trade_number: 'SL-88213',
      ltp: null,
    };
    const edited = await expectJson(
      await post(a.admin, `/api/admin/trades/${trade.trabot_trade_id}`, body),
      200,
      tradeSchema.strict(),
    );
    expect(edited).toMatchObject({
      ...body,
      trabot_trade_id: trade.trabot_trade_id,
      trade_instrument: 'TATAMOTORS',
      avg_entry_price: 742.35,
    });
    expect(edited.trade_entries).toEqual([
      expect.objectContaining({
        trade_entry_sequence: 1,
        trade_entry_quantity: 40,
        trade_entry_price: 742.35,
        stt: 29.69,
      }),
    ]);
    expect(edited.trade_exits).toEqual([]);
    expect(new Date(edited.last_updated_timestamp).getTime()).toBeGreaterThan(
      new Date('2026-11-02T10:00:00Z').getTime(),
    );

    // The member sees the edit, the admin's closed as the member's completed.
    const mine = z.array(tradeSchema).parse(await (await a.member.request('/api/account-trades')).json());
    expect(mine.find((t) => t.trabot_trade_id === trade.trabot_trade_id)).toMatchObject({
      trade_status: 'completed',
      stoploss_trade_number: 'SL-88213',
    });
  });

  it('keeps the stored status when the edit names none (a completed trade stays completed)', async () => {
    const trade = await createTrade(a.t.deps, a.memberLogin.account.trabot_account_id, {
      trade_status: 'completed',
      remaining_quantity: 0,
    });
    const body = {
      trade_date: '2026-11-03',
      trade_quantity: 40,
      current_mtm: null,
      trade_risk: 0,
      remaining_quantity: 0,
      broker_trade_number: 'BRK-1',
      stoploss_trade_number: null,
      ltp: null,
    };
    const edited = await expectJson(
      await post(a.admin, `/api/admin/trades/${trade.trabot_trade_id}`, body),
      200,
      tradeSchema.strict(),
    );
    expect(edited).toMatchObject({ trade_status: 'completed', broker_trade_number: 'BRK-1' });
  });

  it('shows members their own statuses (open as running, closed as completed, filters alike) and the superadmin the stored ones', async () => {
    const accountId = a.memberLogin.account.trabot_account_id;
    const open = await createTrade(a.t.deps, accountId, { trade_status: 'open' });
    const closed = await createTrade(a.t.deps, accountId, { trade_status: 'closed', remaining_quantity: 0 });
    const list = async (client: typeof a.member, query: string) =>
      z.array(tradeSchema).parse(await (await client.request(`/api/account-trades?${query}`)).json());
    const statusOf = (trades: z.infer<typeof tradeSchema>[], id: number) =>
      trades.find((t) => t.trabot_trade_id === id)?.trade_status;
    const all = await list(a.member, 'status=all');
    expect([statusOf(all, open.trabot_trade_id), statusOf(all, closed.trabot_trade_id)]).toEqual([
      'running',
      'completed',
    ]);
    expect(statusOf(await list(a.member, 'status=running'), open.trabot_trade_id)).toBe('running');
    expect(statusOf(await list(a.member, 'status=completed'), closed.trabot_trade_id)).toBe('completed');
    expect(all.every((t) => !['open', 'closed'].includes(t.trade_status))).toBe(true);
    const asAdmin = await list(a.admin, `status=all&adminAccountId=${accountId}`);
    expect([statusOf(asAdmin, open.trabot_trade_id), statusOf(asAdmin, closed.trabot_trade_id)]).toEqual([
      'open',
      'closed',
    ]);
  });

  it('names invalid fields and answers 404 for an unknown trade', async () => {
    const trade = await createTrade(a.t.deps, a.memberLogin.account.trabot_account_id);
    const body = {
      trade_date: '2026-11-03',
      trade_status: 'open',
      trade_quantity: 40,
      current_mtm: 10,
      trade_risk: 5,
      remaining_quantity: 40,
      broker_trade_number: null,
      stoploss_trade_number: null,
      ltp: 750,
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ trade_date: '03/11/2026' }, 'trade_date', 'trade_date must be yyyy-MM-dd'],
      [{ trade_status: 'running' }, 'trade_status', 'trade_status must be one of: open, closed, pending, cancelled'],
      [{ trade_quantity: 3_000_000_000 }, 'trade_quantity', 'trade_quantity must be at most 2,14,74,83,647'],
      [{ ltp: 1e15 }, 'ltp', 'ltp must be at most 1,00,00,00,00,00,000'],
    ];
    for (const [overrides, field, message] of cases) {
      expect(
        (
          await expectError(
            await post(a.admin, `/api/admin/trades/${trade.trabot_trade_id}`, { ...body, ...overrides }),
            400,
          )
        ).fields?.[field],
        field,
      ).toBe(message);
    }
    expect(
      (
        await expectError(
          await post(a.admin, `/api/admin/trades/${trade.trabot_trade_id}`, { ...body, trade_quantity: '40' }),
          400,
        )
      ).fields,
    ).toHaveProperty('trade_quantity');
    expect(await expectError(await post(a.admin, '/api/admin/trades/987654', body), 404)).toEqual({
      error: 'Trade not found',
    });
  });
});

it('never sends a password hash in any admin answer', async () => {
  await createUser(a.t.deps, { memberId: a.memberLogin.member.trabot_client_id, password: 'a secret password' });
  for (const url of [
    '/api/members',
    `/api/members/${a.memberLogin.member.trabot_client_id}/users`,
    `/api/admin/members/${a.memberLogin.member.trabot_client_id}/accounts`,
  ]) {
    expect(await (await a.admin.request(url)).text()).not.toMatch(/argon2|password/i);
  }
});
