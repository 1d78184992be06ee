/**
 * The Add Signal instrument picker: an ARIA 1.2 combobox (list autocomplete) over the bhavcopy list,
 * its keys, focus and aria-* handled by downshift's useCombobox. A native input, since Ionic's input
 * copies aria-* attributes to its inner input only once and a combobox changes aria-expanded and
 * aria-activedescendant all the time. Typing filters by a case-insensitive substring of
 * "SYMBOL (SERIES)"; only the first matches are drawn (see instrument-search.ts).
 */
import { useCombobox } from 'downshift';
import { useDeferredValue, useId, useMemo, type Ref } from 'react';
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

const optionLabel = (option: InstrumentOption | null) => option?.label ?? '';

export function InstrumentPicker({
  label,
  index,
  loadFailed,
  value,
  onChange,
  onBlur,
  error,
  inputRef,
}: InstrumentPickerProps) {
  const id = useId();
  // The input shows every keystroke at once; the (cheap) filtering may trail it under load.
  const query = useDeferredValue(value);
  const matches = useMemo(() => (index ? searchInstruments(index, query) : null), [index, query]);
  const shown = matches?.options ?? [];
  const chosen = index?.byLabel.get(value.trim().toLowerCase()) ?? null;

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox({
    items: shown,
    itemToString: optionLabel,
    inputValue: value,
    // Typed text is reported by the input's onChange below: downshift calls this only after a
    // render with the old text, which would move the caret to the end (downshift issue #1108).
    onInputValueChange: ({ type, inputValue }) => {
      if (type !== useCombobox.stateChangeTypes.InputChange) onChange(inputValue);
    },
  });

  let status: string | null = null;
  if (isOpen) {
    if (loadFailed) status = MSG.adminListFailure;
    else if (!matches) status = 'Loading instruments...';
    else if (matches.total === 0) status = 'No options found';
    else if (matches.total > shown.length) status = `${matches.total - shown.length} more — keep typing`;
  }
  const expanded = isOpen && shown.length > 0;
  const errorId = `${id}-error`;
  const detailsId = `${id}-details`;
  const describedBy = [error && errorId, chosen && detailsId].filter(Boolean).join(' ') || undefined;

  const inputProps = getInputProps({
    ref: inputRef,
    className: 'instrument-picker-input',
    type: 'text',
    'aria-expanded': expanded,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    autoCapitalize: 'characters',
    spellCheck: false,
    placeholder: 'Type to search, e.g. RELIANCE',
    onChange: (e) => onChange(e.currentTarget.value),
    onKeyDown: (e) => {
      // Closes the list only, not the modal around it (Ionic listens for Escape on the document).
      if (e.key === 'Escape' && isOpen) e.stopPropagation();
    },
    onBlur,
  });

  return (
    <div className={error ? 'instrument-picker instrument-picker--invalid' : 'instrument-picker'}>
      <label {...getLabelProps({ className: 'instrument-picker-label' })}>{label}</label>
      <input {...inputProps} aria-activedescendant={inputProps['aria-activedescendant'] || undefined} />
      <ul
        {...getMenuProps({
          'aria-label': `${label} options`,
          className: 'instrument-picker-listbox',
          hidden: !expanded,
        })}
      >
        {expanded &&
          shown.map((option, position) => (
            <li
              key={option.label}
              {...getItemProps({
                item: option,
                index: position,
                title: option.details,
                className: position === highlightedIndex ? 'picker-option picker-option--active' : 'picker-option',
              })}
            >
              {option.label}
            </li>
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
