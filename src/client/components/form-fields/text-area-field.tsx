/** A labelled Ionic text area, growing with its text, bound to react-hook-form. */
import { IonTextarea } from '@client/lib/ionic/ion-textarea';
import { Controller, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props';
import { outlineProps } from './outline-props';

export function TextAreaField<T extends FieldValues, U>({
  control,
  rows = 4,
  required,
  placeholder,
  maxlength,
  ...props
}: FieldProps<T, U> & { rows?: number; required?: boolean; placeholder?: string; maxlength?: number }) {
  return (
    <Controller
      name={props.name}
      control={control}
      render={({ field, fieldState }) => (
        <IonTextarea
          {...outlineProps(props, field, fieldState)}
          autoGrow
          rows={rows}
          required={required}
          placeholder={placeholder}
          maxlength={maxlength}
          value={(field.value as string | undefined) ?? ''}
          onIonInput={(e) => field.onChange(e.detail.value ?? '')}
        />
      )}
    />
  );
}
