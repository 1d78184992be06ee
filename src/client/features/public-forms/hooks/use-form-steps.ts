/**
 * Step navigation of a long form: Next validates only the questions of the current step, Back
 * keeps every answer (fields of hidden steps stay registered), and focus follows: to the first
 * invalid question when a step does not pass, to the new step's heading when it does.
 */
import { useEffect, useState, type RefObject } from 'react';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import type { FormDefinition, FormStep } from '@shared/forms/form-definition';
import type { AnyAnswers } from '../lib/form-answers';
import { firstErrorName, stepFieldNames, stepIndexOf } from '../lib/form-steps';

export interface FormSteps {
  index: number;
  count: number;
  step: FormStep;
  isFirst: boolean;
  isLast: boolean;
  /** Validates the current step; moves on and resolves true when it passes. */
  next(): Promise<boolean>;
  back(): void;
  /** After the whole form failed validation: shows the step of the first error and focuses it. */
  showErrors(errors: FieldErrors<AnyAnswers>): void;
}

type FocusTarget = { kind: 'heading' } | { kind: 'field'; name: string };

export function useFormSteps(
  definition: FormDefinition,
  form: Pick<UseFormReturn<AnyAnswers>, 'trigger' | 'setFocus' | 'getFieldState'>,
  headingRef: RefObject<HTMLElement | null>,
): FormSteps {
  const [index, setIndex] = useState(0);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const count = definition.steps.length;
  const step = definition.steps[index]!;
  const { setFocus } = form;

  // Runs after the step's fields are in the DOM.
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget.kind === 'heading') headingRef.current?.focus();
    else setFocus(focusTarget.name);
  }, [focusTarget, setFocus, headingRef]);

  // A fresh object each time, so the same target is focused again on a second attempt.
  const focus = (target: FocusTarget) => setFocusTarget({ ...target });

  return {
    index,
    count,
    step,
    isFirst: index === 0,
    isLast: index === count - 1,
    async next() {
      const names = stepFieldNames(step);
      const valid = await form.trigger(names);
      if (!valid) {
        // getFieldState reads the errors trigger() just set (formState is the last render's).
        const name = firstErrorName(definition, (n) => form.getFieldState(n).invalid, names);
        if (name) focus({ kind: 'field', name });
        return false;
      }
      if (index < count - 1) {
        setIndex(index + 1);
        focus({ kind: 'heading' });
      }
      return true;
    },
    back() {
      if (index === 0) return;
      setIndex(index - 1);
      focus({ kind: 'heading' });
    },
    showErrors(errors) {
      const name = firstErrorName(definition, (n) => errors[n] !== undefined);
      if (!name) return;
      setIndex(stepIndexOf(definition, name));
      focus({ kind: 'field', name });
    },
  };
}
