/**
 * The joining-link mail: 24 hours before a workshop starts, to each registrant who confirmed the
 * address (workshop-confirmations.ts), once per registration ever (its outbox key).
 */
import { and, eq, gte, isNotNull, lte } from 'drizzle-orm';
import { escapeHtml } from '@shared/form-string';
import { workshopStartsAt } from '@shared/forms/workshop-schedule';
import { addDays, IST_TIME_ZONE, istDay } from '@shared/ist';
import type { AppDeps } from '../context';
import { workshopRegistrations, workshops } from '../db/schema';
import type { Mailer } from './mail';
import { queueMail } from './outbox';

export const WORKSHOP_LINK_MAIL = 'workshop_link';
/** The joining link is mailed this long before the workshop starts. */
export const LINK_MAIL_LEAD_MS = 24 * 60 * 60 * 1000;

const MAIL_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: IST_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const MAIL_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: IST_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** The workshop's start as mails write it: the day, and the day with the time in IST. */
export function mailDate(workshop: { workshop_date: string; time_label: string }) {
  const startsAt = workshopStartsAt(workshop);
  const day = MAIL_DAY.format(startsAt);
  return { day, when: `${day} at ${MAIL_TIME.format(startsAt).toUpperCase()} IST` };
}

function linkMail(
  workshop: { title: string; workshop_date: string; time_label: string; joining_link: string },
  name: string,
) {
  const { day, when } = mailDate(workshop);
  const link = escapeHtml(workshop.joining_link);
  return {
    subject: `Your joining link: ${workshop.title}, ${day}`,
    html:
      `<p>Dear ${escapeHtml(name)},</p>` +
      `<p>Thank you for registering for <strong>${escapeHtml(workshop.title)}</strong>. ` +
      `It starts on <strong>${escapeHtml(when)}</strong>.</p>` +
      `<p>Join here: <a href="${link}">${link}</a></p>` +
      '<p>Please keep this link to yourself: it is for registrants only.</p>',
  };
}

/**
 * Queues the joining-link mail of every confirmed registrant (all, or one registration's) of the
 * workshops that start within the next 24 hours and have a link; one mail per registration, ever
 * (its outbox key). Returns the ids of the mails queued now.
 */
export async function queueLinkMails(
  { db }: Pick<AppDeps, 'db'>,
  mailer: Pick<Mailer, 'enabled'>,
  now: Date,
  only?: { workshopId: number; registrationId: number },
): Promise<number[]> {
  const today = istDay(now);
  const candidates = await db
    .select({
      workshop_id: workshops.workshop_id,
      title: workshops.title,
      workshop_date: workshops.workshop_date,
      time_label: workshops.time_label,
      joining_link: workshops.joining_link,
    })
    .from(workshops)
    .where(
      and(
        isNotNull(workshops.joining_link),
        gte(workshops.workshop_date, today),
        lte(workshops.workshop_date, addDays(today, 2)),
        only ? eq(workshops.workshop_id, only.workshopId) : undefined,
      ),
    );
  const queued: number[] = [];
  for (const workshop of candidates) {
    const startsAt = workshopStartsAt(workshop).getTime();
    if (!(now.getTime() >= startsAt - LINK_MAIL_LEAD_MS && now.getTime() < startsAt)) continue;
    const registrants = await db
      .select({ id: workshopRegistrations.id, name: workshopRegistrations.name, email: workshopRegistrations.email })
      .from(workshopRegistrations)
      .where(
        and(
          eq(workshopRegistrations.workshop_id, workshop.workshop_id),
          isNotNull(workshopRegistrations.confirmed_at),
          only ? eq(workshopRegistrations.id, only.registrationId) : undefined,
        ),
      );
    for (const registrant of registrants) {
      const id = await queueMail(
        db,
        mailer,
        {
          dedupeKey: `workshop-link:${registrant.id}`,
          kind: WORKSHOP_LINK_MAIL,
          recipient: registrant.email,
          ...linkMail({ ...workshop, joining_link: workshop.joining_link! }, registrant.name),
          workshopRegistrationId: registrant.id,
        },
        now,
      );
      if (id !== null) queued.push(id);
    }
  }
  return queued;
}
