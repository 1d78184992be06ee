import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, formFields } from '@shared/forms/form-definition';
import { membershipInterestForm, membershipInterestSchema } from '@shared/forms/membership-interest';
import { errorsOf, fieldNames, optionLabels, requiredNames, validAnswers } from './form-test-kit';

const ACKNOWLEDGEMENTS = [
  'mentorshipUnderstanding',
  'feeUnderstanding',
  'limitedSlots',
  'paymentDeadline',
  'paymentTermination',
  'rejoinPolicy',
];

describe('membership interest form', () => {
  it('is sent as Membership Interest', () => {
    expect(membershipInterestForm.enquiryType).toBe('Membership Interest');
  });

  it('asks the spec fields in spec order, split into 3 to 5 steps', () => {
    expect(fieldNames(membershipInterestForm)).toEqual([
      'fullName',
      'email',
      'contactNumber',
      'region',
      'referralSource',
      'tradingExperience',
      'tradingStyle',
      'goals',
      ...ACKNOWLEDGEMENTS,
      'expertise',
      'algorithmTesting',
      'comments',
    ]);
    expect(membershipInterestForm.steps.length).toBeGreaterThanOrEqual(3);
    expect(membershipInterestForm.steps.length).toBeLessThanOrEqual(5);
  });

  it('offers the spec option lists', () => {
    const values = (name: string) => formFields(membershipInterestForm).find((f) => f.name === name);
    expect(values('referralSource')).toMatchObject({
      options: [
        { value: 'youtube' },
        { value: 'linkedin' },
        { value: 'website' },
        { value: 'referral' },
        { value: 'other' },
      ],
    });
    expect(values('tradingExperience')).toMatchObject({
      options: [{ value: 'beginner' }, { value: 'intermediate' }, { value: 'advanced' }],
    });
    expect(values('tradingStyle')).toMatchObject({
      options: [{ value: 'discretionary' }, { value: 'mechanical' }, { value: 'partial' }],
    });
    expect(optionLabels(membershipInterestForm, 'goals')).toEqual([
      'Mentorship',
      'Strategy Development',
      'Community Engagement',
      'Access to Proprietary Trading Tools',
      'Other',
    ]);
    for (const name of [...ACKNOWLEDGEMENTS, 'algorithmTesting'])
      expect(optionLabels(membershipInterestForm, name), name).toEqual(['Yes', 'No']);
  });

  it('states the fee and the payment window from the business constants', () => {
    const titles = formFields(membershipInterestForm)
      .map((f) => f.title)
      .join(' ');
    expect(titles).toContain('75 USD or 5,900 INR');
    expect(titles).toContain('25th');
    expect(titles).toContain('USD 1,500 to 7,500');
  });

  it('requires everything except comments (and the multi-choice goals)', () => {
    const notRequired = fieldNames(membershipInterestForm).filter(
      (n) => !requiredNames(membershipInterestForm).includes(n),
    );
    expect(notRequired.sort()).toEqual(['comments', 'goals']);
  });

  it('validates email and contact number', () => {
    const valid = validAnswers(membershipInterestForm);
    expect(errorsOf(membershipInterestSchema, { ...valid, email: 'member.example.com' })).toEqual({
      email: FIELD_MESSAGES.email,
    });
    expect(errorsOf(membershipInterestSchema, { ...valid, contactNumber: '123' })).toEqual({
      contactNumber: FIELD_MESSAGES.phone,
    });
    expect(errorsOf(membershipInterestSchema, { ...valid, comments: '', goals: [] })).toEqual({});
  });
});
