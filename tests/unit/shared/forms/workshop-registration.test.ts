import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, findField } from '@shared/forms/form-definition';
import {
  WORKSHOP_JOINING_HINT,
  WORKSHOP_SOURCES,
  workshopRegistrationForm,
  workshopRegistrationSchema,
} from '@shared/forms/workshop-registration';
import { errorsOf, fieldNames, requiredNames, validAnswers } from './form-test-kit';

describe('workshop registration form', () => {
  const valid = validAnswers(workshopRegistrationForm);

  it('asks name, email, phone, source and comments; only comments optional', () => {
    expect(fieldNames(workshopRegistrationForm)).toEqual(['name', 'email', 'phone', 'source', 'comments']);
    expect(requiredNames(workshopRegistrationForm)).toEqual(['name', 'email', 'phone', 'source']);
  });

  it('tells when the joining link arrives and offers the sources', () => {
    expect(findField(workshopRegistrationForm, 'email').hint).toBe(WORKSHOP_JOINING_HINT);
    expect(WORKSHOP_JOINING_HINT).toContain('24 hours before the workshop');
    expect(findField(workshopRegistrationForm, 'source')).toMatchObject({ kind: 'select', options: WORKSHOP_SOURCES });
  });

  it('requires a phone with a country code', () => {
    expect(errorsOf(workshopRegistrationSchema, { ...valid, phone: '+91 98765 43210' })).toEqual({});
    expect(errorsOf(workshopRegistrationSchema, { ...valid, phone: '98765 43210' })).toEqual({
      phone: FIELD_MESSAGES.phoneInternational,
    });
    expect(errorsOf(workshopRegistrationSchema, { ...valid, phone: '' })).toEqual({ phone: FIELD_MESSAGES.required });
  });

  it('validates email and source, and leaves comments optional', () => {
    expect(errorsOf(workshopRegistrationSchema, { ...valid, email: 'someone@' })).toEqual({
      email: FIELD_MESSAGES.email,
    });
    expect(errorsOf(workshopRegistrationSchema, { ...valid, source: '' })).toEqual({ source: FIELD_MESSAGES.choose });
    expect(errorsOf(workshopRegistrationSchema, { ...valid, comments: '' })).toEqual({});
  });
});
