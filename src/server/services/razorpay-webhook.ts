/**
 * Razorpay's payment_link.paid webhook, its signature already checked by the route. The signature
 * proves only that the sender holds the webhook secret, so before anything is booked the payment is
 * confirmed with Razorpay's API (the link paid in full, the payment captured, both of this link and
 * month): a leaked secret alone marks nothing paid. Razorpay unreachable: 503, so Razorpay sends the
 * webhook again later. A confirmed payment of a cancelled membership is not booked: it is recorded
 * as a refund due, with a warning for the superadmin, and gets no invoice.
 */
import { eq } from 'drizzle-orm';
import { formatFee } from '@shared/format';
import type { AppDeps } from '../context';
import { members, paymentLinks, razorpayEvents, refundsDue } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { raiseWarning } from '../records/warnings';
import { recordPayment } from './membership';
import { monthReference } from './payment-link-store';
import { fetchPayment, fetchPaymentLink, RazorpayError } from './razorpay';
import { claimRazorpayEvent } from './razorpay-events';

type Deps = Pick<AppDeps, 'db' | 'log' | 'env'>;
type LinkRow = typeof paymentLinks.$inferSelect;

/** What a webhook's body must hold for payment_link.paid (the rest is ignored). */
export interface PaidEvent {
  event: string;
  payload?: {
    payment_link?: { entity?: { id?: string; notes?: Record<string, unknown> } };
    payment?: { entity?: { id?: string } };
  };
}

export type WebhookOutcome =
  | { status: 'replayed' }
  | { status: 'ignored'; reason: string }
  | { status: 'refused'; reason: string }
  | { status: 'refund_due'; payment_id: string }
  | { status: 'paid'; invoice_number: string; created: boolean };

/**
 * Why Razorpay does not confirm the payment, or null when it does. Throws (503) when Razorpay cannot
 * be asked: no answer, a 5xx, or our own key refused (a 401 is our configuration, not the payment's).
 */
async function unconfirmed(deps: Deps, ours: LinkRow, paymentId: string): Promise<string | null> {
  let link, payment;
  try {
    [link, payment] = await Promise.all([
      fetchPaymentLink(deps.env, ours.razorpay_link_id),
      fetchPayment(deps.env, paymentId),
    ]);
  } catch (err) {
    if (err instanceof RazorpayError && (err.statusCode === 400 || err.statusCode === 404)) {
      return `Razorpay does not know it: ${err.message}`;
    }
    deps.log.warn({ err, linkId: ours.razorpay_link_id, paymentId }, 'razorpay webhook: cannot confirm now');
    const message = 'Razorpay cannot be reached to confirm the payment: send it again later';
    throw new DomainError('unavailable', message, { payment: message });
  }
  const reference = monthReference(ours.trabot_client_id, ours.month);
  const listed = link.payments.find((p) => p.payment_id === paymentId);
  const fee = `${ours.amount_minor} ${ours.currency}`;
  if (link.status !== 'paid') return `the link is ${link.status}, not paid`;
  if (link.reference_id !== reference && !link.reference_id.startsWith(`${reference}-`)) {
    return `the link's reference_id ${link.reference_id} is not ${reference}`;
  }
  if (link.amount_paid !== ours.amount_minor || link.currency !== ours.currency) {
    return `the link was paid ${link.amount_paid} ${link.currency}, not ${fee}`;
  }
  if (listed?.status !== 'captured') return `payment ${paymentId} is not a captured payment of the link`;
  if (payment.status !== 'captured') return `payment ${paymentId} is ${payment.status}`;
  if (payment.amount !== ours.amount_minor || payment.currency !== ours.currency) {
    return `payment ${paymentId} is ${payment.amount} ${payment.currency}, not ${fee}`;
  }
  if (payment.order_id && link.order_id && payment.order_id !== link.order_id) {
    return `payment ${paymentId} is of order ${payment.order_id}, not the link's ${link.order_id}`;
  }
  return null;
}

/** A payment of a cancelled membership: stored once (with the event), a warning, no invoice. */
async function flagRefund(
  deps: Deps,
  ours: LinkRow,
  member: typeof members.$inferSelect,
  paymentId: string,
  event: { id: string; event: string },
  now: Date,
): Promise<WebhookOutcome> {
  const fresh = await deps.db.transaction(async (tx) => {
    if (!(await claimRazorpayEvent(tx, event, now))) return false;
    const [row] = await tx
      .insert(refundsDue)
      .values({
        trabot_client_id: ours.trabot_client_id,
        month: ours.month,
        razorpay_payment_id: paymentId,
        razorpay_link_id: ours.razorpay_link_id,
        amount_minor: ours.amount_minor,
        currency: ours.currency,
        reason: 'paid after the membership was cancelled',
        received_at: now,
      })
      .onConflictDoNothing()
      .returning({ id: refundsDue.id });
    return row !== undefined;
  });
  if (!fresh) return { status: 'replayed' };
  const amount = formatFee(ours.amount_minor / 100, ours.currency);
  await raiseWarning(
    deps.db,
    `Refund due: ${member.name} (client ${member.trabot_client_id}) paid ${amount} for ${ours.month} ` +
      `after the membership was cancelled (Razorpay payment ${paymentId}). Not booked; refund it from Razorpay.`,
    { member: member.trabot_client_id, month: ours.month, payment: paymentId, link: ours.razorpay_link_id, amount },
  );
  deps.log.warn({ memberId: member.trabot_client_id, paymentId }, 'razorpay payment of a cancelled membership');
  return { status: 'refund_due', payment_id: paymentId };
}

/**
 * A genuine event, once per event id: payment_link.paid of a link made here, confirmed by Razorpay,
 * records the month paid; any other event is acknowledged and ignored. The event id is stored in
 * the same transaction as the payment, so a replay changes nothing.
 */
export async function handleRazorpayEvent(
  deps: Deps,
  eventId: string,
  body: PaidEvent,
  now: Date,
): Promise<WebhookOutcome> {
  const event = typeof body.event === 'string' ? body.event : 'unknown';
  const ignore = async (reason: string): Promise<WebhookOutcome> => {
    if (!(await claimRazorpayEvent(deps.db, { id: eventId, event }, now))) return { status: 'replayed' };
    if (event === 'payment_link.paid') deps.log.warn({ eventId, reason }, 'razorpay webhook ignored');
    return { status: 'ignored', reason };
  };
  const [seen] = await deps.db.select().from(razorpayEvents).where(eq(razorpayEvents.event_id, eventId));
  if (seen) return { status: 'replayed' };
  if (event !== 'payment_link.paid') return ignore(`event ${event} is not handled`);
  const link = body.payload?.payment_link?.entity;
  const paymentId = body.payload?.payment?.entity?.id;
  if (typeof link?.id !== 'string' || typeof paymentId !== 'string') {
    return ignore('no payment link or payment in the payload');
  }
  const [ours] = await deps.db.select().from(paymentLinks).where(eq(paymentLinks.razorpay_link_id, link.id));
  if (!ours) return ignore(`payment link ${link.id} was not made here`);
  const notes = link.notes ?? {};
  if (String(notes.trabot_client_id) !== String(ours.trabot_client_id) || notes.month !== ours.month) {
    return ignore(`payment link ${link.id}: notes do not match the link made`);
  }
  const why = await unconfirmed(deps, ours, paymentId);
  if (why) {
    const reason = `Razorpay does not confirm payment ${paymentId} of link ${link.id}: ${why}`;
    deps.log.warn({ eventId, linkId: link.id, paymentId, why }, 'razorpay webhook refused: not confirmed');
    await raiseWarning(deps.db, `Razorpay webhook refused, nothing booked: ${reason}`, {
      event: eventId,
      member: ours.trabot_client_id,
      month: ours.month,
    });
    return { status: 'refused', reason };
  }
  const [member] = await deps.db.select().from(members).where(eq(members.trabot_client_id, ours.trabot_client_id));
  if (member?.membership_status === 'cancelled') {
    return flagRefund(deps, ours, member, paymentId, { id: eventId, event }, now);
  }
  const paid = await recordPayment(deps, {
    memberId: ours.trabot_client_id,
    month: ours.month,
    amount: ours.amount_minor / 100,
    currency: ours.currency,
    method: 'razorpay',
    reference: paymentId,
    paymentLinkId: ours.razorpay_link_id,
    actor: { userId: null, name: 'Razorpay' },
    at: now,
    razorpayEvent: { id: eventId, event },
  });
  if (paid.replayed) return { status: 'replayed' };
  return { status: 'paid', invoice_number: paid.invoice_number, created: paid.created };
}
