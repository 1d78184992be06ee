/**
 * One-time set-password links: a login made for someone else (an accepted applicant, a user the
 * superadmin added without a password) gets no password, only a link to choose one. The token is 32
 * random bytes made when the mail leaves (outbox.ts), never written anywhere; the database keeps its
 * SHA-256, like a session's. A link works once and for PASSWORD_LINK_TTL_MS; a newer link replaces
 * the unused ones before it.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordLinks, users } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { hashPassword } from './passwords';
import { endSessions, hashToken, newToken } from './sessions';

/** 72 hours: a weekend's mail read on Monday still works (decision 2026-12-07-set-password-links). */
export const PASSWORD_LINK_TTL_MS = 72 * 60 * 60 * 1000;
/** The client page; the token rides in the fragment, which browsers send to no server and no Referer. */
export const SET_PASSWORD_PATH = '/set-password';

export const LINK_MESSAGES = {
  unknown: 'This set-password link is not valid. Ask the firm for a new one.',
  used: 'This set-password link was already used. Sign in with your password, or ask the firm for a new link.',
  expired: 'This set-password link has expired (links last 72 hours). Ask the firm for a new one.',
} as const;

const refused = (why: keyof typeof LINK_MESSAGES) =>
  new DomainError('invalid', LINK_MESSAGES[why], { token: LINK_MESSAGES[why] });

/** A new link for the user (its unused predecessors stop working); answers the raw token, to mail only. */
export async function createPasswordLink(db: Db, userId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx.delete(passwordLinks).where(and(eq(passwordLinks.user_id, userId), isNull(passwordLinks.used_at)));
    await tx.insert(passwordLinks).values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: new Date(now.getTime() + PASSWORD_LINK_TTL_MS),
    });
  });
  return token;
}

/** The link's login when it can still be used; a 400 naming `token` with why it cannot. */
export async function openPasswordLink(db: Db, token: string, now: Date): Promise<{ userId: number; email: string }> {
  const [row] = await db
    .select({
      userId: passwordLinks.user_id,
      email: users.email,
      usedAt: passwordLinks.used_at,
      expiresAt: passwordLinks.expires_at,
    })
    .from(passwordLinks)
    .innerJoin(users, eq(users.id, passwordLinks.user_id))
    .where(eq(passwordLinks.token_hash, hashToken(token)));
  if (!row) throw refused('unknown');
  if (row.usedAt) throw refused('used');
  if (row.expiresAt <= now) throw refused('expired');
  return { userId: row.userId, email: row.email };
}

/**
 * Sets the link's login's password and uses the link up. Two redemptions racing: the one that
 * marks it used wins, the other is told it was used. Any session of the login ends.
 */
export async function redeemPasswordLink(db: Db, token: string, password: string, now: Date): Promise<number> {
  const { userId } = await openPasswordLink(db, token, now);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordLinks)
      .set({ used_at: now })
      .where(
        and(
          eq(passwordLinks.token_hash, hashToken(token)),
          isNull(passwordLinks.used_at),
          gt(passwordLinks.expires_at, now),
        ),
      )
      .returning({ userId: passwordLinks.user_id });
    if (!claimed) throw refused('used');
    await tx.update(users).set({ password_hash: passwordHash, updated_at: now }).where(eq(users.id, userId));
    await endSessions(tx, userId);
    return userId;
  });
}
