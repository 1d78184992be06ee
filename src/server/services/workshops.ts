/**
 * Workshops (listed newest first) and workshop registrations (stored, e-mailed to the firm, and a
 * confirmation link mailed to the registrant's address).
 */
import { desc, eq } from 'drizzle-orm';
import { buildFormString } from '@shared/form-string';
import { findField, type FormDefinition } from '@shared/forms/form-definition';
import { shortText } from '@shared/forms/fields';
import { workshopRegistrationForm } from '@shared/forms/workshop-registration';
import { workshopLabel } from '@shared/forms/workshop-schedule';
import type { Workshop, WorkshopEnquiry } from '@shared/schemas/public-forms';
import type { AppDeps } from '../context';
import type { Db } from '../db/client';
import { workshopRegistrations, workshops } from '../db/schema';
import type { Mailer } from './mail';
import { deliverDueMail } from './outbox';
import { queueConfirmationMails } from './workshop-confirmations';

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
  { db, log, env }: Pick<AppDeps, 'db' | 'log' | 'env'>,
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
  // The registrant's first mail: the confirmation link (no joining link before the address confirms).
  if (workshopId !== null) {
    const queued = await queueConfirmationMails({ db }, mailer, env.PUBLIC_URL, now, row.id);
    await deliverDueMail({ db, log }, mailer, now, queued);
  }
  return row.id;
}
