/**
 * The vocabulary of the public forms: a form is a list of steps, a step a list of fields. Each
 * field carries everything the client needs to render it (title, kind, options, hint) and the
 * validation rule, from which `buildFormSchema` makes the zod schema react-hook-form uses.
 * Answers are strings (single choices hold the option value) or string arrays (multi-choice).
 *
 * Client use: `useForm<ResearchEnquiryAnswers>({ resolver: zodResolver(researchEnquirySchema),
 * defaultValues: emptyAnswers(researchEnquiryForm) })`; per step, `trigger(step.fields.map(f => f.name))`;
 * on submit, POST `buildEnquiryBody(researchEnquiryForm, values)` (form-string.ts) to /api/contact-us.
 */
import { z } from 'zod';

export interface FormOption {
  readonly value: string;
  readonly label: string;
}

interface FieldBase {
  /** The spec's field name (section 3), verbatim; also the react-hook-form field name. */
  readonly name: string;
  /** The question as the visitor reads it; also the title in the e-mailed formString. */
  readonly title: string;
  readonly required: boolean;
  /** Helper text shown under the field. */
  readonly hint?: string;
  readonly placeholder?: string;
  /** HTML autocomplete token (e.g. given-name, email, tel). */
  readonly autoComplete?: string;
}

export interface TextFieldDefinition extends FieldBase {
  readonly kind: 'text' | 'email' | 'textarea';
  readonly maxLength: number;
}

export interface PhoneFieldDefinition extends FieldBase {
  readonly kind: 'tel';
  /** `international`: a plus sign, country code and number; `any`: 7-15 digits, `+` optional. */
  readonly format: 'international' | 'any';
}

export interface ChoiceFieldDefinition extends FieldBase {
  readonly kind: 'radio' | 'select';
  readonly options: readonly FormOption[];
}

export interface MultiChoiceFieldDefinition extends FieldBase {
  readonly kind: 'checkbox-multi';
  readonly options: readonly FormOption[];
  /** Multi-choice questions never require a tick (spec section 5). */
  readonly required: false;
}

export type FieldDefinition =
  TextFieldDefinition | PhoneFieldDefinition | ChoiceFieldDefinition | MultiChoiceFieldDefinition;
export type FieldKind = FieldDefinition['kind'];

export interface FormStep {
  readonly id: string;
  readonly title: string;
  readonly fields: readonly FieldDefinition[];
}

export interface FormDefinition {
  readonly id: string;
  readonly title: string;
  readonly steps: readonly FormStep[];
}

export type FieldOf<D extends FormDefinition> = D['steps'][number]['fields'][number];
export type FieldName<D extends FormDefinition> = FieldOf<D>['name'];
type AnswerOf<F extends FieldDefinition> = F extends { kind: 'checkbox-multi' } ? string[] : string;
/** The values react-hook-form holds for a form: one key per field. */
export type FormAnswers<D extends FormDefinition> = { [F in FieldOf<D> as F['name']]: AnswerOf<F> };

export const FIELD_MESSAGES = {
  required: 'This field is required',
  choose: 'Please choose an option',
  chooseListed: 'Choose from the listed options',
  email: 'Enter a valid email',
  phoneInternational: 'Include your country code, e.g. +91 98765 43210',
  phone: 'Enter a valid phone number, e.g. +91 98765 43210',
  tooLong: (max: number) => `Keep this under ${max} characters`,
} as const;

export const YES_NO: readonly FormOption[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** Options whose value is the label itself (the spec lists these by their visible names). */
export function labelled(...labels: string[]): FormOption[] {
  return labels.map((label) => ({ value: label, label }));
}

const PHONE_SEPARATORS = /[\s\-().]/g;
const PHONE_PATTERNS = {
  international: /^\+[1-9]\d{6,14}$/,
  any: /^\+?\d{7,15}$/,
} as const;
const PHONE_MAX = 32;

/** Digits (and the leading plus) of a phone number as typed, without spaces or dashes. */
export function normalizePhone(value: string): string {
  return value.replace(PHONE_SEPARATORS, '');
}

function requiredText(schema: z.ZodString, required: boolean): z.ZodString {
  return required ? schema.min(1, FIELD_MESSAGES.required) : schema;
}

/** The zod rule of one field: text is trimmed; an optional field accepts the empty answer. */
export function fieldSchema(field: FieldDefinition): z.ZodType<string, string> | z.ZodType<string[], string[]> {
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return requiredText(
        z.string().trim().max(field.maxLength, FIELD_MESSAGES.tooLong(field.maxLength)),
        field.required,
      );
    case 'email':
      return requiredText(z.string().trim().max(field.maxLength, FIELD_MESSAGES.email), field.required).refine(
        (v) => v === '' || z.email().safeParse(v).success,
        FIELD_MESSAGES.email,
      );
    case 'tel': {
      const pattern = PHONE_PATTERNS[field.format];
      const message = field.format === 'international' ? FIELD_MESSAGES.phoneInternational : FIELD_MESSAGES.phone;
      return requiredText(z.string().trim().max(PHONE_MAX, message), field.required).refine(
        (v) => v === '' || pattern.test(normalizePhone(v)),
        message,
      );
    }
    case 'radio':
    case 'select': {
      const values = new Set(field.options.map((o) => o.value));
      return z
        .string({ error: FIELD_MESSAGES.choose })
        .refine((v) => (v === '' ? !field.required : values.has(v)), FIELD_MESSAGES.choose);
    }
    case 'checkbox-multi': {
      const values = new Set(field.options.map((o) => o.value));
      return z
        .array(z.string().refine((v) => values.has(v), FIELD_MESSAGES.chooseListed))
        .max(field.options.length, FIELD_MESSAGES.chooseListed);
    }
  }
}

export function formFields<D extends FormDefinition>(definition: D): FieldOf<D>[] {
  return definition.steps.flatMap((step) => step.fields) as FieldOf<D>[];
}

export function findField<D extends FormDefinition>(definition: D, name: FieldName<D>): FieldOf<D> {
  const field = formFields(definition).find((f) => f.name === name);
  if (!field) throw new Error(`${definition.id} has no field ${name}`);
  return field;
}

/** The zod schema of a whole form, for react-hook-form's zodResolver. */
export function buildFormSchema<D extends FormDefinition>(definition: D): z.ZodType<FormAnswers<D>, FormAnswers<D>> {
  const shape = Object.fromEntries(formFields(definition).map((field) => [field.name, fieldSchema(field)]));
  return z.object(shape) as unknown as z.ZodType<FormAnswers<D>, FormAnswers<D>>;
}

/** Blank answers ('' or []) for every field: react-hook-form's defaultValues. */
export function emptyAnswers<D extends FormDefinition>(definition: D): FormAnswers<D> {
  return Object.fromEntries(
    formFields(definition).map((field) => [field.name, field.kind === 'checkbox-multi' ? [] : '']),
  ) as FormAnswers<D>;
}
