/**
 * The admin algo forms' controls: Ionic inputs, selects and checkboxes bound to react-hook-form,
 * each labelled, with its error announced under it (Ionic shows errorText on an invalid, touched field).
 */
import type { TextFieldTypes } from '@ionic/core';
import { IonCheckbox, IonInput, IonSelect, IonSelectOption } from '@ionic/react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

interface FieldProps<T extends FieldValues, U> {
  control: Control<T, unknown, U>;
  name: Path<T>;
  label: string;
}

const invalidClass = (error: string | undefined) => (error ? 'ion-invalid ion-touched' : undefined);

interface Focusable {
  componentOnReady?: () => Promise<unknown>;
  setFocus: () => Promise<void>;
}

/** react-hook-form focuses the first invalid field through its ref; Ionic inputs focus via setFocus(). */
const focusRef = (ref: (instance: { focus: () => void } | null) => void) => (el: Focusable | null) =>
  ref(el ? { focus: () => void (el.componentOnReady?.() ?? Promise.resolve()).then(() => el.setFocus()) } : null);

export function InputField<T extends FieldValues, U>({
  control,
  name,
  label,
  type = 'text',
  step,
  helperText,
  readonly,
  disabled,
}: FieldProps<T, U> & { type?: TextFieldTypes; step?: string; helperText?: string; readonly?: boolean; disabled?: boolean }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <IonInput
          ref={focusRef(field.ref)}
          label={label}
          labelPlacement="stacked"
          fill="outline"
          type={type}
          step={step}
          inputmode={type === 'number' ? 'decimal' : undefined}
          autocomplete="off"
          name={field.name}
          readonly={readonly}
          disabled={disabled}
          value={field.value as string}
          onIonInput={(e) => field.onChange(e.detail.value ?? '')}
          onIonBlur={field.onBlur}
          helperText={helperText}
          errorText={fieldState.error?.message}
          className={invalidClass(fieldState.error?.message)}
        />
      )}
    />
  );
}

/** A read-only value shown like an input (instrument type, exchange, risk-reward). */
export function ReadOnlyField({ label, value, disabled }: { label: string; value: string; disabled?: boolean }) {
  return (
    <IonInput label={label} labelPlacement="stacked" fill="outline" readonly={!disabled} disabled={disabled} value={value} />
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
}

export function SelectField<T extends FieldValues, U>({
  control,
  name,
  label,
  options,
  placeholder,
}: FieldProps<T, U> & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <IonSelect
          ref={(el) => field.ref(el ? { focus: () => el.focus() } : null)}
          label={label}
          labelPlacement="stacked"
          fill="outline"
          interface="popover"
          placeholder={placeholder}
          name={field.name}
          value={field.value === '' ? undefined : field.value}
          onIonChange={(e) => field.onChange(e.detail.value ?? '')}
          onIonBlur={field.onBlur}
          errorText={fieldState.error?.message}
          className={invalidClass(fieldState.error?.message)}
        >
          {options.map((option) => (
            <IonSelectOption key={option.value} value={option.value}>
              {option.label}
            </IonSelectOption>
          ))}
        </IonSelect>
      )}
    />
  );
}

export function CheckboxField<T extends FieldValues, U>({ control, name, label }: FieldProps<T, U>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <IonCheckbox
          name={field.name}
          checked={field.value === true}
          onIonChange={(e) => field.onChange(e.detail.checked)}
          onIonBlur={field.onBlur}
          labelPlacement="end"
          justify="start"
        >
          {label}
        </IonCheckbox>
      )}
    />
  );
}

/** Plain options from a list of values: label = value. */
export const plainOptions = (values: readonly (string | number)[]): SelectOption[] =>
  values.map((value) => ({ value, label: String(value) }));
