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

/** The value a row's guarded column must still hold for an UPDATE to touch it (updateRowsFrom). */
const GUARD = 'guard_from';

/**
 * `json_to_recordset($rows) as alias(col type, ...)` for the named columns of `table`; with `guard`,
 * one more column `guard_from` of that column's type, holding each row's `guardValues[i]`.
 */
function recordset<T extends PgTable>(
  table: T,
  alias: string,
  names: readonly string[],
  rows: readonly Row<T>[],
  guard?: { name: string; values: readonly unknown[] },
): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const typeOf = (name: string) => {
    const column = columns[name];
    if (!column) throw new Error(`No column ${name}`);
    return SERIAL_TYPES[column.getSQLType()] ?? column.getSQLType();
  };
  const definition = names.map((name) => `"${columns[name]!.name}" ${typeOf(name)}`);
  if (guard) definition.push(`"${GUARD}" ${typeOf(guard.name)}`);
  const json = JSON.stringify(
    rows.map((row, i) => ({
      ...Object.fromEntries(names.map((name) => [columns[name]!.name, (row as Record<string, unknown>)[name] ?? null])),
      ...(guard ? { [GUARD]: guard.values[i] ?? null } : {}),
    })),
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

/**
 * Like updateRows, but a row is written only while its `guard` column still holds the value the
 * caller read (`from`): a compare-and-set for many rows in one statement. Answers the keys of the
 * rows written; the others moved meanwhile (another writer got there first) and are left alone.
 */
export async function updateRowsFrom<T extends PgTable, K extends keyof T['$inferSelect'] & string>(
  db: Pick<Db, 'execute'>,
  table: T,
  key: K,
  guard: keyof T['$inferSelect'] & string,
  rows: readonly { row: Row<T>; from: unknown }[],
): Promise<T['$inferSelect'][K][]> {
  if (!rows.length) return [];
  const names = Object.keys(rows[0]!.row);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = (name: string) => sql.identifier(columns[name]!.name);
  const set = names.filter((name) => name !== key).map((name) => sql`${column(name)} = v.${column(name)}`);
  const result = (await db.execute(
    sql`update ${table} set ${sql.join(set, sql`, `)} from ${recordset(
      table,
      'v',
      names,
      rows.map((r) => r.row),
      { name: guard, values: rows.map((r) => r.from) },
    )} where ${table}.${column(key)} = v.${column(key)} and ${table}.${column(guard)} = v.${sql.identifier(GUARD)} returning ${table}.${column(key)} as key`,
  )) as unknown as { rows: { key: T['$inferSelect'][K] }[] };
  return result.rows.map((r) => r.key);
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
