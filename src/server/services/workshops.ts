/** Workshops (listed newest first) and workshop registrations (stored, then e-mailed to the firm). */
import { and, desc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import { buildFormString, escapeHtml } from '@shared/form-string';
import { findField, type FormDefinition } from '@shared/forms/form-definition';
import { shortText } from '@shared/forms/fields';
import { workshopRegistrationForm } from '@shared/forms/workshop-registration';
import { workshopLabel, workshopStartsAt } from '@shared/forms/workshop-schedule';
import { addDays, IST_TIME_ZONE, istDay } from '@shared/ist';
import type { Workshop, WorkshopEnquiry } from '@shared/schemas/public-forms';
import type { AppDeps } from '../context';
import type { Db } from '../db/client';
import { workshopRegistrations, workshops } from '../db/schema';
import type { Mailer } from './mail';
import { deliverDueMail, queueMail } from './outbox';

/** A workshop as listed (public page and admin screens). */
export const workshopColumns = {
  workshop_id: workshops.workshop_id,
  title: workshops.title,
  description: workshops.description,
  workshop_date: workshops.workshop_date,
  time_label: workshops.time_label,
  level: workshops.level,
};

export async function listWorkshops(db: Db): Promise<Workshop[]> {
  return db.select(workshopColumns).from(workshops).orderBy(desc(workshops.workshop_date), desc(workshops.workshop_id));
}

/** The stored workshop whose "title plus date" label the visitor sent, if any. */
async function matchWorkshop(db: Db, label: string): Promise<number | null> {
  const all = await db
    .select({ workshop_id: workshops.workshop_id, title: workshops.title, workshop_date: workshops.workshop_date })
    .from(workshops);
  return all.find((w) => workshopLabel(w) === label)?.workshop_id ?? null;
}

/** What the firm reads: the registration's fields (the payload has no phone) and the workshop. */
const registrationMail = {
  id: 'workshop-registration-mail',
  title: 'Workshop registration',
  steps: [
    {
      id: 'registration',
      title: 'Registration',
      fields: [
        shortText('workshop', 'Workshop'),
        ...(['name', 'email', 'source', 'comments'] as const).map((name) => findField(workshopRegistrationForm, name)),
      ],
    },
  ],
} satisfies FormDefinition;

export async function submitWorkshopRegistration(
  { db, log }: Pick<AppDeps, 'db' | 'log'>,
  mailer: Mailer,
  body: WorkshopEnquiry,
  ipHash: string | null,
  now: Date = new Date(),
): Promise<number> {
  const workshopId = await matchWorkshop(db, body.workshop);
  const [row] = await db
    .insert(workshopRegistrations)
    .values({
      workshop_id: workshopId,
      workshop_label: body.workshop,
      name: body.name,
      email: body.email,
      source: body.source,
      comments: body.comments,
      ip_hash: ipHash,
      mail_status: mailer.enabled ? 'pending' : 'off',
    })
    .returning({ id: workshopRegistrations.id });
  if (!row) throw new Error('workshop registration insert returned no row');
  log.info({ registrationId: row.id, workshopId }, 'workshop registration stored');

  if (mailer.enabled) {
    const status = await mailer.send({
      subject: `Workshop registration #${row.id}: ${body.workshop}`,
      html: buildFormString(registrationMail, body),
      replyTo: body.email,
    });
    await db.update(workshopRegistrations).set({ mail_status: status }).where(eq(workshopRegistrations.id, row.id));
  }
  // Inside the last 24 hours the joining link goes out at once (the schedule would send it too, later).
  if (workshopId !== null) {
    const queued = await queueLinkMails({ db }, mailer, now, workshopId);
    if (queued.length) await deliverDueMail({ db, log }, mailer, now, queued);
  }
  return row.id;
}

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

function linkMail(
  workshop: { title: string; workshop_date: string; time_label: string; joining_link: string },
  name: string,
) {
  const startsAt = workshopStartsAt(workshop);
  const day = MAIL_DAY.format(startsAt);
  const when = `${day} at ${MAIL_TIME.format(startsAt).toUpperCase()} IST`;
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
 * Queues the joining-link mail of every registrant of the workshops (all, or one) that start within
 * the next 24 hours and have a link; one mail per registration, ever (its outbox key). Returns the
 * ids of the mails queued now.
 */
export async function queueLinkMails(
  { db }: Pick<AppDeps, 'db'>,
  mailer: Pick<Mailer, 'enabled'>,
  now: Date,
  workshopId?: number,
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
        workshopId === undefined ? undefined : eq(workshops.workshop_id, workshopId),
      ),
    );
  const queued: number[] = [];
  for (const workshop of candidates) {
    const startsAt = workshopStartsAt(workshop).getTime();
    if (!(now.getTime() >= startsAt - LINK_MAIL_LEAD_MS && now.getTime() < startsAt)) continue;
    const registrants = await db
      .select({ id: workshopRegistrations.id, name: workshopRegistrations.name, email: workshopRegistrations.email })
      .from(workshopRegistrations)
      .where(eq(workshopRegistrations.workshop_id, workshop.workshop_id));
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
