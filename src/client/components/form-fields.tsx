/**
 * Ionic form controls bound to react-hook-form: a labelled input (text, email, number, date,
 * password...), a text area, a select, and the Cancel / Save row. Forms using them take the
 * `app-form` class. The label sits above the control; the zod error shows
 * under it (Ionic shows errorText only on a control marked invalid and touched).
 */
import type { AutocompleteTypes, TextFieldTypes } from '@ionic/core';
import { IonButton, IonInput, IonInputPasswordToggle, IonSelect, IonSelectOption, IonTextarea } from '@ionic/react';
import { Controller, type Control, type FieldPath, type FieldValues, type RefCallBack } from 'react-hook-form';
import './form-fields.css';

const invalidClass = (invalid: boolean) => (invalid ? 'ion-invalid ion-touched' : undefined);

interface Focusable {
  componentOnReady?: () => Promise<unknown>;
  setFocus: () => Promise<void>;
}

/** react-hook-form focuses the first invalid field through its ref; Ionic focuses through setFocus(). */
const focusRef = (ref: RefCallBack) => (el: Focusable | null) =>
  ref(el ? { focus: () => void (el.componentOnReady?.() ?? Promise.resolve()).then(() => el.setFocus()) } : null);

interface FieldProps<T extends FieldValues, U> {
  /** The form's control; U is what its resolver outputs. */
  control: Control<T, unknown, U>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
  disabled?: boolean;
}

export function InputField<T extends FieldValues, U>({
  control,
  name,
  label,
  helperText,
  disabled,
  type = 'text',
  autocomplete = 'off',
  step,
  inputmode,
}: FieldProps<T, U> & {
  type?: TextFieldTypes;
  autocomplete?: AutocompleteTypes;
  step?: string;
  inputmode?: 'decimal' | 'numeric' | 'email' | 'tel' | 'text';
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <IonInput
          label={label}
          labelPlacement="stacked"
          fill="outline"
          type={type}
          name={name}
          step={step}
          inputmode={inputmode}
          autocomplete={autocomplete}
          disabled={disabled}
          helperText={helperText}
          value={(field.value as string | undefined) ?? ''}
          onIonInput={(e) => field.onChange(e.detail.value ?? '')}
          onIonBlur={field.onBlur}
          className={invalidClass(fieldState.invalid)}
          errorText={fieldState.error?.message}
          ref={focusRef(field.ref)}
        >
          {type === 'password' && <IonInputPasswordToggle slot="end" />}
        </IonInput>
      )}
    />
  );
}

export function TextAreaField<T extends FieldValues, U>({ control, name, label, helperText, disabled }: FieldProps<T, U>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <IonTextarea
          label={label}
          labelPlacement="stacked"
          fill="outline"
          name={name}
          autoGrow
          rows={4}
          disabled={disabled}
          helperText={helperText}
          value={(field.value as string | undefined) ?? ''}
          onIonInput={(e) => field.onChange(e.detail.value ?? '')}
          onIonBlur={field.onBlur}
          className={invalidClass(fieldState.invalid)}
          errorText={fieldState.error?.message}
          ref={focusRef(field.ref)}
        />
      )}
    />
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
  helperText,
  disabled,
  options,
  placeholder = 'Choose one',
}: FieldProps<T, U> & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <IonSelect
          label={label}
          labelPlacement="stacked"
          fill="outline"
          interface="popover"
          name={name}
          placeholder={placeholder}
          disabled={disabled}
          helperText={helperText}
          value={field.value}
          onIonChange={(e) => field.onChange(e.detail.value)}
          onIonBlur={field.onBlur}
          className={invalidClass(fieldState.invalid)}
          errorText={fieldState.error?.message}
          ref={(el) => field.ref(el ? { focus: () => el.focus() } : null)}
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

/** A list of plain values as select options labelled by themselves. */
export const optionsOf = (values: readonly (string | number)[]): SelectOption[] => values.map((value) => ({ value, label: String(value) }));

/** Cancel and the submit button, which reads "Saving..." and is disabled while the save runs. */
export function FormActions({ pending, onCancel, submitLabel = 'Save' }: { pending: boolean; onCancel: () => void; submitLabel?: string }) {
  return (
    <div className="form-actions">
      <IonButton fill="outline" onClick={onCancel}>
        Cancel
      </IonButton>
      <IonButton type="submit" disabled={pending}>
        {pending ? 'Saving...' : submitLabel}
      </IonButton>
    </div>
  );
}
