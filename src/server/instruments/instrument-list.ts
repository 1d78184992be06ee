/**
 * The instrument list (Add Signal picker): listing with a cheap version for ETags, the symbol
 * check, bhavcopy imports and the first load from NSE's equity list.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Instrument } from '@shared/schemas/admin/algos';
import type { Db } from '../db/client';
import { instruments } from '../db/schema';
import type { BhavCopy } from './bhav-copy';
import { readEquityList } from './equity-list';

/** Rows per INSERT: 14 parameters each stays far below PostgreSQL's 65,535. */
const BATCH = 500;

export async function listInstruments(db: Db): Promise<Instrument[]> {
  return db
    .select({
      SYMBOL: instruments.symbol,
      SERIES: instruments.series,
      NAME: instruments.name,
      ISIN: instruments.isin,
      OPEN: instruments.open,
      HIGH: instruments.high,
      LOW: instruments.low,
      CLOSE: instruments.close,
      LAST: instruments.last,
      PREVCLOSE: instruments.prevclose,
      TOTTRDQTY: instruments.tottrdqty,
      TIMESTAMP: instruments.bhav_date,
    })
    .from(instruments)
    .orderBy(asc(instruments.symbol), asc(instruments.series));
}

/**
 * Changes whenever the list does: rows are only ever added or updated, and every write stamps
 * updated_at. One aggregate query, so a revalidation answered 304 never reads the rows.
 */
export async function instrumentListVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ n: count(), latest: sql<string | null>`max(${instruments.updated_at})::text` })
    .from(instruments);
  return createHash('sha256')
    .update(`${row!.n}|${row!.latest ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
}

export async function instrumentExists(db: Db, symbol: string, series: string): Promise<boolean> {
  const [row] = await db
    .select({ symbol: instruments.symbol })
    .from(instruments)
    .where(and(eq(instruments.symbol, symbol), eq(instruments.series, series)));
  return row !== undefined;
}

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/**
 * Upserts the bhavcopy's prices per (symbol, series) in one transaction. A row already holding a
 * later trade date is left alone (an older file imported late never overwrites newer prices). A
 * stored name (NSE's equity list spells them in mixed case) is kept, the file's fills a missing
 * one; the file's ISIN wins (corporate actions change ISINs). Returns how many rows were written.
 */
export async function importBhavCopy(db: Db, copy: BhavCopy): Promise<number> {
  return db.transaction(async (tx) => {
    let written = 0;
    for (let i = 0; i < copy.rows.length; i += BATCH) {
      const batch = copy.rows
        .slice(i, i + BATCH)
        .map(({ date, ...row }) => ({ ...row, bhav_date: date, updated_at: sql`now()` }));
      const rows = await tx
        .insert(instruments)
        .values(batch)
        .onConflictDoUpdate({
          target: [instruments.symbol, instruments.series],
          set: {
            name: sql`coalesce(${instruments.name}, ${excluded('name')})`,
            isin: sql`coalesce(${excluded('isin')}, ${instruments.isin})`,
            open: excluded('open'),
            high: excluded('high'),
            low: excluded('low'),
            close: excluded('close'),
            last: excluded('last'),
            prevclose: excluded('prevclose'),
            tottrdqty: excluded('tottrdqty'),
            bhav_date: excluded('bhav_date'),
            updated_at: sql`now()`,
          },
          setWhere: sql`${instruments.bhav_date} is null or ${instruments.bhav_date} <= ${excluded('bhav_date')}`,
        })
        .returning({ symbol: instruments.symbol });
      written += rows.length;
    }
    return written;
  });
}

/** Loads NSE's equity list when the table is empty (first start); returns the rows added. */
export async function ensureInstrumentList(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(instruments);
  if (row!.n > 0) return 0;
  const equities = readEquityList();
  return db.transaction(async (tx) => {
    let added = 0;
    for (let i = 0; i < equities.length; i += BATCH) {
      // Replicas starting together may race: the first writer wins, the others add nothing.
      const rows = await tx
        .insert(instruments)
        .values(equities.slice(i, i + BATCH))
        .onConflictDoNothing()
        .returning({ symbol: instruments.symbol });
      added += rows.length;
    }
    return added;
  });
}

/** What the tick of an instrument is decided by: its master's tick and lot size, else its last close. */
export interface InstrumentTickInfo {
  tick_size: number | null;
  lot_size: number | null;
  close: number | null;
}

/** The tick and lot size of each of the symbols (NSE equities: series EQ first), by symbol. */
export async function instrumentTicks(db: Db, symbols: readonly string[]): Promise<Map<string, InstrumentTickInfo>> {
  if (!symbols.length) return new Map();
  const rows = await db
    .select({
      symbol: instruments.symbol,
      series: instruments.series,
      tick_size: instruments.tick_size,
      lot_size: instruments.lot_size,
      close: instruments.close,
    })
    .from(instruments)
    .where(inArray(instruments.symbol, [...new Set(symbols)]))
    .orderBy(asc(instruments.symbol), sql`${instruments.series} <> 'EQ'`, asc(instruments.series));
  const bySymbol = new Map<string, InstrumentTickInfo>();
  for (const { symbol, series: _series, ...info } of rows) if (!bySymbol.has(symbol)) bySymbol.set(symbol, info);
  return bySymbol;
}

/** One instrument's (symbol and series) tick and lot size; null when it is not listed. */
export async function instrumentTickInfo(db: Db, symbol: string, series: string): Promise<InstrumentTickInfo | null> {
  const [row] = await db
    .select({ tick_size: instruments.tick_size, lot_size: instruments.lot_size, close: instruments.close })
    .from(instruments)
    .where(and(eq(instruments.symbol, symbol), eq(instruments.series, series)));
  return row ?? null;
}

/** A row of a broker's instrument master: an NSE equity's tick and lot size. */
export interface MasterRow {
  symbol: string;
  series: string;
  tick_size: number;
  lot_size: number;
}

/**
 * Sets tick_size and lot_size of the listed instruments from a broker's instrument master (Kite's
 * daily dump): only rows whose values differ are written, so a master read every day writes only
 * what NSE's monthly review changed. Instruments the list does not have are not added (the picker's
 * list is NSE's). Answers how many rows changed.
 */
export async function recordInstrumentMaster(db: Db, rows: readonly MasterRow[], now: Date): Promise<number> {
  const valid = rows.filter(
    (r) => Number.isFinite(r.tick_size) && r.tick_size > 0 && Number.isInteger(r.lot_size) && r.lot_size > 0,
  );
  let changed = 0;
  for (let i = 0; i < valid.length; i += BATCH) {
    const batch = valid.slice(i, i + BATCH);
    const values = sql.join(
      batch.map((r) => sql`(${r.symbol}, ${r.series}, ${r.tick_size}::numeric, ${r.lot_size}::integer)`),
      sql`, `,
    );
    const result = await db.execute(sql`
      update ${instruments} set tick_size = m.tick_size, lot_size = m.lot_size, master_updated_at = ${now}
      from (values ${values}) as m(symbol, series, tick_size, lot_size)
      where ${instruments.symbol} = m.symbol and ${instruments.series} = m.series
        and (${instruments.tick_size} is distinct from m.tick_size or ${instruments.lot_size} is distinct from m.lot_size)`);
    changed +=
      (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
      (result as { rowCount?: number }).rowCount ??
      0;
  }
  return changed;
}
