/**
 * Confirming the address of a workshop registration before its joining link is mailed: anyone can
 * type anyone's address into the public form, so the first mail to that address carries only the
 * product's own words, the workshop's title and date (the firm's data) and a confirmation link,
 * never the registrant's free text. The link's one-time token is minted when the mail is sent and
 * only its hash kept (outbox.ts); it works until the workshop starts (after that no joining link is
 * sent anyway). Confirming inside the last 24 hours mails the joining link at once.
 */
import { and, eq, gte, isNull } from 'drizzle-orm';
import { escapeHtml } from '@shared/form-string';
import { workshopStartsAt } from '@shared/forms/workshop-schedule';
import { istDay } from '@shared/ist';
import { WORKSHOP_CONFIRM_PATH, type ConfirmOutcome } from '@shared/workshop-confirmation';
import type { AppDeps } from '../context';
import { mailOutbox, workshopRegistrations, workshops } from '../db/schema';
import type { Mailer } from './mail';
import { hashToken } from '../auth/sessions';
import { deliverDueMail, OUTBOX_TOKEN, queueMail, WORKSHOP_CONFIRM_MAIL } from './outbox';
import { mailDate, queueLinkMails } from './workshop-link-mails';

type Deps = Pick<AppDeps, 'db' | 'log'>;

/** Neutral: no name, nothing the registrant typed; the address is the site's own (PUBLIC_URL). */
function confirmationMail(workshop: { title: string; workshop_date: string; time_label: string }, publicUrl: string) {
  const { day, when } = mailDate(workshop);
  const link = escapeHtml(`${publicUrl}${WORKSHOP_CONFIRM_PATH}#${OUTBOX_TOKEN}`);
  return {
    subject: `Confirm your workshop registration: ${workshop.title}, ${day}`,
    html:
      '<p>Hello,</p>' +
      `<p>This address was registered for the workshop <strong>${escapeHtml(workshop.title)}</strong> ` +
      `on <strong>${escapeHtml(when)}</strong>.</p>` +
      '<p>To receive the joining link, confirm the registration here (the page asks you to press Confirm): ' +
      `<a href="${link}">${link}</a></p>` +
      '<p>If you did not register, ignore this mail: nothing more will be sent to you about it.</p>',
  };
}

/**
 * Queues the confirmation mail of each unconfirmed registration (all, or one) of a workshop that has
 * not started and that has none yet: the new registration, and those made before confirmation
 * existed. Returns the ids of the mails queued now.
 */
export async function queueConfirmationMails(
  { db }: Pick<AppDeps, 'db'>,
  mailer: Pick<Mailer, 'enabled'>,
  publicUrl: string | undefined,
  now: Date,
  registrationId?: number,
): Promise<number[]> {
  // Without the site's address there is no link to mail (env.ts requires it when mail is on).
  if (!publicUrl) return [];
  const rows = await db
    .select({
      id: workshopRegistrations.id,
      email: workshopRegistrations.email,
      title: workshops.title,
      workshop_date: workshops.workshop_date,
      time_label: workshops.time_label,
    })
    .from(workshopRegistrations)
    .innerJoin(workshops, eq(workshops.workshop_id, workshopRegistrations.workshop_id))
    .leftJoin(
      mailOutbox,
      and(
        eq(mailOutbox.workshop_registration_id, workshopRegistrations.id),
        eq(mailOutbox.kind, WORKSHOP_CONFIRM_MAIL),
      ),
    )
    .where(
      and(
        isNull(workshopRegistrations.confirmed_at),
        isNull(mailOutbox.id),
        gte(workshops.workshop_date, istDay(now)),
        registrationId === undefined ? undefined : eq(workshopRegistrations.id, registrationId),
      ),
    );
  const queued: number[] = [];
  for (const row of rows) {
    if (now.getTime() >= workshopStartsAt(row).getTime()) continue;
    const id = await queueMail(
      db,
      mailer,
      {
        dedupeKey: `workshop-confirm:${row.id}`,
        kind: WORKSHOP_CONFIRM_MAIL,
        recipient: row.email,
        ...confirmationMail(row, publicUrl),
        workshopRegistrationId: row.id,
      },
      now,
    );
    if (id !== null) queued.push(id);
  }
  return queued;
}

/** Uses a confirmation token: the registration is confirmed once; inside the last 24 hours its link goes at once. */
export async function confirmRegistration(
  deps: Deps,
  mailer: Mailer,
  token: string,
  now: Date,
): Promise<ConfirmOutcome> {
  const [found] = await deps.db
    .select({
      id: workshopRegistrations.id,
      confirmed_at: workshopRegistrations.confirmed_at,
      workshop_id: workshops.workshop_id,
      workshop_date: workshops.workshop_date,
      time_label: workshops.time_label,
    })
    .from(mailOutbox)
    .innerJoin(workshopRegistrations, eq(workshopRegistrations.id, mailOutbox.workshop_registration_id))
    .leftJoin(workshops, eq(workshops.workshop_id, workshopRegistrations.workshop_id))
    .where(and(eq(mailOutbox.token_hash, hashToken(token)), eq(mailOutbox.kind, WORKSHOP_CONFIRM_MAIL)));
  if (!found) return 'unknown';
  if (found.confirmed_at) return 'used';
  const { workshop_id: workshopId, workshop_date, time_label } = found;
  if (workshopId === null || workshop_date === null || time_label === null) return 'expired';
  if (now.getTime() >= workshopStartsAt({ workshop_date, time_label }).getTime()) return 'expired';

  const [confirmed] = await deps.db
    .update(workshopRegistrations)
    .set({ confirmed_at: now })
    .where(and(eq(workshopRegistrations.id, found.id), isNull(workshopRegistrations.confirmed_at)))
    .returning({ id: workshopRegistrations.id });
  if (!confirmed) return 'used'; // a second click at the same moment
  deps.log.info({ registrationId: found.id, workshopId }, 'workshop registration confirmed');
  const queued = await queueLinkMails(deps, mailer, now, { workshopId, registrationId: found.id });
  await deliverDueMail(deps, mailer, now, queued);
  return 'confirmed';
}
