/** The admin inbox: public enquiries, newest first, a page at a time (keyset on the id). */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { EnquiriesPage, EnquiriesQuery } from '@shared/schemas/admin/inbox';
import type { Db } from '../db/client';
import { enquiries } from '../db/schema';

export async function listEnquiries(db: Db, query: EnquiriesQuery): Promise<EnquiriesPage> {
  const rows = await db
    .select({
      id: enquiries.id,
      type: enquiries.type,
      form_html: enquiries.form_html,
      created_at: enquiries.created_at,
      mail_status: enquiries.mail_status,
    })
    .from(enquiries)
    .where(
      and(
        query.type ? eq(enquiries.type, query.type) : undefined,
        query.before ? lt(enquiries.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(enquiries.id))
    // One more than asked tells whether an older page exists.
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
    next_before: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}
