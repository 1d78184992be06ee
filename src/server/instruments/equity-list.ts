/**
 * NSE's list of listed equities (EQUITY_L.csv, shipped next to this file): the instrument list a
 * fresh install starts from, so the Add Signal picker is never empty before a bhavcopy import.
 */
import fs from 'node:fs';
import { code, optionalText, series } from './bhav-copy-format';
import { parseCsv } from './csv';

export const EQUITY_LIST_FILE = new URL('./nse-equity-list.csv', import.meta.url);

export interface ListedEquity {
  symbol: string;
  series: string;
  name: string | null;
  isin: string | null;
}

export function parseEquityList(text: string): ListedEquity[] {
  return parseCsv(text).records.map((record) => ({
    symbol: code(record, 'SYMBOL'),
    series: series(record, 'SERIES'),
    name: optionalText(record, 'NAME OF COMPANY'),
    isin: optionalText(record, 'ISIN NUMBER'),
  }));
}

export function readEquityList(): ListedEquity[] {
  return parseEquityList(fs.readFileSync(EQUITY_LIST_FILE, 'utf8'));
}
