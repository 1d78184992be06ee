/**
 * The Add Signal instrument picker: an ARIA 1.2 combobox (list autocomplete) over the bhavcopy list.
 * A native input, since Ionic's input copies aria-* attributes to its inner input only once and
 * a combobox changes aria-expanded and aria-activedescendant all the time. Typing filters by a
 * case-insensitive substring of "SYMBOL (SERIES)"; ArrowDown/ArrowUp move, Enter picks, Escape
 * closes. Only the first matches are drawn (see instrument-search.ts), each row memoized.
 */
import { memo, useCallback, useDeferredValue, useEffect, useId, useMemo, useState, type KeyboardEvent, type Ref } from 'react';
import { MSG } from '@shared/messages';
import { searchInstruments, type InstrumentIndex, type InstrumentOption } from '../lib/instrument-search';

export interface InstrumentPickerProps {
  label: string;
  /** Null until the list has loaded. */
  index: InstrumentIndex | null;
  loadFailed: boolean;
  value: string;
  onChange: (text: string) => void;
  onBlur: () => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

const Option = memo(function Option({
  id,
  option,
  active,
  onPick,
}: {
  id: string;
  option: InstrumentOption;
  active: boolean;
  onPick: (option: InstrumentOption) => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      title={option.details}
      className={active ? 'picker-option picker-option--active' : 'picker-option'}
      // Keeps the focus in the input, so picking does not blur (and close) the combobox first.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => onPick(option)}
    >
      {option.label}
    </li>
  );
});

export function InstrumentPicker({ label, index, loadFailed, value, onChange, onBlur, error, inputRef }: InstrumentPickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const optionId = (position: number) => `${id}-option-${position}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // The input shows every keystroke at once; the (cheap) filtering may trail it under load.
  const query = useDeferredValue(value);
  const matches = useMemo(() => (index ? searchInstruments(index, query) : null), [index, query]);
  const shown = matches?.options ?? [];
  const chosen = index?.byLabel.get(value.trim().toLowerCase()) ?? null;

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const pick = useCallback(
    (option: InstrumentOption) => {
      onChange(option.label);
      setOpen(false);
      setActive(-1);
    },
    [onChange],
  );

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const last = shown.length - 1;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setOpen(true);
        setActive((a) => (open ? Math.min(a + 1, last) : 0));
        break;
      case 'ArrowUp':
        e.preventDefault();
        setOpen(true);
        setActive((a) => (open ? Math.max(a - 1, 0) : last));
        break;
      case 'Enter':
        if (!open) break;
        // Never submits the form while the list is open.
        e.preventDefault();
        if (active >= 0 && shown[active]) pick(shown[active]);
        else setOpen(false);
        break;
      case 'Escape':
        if (!open) break;
        // Closes the list only, not the modal around it.
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
        break;
    }
  }

  let status: string | null = null;
  if (open) {
    if (loadFailed) status = MSG.adminListFailure;
    else if (!matches) status = 'Loading instruments...';
    else if (matches.total === 0) status = 'No options found';
    else if (matches.total > shown.length) status = `${matches.total - shown.length} more — keep typing`;
  }
  const expanded = open && shown.length > 0;
  const errorId = `${id}-error`;
  const detailsId = `${id}-details`;
  const describedBy = [error && errorId, chosen && detailsId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={error ? 'instrument-picker instrument-picker--invalid' : 'instrument-picker'}>
      <label htmlFor={inputId} className="instrument-picker-label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="instrument-picker-input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="Type to search, e.g. RELIANCE"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          onBlur();
        }}
      />
      <ul id={listboxId} role="listbox" aria-label={`${label} options`} className="instrument-picker-listbox" hidden={!expanded}>
        {expanded &&
          shown.map((option, position) => (
            <Option key={option.label} id={optionId(position)} option={option} active={position === active} onPick={pick} />
          ))}
      </ul>
      <p className="instrument-picker-status" role="status">
        {status}
      </p>
      {chosen && (
        <p id={detailsId} className="instrument-picker-details">
          {chosen.details}
        </p>
      )}
      {error && (
        <p id={errorId} className="instrument-picker-error">
          {error}
        </p>
      )}
    </div>
  );
}
