/** Contact-us enquiries: sanitized, stored, then e-mailed to the firm when mail is on. */
import { eq } from 'drizzle-orm';
import type { ContactUsBody } from '@shared/schemas/public-forms';
import type { AppDeps } from '../context';
import { enquiries } from '../db/schema';
import type { Mailer } from './mail';
import { hasVisibleText, sanitizeFormHtml } from './sanitize';
import { DomainError } from '../lib/domain-error';

export async function submitEnquiry(
  { db, log }: Pick<AppDeps, 'db' | 'log'>,
  mailer: Mailer,
  body: ContactUsBody,
  ipHash: string | null,
): Promise<number> {
  const formHtml = sanitizeFormHtml(body.formString);
  if (!hasVisibleText(formHtml)) {
    throw new DomainError('invalid', 'Invalid body: formString', { formString: 'formString has no answers' });
  }
  const [row] = await db
    .insert(enquiries)
    .values({ type: body.type, form_html: formHtml, ip_hash: ipHash, mail_status: mailer.enabled ? 'pending' : 'off' })
    .returning({ id: enquiries.id });
  if (!row) throw new Error('enquiry insert returned no row');
  log.info({ enquiryId: row.id, type: body.type }, 'enquiry stored');

  if (mailer.enabled) {
    const status = await mailer.send({
      subject: `${body.type} #${row.id} from the website`,
      html: `<p>A new ${body.type} (#${row.id}) was submitted on the website.</p>${formHtml}`,
    });
    await db.update(enquiries).set({ mail_status: status }).where(eq(enquiries.id, row.id));
  }
  return row.id;
}
