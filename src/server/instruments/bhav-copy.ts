/**
 * Reads an NSE bhavcopy as uploaded: the legacy or the UDiFF CSV, plain or zipped (one CSV inside),
 * told apart by the header. Anything else is a BhavCopyError whose message says what was expected.
 */
import { unzipSync } from 'fflate';
import type { BhavCopyFormat, BhavCopyFormatName, BhavCopyRow } from './bhav-copy-format';
import { CsvError, parseCsv, type CsvTable } from './csv';
import { legacyBhavCopy } from './legacy-bhav-copy';
import { udiffBhavCopy } from './udiff-bhav-copy';

export class BhavCopyError extends Error {}

export interface BhavCopy {
  format: BhavCopyFormatName;
  /** The latest trade date in the file, yyyy-MM-dd. */
  date: string;
  /** One row per (symbol, series); a repeated pair keeps its last row. */
  rows: BhavCopyRow[];
}

const FORMATS: readonly BhavCopyFormat[] = [legacyBhavCopy, udiffBhavCopy];

/** A bhavcopy CSV is a few MB; this bounds what a zip may expand to. */
export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;

const EXPECTED =
  'Expected an NSE bhavcopy: the legacy CSV (SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,...) ' +
  'or the UDiFF CSV (TradDt,BizDt,Sgmt,Src,FinInstrmTp,...,TckrSymb,SctySrs,...), plain or zipped';

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

function unzipCsv(bytes: Uint8Array): Uint8Array {
  let files;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!file.name.toLowerCase().endsWith('.csv')) return false;
        if (file.originalSize > MAX_UNZIPPED_BYTES)
          throw new BhavCopyError(`${file.name} in the zip is larger than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB`);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof BhavCopyError) throw err;
    throw new BhavCopyError('The zip file is damaged or not a zip file');
  }
  const csvs = Object.values(files);
  if (csvs.length !== 1) throw new BhavCopyError(`The zip must hold exactly one CSV bhavcopy (found ${csvs.length})`);
  return csvs[0]!;
}

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BhavCopyError(`The file is not text. ${EXPECTED}`);
  }
}

/** The file's table; a file csv-parse cannot read (an unclosed quote...) is refused with its reason. */
function readCsv(text: string): CsvTable {
  try {
    return parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError) throw new BhavCopyError(`The file is not a readable CSV: ${err.message}. ${EXPECTED}`);
    throw err;
  }
}

export function parseBhavCopy(bytes: Uint8Array): BhavCopy {
  if (bytes.length === 0) throw new BhavCopyError(`The file is empty. ${EXPECTED}`);
  const { header, records } = readCsv(decode(isZip(bytes) ? unzipCsv(bytes) : bytes));
  const format = FORMATS.find((f) => f.columns.every((column) => header.includes(column)));
  if (!format) throw new BhavCopyError(`Unrecognised header "${header.join(',').slice(0, 120)}". ${EXPECTED}`);

  const rows = new Map<string, BhavCopyRow>();
  try {
    for (const record of records) {
      if (!format.keep(record)) continue;
      const row = format.toRow(record);
      rows.set(`${row.symbol}\u0000${row.series}`, row);
    }
  } catch (err) {
    if (err instanceof CsvError) throw new BhavCopyError(`${err.message} (${format.name} bhavcopy)`);
    throw err;
  }
  if (rows.size === 0) throw new BhavCopyError(`The ${format.name} bhavcopy has no cash-market equity rows`);
  const list = [...rows.values()];
  const date = list.reduce((latest, row) => (row.date > latest ? row.date : latest), list[0]!.date);
  return { format: format.name, date, rows: list };
}
