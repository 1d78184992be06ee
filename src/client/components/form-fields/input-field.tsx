/** A labelled Ionic input (text, email, tel, number, date, password...) bound to react-hook-form. */
import type { AutocompleteTypes, TextFieldTypes } from '@ionic/core';
import { IonInput } from '@client/lib/ionic/ion-input';
import { IonInputPasswordToggle } from '@client/lib/ionic/ion-input-password-toggle';
import { Controller, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props';
import { outlineProps, type LabelPlacement } from './outline-props';

export function InputField<T extends FieldValues, U>({
  control,
  type = 'text',
  autocomplete = 'off',
  step,
  inputmode = type === 'number' ? 'decimal' : undefined,
  required,
  placeholder,
  maxlength,
  ...props
}: FieldProps<T, U> & {
  type?: TextFieldTypes;
  autocomplete?: AutocompleteTypes;
  step?: string;
  inputmode?: 'decimal' | 'numeric' | 'email' | 'tel' | 'text';
  required?: boolean;
  placeholder?: string;
  maxlength?: number;
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
          placeholder={placeholder}
          maxlength={maxlength}
          value={(field.value as string | undefined) ?? ''}
          onIonInput={(e) => field.onChange(e.detail.value ?? '')}
        >
          {type === 'password' && <IonInputPasswordToggle slot="end" />}
        </IonInput>
      )}
    />
  );
}
