/** Answers as react-hook-form holds them for any public form, and a guard for answers read back from storage. */
import { formFields, type FormDefinition } from '@shared/forms/form-definition';

export type AnyAnswers = Record<string, string | string[]>;

/**
 * Keeps, from an unknown value (a stored draft), only the answers this form asks for, each with the
 * shape its field takes: a string, or a list of strings for a multi-choice question.
 */
export function pickAnswers(definition: FormDefinition, value: unknown): AnyAnswers {
  if (typeof value !== 'object' || value === null) return {};
  const source = value as Record<string, unknown>;
  const answers: AnyAnswers = {};
  for (const field of formFields(definition)) {
    const answer = source[field.name];
    if (field.kind === 'checkbox-multi') {
      if (Array.isArray(answer)) answers[field.name] = answer.filter((v): v is string => typeof v === 'string');
    } else if (typeof answer === 'string') {
      answers[field.name] = answer;
    }
  }
  return answers;
}
