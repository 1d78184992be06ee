/**
 * Email + password check that takes the same time whether or not the email exists, and whether or
 * not its login has a password yet (one waiting for its set-password link has none: nothing matches).
 */
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/schemas/session';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { verifyStoredPassword } from './passwords';
import { publicUserColumns } from './user-columns';

export async function checkCredentials(db: Db, email: string, password: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({ ...publicUserColumns, password_hash: users.password_hash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  const ok = await verifyStoredPassword(row?.password_hash, password);
  if (!row || !ok) return null;
  const { password_hash: _hash, ...user } = row;
  return user;
}
