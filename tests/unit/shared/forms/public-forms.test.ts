import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '@shared/forms/form-definition';
import { FORM_STRING_MAX, contactUsBodySchema, workshopEnquiryBodySchema } from '@shared/schemas/public-forms';
import { errorsOf } from './form-test-kit';

describe('contactUsBodySchema', () => {
  it('accepts the three enquiry types with a formString', () => {
    for (const type of ['Research Enquiry', 'Portfolio Enquiry', 'Membership Interest']) {
      expect(errorsOf(contactUsBodySchema, { type, formString: '<p>x</p>' }), type).toEqual({});
    }
  });

  it('names the bad fields', () => {
    expect(Object.keys(errorsOf(contactUsBodySchema, { type: 'Spam', formString: '' }))).toEqual([
      'type',
      'formString',
    ]);
    expect(
      Object.keys(
        errorsOf(contactUsBodySchema, { type: 'Research Enquiry', formString: 'x'.repeat(FORM_STRING_MAX + 1) }),
      ),
    ).toEqual(['formString']);
    expect(Object.keys(errorsOf(contactUsBodySchema, {}))).toEqual(['type', 'formString']);
  });
});

describe('workshopEnquiryBodySchema', () => {
  const body = { name: 'Asha Rao', email: 'asha@example.com', source: 'youtube', comments: '', workshop: 'N.A.' };

  it('accepts a registration, with comments optional', () => {
    expect(errorsOf(workshopEnquiryBodySchema, body)).toEqual({});
    const { comments: _c, ...withoutComments } = body;
    expect(workshopEnquiryBodySchema.parse(withoutComments).comments).toBe('');
  });

  it('applies the form rules to name, email and source, and needs a workshop', () => {
    expect(
      errorsOf(workshopEnquiryBodySchema, { ...body, name: ' ', email: 'nope', source: 'tv', workshop: '' }),
    ).toEqual({
      name: FIELD_MESSAGES.required,
      email: FIELD_MESSAGES.email,
      source: FIELD_MESSAGES.choose,
      workshop: 'workshop is required (a workshop or N.A.)',
    });
  });

  it('does not take a phone number', () => {
    expect(workshopEnquiryBodySchema.parse({ ...body, phone: '+91 98765 43210' })).not.toHaveProperty('phone');
  });
});
