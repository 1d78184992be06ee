import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '@server/auth/passwords';
import { accounts, members, users } from '@server/db/schema';
import { DomainError } from '@server/lib/domain-error';
import { createUser } from '@server/services/users';
import { createAccount, createMember, uniqueEmail } from '../../factories/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

async function memberCount() {
  const [row] = await t.deps.db.select({ n: count() }).from(members);
  return row!.n;
}

describe('createUser', () => {
  it('gives a member without ids a member record and an empty active account of its own, and a working login', async () => {
    const email = uniqueEmail('Ravi.Kumar');
    const user = await createUser(t.deps.db, { email, password: PASSWORD, role: 'member' });
    expect(user).toMatchObject({ email, role: 'member', name: email.slice(0, email.indexOf('@')) });
    expect(user.member_id).toEqual(expect.any(Number));
    expect(user.account_id).toEqual(expect.any(Number));

    const [member] = await t.deps.db.select().from(members).where(eq(members.trabot_client_id, user.member_id!));
    expect(member).toMatchObject({ name: user.name, email_id: email });
    const [account] = await t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, user.account_id!));
    expect(account).toMatchObject({
      trabot_client_id: user.member_id,
      account_status: 'active',
      broker_name: 'none',
      broker_client_id: '',
      broker_access_key_enc: null,
      access_key_valid: false,
      equity_amount_balance: 0,
    });

    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.password_hash!, PASSWORD)).toBe(true);

    const login = await t.client().login(email.toUpperCase(), PASSWORD);
    expect(login.status).toBe(200);
  });

  it('gives a superadmin no member unless ids are given', async () => {
    const admin = await createUser(t.deps.db, {
      email: uniqueEmail('admin'),
      password: PASSWORD,
      role: 'superadmin',
      name: 'Ops Admin',
    });
    expect(admin).toMatchObject({ role: 'superadmin', name: 'Ops Admin', member_id: null, account_id: null });

    const member = await createMember(t.deps);
    const account = await createAccount(t.deps, member.trabot_client_id);
    const linked = await createUser(t.deps.db, {
      email: uniqueEmail('admin'),
      password: PASSWORD,
      role: 'superadmin',
      memberId: member.trabot_client_id,
    });
    expect(linked).toMatchObject({ member_id: member.trabot_client_id, account_id: account.trabot_account_id });
  });

  it('joins an existing member and its first account, creating no new member', async () => {
    const member = await createMember(t.deps);
    const first = await createAccount(t.deps, member.trabot_client_id);
    await createAccount(t.deps, member.trabot_client_id);
    const before = await memberCount();
    const user = await createUser(t.deps.db, {
      email: uniqueEmail(),
      password: PASSWORD,
      role: 'member',
      memberId: member.trabot_client_id,
    });
    expect(user).toMatchObject({ member_id: member.trabot_client_id, account_id: first.trabot_account_id });
    expect(await memberCount()).toBe(before);
  });

  it('takes the member from a given account, and checks that a given account belongs to the given member', async () => {
    const owner = await createMember(t.deps);
    const other = await createMember(t.deps);
    await createAccount(t.deps, owner.trabot_client_id);
    const second = await createAccount(t.deps, owner.trabot_client_id);

    const user = await createUser(t.deps.db, {
      email: uniqueEmail(),
      password: PASSWORD,
      role: 'member',
      accountId: second.trabot_account_id,
    });
    expect(user).toMatchObject({ member_id: owner.trabot_client_id, account_id: second.trabot_account_id });

    const err = await rejection(
      createUser(t.deps.db, {
        email: uniqueEmail(),
        password: PASSWORD,
        role: 'member',
        memberId: other.trabot_client_id,
        accountId: second.trabot_account_id,
      }),
    );
    expect(err.kind).toBe('invalid');
    expect(err.message).toBe(`Account ${second.trabot_account_id} does not belong to member ${other.trabot_client_id}`);
    expect(err.fields).toHaveProperty('accountId');
  });

  it('refuses ids that do not exist', async () => {
    const noMember = await rejection(
      createUser(t.deps.db, { email: uniqueEmail(), password: PASSWORD, role: 'member', memberId: 987_654 }),
    );
    expect(noMember).toMatchObject({ kind: 'invalid', message: 'Member 987654 does not exist' });
    const noAccount = await rejection(
      createUser(t.deps.db, { email: uniqueEmail(), password: PASSWORD, role: 'member', accountId: 987_654 }),
    );
    expect(noAccount).toMatchObject({ kind: 'invalid', message: 'Account 987654 does not exist' });
  });

  it('refuses a duplicate email whatever its case, leaving no half-made member behind', async () => {
    const email = uniqueEmail('Dup');
    await createUser(t.deps.db, { email, password: PASSWORD, role: 'member' });
    const before = await memberCount();
    const err = await rejection(
      createUser(t.deps.db, { email: email.toUpperCase(), password: PASSWORD, role: 'member' }),
    );
    expect(err.kind).toBe('conflict');
    expect(err.message).toBe(`A user with the email ${email.toUpperCase()} already exists`);
    expect(await memberCount()).toBe(before);
  });

  it('lets only one of two concurrent creations of the same email through', async () => {
    const email = uniqueEmail('race');
    const before = await memberCount();
    const results = await Promise.allSettled([
      createUser(t.deps.db, { email, password: PASSWORD, role: 'member' }),
      createUser(t.deps.db, { email: email.toUpperCase(), password: PASSWORD, role: 'member' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ kind: 'conflict' });
    expect(await memberCount()).toBe(before + 1);
  });

  it('validates its input and names the fields', async () => {
    const err = await rejection(
      createUser(t.deps.db, { email: 'not-an-email', password: 'short', role: 'owner' as 'member', memberId: -1 }),
    );
    expect(err.kind).toBe('invalid');
    expect(Object.keys(err.fields ?? {}).sort()).toEqual(['email', 'memberId', 'password', 'role']);
    expect(err.fields).toMatchObject({
      password: 'Password must be at least 8 characters',
      email: 'Enter a valid email',
    });
  });
});
