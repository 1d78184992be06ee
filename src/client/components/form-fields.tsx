/**
 * Ionic form controls bound to react-hook-form: a labelled input (text, email, number, date,
 * password...), a text area, a select, a checkbox, a read-only value and the Cancel / Save row.
 * Forms using them take the `app-form` class. The label sits above the control; the zod error shows
 * under it (Ionic shows errorText only on a control marked invalid and touched).
 */
import type { AutocompleteTypes, TextFieldTypes } from '@ionic/core';
import { IonButton } from '@client/lib/ionic/ion-button';
import { IonCheckbox } from '@client/lib/ionic/ion-checkbox';
import { IonInput } from '@client/lib/ionic/ion-input';
import { IonInputPasswordToggle } from '@client/lib/ionic/ion-input-password-toggle';
import { IonSelect } from '@client/lib/ionic/ion-select';
import { IonSelectOption } from '@client/lib/ionic/ion-select-option';
import { IonTextarea } from '@client/lib/ionic/ion-textarea';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type RefCallBack,
} from 'react-hook-form';
import './form-fields.css';

interface Focusable {
  componentOnReady?: () => Promise<unknown>;
  setFocus: () => Promise<void>;
}

/** react-hook-form focuses the first invalid field through its ref; Ionic focuses through setFocus(). */
const focusRef = (ref: RefCallBack) => (el: Focusable | null) =>
  ref(el ? { focus: () => void (el.componentOnReady?.() ?? Promise.resolve()).then(() => el.setFocus()) } : null);

type LabelPlacement = 'stacked' | 'floating';

interface FieldProps<T extends FieldValues, U> {
  /** The form's control; U is what its resolver outputs. */
  control: Control<T, unknown, U>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
  disabled?: boolean;
}

/** What the outlined input, text area and select share: label, name, blur, and the error under them. */
function outlineProps<T extends FieldValues>(
  { label, name, helperText, disabled, labelPlacement = 'stacked' }: Omit<FieldProps<T, unknown>, 'control'> & { labelPlacement?: LabelPlacement },
  field: ControllerRenderProps<T>,
  fieldState: ControllerFieldState,
) {
  return {
    label,
    labelPlacement,
    fill: 'outline' as const,
    name,
    disabled,
    helperText,
    onIonBlur: field.onBlur,
    className: fieldState.invalid ? 'ion-invalid ion-touched' : undefined,
    errorText: fieldState.error?.message,
  };
}

export function InputField<T extends FieldValues, U>({
  control,
  type = 'text',
  autocomplete = 'off',
  step,
  inputmode = type === 'number' ? 'decimal' : undefined,
  required,
  ...props
}: FieldProps<T, U> & {
  type?: TextFieldTypes;
  autocomplete?: AutocompleteTypes;
  step?: string;
  inputmode?: 'decimal' | 'numeric' | 'email' | 'tel' | 'text';
  required?: boolean;
  labelPlacement?: LabelPlacement;
}) {
  return (
    <Controller
      name={props.name}
      control={control}
      render={({ field, fieldState }) => (
        <IonInput
          {...outlineProps(props, field, fieldState)}
          type={type}
          step={step}
          inputmode={inputmode}
          autocomplete={autocomplete}
          required={required}
          value={(field.value as string | undefined) ?? ''}
          onIonInput={(e) => field.onChange(e.detail.value ?? '')}
          ref={focusRef(field.ref)}
        >
          {type === 'password' && <IonInputPasswordToggle slot="end" />}
        </IonInput>
      )}
    />
  );
}

export function TextAreaField<T extends FieldValues, U>({ control, ...props }: FieldProps<T, U>) {
  return (
    <Controller
      name={props.name}
      control={control}
      render={({ field, fieldState }) => (
        <IonTextarea
          {...outlineProps(props, field, fieldState)}
          autoGrow
          rows={4}
          value={(field.value as string | undefined) ?? ''}
          onIonInput={(e) => field.onChange(e.detail.value ?? '')}
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
  options,
  placeholder = 'Choose one',
  ...props
}: FieldProps<T, U> & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <Controller
      name={props.name}
      control={control}
      render={({ field, fieldState }) => (
        <IonSelect
          {...outlineProps(props, field, fieldState)}
          interface="popover"
          placeholder={placeholder}
          // A blank form value is "nothing chosen yet", so the placeholder shows.
          value={field.value === '' ? undefined : field.value}
          onIonChange={(e) => field.onChange(e.detail.value)}
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

export function CheckboxField<T extends FieldValues, U>({ control, name, label }: FieldProps<T, U>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <IonCheckbox
          name={name}
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

/** A value shown like an input but not edited through the form (read-only, or greyed out when disabled). */
export function ReadOnlyField({ label, value, disabled }: { label: string; value: string; disabled?: boolean }) {
  return <IonInput label={label} labelPlacement="stacked" fill="outline" readonly={!disabled} disabled={disabled} value={value} />;
}

/** Cancel and the submit button, which shows `pendingLabel` and is disabled while the save runs. */
export function FormActions({
  pending,
  onCancel,
  submitLabel = 'Save',
  pendingLabel = 'Saving...',
}: {
  pending: boolean;
  onCancel: () => void;
  submitLabel?: string;
  pendingLabel?: string;
}) {
  return (
    <div className="form-actions">
      <IonButton fill="outline" onClick={onCancel}>
        Cancel
      </IonButton>
      <IonButton type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </IonButton>
    </div>
  );
}
