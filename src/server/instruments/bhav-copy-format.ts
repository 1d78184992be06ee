/** What both bhavcopy formats read into, and the field readers they share. */
import type { BhavCopyImport } from '@shared/schemas/admin/algos';
import type { CsvRecord } from './csv';

export type BhavCopyFormatName = BhavCopyImport['format'];

/** The last-bhavcopy fields of one (symbol, series). */
export interface BhavCopyRow {
  symbol: string;
  series: string;
  /** Only UDiFF files name the company. */
  name: string | null;
  isin: string | null;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  last: number | null;
  prevclose: number | null;
  tottrdqty: number | null;
  /** Trade date, yyyy-MM-dd. */
  date: string;
}

export interface BhavCopyFormat {
  name: BhavCopyFormatName;
  /** Header columns that identify the format (and that toRow reads). */
  columns: readonly string[];
  /** False for rows outside the cash-market equity segment. */
  keep(record: CsvRecord): boolean;
  toRow(record: CsvRecord): BhavCopyRow;
}

const SYMBOL_MAX = 40;
const SERIES_MAX = 10;

/** A symbol or series: upper case, no spaces, bounded (the Add Signal payload's limits). */
export function code(record: CsvRecord, column: string, max: number = SYMBOL_MAX): string {
  const value = record.get(column).toUpperCase();
  if (!/^[A-Z0-9&._-]+$/.test(value) || value.length > max)
    record.fail(`${column} "${value.slice(0, 50)}" is not a valid NSE code`);
  return value;
}

export const series = (record: CsvRecord, column: string) => code(record, column, SERIES_MAX);

export function optionalText(record: CsvRecord, column: string): string | null {
  return record.get(column) || null;
}

/** A price or quantity; empty or "-" means not traded. */
export function amount(record: CsvRecord, column: string): number | null {
  const value = record.get(column);
  if (value === '' || value === '-') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) record.fail(`${column} "${value.slice(0, 50)}" is not a number`);
  return n;
}

/** yyyy-MM-dd that names a real day. */
export function isoDate(record: CsvRecord, column: string, value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    record.fail(`${column} "${record.get(column).slice(0, 50)}" is not a date`);
  }
  return value;
}
