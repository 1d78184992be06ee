/**
 * The firm's business calendar, run by the engine's leader process on the injectable clock: queues
 * the workshop joining-link mails (24 hours before each start, to confirmed registrants) and the
 * confirmation mails of registrations that have none (those made before confirmation existed), runs the membership month (due
 * from the 1st, cancelled when unpaid after the 25th, IST; when billing is on) and delivers the mail
 * outbox with its retries. With Razorpay configured, from the 1st to the 25th every member who owes
 * the month gets its payment link (made and mailed once), and a cancelled membership's links whose
 * cancel Razorpay has not answered are cancelled again.
 */
import type { AppDeps } from '../context';
import type { Mailer } from './mail';
import { billingOn, runMembershipMonth } from './membership';
import { runPaymentLinks } from './membership-payments';
import { deliverDueMail } from './outbox';
import { retryLinkCancels } from './payment-link-cancel';
import { queueConfirmationMails } from './workshop-confirmations';
import { queueLinkMails } from './workshop-link-mails';

/** The schedule runs at most this often (the engine ticks every few seconds). */
export const BUSINESS_SCHEDULE_EVERY_MS = 60_000;

export async function runBusinessSchedule(
  deps: Pick<AppDeps, 'db' | 'log' | 'env' | 'notifier'>,
  mailer: Mailer,
  now: Date,
): Promise<void> {
  await queueLinkMails(deps, mailer, now);
  await queueConfirmationMails(deps, mailer, deps.env.PUBLIC_URL, now);
  await runMembershipMonth(deps, mailer, now);
  if (billingOn(deps.env)) await runPaymentLinks(deps, mailer, now);
  await retryLinkCancels(deps, now);
  await deliverDueMail(deps, mailer, now);
}
