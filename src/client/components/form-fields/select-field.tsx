/** A labelled Ionic select (a popover of options) bound to react-hook-form. */
import { IonSelect } from '@client/lib/ionic/ion-select';
import { IonSelectOption } from '@client/lib/ionic/ion-select-option';
import { Controller, type FieldValues } from 'react-hook-form';
import type { ChoiceOption, FieldProps } from './field-props';
import { outlineProps } from './outline-props';

export function SelectField<T extends FieldValues, U>({
  control,
  options,
  placeholder = 'Choose one',
  ...props
}: FieldProps<T, U> & { options: readonly ChoiceOption[]; placeholder?: string }) {
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
          onIonChange={(e) => field.onChange(e.detail.value ?? '')}
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
export const optionsOf = (values: readonly (string | number)[]): ChoiceOption[] =>
  values.map((value) => ({ value, label: String(value) }));
