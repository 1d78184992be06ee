import { describe, expect, it } from 'vitest';
import { csvDocument, csvField } from '@shared/csv';

describe('CSV writer', () => {
  it('quotes a field holding a quote, comma or line break (RFC 4180), doubling its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('defuses a text a spreadsheet would run as a formula, but leaves numbers, negative ones too', () => {
    for (const text of ['=1+1', '+91 98', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(csvField(text).startsWith("'") || csvField(text).startsWith(`"'`)).toBe(true);
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-300.5)).toBe('-300.5');
    expect(csvField(0)).toBe('0');
  });

  it('writes missing values as empty cells and ends every record with CRLF', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(
      csvDocument([
        ['a', 'b'],
        [1, null],
      ]),
    ).toBe('a,b\r\n1,\r\n');
  });
});
