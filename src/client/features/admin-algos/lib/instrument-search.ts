/**
 * The instrument picker's search over a few thousand bhavcopy rows: labels "SYMBOL (SERIES)" and
 * their lowercase forms are built once per list, so a keystroke is one pass of `includes` over
 * prepared strings, and only the first `limit` matches are handed to the page.
 */
import type { Instrument } from '@shared/schemas/admin/algos';
import { indianNumberText } from '@shared/number-text';

export interface InstrumentOption {
  label: string;
  /** Other fields of the last bhavcopy, for the option's tooltip. */
  details: string;
  instrument: Instrument;
}

export interface InstrumentIndex {
  options: readonly InstrumentOption[];
  /** Lowercase labels, same order as options. */
  lower: readonly string[];
  /** Lowercase label -> option, for an exact match of typed text. */
  byLabel: ReadonlyMap<string, InstrumentOption>;
}

export interface InstrumentMatches {
  options: InstrumentOption[];
  /** All matches, shown or not. */
  total: number;
}

export const MATCH_LIMIT = 50;

export const instrumentLabel = (i: Pick<Instrument, 'SYMBOL' | 'SERIES'>) => `${i.SYMBOL} (${i.SERIES})`;

const DETAIL_FIELDS = [
  ['NAME', 'Name'],
  ['ISIN', 'ISIN'],
  ['OPEN', 'Open'],
  ['HIGH', 'High'],
  ['LOW', 'Low'],
  ['CLOSE', 'Close'],
  ['LAST', 'Last'],
  ['PREVCLOSE', 'Prev. close'],
  ['TOTTRDQTY', 'Traded qty'],
  ['TIMESTAMP', 'Date'],
] as const satisfies readonly (readonly [keyof Instrument, string])[];

/** "Name: Reliance Industries · ISIN: INE002A01018 · Open: 2,890 ..." (known fields only). */
export function instrumentDetails(i: Instrument): string {
  return DETAIL_FIELDS.filter(([key]) => i[key] !== null && i[key] !== '')
    .map(([key, label]) => {
      const value = i[key];
      return `${label}: ${typeof value === 'number' ? indianNumberText(value) : value}`;
    })
    .join(' · ');
}

export function buildInstrumentIndex(instruments: readonly Instrument[]): InstrumentIndex {
  const options = instruments.map((instrument) => ({
    label: instrumentLabel(instrument),
    details: instrumentDetails(instrument),
    instrument,
  }));
  const lower = options.map((o) => o.label.toLowerCase());
  const byLabel = new Map(options.map((o, i) => [lower[i]!, o]));
  return { options, lower, byLabel };
}

/** Options whose label contains `query` (case-insensitive; blank matches all), the first `limit` of them. */
export function searchInstruments(index: InstrumentIndex, query: string, limit = MATCH_LIMIT): InstrumentMatches {
  const needle = query.trim().toLowerCase();
  const options: InstrumentOption[] = [];
  let total = 0;
  for (let i = 0; i < index.lower.length; i++) {
    if (!index.lower[i]!.includes(needle)) continue;
    if (total < limit) options.push(index.options[i]!);
    total++;
  }
  return { options, total };
}

/** The instrument whose label is exactly the typed text (case and outer spaces aside). */
export function findInstrument(index: InstrumentIndex, text: string): Instrument | null {
  return index.byLabel.get(text.trim().toLowerCase())?.instrument ?? null;
}
