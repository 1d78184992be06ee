/**
 * NSE's CSV files read with csv-parse: comma-separated, optionally double-quoted fields (RFC 4180),
 * CRLF or LF line ends, a byte-order mark dropped. Header names and fields are trimmed (NSE's
 * headers carry stray spaces); blank lines are skipped; a short line is kept (its missing fields
 * read as '').
 */
import { parse, type InfoRecord } from 'csv-parse/sync';

export class CsvError extends Error {}

/** One data line, its fields reachable by header name; errors name the line. */
export class CsvRecord {
  constructor(
    private readonly columns: ReadonlyMap<string, number>,
    private readonly fields: readonly string[],
    readonly line: number,
  ) {}

  /** The trimmed field ('' when the line is short). */
  get(column: string): string {
    const index = this.columns.get(column);
    return index === undefined ? '' : (this.fields[index] ?? '');
  }

  fail(message: string): never {
    throw new CsvError(`Line ${this.line}: ${message}`);
  }
}

export interface CsvTable {
  header: string[];
  records: CsvRecord[];
}

/** Parses the text; blank lines are skipped. The header is the first non-blank line. */
export function parseCsv(text: string): CsvTable {
  let rows: { record: string[]; info: InfoRecord }[];
  try {
    const options = {
      bom: true,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // Either line end on any line (csv-parse would otherwise keep to the first line's).
      record_delimiter: ['\r\n', '\n'],
      info: true,
    };
    // With `info`, each row is { record, info }; csv-parse's types do not say so.
    rows = parse(text, options) as unknown as typeof rows;
  } catch (err) {
    throw new CsvError(err instanceof Error ? err.message : String(err));
  }
  const [first, ...rest] = rows;
  const header = first?.record ?? [];
  const columns = new Map(header.map((name, i) => [name, i]));
  return { header, records: rest.map(({ record, info }) => new CsvRecord(columns, record, info.lines)) };
}
