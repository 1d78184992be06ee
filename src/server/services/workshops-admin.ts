/** Workshop management for the admin: list with registration counts, add, edit, registrations. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminWorkshop, workshopBodySchema, WorkshopRegistration } from '@shared/schemas/admin/inbox';
import type { Db } from '../db/client';
import { mailOutbox, workshopRegistrations, workshops } from '../db/schema';
import { isUniqueViolation } from './users';
import { WORKSHOP_LINK_MAIL } from './workshop-link-mails';
import { workshopColumns } from './workshops';
import { DomainError } from '../lib/domain-error';

type WorkshopValues = z.output<typeof workshopBodySchema>;

/** Workshops with how many registrations name them (grouped per workshop). */
function selectWithCounts(db: Db, where?: SQL) {
  return db
    .select({
      ...workshopColumns,
      registration_count: count(workshopRegistrations.id),
      joining_link: workshops.joining_link,
    })
    .from(workshops)
    .leftJoin(workshopRegistrations, eq(workshopRegistrations.workshop_id, workshops.workshop_id))
    .where(where)
    .groupBy(workshops.workshop_id);
}

/** Newest date first, like the public list. */
export async function listAdminWorkshops(db: Db): Promise<AdminWorkshop[]> {
  return selectWithCounts(db).orderBy(desc(workshops.workshop_date), desc(workshops.workshop_id));
}

async function withCount(db: Db, workshopId: number): Promise<AdminWorkshop> {
  const [row] = await selectWithCounts(db, eq(workshops.workshop_id, workshopId));
  return row!;
}

function duplicate(body: WorkshopValues): DomainError {
  const message = `A workshop titled "${body.title}" already exists on ${body.workshop_date}`;
  return new DomainError('conflict', message, { title: message });
}

/** 409 when a workshop with the same title and date exists (registrations name workshops by both). */
export async function createWorkshop(db: Db, body: WorkshopValues): Promise<AdminWorkshop> {
  try {
    const [row] = await db.insert(workshops).values(body).returning({ id: workshops.workshop_id });
    return await withCount(db, row!.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(body);
    throw err;
  }
}

/** Null when the workshop does not exist; 409 on a duplicate title and date. */
export async function updateWorkshop(db: Db, workshopId: number, body: WorkshopValues): Promise<AdminWorkshop | null> {
  try {
    const [row] = await db
      .update(workshops)
      .set(body)
      .where(eq(workshops.workshop_id, workshopId))
      .returning({ id: workshops.workshop_id });
    return row ? await withCount(db, row.id) : null;
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(body);
    throw err;
  }
}

/** Newest first; null when the workshop does not exist. */
export async function listWorkshopRegistrations(db: Db, workshopId: number): Promise<WorkshopRegistration[] | null> {
  const [workshop] = await db
    .select({ id: workshops.workshop_id })
    .from(workshops)
    .where(eq(workshops.workshop_id, workshopId));
  if (!workshop) return null;
  const rows = await db
    .select({
      id: workshopRegistrations.id,
      workshop_id: workshopRegistrations.workshop_id,
      workshop_label: workshopRegistrations.workshop_label,
      name: workshopRegistrations.name,
      email: workshopRegistrations.email,
      source: workshopRegistrations.source,
      comments: workshopRegistrations.comments,
      created_at: workshopRegistrations.created_at,
      mail_status: workshopRegistrations.mail_status,
      confirmed_at: workshopRegistrations.confirmed_at,
      link_mail_status: mailOutbox.status,
      link_mail_sent_at: mailOutbox.sent_at,
    })
    .from(workshopRegistrations)
    .leftJoin(
      mailOutbox,
      and(eq(mailOutbox.workshop_registration_id, workshopRegistrations.id), eq(mailOutbox.kind, WORKSHOP_LINK_MAIL)),
    )
    .where(eq(workshopRegistrations.workshop_id, workshopId))
    .orderBy(desc(workshopRegistrations.id));
  return rows.map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    confirmed_at: row.confirmed_at?.toISOString() ?? null,
    link_mail_sent_at: row.link_mail_sent_at?.toISOString() ?? null,
  }));
}
