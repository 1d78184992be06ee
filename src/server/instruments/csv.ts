/**
 * The small CSV reader NSE's files need: comma-separated, optionally double-quoted fields (RFC 4180
 * quoting, `""` for a quote), CRLF or LF line ends, one record per line (NSE never breaks a record
 * across lines). Header names and fields are trimmed: NSE's headers carry stray spaces.
 */
export class CsvError extends Error {}

function splitLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',').map((f) => f.trim());
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field.trim());
      field = '';
    } else field += ch;
  }
  fields.push(field.trim());
  return fields;
}

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
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let header: string[] | null = null;
  let columns = new Map<string, number>();
  const records: CsvRecord[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const fields = splitLine(line);
    if (header === null) {
      header = fields;
      columns = new Map(fields.map((name, i) => [name, i]));
    } else records.push(new CsvRecord(columns, fields, index + 1));
  });
  return { header: header ?? [], records };
}
