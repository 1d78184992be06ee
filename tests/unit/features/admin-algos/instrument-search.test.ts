import { describe, expect, it } from 'vitest';
import {
  buildInstrumentIndex,
  findInstrument,
  instrumentDetails,
  MATCH_LIMIT,
  searchInstruments,
} from '@client/features/admin-algos/lib/instrument-search';
import { INSTRUMENTS, makeInstrument } from './fixtures';

const index = buildInstrumentIndex(INSTRUMENTS);
const labels = (query: string) => searchInstruments(index, query).options.map((o) => o.label);

describe('instrument search', () => {
  it('labels options "SYMBOL (SERIES)" and matches a case-insensitive substring of the label', () => {
    expect(labels('rel')).toEqual(['RELIANCE (EQ)', 'RELIANCE (BE)', 'RELINFRA (EQ)']);
    expect(labels('ReLiAnCe (b')).toEqual(['RELIANCE (BE)']);
    expect(labels('(eq)')).toHaveLength(5);
    expect(labels('fra (')).toEqual(['RELINFRA (EQ)']);
  });

  it('matches everything for a blank query and nothing for an unknown one', () => {
    expect(searchInstruments(index, '  ').total).toBe(INSTRUMENTS.length);
    expect(searchInstruments(index, 'zzz')).toEqual({ options: [], total: 0 });
  });

  it('hands out at most the limit but counts every match', () => {
    const many = buildInstrumentIndex(Array.from({ length: 2400 }, (_, i) => makeInstrument(`SYM${i}`)));
    const all = searchInstruments(many, 'sym');
    expect(all.options).toHaveLength(MATCH_LIMIT);
    expect(all.total).toBe(2400);
    expect(all.options[0]!.label).toBe('SYM0 (EQ)');
    expect(searchInstruments(many, 'sym239').total).toBe(11);
  });

  it('finds the instrument of an exact label, ignoring case and outer spaces', () => {
    expect(findInstrument(index, ' reliance (be) ')).toMatchObject({ SYMBOL: 'RELIANCE', SERIES: 'BE' });
    expect(findInstrument(index, 'RELIANCE')).toBeNull();
    expect(findInstrument(index, 'RELIANCE (XX)')).toBeNull();
  });

  it('describes the other bhavcopy fields, skipping unknown ones', () => {
    const details = instrumentDetails(
      makeInstrument('TCS', 'EQ', { NAME: 'Tata Consultancy', ISIN: null, TOTTRDQTY: 1234567 }),
    );
    expect(details).toBe(
      'Name: Tata Consultancy · Open: 100 · High: 110 · Low: 95 · Close: 105 · Last: 104.5 · Prev. close: 99 · Traded qty: 12,34,567 · Date: 2026-11-20',
    );
  });
});
