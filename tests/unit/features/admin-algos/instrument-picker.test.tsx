import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstrumentPicker } from '@client/features/admin-algos/components/instrument-picker';
import { buildInstrumentIndex, MATCH_LIMIT, type InstrumentIndex } from '@client/features/admin-algos/lib/instrument-search';
import { INSTRUMENTS, makeInstrument } from './fixtures';

afterEach(cleanup);

// jsdom lays nothing out: the active option is scrolled into view.
Element.prototype.scrollIntoView = vi.fn();

function Harness({ index, loadFailed = false }: { index: InstrumentIndex | null; loadFailed?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <InstrumentPicker label="Instrument Symbol" index={index} loadFailed={loadFailed} value={value} onChange={setValue} onBlur={() => undefined} />
    </form>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Instrument Symbol' }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(combobox(), { target: { value: text } });
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
    const listbox = document.getElementById(input.getAttribute('aria-controls')!);
    expect(listbox?.getAttribute('role')).toBe('listbox');
    type('tcs');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox')).toBe(listbox);
  });

  it('filters by a case-insensitive substring and shows each option\'s bhavcopy fields as its tooltip', () => {
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} />);
    type('rEl');
    expect(optionLabels()).toEqual(['RELIANCE (EQ)', 'RELIANCE (BE)', 'RELINFRA (EQ)']);
    expect(screen.getByRole('option', { name: 'RELINFRA (EQ)' }).getAttribute('title')).toContain('Name: RELINFRA Limited · ISIN: INE000000000 · Open: 100');
    type('(be)');
    expect(optionLabels()).toEqual(['RELIANCE (BE)']);
  });

  it('says "No options found" when nothing matches', () => {
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} />);
    type('nothing-like-this');
    expect(optionLabels()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No options found');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('moves with ArrowDown/ArrowUp, selects with Enter and closes', () => {
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} />);
    type('rel');
    expect(activeOption()).toBeNull();
    key('ArrowDown');
    expect(activeOption()).toBe('RELIANCE (EQ)');
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowDown'); // stays on the last one
    expect(activeOption()).toBe('RELINFRA (EQ)');
    key('ArrowUp');
    expect(activeOption()).toBe('RELIANCE (BE)');
    expect(screen.getByRole('option', { name: 'RELIANCE (BE)' }).getAttribute('aria-selected')).toBe('true');
    key('Enter');
    expect(combobox().value).toBe('RELIANCE (BE)');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(combobox().getAttribute('aria-activedescendant')).toBeNull();
    // The chosen instrument's details stay readable under the field (no tooltip on a phone).
    expect(screen.getByText(/^Name: RELIANCE Limited/).id).toBe(combobox().getAttribute('aria-describedby'));
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

  it('picks an option with the mouse', () => {
    render(<Harness index={buildInstrumentIndex(INSTRUMENTS)} />);
    type('hdfc');
    fireEvent.click(screen.getByRole('option', { name: 'HDFCBANK (EQ)' }));
    expect(combobox().value).toBe('HDFCBANK (EQ)');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('draws at most the first matches of a big list and says how many more there are', () => {
    const big = buildInstrumentIndex(Array.from({ length: 2400 }, (_, i) => makeInstrument(`SYM${String(i).padStart(4, '0')}`)));
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
