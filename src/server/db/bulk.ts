/**
 * Set-based writes of many rows in one statement: the rows travel as one JSON parameter (no bind
 * parameter limit, one round trip), and PostgreSQL turns them back into typed columns.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

type Row<T extends PgTable> = Partial<T['$inferSelect']>;

/** A serial column holds a plain integer: its type as a value. */
const SERIAL_TYPES: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };

/** `json_to_recordset($rows) as alias(col type, ...)` for the named columns of `table`. */
function recordset<T extends PgTable>(table: T, alias: string, names: readonly string[], rows: readonly Row<T>[]): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const definition = names.map((name) => {
    const column = columns[name];
    if (!column) throw new Error(`No column ${name}`);
    return `"${column.name}" ${SERIAL_TYPES[column.getSQLType()] ?? column.getSQLType()}`;
  });
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(names.map((name) => [columns[name]!.name, (row as Record<string, unknown>)[name] ?? null])),
    ),
  );
  return sql`json_to_recordset(${json}::json) as ${sql.raw(alias)}(${sql.raw(definition.join(', '))})`;
}

/**
 * UPDATE table SET each given column to the row's value, matching rows on `key`. Every row must name
 * the same columns (the first row's keys).
 */
export async function updateRows<T extends PgTable>(
  db: Pick<Db, 'execute'>,
  table: T,
  key: keyof T['$inferSelect'] & string,
  rows: readonly Row<T>[],
): Promise<void> {
  if (!rows.length) return;
  const names = Object.keys(rows[0]!);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const set = names
    .filter((name) => name !== key)
    .map((name) => sql`${sql.identifier(columns[name]!.name)} = v.${sql.identifier(columns[name]!.name)}`);
  await db.execute(
    sql`update ${table} set ${sql.join(set, sql`, `)} from ${recordset(table, 'v', names, rows)} where ${table}.${sql.identifier(columns[key]!.name)} = v.${sql.identifier(columns[key]!.name)}`,
  );
}

/** The columns an INSERT can bind (the database computes generated ones). */
export const insertableColumnCount = (table: PgTable): number =>
  Object.values(getTableColumns(table)).filter((column) => !column.generated).length;

/** PostgreSQL's wire protocol takes at most 65,535 bind parameters in one statement. */
export const MAX_BIND_PARAMETERS = 65_535;

/**
 * `rows` in runs small enough for one multi-row INSERT each: a row binds at most one parameter per
 * column of `table`, so a run never passes the cap (5,000 exits of 14 columns are 70,000 parameters
 * and would fail as one statement).
 */
export function insertRuns<R>(table: PgTable, rows: readonly R[]): R[][] {
  const size = Math.floor(MAX_BIND_PARAMETERS / insertableColumnCount(table));
  const runs: R[][] = [];
  for (let i = 0; i < rows.length; i += size) runs.push(rows.slice(i, i + size));
  return runs;
}
