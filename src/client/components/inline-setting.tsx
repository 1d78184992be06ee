/**
 * One text setting edited in place in a list row (an algo's exchange Algo ID, an account's order
 * address): the current value in a labelled input, saved with its button; empty saves "none"
 * (null). The server checks the value and names the field when it refuses it (shown by the toast).
 */
import { useState, type FormEvent } from 'react';

export function InlineSetting({
  label,
  value,
  placeholder,
  saving,
  onSave,
}: {
  /** The input's accessible name, e.g. "Exchange Algo ID of algo 3". */
  label: string;
  value: string | null;
  placeholder: string;
  saving: boolean;
  onSave(value: string | null): void;
}) {
  const [text, setText] = useState(value ?? '');
  // A new value from the server (saved, or changed elsewhere) replaces what is typed.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  const changed = text.trim() !== (value ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) onSave(text.trim() || null);
  };
  return (
    <form className="inline-setting" onSubmit={submit}>
      <input
        type="text"
        aria-label={label}
        value={text}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="admin-link-button" disabled={!changed || saving} aria-label={`Save ${label}`}>
        Save
      </button>
    </form>
  );
}
