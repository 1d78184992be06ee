/**
 * A logged-in user changes their own password (Account Settings). The current password is checked
 * like a login's (same time with or without a password set); wrong ones count per user in the login
 * window, so a session left open on a shared computer cannot be used to guess it. A change ends the
 * user's other sessions and keeps the one that made it.
 */
import { eq, sql } from 'drizzle-orm';
import type { ChangePasswordBody } from '@shared/schemas/passwords';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import * as rateLimit from '../security/rate-limit';
import { LOGIN_WINDOW_MS } from './login-guard';
import { hashPassword, verifyStoredPassword } from './passwords';
import { endSessions } from './sessions';

const WRONG_CURRENT_PASSWORD = 'This is not your current password';

export type PasswordChange = { outcome: 'changed' } | { outcome: 'refused'; retryAfterSeconds: number };

/** `limit`: wrong current passwords a user may type in one window (LOGIN_LIMIT_PER_EMAIL). */
export async function changePassword(
  db: Db,
  change: { userId: number; sessionTokenHash: string | null; body: ChangePasswordBody; limit: number },
): Promise<PasswordChange> {
  const key = `password-change:user:${change.userId}`;
  const attempt = await rateLimit.hit(db, key, LOGIN_WINDOW_MS);
  if (attempt.count > change.limit) return { outcome: 'refused', retryAfterSeconds: attempt.retryAfterSeconds };
  const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, change.userId));
  if (!(await verifyStoredPassword(row?.hash, change.body.current_password)))
    throw new DomainError('invalid', WRONG_CURRENT_PASSWORD, { current_password: WRONG_CURRENT_PASSWORD });
  await rateLimit.reset(db, key);
  const hash = await hashPassword(change.body.new_password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: hash, updated_at: sql`now()` })
      .where(eq(users.id, change.userId));
    await endSessions(tx, change.userId, change.sessionTokenHash ?? undefined);
  });
  return { outcome: 'changed' };
}
