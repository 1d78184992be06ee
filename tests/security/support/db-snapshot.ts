/** Whole-database views from information_schema: every table's rows, and every text-like value. */
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function tableNames(db: Db): Promise<string[]> {
  const result = await rows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return result.map((r) => r.table_name);
}

/**
 * Every row of every table as JSON text, sorted, keyed by table. `except` leaves out tables
 * that change on their own (sessions touched, rate-limit counters).
 */
export async function snapshot(db: Db, except: string[] = []): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await tableNames(db)) {
    if (except.includes(table)) continue;
    const result = await rows<{ row: string }>(
      db,
      sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
    );
    out[table] = result.map((r) => r.row).sort();
  }
  return out;
}

export interface ColumnValue {
  table: string;
  column: string;
  value: string;
}

/**
 * Every value of every text, varchar, json, jsonb and bytea column (bytea both as hex and as
 * escaped text, so plaintext bytes show either way).
 */
export async function textLikeValues(db: Db): Promise<ColumnValue[]> {
  const columns = await rows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select c.table_name, c.column_name, c.data_type from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'USER-DEFINED', 'ARRAY')
        order by 1, 2`,
  );
  const out: ColumnValue[] = [];
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const col = sql.identifier(column);
    const expr = type === 'bytea' ? sql`encode(${col}, 'hex') || ' ' || encode(${col}, 'escape')` : sql`${col}::text`;
    const result = await rows<{ v: string | null }>(db, sql`select ${expr} as v from ${sql.identifier(table)}`);
    for (const r of result) if (r.v !== null) out.push({ table, column, value: r.v });
  }
  return out;
}
