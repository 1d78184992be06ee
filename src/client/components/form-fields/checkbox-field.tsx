/** One Ionic checkbox, its label after it, bound to a boolean of react-hook-form. */
import { IonCheckbox } from '@client/lib/ionic/ion-checkbox';
import { Controller, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props';

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
