/**
 * The admin inbox (beyond the spec): public enquiries as stored (sanitized HTML), and
 * workshop management with registrations.
 */
import { z } from 'zod';
import {
  DEFAULT_WORKSHOP_TIME_LABEL,
  WORKSHOP_LEVELS,
  WORKSHOP_TIME_LABEL_PATTERN,
} from '../../forms/workshop-schedule';
import { PG_INT_MAX } from '../ids';
import { ENQUIRY_TYPES, workshopSchema } from '../public-forms';
import { isoDateInRange } from '../../date-range';

/** What happened to the notification mail of a public submission: `pending` until the SMTP send ends. */
export const MAIL_STATUSES = ['pending', 'sent', 'off', 'failed'] as const;

export const ENQUIRIES_PAGE_DEFAULT = 20;
export const ENQUIRIES_PAGE_MAX = 100;

/** GET /api/admin/enquiries?type=&limit=&before= (newest first; `before` is the last id seen). */
export const enquiriesQuerySchema = z.object({
  type: z.enum(ENQUIRY_TYPES, { error: `type must be one of: ${ENQUIRY_TYPES.join(', ')}` }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ENQUIRIES_PAGE_MAX, `limit must be at most ${ENQUIRIES_PAGE_MAX}`)
    .default(ENQUIRIES_PAGE_DEFAULT),
  before: z.coerce
    .number({ error: 'before must be an enquiry id' })
    .int('before must be an enquiry id')
    .positive('before must be an enquiry id')
    .max(PG_INT_MAX, 'before must be an enquiry id')
    .optional(),
});
export type EnquiriesQuery = z.infer<typeof enquiriesQuerySchema>;

export const enquirySchema = z.object({
  id: z.number().int(),
  type: z.enum(ENQUIRY_TYPES),
  /** The submitted form as sanitized HTML (p, br, strong, em, lists): still render it through an allow-list. */
  form_html: z.string(),
  created_at: z.string(),
  mail_status: z.enum(MAIL_STATUSES),
});
export type Enquiry = z.infer<typeof enquirySchema>;

export const enquiriesPageSchema = z.object({
  items: z.array(enquirySchema),
  /** Pass as `before` to get the next (older) page; null when this page is the last. */
  next_before: z.number().int().nullable(),
});
export type EnquiriesPage = z.infer<typeof enquiriesPageSchema>;

/** One row of GET /api/admin/workshops (newest date first). */
export const adminWorkshopSchema = workshopSchema.extend({
  registration_count: z.number().int(),
  /** Shown to the superadmin and mailed to registrants only; never in the public list. */
  joining_link: z.string().nullable(),
});

/** A joining link: an https URL (meeting services all serve https), empty for none. */
export const joiningLinkSchema = z
  .string()
  .trim()
  .max(2000, 'Joining link is too long')
  .transform((v) => v || null)
  .pipe(
    z
      .url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'Joining link must be an https:// URL' })
      .nullable(),
  );
export type AdminWorkshop = z.infer<typeof adminWorkshopSchema>;

/** PUT /api/admin/workshops (create) and POST /api/admin/workshops/{id} (update). */
export const workshopBodySchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long'),
  description: z.string().trim().min(1, 'Description is required').max(5000, 'Description is too long'),
  workshop_date: isoDateInRange('Date'),
  time_label: z
    .string()
    .trim()
    .regex(WORKSHOP_TIME_LABEL_PATTERN, 'Time must read like 10:00AM IST')
    .refine((label) => {
      const [, hours, minutes] = WORKSHOP_TIME_LABEL_PATTERN.exec(label) ?? [];
      return Number(hours) >= 1 && Number(hours) <= 12 && Number(minutes) < 60;
    }, 'Time must read like 10:00AM IST')
    .default(DEFAULT_WORKSHOP_TIME_LABEL),
  level: z.enum(WORKSHOP_LEVELS, { error: `Level must be ${WORKSHOP_LEVELS.join(' or ')}` }),
  joining_link: joiningLinkSchema.nullable().default(null),
});
export type WorkshopBody = z.input<typeof workshopBodySchema>;

/** One row of GET /api/admin/workshops/{id}/registrations (newest first). */
export const workshopRegistrationSchema = z.object({
  id: z.number().int(),
  workshop_id: z.number().int().nullable(),
  /** The workshop as the visitor's form named it ("title (date)"). */
  workshop_label: z.string(),
  name: z.string(),
  email: z.string(),
  source: z.string(),
  comments: z.string(),
  created_at: z.string(),
  mail_status: z.enum(MAIL_STATUSES),
  /** When the registrant confirmed the address (the joining link goes only to a confirmed one); null: not yet. */
  confirmed_at: z.string().nullable(),
  /** The joining-link mail to the registrant: null until queued (24 hours before the start). */
  link_mail_status: z.enum(['pending', 'sending', 'sent', 'failed', 'off']).nullable(),
  link_mail_sent_at: z.string().nullable(),
});
export type WorkshopRegistration = z.infer<typeof workshopRegistrationSchema>;
