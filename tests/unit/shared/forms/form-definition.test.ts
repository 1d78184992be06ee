import { describe, expect, it } from 'vitest';
import {
  FIELD_MESSAGES,
  buildFormSchema,
  emptyAnswers,
  findField,
  formFields,
  type FormDefinition,
} from '@shared/forms/form-definition';
import { email, longText, multi, phone, radio, select, shortText, yesNo } from '@shared/forms/fields';
import { membershipInterestForm } from '@shared/forms/membership-interest';
import { portfolioEnquiryForm } from '@shared/forms/portfolio-enquiry';
import { researchEnquiryForm } from '@shared/forms/research-enquiry';
import { workshopRegistrationForm } from '@shared/forms/workshop-registration';
import { errorsOf, requiredNames, validAnswers } from './form-test-kit';

const sample = {
  id: 'sample',
  title: 'Sample',
  steps: [
    {
      id: 'one',
      title: 'One',
      fields: [
        shortText('name', 'Name', { maxLength: 10 }),
        shortText('nickname', 'Nickname', { required: false }),
        longText('story', 'Story'),
        email('email', 'Email'),
        email('altEmail', 'Other email', { required: false }),
        phone('intl', 'Phone', 'international'),
        phone('local', 'Phone', 'any'),
        radio('colour', 'Colour', [
          { value: 'red', label: 'Red' },
          { value: 'blue', label: 'Blue' },
        ]),
        radio('shade', 'Shade', [{ value: 'dark', label: 'Dark' }], { required: false }),
        select('size', 'Size', [{ value: 'xl', label: 'Extra large' }]),
        yesNo('agree', 'Agree?'),
        multi('tags', 'Tags', [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ]),
      ],
    },
  ],
} as const satisfies FormDefinition;
const schema = buildFormSchema(sample);
const valid = validAnswers(sample);

describe('field rules', () => {
  it('accepts a complete answer set and trims text', () => {
    const parsed = schema.parse({ ...valid, name: '  Asha  ', email: ' visitor@example.com ' });
    expect(parsed.name).toBe('Asha');
    expect(parsed.email).toBe('visitor@example.com');
  });

  it('requires required text, also when only spaces are typed', () => {
    expect(errorsOf(schema, { ...valid, name: '' })).toEqual({ name: FIELD_MESSAGES.required });
    expect(errorsOf(schema, { ...valid, story: '   ' })).toEqual({ story: FIELD_MESSAGES.required });
  });

  it('accepts blank optional text and optional email', () => {
    expect(errorsOf(schema, { ...valid, nickname: '', altEmail: '' })).toEqual({});
  });

  it('limits text length', () => {
    expect(errorsOf(schema, { ...valid, name: 'x'.repeat(11) })).toEqual({ name: FIELD_MESSAGES.tooLong(10) });
    expect(errorsOf(schema, { ...valid, name: 'x'.repeat(10) })).toEqual({});
  });

  it('checks email format', () => {
    expect(errorsOf(schema, { ...valid, email: 'not-an-email' })).toEqual({ email: FIELD_MESSAGES.email });
    expect(errorsOf(schema, { ...valid, altEmail: 'a@b' })).toEqual({ altEmail: FIELD_MESSAGES.email });
    expect(errorsOf(schema, { ...valid, email: '' })).toEqual({ email: FIELD_MESSAGES.required });
  });

  it('requires a country code on international phones', () => {
    for (const ok of ['+91 98765 43210', '+919876543210', '+1 (415) 555-0100', '+44 20 7946 0958']) {
      expect(errorsOf(schema, { ...valid, intl: ok }), ok).toEqual({});
    }
    for (const bad of [
      '98765 43210',
      '0091 98765 43210',
      '+0 98765 43210',
      '+91 987',
      '+91 98765 4321x',
      '+1234567890123456',
    ]) {
      expect(errorsOf(schema, { ...valid, intl: bad }), bad).toEqual({ intl: FIELD_MESSAGES.phoneInternational });
    }
  });

  it('accepts phones with or without a country code where the format is any', () => {
    expect(errorsOf(schema, { ...valid, local: '98765 43210' })).toEqual({});
    expect(errorsOf(schema, { ...valid, local: '+91-98765-43210' })).toEqual({});
    expect(errorsOf(schema, { ...valid, local: '12345' })).toEqual({ local: FIELD_MESSAGES.phone });
  });

  it('requires a listed option for required single choices', () => {
    expect(errorsOf(schema, { ...valid, colour: '' })).toEqual({ colour: FIELD_MESSAGES.choose });
    expect(errorsOf(schema, { ...valid, colour: 'green' })).toEqual({ colour: FIELD_MESSAGES.choose });
    expect(errorsOf(schema, { ...valid, size: '' })).toEqual({ size: FIELD_MESSAGES.choose });
    expect(errorsOf(schema, { ...valid, agree: undefined })).toEqual({ agree: FIELD_MESSAGES.choose });
    expect(errorsOf(schema, { ...valid, agree: 'no' })).toEqual({});
  });

  it('lets an optional single choice stay blank but not hold an unlisted value', () => {
    expect(errorsOf(schema, { ...valid, shade: '' })).toEqual({});
    expect(errorsOf(schema, { ...valid, shade: 'light' })).toEqual({ shade: FIELD_MESSAGES.choose });
  });

  it('never requires a multi-choice tick, but only accepts listed options', () => {
    expect(errorsOf(schema, { ...valid, tags: [] })).toEqual({});
    expect(errorsOf(schema, { ...valid, tags: ['a', 'b'] })).toEqual({});
    expect(errorsOf(schema, { ...valid, tags: ['a', 'z'] })).toEqual({ 'tags.1': FIELD_MESSAGES.chooseListed });
  });

  it('gives blank defaults for every field', () => {
    expect(emptyAnswers(sample)).toEqual({
      name: '',
      nickname: '',
      story: '',
      email: '',
      altEmail: '',
      intl: '',
      local: '',
      colour: '',
      shade: '',
      size: '',
      agree: '',
      tags: [],
    });
  });

  it('finds fields by name and refuses unknown ones', () => {
    expect(findField(sample, 'size').title).toBe('Size');
    expect(() => findField(sample, 'nope' as 'size')).toThrow('sample has no field nope');
  });
});

describe.each([researchEnquiryForm, portfolioEnquiryForm, membershipInterestForm, workshopRegistrationForm])(
  '$id',
  (form) => {
    const formSchema = buildFormSchema(form);
    const fields = formFields(form);

    it('has unique field names, titles and non-empty steps', () => {
      expect(new Set(fields.map((f) => f.name)).size).toBe(fields.length);
      expect(fields.every((f) => f.title.trim().length > 0)).toBe(true);
      expect(form.steps.every((s) => s.fields.length > 0)).toBe(true);
    });

    it('has unique option values and labels', () => {
      for (const field of fields) {
        if (!('options' in field)) continue;
        expect(new Set(field.options.map((o) => o.value)).size, field.name).toBe(field.options.length);
        expect(new Set(field.options.map((o) => o.label)).size, field.name).toBe(field.options.length);
      }
    });

    it('never requires a multi-choice question', () => {
      expect(fields.filter((f) => f.kind === 'checkbox-multi' && f.required)).toEqual([]);
    });

    it('accepts a complete answer set', () => {
      expect(errorsOf(formSchema, validAnswers(form))).toEqual({});
    });

    it('reports exactly the required fields when left blank', () => {
      expect(Object.keys(errorsOf(formSchema, emptyAnswers(form))).sort()).toEqual(requiredNames(form).sort());
    });
  },
);
