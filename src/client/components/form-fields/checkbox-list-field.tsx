/**
 * A multiple choice drawn as Ionic checkboxes in a fieldset whose legend is the label, bound to the
 * list of the chosen values. Ionic has no group control to show its hint and error: they are drawn
 * here and describe the fieldset.
 */
import { IonCheckbox } from '@client/lib/ionic/ion-checkbox';
import { Controller, type FieldValues } from 'react-hook-form';
import type { ChoiceOption, FieldProps } from './field-props';
import { useFieldNoteIds } from './field-note-ids';
import { focusOnError } from './focus-on-error';
import './choice-fields.css';
import './field-notes.css';

export function CheckboxListField<T extends FieldValues, U>({
  control,
  name,
  label,
  helperText,
  centerOnFocus,
  options,
}: FieldProps<T, U> & { options: readonly ChoiceOption[] }) {
  const { hintId, errorId, describedBy } = useFieldNoteIds();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const chosen = new Set(field.value as ChoiceOption['value'][]);
        const toggle = (value: ChoiceOption['value'], checked: boolean) => {
          if (checked) chosen.add(value);
          else chosen.delete(value);
          // Kept in the order the options are listed, whatever order they were ticked in.
          field.onChange(options.filter((o) => chosen.has(o.value)).map((o) => o.value));
        };
        return (
          <fieldset
            className="form-choice"
            aria-describedby={describedBy(helperText, error)}
            aria-invalid={error ? true : undefined}
          >
            <legend className="form-choice-title">
              {label} <span className="form-choice-note">(choose any)</span>
            </legend>
            {helperText && (
              <p id={hintId} className="form-hint">
                {helperText}
              </p>
            )}
            {options.map((option, i) => (
              <IonCheckbox
                key={option.value}
                ref={i === 0 ? focusOnError(field.ref, centerOnFocus) : undefined}
                name={name}
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
      }}
    />
  );
}
