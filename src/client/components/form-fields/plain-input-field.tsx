/**
 * A labelled native <input>, drawn like InputField's outlined Ionic input, for forms on first-visit
 * pages (the login form) that should not load Ionic's runtime: it imports nothing from Ionic, nor
 * react-hook-form (whose useForm re-renders the form once more in the commit that mounts it, a
 * task a phone feels as the page takes over). The form owns the value and the error; the error
 * shows under the input and is announced with it; a password gets a show/hide button.
 */
import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import { useState, type HTMLInputTypeAttribute, type Ref } from 'react';
import { Icon } from '@shared/ui/icon';
import { useFieldNoteIds } from './field-note-ids';
import './plain-input-field.css';

export function PlainInputField({
  name,
  label,
  value,
  onChange,
  error,
  inputRef,
  type = 'text',
  autoComplete = 'off',
  inputMode,
  required,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'email' | 'text' | 'numeric' | 'decimal' | 'tel';
  required?: boolean;
}) {
  const { id, errorId, describedBy } = useFieldNoteIds();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <div className={error ? 'plain-field plain-field-invalid' : 'plain-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="plain-field-box">
        <input
          id={id}
          ref={inputRef}
          name={name}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          inputMode={inputMode}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(undefined, error)}
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
      {error && (
        <p id={errorId} className="plain-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
