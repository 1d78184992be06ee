/**
 * NSE's cash-market bhavcopy until July 2024 (`cmDDMONYYYYbhav.csv`):
 * SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN
 * Every row is a cash-market security; TIMESTAMP reads like 01-JUL-2024.
 */
import { amount, code, isoDate, optionalText, series, type BhavCopyFormat } from './bhav-copy-format';
import type { CsvRecord } from './csv';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function tradeDate(record: CsvRecord): string {
  const match = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(record.get('TIMESTAMP'));
  const month = match ? MONTHS.indexOf(match[2]!.toUpperCase()) + 1 : 0;
  const value = match && month ? `${match[3]}-${String(month).padStart(2, '0')}-${match[1]!.padStart(2, '0')}` : '';
  return isoDate(record, 'TIMESTAMP', value);
}

export const legacyBhavCopy: BhavCopyFormat = {
  name: 'legacy',
  columns: ['SYMBOL', 'SERIES', 'OPEN', 'HIGH', 'LOW', 'CLOSE', 'LAST', 'PREVCLOSE', 'TOTTRDQTY', 'TIMESTAMP'],
  keep: () => true,
  toRow: (record) => ({
    symbol: code(record, 'SYMBOL'),
    series: series(record, 'SERIES'),
    name: null,
    isin: optionalText(record, 'ISIN'),
    open: amount(record, 'OPEN'),
    high: amount(record, 'HIGH'),
    low: amount(record, 'LOW'),
    close: amount(record, 'CLOSE'),
    last: amount(record, 'LAST'),
    prevclose: amount(record, 'PREVCLOSE'),
    tottrdqty: amount(record, 'TOTTRDQTY'),
    date: tradeDate(record),
  }),
};
