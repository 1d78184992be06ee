/**
 * A cancelled membership's open payment links are cancelled at Razorpay too, so that nobody pays a
 * month the firm will not book (the membership cancelled by the superadmin, by the 25th rule, or
 * opted out). The rows stay, marked cancelled, for a payment that still arrives (razorpay-webhook.ts
 * flags it for refund). Razorpay unreachable or failing: a warning, and the schedule tries again.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { members, paymentLinks } from '../db/schema';
import { raiseWarning } from '../records/warnings';
import { cancelPaymentLink, RazorpayError, razorpayConfigured } from './razorpay';

type Deps = Pick<AppDeps, 'db' | 'log' | 'env'>;
type LinkRow = typeof paymentLinks.$inferSelect;

async function cancelAtRazorpay(deps: Deps, link: LinkRow, now: Date): Promise<void> {
  const done = (error: string | null) =>
    deps.db.update(paymentLinks).set({ cancel_done_at: now, cancel_error: error }).where(eq(paymentLinks.id, link.id));
  try {
    await cancelPaymentLink(deps.env, link.razorpay_link_id);
    await done(null);
    deps.log.info(
      { memberId: link.trabot_client_id, linkId: link.razorpay_link_id },
      'razorpay payment link cancelled',
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // A 400: Razorpay cancels only a link in the created state (or does not know it): nothing is left
    // to cancel, and a payment made meanwhile is flagged by the webhook. Trying again changes nothing.
    if (err instanceof RazorpayError && err.statusCode === 400) {
      await done(message);
      deps.log.info({ linkId: link.razorpay_link_id, message }, 'razorpay payment link not cancellable');
      return;
    }
    await deps.db.update(paymentLinks).set({ cancel_error: message }).where(eq(paymentLinks.id, link.id));
    deps.log.warn({ err, linkId: link.razorpay_link_id }, 'razorpay payment link not cancelled; retried');
    if (link.cancel_error !== null) return; // warned at the first failure
    const [member] = await deps.db.select().from(members).where(eq(members.trabot_client_id, link.trabot_client_id));
    await raiseWarning(
      deps.db,
      `Payment link of ${member?.name ?? 'a member'} (client ${link.trabot_client_id}) for ${link.month} not ` +
        `cancelled at Razorpay yet (${message}): the schedule tries again; it can still be paid meanwhile.`,
      { member: link.trabot_client_id, month: link.month, link: link.razorpay_link_id },
    );
  }
}

/** Marks the member's open links cancelled and cancels them at Razorpay (after the membership is cancelled). */
export async function cancelMemberLinks(deps: Deps, memberId: number, now: Date): Promise<void> {
  const marked = await deps.db
    .update(paymentLinks)
    .set({ cancelled_at: now })
    .where(and(eq(paymentLinks.trabot_client_id, memberId), isNull(paymentLinks.cancelled_at)))
    .returning();
  if (!razorpayConfigured(deps.env)) return; // the schedule cancels them once Razorpay is configured
  for (const link of marked) await cancelAtRazorpay(deps, link, now);
}

/**
 * The schedule's part: links whose cancel Razorpay has not answered yet, and open links of a
 * cancelled membership (a crash between the two), are cancelled now.
 */
export async function retryLinkCancels(deps: Deps, now: Date): Promise<void> {
  if (!razorpayConfigured(deps.env)) return;
  const pending = await deps.db
    .select({ link: paymentLinks })
    .from(paymentLinks)
    .innerJoin(members, eq(members.trabot_client_id, paymentLinks.trabot_client_id))
    .where(
      or(
        // Tried when it was cancelled (not in this same run): tried again from the next run on.
        and(lt(paymentLinks.cancelled_at, now), isNull(paymentLinks.cancel_done_at)),
        and(isNull(paymentLinks.cancelled_at), eq(members.membership_status, 'cancelled')),
      ),
    );
  for (const { link } of pending) {
    if (link.cancelled_at === null) {
      await deps.db.update(paymentLinks).set({ cancelled_at: now }).where(eq(paymentLinks.id, link.id));
    }
    await cancelAtRazorpay(deps, link, now);
  }
}
