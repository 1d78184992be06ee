import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstrumentPicker } from '@client/features/admin-algos/components/instrument-picker';
import {
  buildInstrumentIndex,
  MATCH_LIMIT,
  type InstrumentIndex,
} from '@client/features/admin-algos/lib/instrument-search';
import { INSTRUMENTS, makeInstrument } from './fixtures';

afterEach(cleanup);

function Harness({
  index,
  loadFailed = false,
  onChange = () => undefined,
  onBlur = () => undefined,
}: {
  index: InstrumentIndex | null;
  loadFailed?: boolean;
  onChange?: (text: string) => void;
  onBlur?: () => void;
}) {
  const [value, setValue] = useState('');
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <InstrumentPicker
        label="Instrument Symbol"
        index={index}
        loadFailed={loadFailed}
        value={value}
        onChange={(text) => {
          onChange(text);
          setValue(text);
        }}
        onBlur={onBlur}
      />
      <button type="submit">Save</button>
    </form>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Instrument Symbol' }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(combobox(), { target: { value: text } });
/** False when the picker prevented the key's default (a form submit for Enter). */
const key = (k: string) => fireEvent.keyDown(combobox(), { key: k });
const optionLabels = () => screen.queryAllByRole('option').map((o) => o.textContent);
const activeOption = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('instrument picker', () => {
  it('is a combobox wired to its listbox', () => {
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} />);
    const input = combobox();
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    const listbox = document.getElementById(input.getAttribute('aria-controls')!);
    expect(listbox?.getAttribute('role')).toBe('listbox');
    type('tcs');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox', { name: 'Instrument Symbol options' })).toBe(listbox);
    expect(optionLabels()).toEqual(['TCS (EQ)']);
  });

  it("filters by a case-insensitive substring and shows each option's bhavcopy fields as its tooltip", () => {
    const onChange = vi.fn();
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} onChange={onChange} />);
    type('rEl');
    expect(onChange.mock.calls).toEqual([['rEl']]);
    expect(optionLabels()).toEqual(['RELIANCE (EQ)', 'RELIANCE (BE)', 'RELINFRA (EQ)']);
    expect(screen.getByRole('option', { name: 'RELINFRA (EQ)' }).getAttribute('title')).toContain(
      'Name: RELINFRA Limited · ISIN: INE000000000 · Open: 100',
    );
    type('(be)');
    expect(optionLabels()).toEqual(['RELIANCE (BE)']);
  });

  it('keeps the caret where a letter is typed inside the text', () => {
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} />);
    type('REL');
    // The browser inserts X after the R and leaves the caret after it; a render with the old text
    // in between would move it to the end.
    fireEvent.change(combobox(), { target: { value: 'RXEL', selectionStart: 2, selectionEnd: 2 } });
    expect(combobox().value).toBe('RXEL');
    expect(combobox().selectionStart).toBe(2);
  });

  it('says "No options found" when nothing matches', () => {
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} />);
    type('nothing-like-this');
    expect(optionLabels()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No options found');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(combobox().hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('moves with the arrows (round the ends), Home and End, and selects with Enter without submitting', () => {
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} />);
    type('rel');
    expect(activeOption()).toBeNull();
    key('ArrowDown');
    expect(activeOption()).toBe('RELIANCE (EQ)');
    key('ArrowDown');
    key('ArrowDown');
    expect(activeOption()).toBe('RELINFRA (EQ)');
    key('ArrowDown');
    expect(activeOption()).toBe('RELIANCE (EQ)');
    key('ArrowUp');
    expect(activeOption()).toBe('RELINFRA (EQ)');
    key('Home');
    expect(activeOption()).toBe('RELIANCE (EQ)');
    key('End');
    expect(activeOption()).toBe('RELINFRA (EQ)');
    key('ArrowUp');
    expect(activeOption()).toBe('RELIANCE (BE)');
    expect(screen.getByRole('option', { name: 'RELIANCE (BE)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'RELIANCE (EQ)' }).getAttribute('aria-selected')).toBe('false');
    expect(key('Enter')).toBe(false);
    expect(combobox().value).toBe('RELIANCE (BE)');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(combobox().hasAttribute('aria-activedescendant')).toBe(false);
    // The chosen instrument's details stay readable under the field (no tooltip on a phone).
    expect(screen.getByText(/^Name: RELIANCE Limited/).id).toBe(combobox().getAttribute('aria-describedby'));
    // Closed, Enter is the form's again.
    expect(key('Enter')).toBe(true);
  });

  it('closes on Enter with no option active, without submitting or changing the text', () => {
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} />);
    type('rel');
    expect(key('Enter')).toBe(false);
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(combobox().value).toBe('rel');
  });

  it('opens with ArrowDown on the first option, and Escape closes the list without clearing the text', () => {
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} />);
    key('ArrowDown');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    expect(activeOption()).toBe('RELIANCE (EQ)');
    type('inf');
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    let reachedDocument = false;
    const listener = () => (reachedDocument = true);
    document.addEventListener('keydown', listener);
    act(() => void combobox().dispatchEvent(escape));
    document.removeEventListener('keydown', listener);
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(combobox().value).toBe('inf');
    // The modal around it listens on the document for Escape: it must not see this one.
    expect(reachedDocument).toBe(false);
  });

  it('opens and closes when the field is clicked', () => {
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} />);
    fireEvent.click(combobox());
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    expect(optionLabels()).toHaveLength(INSTRUMENTS.length);
    fireEvent.click(combobox());
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('picks an option with the mouse', () => {
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} />);
    type('hdfc');
    const option = screen.getByRole('option', { name: 'HDFCBANK (EQ)' });
    // Pressing on an option keeps the focus in the field.
    expect(fireEvent.mouseDown(option)).toBe(false);
    fireEvent.click(option);
    expect(combobox().value).toBe('HDFCBANK (EQ)');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('opens its list with the focus in the field, so a blur from elsewhere closes the list under a pick', () => {
    const onBlur = vi.fn();
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} onBlur={onBlur} />);
    type('tcs');
    // downshift focuses the field when the list opens, even for text set without a focus.
    expect(document.activeElement).toBe(combobox());
    const option = screen.getByRole('option', { name: 'TCS (EQ)' });
    // Ionic presenting a modal begins so (the add-signal tests wait for the modal to be presented).
    act(() => (document.activeElement as HTMLElement).blur());
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(option.isConnected).toBe(false);
    // A click on the option found before is lost: nothing is picked.
    fireEvent.click(option);
    expect(combobox().value).toBe('tcs');
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('picks the active option when the focus moves on (Tab), and reports the blur', () => {
    const onBlur = vi.fn();
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} onBlur={onBlur} />);
    type('tc');
    key('ArrowDown');
    fireEvent.blur(combobox(), { relatedTarget: screen.getByRole('button', { name: 'Save' }) });
    expect(combobox().value).toBe('TCS (EQ)');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('draws at most the first matches of a big list and says how many more there are', () => {
    const big = buildInstrumentIndex(
      Array.from({ length: 2400 }, (_, i) => makeInstrument(`SYM${String(i).padStart(4, '0')}`)),
    );
    render(<Harness index={big} />);
    type('sym');
    expect(screen.getAllByRole('option')).toHaveLength(MATCH_LIMIT);
    expect(screen.getByRole('status').textContent).toBe(`${2400 - MATCH_LIMIT} more — keep typing`);
    type('sym23');
    expect(screen.getAllByRole('option')).toHaveLength(Math.min(100, MATCH_LIMIT));
    type('sym2399');
    expect(optionLabels()).toEqual(['SYM2399 (EQ)']);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows loading, and "Unauthorized" when the list could not be loaded', () => {
    const { rerender } = render(<Harness index={null} />);
    type('x');
    expect(screen.getByRole('status').textContent).toBe('Loading instruments...');
    rerender(<Harness index={null} loadFailed />);
    expect(screen.getByRole('status').textContent).toBe('Unauthorized');
  });
});
