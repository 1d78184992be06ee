/**
 * One question of a public form, drawn from its shared definition with Ionic's own controls:
 * inputs and text areas, a radio group, a select, or a list of checkboxes. The label is the
 * question; hints and errors sit under it and are announced (aria-describedby, aria-invalid).
 */
import type { AutocompleteTypes, TextFieldTypes } from '@ionic/core';
import { IonCheckbox } from '@client/lib/ionic/ion-checkbox';
import { IonInput } from '@client/lib/ionic/ion-input';
import { IonRadio } from '@client/lib/ionic/ion-radio';
import { IonRadioGroup } from '@client/lib/ionic/ion-radio-group';
import { IonSelect } from '@client/lib/ionic/ion-select';
import { IonSelectOption } from '@client/lib/ionic/ion-select-option';
import { IonTextarea } from '@client/lib/ionic/ion-textarea';
import { useId } from 'react';
import { Controller, type Control, type ControllerRenderProps } from 'react-hook-form';
import type {
  ChoiceFieldDefinition,
  FieldDefinition,
  MultiChoiceFieldDefinition,
  PhoneFieldDefinition,
  TextFieldDefinition,
} from '@shared/forms/form-definition';
import type { AnyAnswers } from '../lib/form-answers';

type Input = ControllerRenderProps<AnyAnswers, string>;
interface Problem {
  error?: string;
}

/** Ionic marks a control invalid through these classes; it then shows errorText and sets aria-invalid. */
const invalidClass = (error: string | undefined) => (error ? 'ion-invalid ion-touched' : undefined);

interface Focusable extends Element {
  componentOnReady?: () => Promise<unknown>;
  setFocus?: () => Promise<void>;
}

/**
 * react-hook-form focuses an invalid field through its ref. The question is first brought to the
 * middle of the modal (so its label stays in sight), then its control focused: Ionic controls
 * through setFocus() once rendered; a select through the button in its shadow root.
 */
function focusRef(ref: Input['ref']) {
  return (el: Focusable | null) =>
    ref(
      el
        ? {
            focus: () => {
              el.scrollIntoView({ block: 'center' });
              void (el.componentOnReady?.() ?? Promise.resolve()).then(() =>
                el.setFocus ? el.setFocus() : el.shadowRoot?.querySelector('button')?.focus(),
              );
            },
          }
        : null,
    );
}

const INPUT_TYPES: Record<'text' | 'email' | 'tel', TextFieldTypes> = { text: 'text', email: 'email', tel: 'tel' };

function TextField({ field, input, error }: { field: TextFieldDefinition | PhoneFieldDefinition; input: Input } & Problem) {
  const common = {
    label: field.title,
    labelPlacement: 'stacked' as const,
    fill: 'outline' as const,
    name: field.name,
    required: field.required,
    placeholder: field.placeholder,
    autocomplete: (field.autoComplete ?? 'off') as AutocompleteTypes,
    helperText: field.hint,
    errorText: error,
    className: invalidClass(error),
    value: input.value as string,
    onIonBlur: input.onBlur,
  };
  if (field.kind === 'textarea') {
    return (
      <IonTextarea
        {...common}
        ref={focusRef(input.ref)}
        autoGrow
        rows={3}
        maxlength={field.maxLength}
        onIonInput={(e) => input.onChange(e.detail.value ?? '')}
      />
    );
  }
  return (
    <IonInput
      {...common}
      ref={focusRef(input.ref)}
      type={INPUT_TYPES[field.kind]}
      inputmode={field.kind === 'text' ? 'text' : field.kind}
      maxlength={'maxLength' in field ? field.maxLength : undefined}
      onIonInput={(e) => input.onChange(e.detail.value ?? '')}
    />
  );
}

function RadioField({ field, input, error }: { field: ChoiceFieldDefinition; input: Input } & Problem) {
  return (
    <fieldset className="form-choice">
      <legend className="form-choice-title">{field.title}</legend>
      <IonRadioGroup
        ref={focusRef(input.ref)}
        name={field.name}
        value={input.value}
        onIonChange={(e) => input.onChange(e.detail.value ?? '')}
        helperText={field.hint}
        errorText={error}
        className={invalidClass(error)}
      >
        {field.options.map((option) => (
          <IonRadio key={option.value} value={option.value} labelPlacement="end" justify="start">
            {option.label}
          </IonRadio>
        ))}
      </IonRadioGroup>
    </fieldset>
  );
}

function SelectField({ field, input, error }: { field: ChoiceFieldDefinition; input: Input } & Problem) {
  return (
    <IonSelect
      ref={focusRef(input.ref)}
      label={field.title}
      labelPlacement="stacked"
      fill="outline"
      interface="popover"
      placeholder="Choose an option"
      name={field.name}
      value={input.value === '' ? undefined : input.value}
      onIonChange={(e) => input.onChange((e.detail.value as string | undefined) ?? '')}
      onIonBlur={input.onBlur}
      helperText={field.hint}
      errorText={error}
      className={invalidClass(error)}
    >
      {field.options.map((option) => (
        <IonSelectOption key={option.value} value={option.value}>
          {option.label}
        </IonSelectOption>
      ))}
    </IonSelect>
  );
}

function CheckboxesField({ field, input, error }: { field: MultiChoiceFieldDefinition; input: Input } & Problem) {
  const hintId = useId();
  const errorId = useId();
  const chosen = new Set(input.value as string[]);
  const toggle = (value: string, checked: boolean) => {
    if (checked) chosen.add(value);
    else chosen.delete(value);
    // Kept in the order the options are listed, whatever order they were ticked in.
    input.onChange(field.options.filter((o) => chosen.has(o.value)).map((o) => o.value));
  };
  const describedBy = [field.hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="form-choice" aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="form-choice-title">
        {field.title} <span className="form-choice-note">(choose any)</span>
      </legend>
      {field.hint && (
        <p id={hintId} className="form-hint">
          {field.hint}
        </p>
      )}
      {field.options.map((option, i) => (
        <IonCheckbox
          key={option.value}
          ref={i === 0 ? focusRef(input.ref) : undefined}
          name={field.name}
          value={option.value}
          checked={chosen.has(option.value)}
          onIonChange={(e) => toggle(option.value, e.detail.checked)}
          labelPlacement="end"
          justify="start"
        >
          {option.label}
        </IonCheckbox>
      ))}
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function FormField({ field, control }: { field: FieldDefinition; control: Control<AnyAnswers> }) {
  return (
    <div className="form-field" data-field={field.name}>
      <FieldControl field={field} control={control} />
    </div>
  );
}

function FieldControl({ field, control }: { field: FieldDefinition; control: Control<AnyAnswers> }) {
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input, fieldState }) => {
        const error = fieldState.error?.message;
        switch (field.kind) {
          case 'radio':
            return <RadioField field={field} input={input} error={error} />;
          case 'select':
            return <SelectField field={field} input={input} error={error} />;
          case 'checkbox-multi':
            return <CheckboxesField field={field} input={input} error={error} />;
          case 'text':
          case 'email':
          case 'tel':
          case 'textarea':
            return <TextField field={field} input={input} error={error} />;
        }
      }}
    />
  );
}
