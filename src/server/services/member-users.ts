/**
 * The logins of a member (admin Users screen). Passwords are write-only: never read back, hashed
 * with argon2; a blank one on update keeps the old. A changed password ends the user's sessions.
 * A new user without a password gets a set-password link by mail (so mail must be on).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { MSG } from '@shared/messages';
import type { MemberUser, MemberUserBody } from '@shared/schemas/admin/members';
import { hashPassword } from '../auth/passwords';
import { endSessions } from '../auth/sessions';
import type { Db } from '../db/client';
import { accounts, users } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { Mailer } from './mail';
import { mailPasswordLink } from './set-password-mail';
import { createUser, isUniqueViolation } from './users';
import { DomainError } from '../lib/domain-error';

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  account_id: users.account_id,
  created_at: users.created_at,
  updated_at: users.updated_at,
};

type UserRow = Pick<typeof users.$inferSelect, keyof typeof columns>;

const toMemberUser = (row: UserRow): MemberUser => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

function duplicateEmail(): DomainError {
  return new DomainError('conflict', MSG.userSaveFailure, { email: 'A user with this email already exists' });
}

/** 400 naming account_id unless the account belongs to the member. */
async function checkAccount(db: Db, memberId: number, accountId: number | null | undefined): Promise<void> {
  if (accountId === null || accountId === undefined) return;
  const [row] = await db
    .select({ id: accounts.trabot_account_id })
    .from(accounts)
    .where(and(eq(accounts.trabot_account_id, accountId), eq(accounts.trabot_client_id, memberId)));
  if (!row) {
    const message = `Account ${accountId} does not belong to member ${memberId}`;
    throw new DomainError('invalid', message, { account_id: message });
  }
}

export async function listMemberUsers(db: Db, memberId: number): Promise<MemberUser[]> {
  const rows = await db.select(columns).from(users).where(eq(users.member_id, memberId)).orderBy(asc(users.id));
  return rows.map(toMemberUser);
}

async function readUser(db: Db, userId: number): Promise<MemberUser> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  return toMemberUser(row!);
}

const MAIL_OFF_PASSWORD = 'Mail is off: give the new user a password';

/**
 * A member login; without account_id it joins the member's first account. Without a password it
 * has none until its owner sets one through the link mailed to them (`invite`).
 */
export async function createMemberUser(
  deps: { db: Db; log: Logger },
  memberId: number,
  body: MemberUserBody,
  invite: { mailer: Mailer; siteOrigin: string; now: Date },
): Promise<MemberUser> {
  const { db } = deps;
  if (!body.password && !invite.mailer.enabled)
    throw new DomainError('invalid', 'Invalid body: password', { password: MAIL_OFF_PASSWORD });
  await checkAccount(db, memberId, body.account_id);
  try {
    const user = await createUser(db, {
      email: body.email,
      password: body.password || null,
      role: 'member',
      name: body.name,
      memberId,
      accountId: body.account_id ?? undefined,
    });
    if (!body.password) await mailPasswordLink(deps, invite.mailer, user, invite.siteOrigin, invite.now);
    return await readUser(db, user.id);
  } catch (err) {
    if (err instanceof DomainError && err.kind === 'conflict') throw duplicateEmail();
    throw err;
  }
}

/**
 * Null when the user does not exist or belongs to another member. An absent account_id keeps the
 * link, null removes it.
 */
export async function updateMemberUser(
  db: Db,
  memberId: number,
  userId: number,
  body: MemberUserBody,
): Promise<MemberUser | null> {
  await checkAccount(db, memberId, body.account_id);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, body.email.toLowerCase()), ne(users.id, userId)));
      if (taken) throw duplicateEmail();
      const [row] = await tx
        .update(users)
        .set({
          name: body.name,
          email: body.email,
          updated_at: sql`now()`,
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          ...(body.account_id !== undefined ? { account_id: body.account_id } : {}),
        })
        .where(and(eq(users.id, userId), eq(users.member_id, memberId)))
        .returning(columns);
      if (!row) return null;
      if (passwordHash) await endSessions(tx, userId);
      return toMemberUser(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateEmail();
    throw err;
  }
}
