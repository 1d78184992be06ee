/** A single choice drawn as Ionic radios in a fieldset whose legend is the label. */
import { IonRadio } from '@client/lib/ionic/ion-radio';
import { IonRadioGroup } from '@client/lib/ionic/ion-radio-group';
import { Controller, type FieldValues } from 'react-hook-form';
import type { ChoiceOption, FieldProps } from './field-props';
import { focusOnError } from './focus-on-error';
import { invalidClass } from './invalid-marking';
import './choice-fields.css';

export function RadioGroupField<T extends FieldValues, U>({
  control,
  name,
  label,
  helperText,
  centerOnFocus,
  options,
}: FieldProps<T, U> & { options: readonly ChoiceOption[] }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <fieldset className="form-choice">
          <legend className="form-choice-title">{label}</legend>
          <IonRadioGroup
            ref={focusOnError(field.ref, centerOnFocus)}
            name={name}
            value={field.value}
            onIonChange={(e) => field.onChange(e.detail.value ?? '')}
            helperText={helperText}
            errorText={fieldState.error?.message}
            className={invalidClass(fieldState.invalid)}
          >
            {options.map((option) => (
              <IonRadio key={option.value} value={option.value} labelPlacement="end" justify="start">
                {option.label}
              </IonRadio>
            ))}
          </IonRadioGroup>
        </fieldset>
      )}
    />
  );
}
