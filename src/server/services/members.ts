/** Members (the firm's clients): list, create (with the account every member has), update. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Member, MemberBody } from '@shared/schemas/admin/members';
import type { MembershipStatus } from '@shared/schemas/membership';
import type { Db } from '../db/client';
import { accounts, members } from '../db/schema';

type MemberRow = typeof members.$inferSelect;

const toMember = (row: MemberRow): Member => ({
  ...row,
  last_updated_timestamp: row.last_updated_timestamp.toISOString(),
});

export async function listMembers(db: Db, filter: { membership_status?: MembershipStatus } = {}): Promise<Member[]> {
  const rows = await db
    .select()
    .from(members)
    .where(filter.membership_status ? eq(members.membership_status, filter.membership_status) : undefined)
    .orderBy(asc(members.trabot_client_id));
  return rows.map(toMember);
}

export async function memberExists(db: Db, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.trabot_client_id })
    .from(members)
    .where(eq(members.trabot_client_id, memberId));
  return row !== undefined;
}

/** A member always has an account: a new one gets an active, empty account (broker none). */
export async function createMember(db: Db, body: MemberBody): Promise<Member> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(members).values(body).returning();
    await tx
      .insert(accounts)
      .values({ trabot_client_id: row!.trabot_client_id, account_status: 'active', broker_name: 'none' });
    return toMember(row!);
  });
}

/** Null when the member does not exist. */
export async function updateMember(db: Db, memberId: number, body: MemberBody): Promise<Member | null> {
  const [row] = await db
    .update(members)
    .set({ ...body, last_updated_timestamp: sql`now()` })
    .where(eq(members.trabot_client_id, memberId))
    .returning();
  return row ? toMember(row) : null;
}
