/**
 * Workshop registration (spec sections 3 and 5): name, email, phone and source required, comments
 * optional; the phone must carry a country code. The payload sends every field but the phone.
 */
import { buildFormSchema, type FormAnswers, type FormDefinition } from './form-definition';
import { email, longText, phone, select, shortText } from './fields';

/** How did you hear about us: the `source` of the payload holds the value. */
export const WORKSHOP_SOURCES = [
  { value: 'youtube', label: 'YouTube' },
  { value: 'linkedin', label: 'LinkedIn' },
  { value: 'x', label: 'X (Twitter)' },
  { value: 'chat-group', label: 'Our community chat group' },
  { value: 'website', label: 'Our website' },
  { value: 'friend', label: 'A friend or colleague' },
  { value: 'other', label: 'Other' },
] as const;

export const WORKSHOP_JOINING_HINT = 'The joining link is sent to this email 24 hours before the workshop.';

export const workshopRegistrationForm = {
  id: 'workshop-registration',
  title: 'Workshop Registration',
  steps: [
    {
      id: 'registration',
      title: 'Your details',
      fields: [
        shortText('name', 'Full name', { autoComplete: 'name', maxLength: 100 }),
        email('email', 'Email address', { hint: WORKSHOP_JOINING_HINT }),
        phone('phone', 'Phone number (with country code)', 'international', {
          hint: 'Include your country code, e.g. +91 98765 43210',
        }),
        select('source', 'How did you hear about us?', WORKSHOP_SOURCES),
        longText('comments', 'Anything you would like the presenter to cover? (optional)', {
          required: false,
          maxLength: 2000,
        }),
      ],
    },
  ],
} as const satisfies FormDefinition;

export type WorkshopRegistrationAnswers = FormAnswers<typeof workshopRegistrationForm>;
export const workshopRegistrationSchema = buildFormSchema(workshopRegistrationForm);
