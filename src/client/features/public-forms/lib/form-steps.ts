/** Which fields a step holds and where the first error of a form sits (in question order). */
import { formFields, type FormDefinition, type FormStep } from '@shared/forms/form-definition';

export function stepFieldNames(step: FormStep): string[] {
  return step.fields.map((field) => field.name);
}

/** The first field, in the order the visitor reads them, that has an error (optionally within `names`). */
export function firstErrorName(
  definition: FormDefinition,
  hasError: (name: string) => boolean,
  names?: readonly string[],
): string | undefined {
  return formFields(definition)
    .map((field) => field.name)
    .find((name) => (names === undefined || names.includes(name)) && hasError(name));
}

/** The index of the step that asks the question `name` (0 when no step does). */
export function stepIndexOf(definition: FormDefinition, name: string): number {
  return Math.max(
    0,
    definition.steps.findIndex((step) => step.fields.some((field) => field.name === name)),
  );
}
