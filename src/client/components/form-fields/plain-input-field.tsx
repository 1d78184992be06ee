/**
 * A labelled native <input> bound to react-hook-form, drawn like InputField's outlined Ionic input,
 * for forms on first-visit pages (the login form) that should not load Ionic's runtime: it imports
 * nothing from Ionic. The zod error shows under it and is announced with the field; a password gets
 * a show/hide button.
 */
import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import { useState, type HTMLInputTypeAttribute } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { Icon } from '@shared/ui/icon';
import type { FieldProps } from './field-props';
import { useFieldNoteIds } from './field-note-ids';
import './plain-input-field.css';

export function PlainInputField<T extends FieldValues, U>({
  control,
  name,
  label,
  type = 'text',
  autoComplete = 'off',
  inputMode,
  required,
}: Pick<FieldProps<T, U>, 'control' | 'name' | 'label'> & {
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'email' | 'text' | 'numeric' | 'decimal' | 'tel';
  required?: boolean;
}) {
  const { id, errorId, describedBy } = useFieldNoteIds();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <div className={fieldState.invalid ? 'plain-field plain-field-invalid' : 'plain-field'}>
          <label htmlFor={id}>{label}</label>
          <div className="plain-field-box">
            <input
              id={id}
              ref={field.ref}
              name={field.name}
              type={isPassword && revealed ? 'text' : type}
              value={(field.value as string | undefined) ?? ''}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              autoComplete={autoComplete}
              inputMode={inputMode}
              required={required}
              aria-invalid={fieldState.invalid || undefined}
              aria-describedby={describedBy(undefined, fieldState.error?.message)}
            />
            {isPassword && (
              <button
                type="button"
                className="plain-field-toggle"
                aria-label={revealed ? 'Hide password' : 'Show password'}
                onClick={() => setRevealed((shown) => !shown)}
              >
                <Icon icon={revealed ? eyeOffOutline : eyeOutline} />
              </button>
            )}
          </div>
          {fieldState.error?.message && (
            <p id={errorId} className="plain-field-error">
              {fieldState.error.message}
            </p>
          )}
        </div>
      )}
    />
  );
}
