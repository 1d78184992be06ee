// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BhavCopyError, MAX_UNZIPPED_BYTES, parseBhavCopy } from '@server/instruments/bhav-copy';
import { parseCsv } from '@server/instruments/csv';
import { readEquityList } from '@server/instruments/equity-list';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/nse');
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));
const LEGACY = 'cm01JUL2024bhav.csv';
const UDIFF = 'BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv';
const UDIFF_FO = 'BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv';

/** The zip with its one file's uncompressed size rewritten (local header and central directory). */
function declaringSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

const parseText = (text: string) => parseBhavCopy(strToU8(text));
const errorOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(BhavCopyError);
    return (err as Error).message;
  }
  throw new Error('expected a BhavCopyError');
};

describe('legacy bhavcopy (SYMBOL,SERIES,OPEN,...)', () => {
  it('reads every row of the cash-market file, with TIMESTAMP as the trade date', () => {
    const copy = parseBhavCopy(fixture(LEGACY));
    expect(copy.format).toBe('legacy');
    expect(copy.date).toBe('2024-07-01');
    expect(copy.rows).toHaveLength(8);
    expect(copy.rows.find((r) => r.symbol === 'M&M')).toEqual({
      symbol: 'M&M',
      series: 'EQ',
      name: null,
      isin: 'INE101A01026',
      open: 2865.1,
      high: 2897,
      low: 2851.05,
      close: 2883.4,
      last: 2884,
      prevclose: 2855.75,
      tottrdqty: 2045127,
      date: '2024-07-01',
    });
    expect(copy.rows.map((r) => `${r.symbol}/${r.series}`)).toContain('BAJAJ-AUTO/EQ');
    expect(copy.rows.map((r) => r.series)).toEqual(expect.arrayContaining(['EQ', 'BE', 'GB']));
  });

  it('rejects an unreadable TIMESTAMP or price naming the line and column', () => {
    const header = 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN';
    expect(errorOf(() => parseText(`${header}\nINFY,EQ,1,2,1,2,2,1,10,20,31-FEB-2024,3,INE009A01021`))).toBe(
      'Line 2: TIMESTAMP "31-FEB-2024" is not a date (legacy bhavcopy)',
    );
    expect(
      errorOf(() =>
        parseText(
          `${header}\nINFY,EQ,1,2,1,2,2,1,10,20,01-JUL-2024,3,INE009A01021\nTCS,EQ,abc,2,1,2,2,1,10,20,01-JUL-2024,3,INE467B01029`,
        ),
      ),
    ).toBe('Line 3: OPEN "abc" is not a number (legacy bhavcopy)');
    expect(errorOf(() => parseText(`${header}\nBAD SYMBOL,EQ,1,2,1,2,2,1,10,20,01-JUL-2024,3,X`))).toContain(
      'SYMBOL "BAD SYMBOL" is not a valid NSE code',
    );
  });
});

describe('UDiFF bhavcopy (TradDt,BizDt,Sgmt,...)', () => {
  it('reads the cash-market stock rows with the company name; a missing last price is null', () => {
    const copy = parseBhavCopy(fixture(UDIFF));
    expect(copy.format).toBe('udiff');
    expect(copy.date).toBe('2024-07-08');
    expect(copy.rows).toHaveLength(5);
    expect(copy.rows.find((r) => r.symbol === 'RELIANCE')).toEqual({
      symbol: 'RELIANCE',
      series: 'EQ',
      name: 'RELIANCE INDUSTRIES LTD',
      isin: 'INE002A01018',
      open: 3190,
      high: 3209,
      low: 3171.35,
      close: 3190.95,
      last: 3191,
      prevclose: 3189.4,
      tottrdqty: 6345783,
      date: '2024-07-08',
    });
    expect(copy.rows.find((r) => r.symbol === 'NEWLISTCO')).toMatchObject({ series: 'SM', last: null, close: 100.25 });
  });

  it('keeps only cash-market equity rows: an F&O file has none and is refused', () => {
    const cm = fs.readFileSync(path.join(FIXTURES, UDIFF), 'utf8');
    const foRow = fs.readFileSync(path.join(FIXTURES, UDIFF_FO), 'utf8').split('\n')[1];
    expect(parseText(`${cm}${foRow}\n`).rows).toHaveLength(5);
    expect(errorOf(() => parseBhavCopy(fixture(UDIFF_FO)))).toBe('The udiff bhavcopy has no cash-market equity rows');
  });
});

describe('files as uploaded', () => {
  it('reads either format zipped, as NSE ships them', () => {
    for (const name of [LEGACY, UDIFF]) {
      const zipped = zipSync({ [`${name}`]: fixture(name) });
      expect(parseBhavCopy(zipped)).toEqual(parseBhavCopy(fixture(name)));
    }
    // Other files next to the CSV (a readme) are ignored.
    const withReadme = zipSync({ 'readme.txt': strToU8('NSE'), [UDIFF]: fixture(UDIFF) });
    expect(parseBhavCopy(withReadme).rows).toHaveLength(5);
  });

  it('refuses zips without exactly one CSV, damaged zips, and CSVs too large to expand', () => {
    expect(errorOf(() => parseBhavCopy(zipSync({ 'a.txt': strToU8('x') })))).toBe(
      'The zip must hold exactly one CSV bhavcopy (found 0)',
    );
    expect(errorOf(() => parseBhavCopy(zipSync({ [LEGACY]: fixture(LEGACY), [UDIFF]: fixture(UDIFF) })))).toBe(
      'The zip must hold exactly one CSV bhavcopy (found 2)',
    );
    const zip = zipSync({ [LEGACY]: fixture(LEGACY) });
    expect(errorOf(() => parseBhavCopy(zip.subarray(0, 60)))).toBe('The zip file is damaged or not a zip file');

    // A zip bomb: a CSV declaring more than the limit once expanded is refused before inflating.
    expect(
      errorOf(() => parseBhavCopy(declaringSize(zipSync({ 'big.csv': strToU8('SYMBOL\n') }), MAX_UNZIPPED_BYTES + 1))),
    ).toBe('big.csv in the zip is larger than 100 MB');
  });

  it('refuses files that are not a bhavcopy with a message saying what is expected', () => {
    expect(errorOf(() => parseBhavCopy(new Uint8Array()))).toMatch(/^The file is empty\. Expected an NSE bhavcopy/);
    expect(errorOf(() => parseBhavCopy(new Uint8Array([0xff, 0xfe, 0x00, 0x81])))).toMatch(/^The file is not text\./);
    expect(errorOf(() => parseText('name,email\nA,a@b.co\n'))).toMatch(
      /^Unrecognised header "name,email"\. Expected an NSE bhavcopy: the legacy CSV/,
    );
    // NSE's equity list is not a bhavcopy either (no prices).
    expect(
      errorOf(() =>
        parseText('SYMBOL,NAME OF COMPANY, SERIES, DATE OF LISTING\nINFY,Infosys Limited,EQ,08-FEB-1995\n'),
      ),
    ).toMatch(/^Unrecognised header/);
    // A quote left open (the security fuzzer's find: it was a 500).
    const header = 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN';
    expect(errorOf(() => parseText(`${header}\n"; drop table users; --\n`))).toMatch(
      /^The file is not a readable CSV: Quote Not Closed.* at line 2\. Expected an NSE bhavcopy/,
    );
  });

  it('keeps the last row of a repeated symbol and series', () => {
    const header = 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN';
    const copy = parseText(
      `${header}\nINFY,EQ,1,2,1,2,2,1,10,20,01-JUL-2024,3,I\ninfy,eq,5,6,5,6,6,5,10,20,02-JUL-2024,3,I\n`,
    );
    expect(copy.rows).toEqual([expect.objectContaining({ symbol: 'INFY', series: 'EQ', open: 5 })]);
    expect(copy.date).toBe('2024-07-02');
  });
});

describe('CSV reading', () => {
  it('trims headers and fields, honours quotes, skips blank lines and a BOM', () => {
    const table = parseCsv('\uFEFFSYMBOL, NAME , SERIES\r\n\r\nM&M,"Mahindra & Mahindra, Ltd ""M&M""",EQ\r\n');
    expect(table.header).toEqual(['SYMBOL', 'NAME', 'SERIES']);
    expect(table.records).toHaveLength(1);
    expect(table.records[0]!.get('NAME')).toBe('Mahindra & Mahindra, Ltd "M&M"');
    expect(table.records[0]!.line).toBe(3);
    expect(table.records[0]!.get('MISSING')).toBe('');
  });
});

describe("NSE's equity list shipped with the server", () => {
  it('holds the 2,386 listed equities with names and ISINs', () => {
    const list = readEquityList();
    expect(list).toHaveLength(2386);
    const bySeries = list.reduce<Record<string, number>>((n, e) => ({ ...n, [e.series]: (n[e.series] ?? 0) + 1 }), {});
    expect(bySeries).toEqual({ EQ: 2061, BE: 299, BZ: 26 });
    expect(list.find((e) => e.symbol === 'RELIANCE')).toEqual({
      symbol: 'RELIANCE',
      series: 'EQ',
      name: 'Reliance Industries Limited',
      isin: 'INE002A01018',
    });
    expect(new Set(list.map((e) => `${e.symbol}/${e.series}`)).size).toBe(list.length);
  });
});
