/** Payloads and responses of the public API: enquiries, workshop registrations, workshops. */
import { z } from 'zod';
import { fieldSchema, findField, type FormDefinition } from '../forms/form-definition';
import { workshopRegistrationForm } from '../forms/workshop-registration';
import { WORKSHOP_LEVELS, WORKSHOP_NOT_APPLICABLE } from '../forms/workshop-schedule';

export const ENQUIRY_TYPES = ['Research Enquiry', 'Portfolio Enquiry', 'Membership Interest'] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

/** A form whose answers are sent to POST /api/contact-us as `{type, formString}`. */
export interface EnquiryFormDefinition extends FormDefinition {
  readonly enquiryType: EnquiryType;
}

export const FORM_STRING_MAX = 100_000;

/** POST /api/contact-us. formString is HTML built by `buildFormString`; the server sanitizes it. */
export const contactUsBodySchema = z.object({
  type: z.enum(ENQUIRY_TYPES, { error: `type must be one of: ${ENQUIRY_TYPES.join(', ')}` }),
  formString: z
    .string({ error: 'formString must be a string' })
    .min(1, 'formString is empty')
    .max(FORM_STRING_MAX, `formString is longer than ${FORM_STRING_MAX} characters`),
});
export type ContactUsBody = z.infer<typeof contactUsBodySchema>;

const workshopField = (name: 'name' | 'email' | 'source' | 'comments') =>
  fieldSchema(findField(workshopRegistrationForm, name)) as z.ZodType<string, string>;

/** POST /api/workshop-enquiry: the registration form's fields except phone, plus the workshop. */
export const workshopEnquiryBodySchema = z.object({
  name: workshopField('name'),
  email: workshopField('email'),
  source: workshopField('source'),
  comments: workshopField('comments').optional().default(''),
  /** workshopLabel() of the chosen workshop ("title plus date"), or N.A. */
  workshop: z
    .string({ error: 'workshop must be a string' })
    .trim()
    .min(1, `workshop is required (a workshop or ${WORKSHOP_NOT_APPLICABLE})`)
    .max(300, 'workshop is too long'),
});
/** What the client sends (comments may be left out). */
export type WorkshopEnquiryBody = z.input<typeof workshopEnquiryBodySchema>;
/** What the server reads after parsing (comments defaulted to ''). */
export type WorkshopEnquiry = z.output<typeof workshopEnquiryBodySchema>;

/** 201 answer of both POSTs: the stored submission's id. */
export const submissionResponseSchema = z.object({ status: z.literal('success'), id: z.number().int() });
export type SubmissionResponse = z.infer<typeof submissionResponseSchema>;

/** One entry of GET /api/workshops (newest date first). */
export const workshopSchema = z.object({
  workshop_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** yyyy-MM-dd */
  workshop_date: z.string(),
  time_label: z.string(),
  level: z.enum(WORKSHOP_LEVELS),
});
export type Workshop = z.infer<typeof workshopSchema>;
export const workshopsResponseSchema = z.array(workshopSchema);
