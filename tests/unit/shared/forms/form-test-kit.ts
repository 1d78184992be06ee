/** Helpers for the form definition tests: a valid answer set and the errors a schema reports. */
import type { z } from 'zod';
import { formFields, type FieldDefinition, type FormAnswers, type FormDefinition } from '@shared/forms/form-definition';

function validAnswer(field: FieldDefinition): string | string[] {
  switch (field.kind) {
    case 'email':
      return 'visitor@example.com';
    case 'tel':
      return '+91 98765 43210';
    case 'radio':
    case 'select':
      return field.options[0]!.value;
    case 'checkbox-multi':
      return [field.options[0]!.value];
    case 'text':
    case 'textarea':
      return 'An answer';
  }
}

export function validAnswers<D extends FormDefinition>(definition: D): FormAnswers<D> {
  return Object.fromEntries(formFields(definition).map((f) => [f.name, validAnswer(f)])) as FormAnswers<D>;
}

/** field name -> first message, or {} when the answers are valid. */
export function errorsOf(schema: z.ZodType, answers: unknown): Record<string, string> {
  const result = schema.safeParse(answers);
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

export const fieldNames = (definition: FormDefinition) => formFields(definition).map((f) => f.name);
export const requiredNames = (definition: FormDefinition) =>
  formFields(definition)
    .filter((f) => f.required)
    .map((f) => f.name);
export const optionLabels = (definition: FormDefinition, name: string) => {
  const field = formFields(definition).find((f) => f.name === name);
  return field && 'options' in field ? field.options.map((o) => o.label) : undefined;
};
