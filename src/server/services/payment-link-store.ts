/**
 * The stored payment links of a member's month: the open one (at most one: a unique index), and the
 * cancelled ones a rejoin leaves behind.
 */
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentLinks } from '../db/schema';

/** The month's first reference_id at Razorpay: trabot-<member>-<month>. */
export const monthReference = (memberId: number, month: string) => `trabot-${memberId}-${month}`;

/** The member's links of the month, open or cancelled. */
const ofMonth = (memberId: number, month: string) =>
  and(eq(paymentLinks.trabot_client_id, memberId), eq(paymentLinks.month, month));

/** The member's open (not cancelled) link of the month, if one was made. */
export async function storedLink(db: Db, memberId: number, month: string) {
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(and(ofMonth(memberId, month), isNull(paymentLinks.cancelled_at)));
  return row ?? null;
}

/**
 * The month's reference_id at Razorpay (unique there, for ever): monthReference, then -2, -3... for
 * a link made again after the membership was cancelled and rejoined within the month.
 */
export async function referenceFor(db: Db, memberId: number, month: string): Promise<string> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentLinks)
    .where(and(ofMonth(memberId, month), isNotNull(paymentLinks.cancelled_at)));
  const cancelled = row?.n ?? 0;
  return `${monthReference(memberId, month)}${cancelled > 0 ? `-${cancelled + 1}` : ''}`;
}
