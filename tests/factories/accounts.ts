/** Members, accounts and users inserted directly with Drizzle (tests only); overrides welcome. */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '@server/auth/passwords';
import type { AppDeps } from '@server/context';
import { accounts, members, users } from '@server/db/schema';
import type { Role } from '@shared/constants';

type Deps = Pick<AppDeps, 'db' | 'secrets'>;

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@trabot.test`;
}

export async function createMember(deps: Deps, overrides: Partial<typeof members.$inferInsert> = {}) {
  const [member] = await deps.db
    .insert(members)
    .values({ name: 'Ananya Iyer', phone_no: '+919820012345', email_id: uniqueEmail('member'), ...overrides })
    .returning();
  return member!;
}

export async function createAccount(
  deps: Deps,
  memberId: number,
  overrides: Partial<typeof accounts.$inferInsert> & { broker_access_key?: string } = {},
) {
  const { broker_access_key, ...columns } = overrides;
  const [account] = await deps.db
    .insert(accounts)
    .values({
      trabot_client_id: memberId,
      broker_name: 'zerodha',
      broker_client_id: 'ZX4821',
      broker_access_key_enc: broker_access_key === undefined ? null : deps.secrets.encrypt(broker_access_key),
      access_key_valid: true,
      equity_amount_balance: 250000.5,
      commodity_amount_balance: 12000,
      currency_amount_balance: 0,
      ...columns,
    })
    .returning();
  return account!;
}

export interface UserInput {
  email?: string;
  password?: string;
  role?: Role;
  name?: string;
  memberId?: number | null;
  accountId?: number | null;
}

export async function createUser(deps: Deps, input: UserInput = {}) {
  const password = input.password ?? `pw-${randomBytes(8).toString('hex')}`;
  const [user] = await deps.db
    .insert(users)
    .values({
      name: input.name ?? 'Test User',
      email: input.email ?? uniqueEmail(),
      password_hash: await hashPassword(password),
      role: input.role ?? 'member',
      member_id: input.memberId ?? null,
      account_id: input.accountId ?? null,
    })
    .returning();
  return { ...user!, password };
}

/** A member with an account (optionally with a broker key) and a login for it. */
export async function createMemberLogin(
  deps: Deps,
  options: { brokerAccessKey?: string; email?: string; password?: string } = {},
) {
  const member = await createMember(deps);
  const account = await createAccount(deps, member.trabot_client_id, { broker_access_key: options.brokerAccessKey });
  const user = await createUser(deps, {
    email: options.email,
    password: options.password,
    memberId: member.trabot_client_id,
    accountId: account.trabot_account_id,
  });
  return { member, account, user };
}
