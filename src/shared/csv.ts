/**
 * Writing CSV (RFC 4180) for the member's downloads: a text field is quoted when it holds a quote,
 * a comma or a line break (a quote doubled), and one starting with = + - @ (or a tab or carriage
 * return) gets a leading ' so a spreadsheet shows it rather than running it as a formula. Numbers
 * are written as they are: a negative amount stays a number.
 */

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Records as a CSV document: CRLF between records and after the last. */
export function csvDocument(records: readonly (readonly CsvValue[])[]): string {
  return records.map((record) => `${record.map(csvField).join(',')}\r\n`).join('');
}
