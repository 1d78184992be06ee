/**
 * Creating logins. A member login made without ids gets a member record and an empty account of
 * its own; one made for an existing member joins that member (and its account). Used by the CLI,
 * the demo seed and the admin screens, so errors are DomainErrors naming the field.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Role } from '@shared/constants';
import { newLoginSchema, type CreateUserInput } from '@shared/schemas/users';
import { hashPassword } from '../auth/passwords';
import { publicUserColumns } from '../auth/user-columns';
import type { Db } from '../db/client';
import { accounts, members, users } from '../db/schema';
import { parseWith } from '../http/api-errors';
import { DomainError } from '../lib/domain-error';

export interface CreatedUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  member_id: number | null;
  account_id: number | null;
}

interface Ownership {
  memberId: number | null;
  accountId: number | null;
}

function invalid(field: 'memberId' | 'accountId', message: string): DomainError {
  return new DomainError('invalid', message, { [field]: message });
}

function duplicateEmail(email: string): DomainError {
  const message = `A user with the email ${email} already exists`;
  return new DomainError('conflict', message, { email: message });
}

/** PostgreSQL unique_violation, raw or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function resolveOwnership(
  db: Db,
  input: { role: Role; name: string; email: string; memberId?: number; accountId?: number },
): Promise<Ownership> {
  if (input.accountId !== undefined) {
    const [account] = await db
      .select({ memberId: accounts.trabot_client_id })
      .from(accounts)
      .where(eq(accounts.trabot_account_id, input.accountId));
    if (!account) throw invalid('accountId', `Account ${input.accountId} does not exist`);
    if (input.memberId !== undefined && account.memberId !== input.memberId) {
      throw invalid('accountId', `Account ${input.accountId} does not belong to member ${input.memberId}`);
    }
    return { memberId: account.memberId, accountId: input.accountId };
  }

  if (input.memberId !== undefined) {
    const [member] = await db
      .select({ id: members.trabot_client_id })
      .from(members)
      .where(eq(members.trabot_client_id, input.memberId));
    if (!member) throw invalid('memberId', `Member ${input.memberId} does not exist`);
    const [account] = await db
      .select({ id: accounts.trabot_account_id })
      .from(accounts)
      .where(eq(accounts.trabot_client_id, member.id))
      .orderBy(asc(accounts.trabot_account_id))
      .limit(1);
    return { memberId: member.id, accountId: account?.id ?? null };
  }

  if (input.role === 'superadmin') return { memberId: null, accountId: null };

  const [member] = await db
    .insert(members)
    .values({ name: input.name, email_id: input.email })
    .returning({ id: members.trabot_client_id });
  const [account] = await db
    .insert(accounts)
    .values({ trabot_client_id: member!.id, account_status: 'active', broker_name: 'none' })
    .returning({ id: accounts.trabot_account_id });
  return { memberId: member!.id, accountId: account!.id };
}

export async function createUser(db: Db, input: CreateUserInput): Promise<CreatedUser> {
  const data = parseWith(newLoginSchema, input, 'user');
  const name = data.name ?? data.email.slice(0, data.email.indexOf('@'));
  const passwordHash = data.password === null ? null : await hashPassword(data.password);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, data.email.toLowerCase()));
      if (taken) throw duplicateEmail(data.email);

      const owner = await resolveOwnership(tx, { ...data, name });
      const [user] = await tx
        .insert(users)
        .values({
          name,
          email: data.email,
          password_hash: passwordHash,
          role: data.role,
          member_id: owner.memberId,
          account_id: owner.accountId,
        })
        .returning(publicUserColumns);
      return user!;
    });
  } catch (err) {
    // Two concurrent creations of the same email: the unique index decides.
    if (isUniqueViolation(err)) throw duplicateEmail(data.email);
    throw err;
  }
}
