/**
 * A public form drawn from its shared definition: one step at a time with "Step 2 of 5" and a
 * progress bar, Next checking only the current step, Back keeping the answers, and the whole form
 * checked again by the shared zod schema on submit. `submit` resolves whether the answers reached
 * the firm; only then is the draft removed and `onSubmitted` called (the modal closes).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { IonButton } from '@client/lib/ionic/ion-button';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { emptyAnswers, type FormDefinition } from '@shared/forms/form-definition';
import { useFormDraft } from '../hooks/use-form-draft';
import { useFormSteps } from '../hooks/use-form-steps';
import type { AnyAnswers } from '../lib/form-answers';
import type { FormDraft } from '../lib/form-draft';
import { FormField } from './form-field';
import '@client/components/form-fields/field-notes.css';
import './step-form.css';

export interface StepFormProps {
  definition: FormDefinition;
  schema: z.ZodType;
  submit: (answers: AnyAnswers) => Promise<boolean>;
  onSubmitted: () => void;
  /** Where the answers are kept while the visitor types (the portfolio enquiry). */
  draft?: FormDraft;
  submitLabel?: string;
  /** Shown above the questions (e.g. the workshop being registered for). */
  intro?: ReactNode;
}

export function StepForm({
  definition,
  schema,
  submit,
  onSubmitted,
  draft,
  submitLabel = 'Submit',
  intro,
}: StepFormProps) {
  const [initialAnswers] = useState<AnyAnswers>(() => ({ ...emptyAnswers(definition), ...draft?.read() }));
  const form = useForm<AnyAnswers>({
    resolver: zodResolver(schema as z.ZodType<AnyAnswers, AnyAnswers>),
    defaultValues: initialAnswers,
    mode: 'onTouched',
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const steps = useFormSteps(definition, form, headingRef);
  const discardDraft = useFormDraft(draft, form);
  const headingId = useId();
  const { isSubmitting } = form.formState;
  const multiStep = steps.count > 1;

  const send = form.handleSubmit(
    async (answers) => {
      if (!(await submit(answers))) return;
      discardDraft();
      onSubmitted();
    },
    (errors) => steps.showErrors(errors),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (steps.isLast) return void send(event);
    event.preventDefault();
    void steps.next();
  };

  return (
    <form className="step-form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      {intro}
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={multiStep ? 'step-form-heading' : 'ion-hide'}>
        {multiStep ? (
          <>
            <span className="step-form-count">
              Step {steps.index + 1} of {steps.count}
            </span>{' '}
            <span>{steps.step.title}</span>
          </>
        ) : (
          definition.title
        )}
      </h2>
      {multiStep && (
        <div className="step-form-bar" aria-hidden="true">
          <span style={{ width: `${((steps.index + 1) / steps.count) * 100}%` }} />
        </div>
      )}
      <p className="form-hint">Every question is required unless it is marked optional.</p>
      <div className="step-form-fields">
        {steps.step.fields.map((field) => (
          <FormField key={field.name} field={field} control={form.control} />
        ))}
      </div>
      <div className="step-form-actions">
        {!steps.isFirst && (
          <IonButton fill="outline" onClick={steps.back} disabled={isSubmitting}>
            Back
          </IonButton>
        )}
        <IonButton type="submit" disabled={isSubmitting}>
          {steps.isLast ? (isSubmitting ? 'Submitting...' : submitLabel) : 'Next'}
        </IonButton>
      </div>
    </form>
  );
}
