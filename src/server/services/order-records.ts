/**
 * The order records (order_events) of a range of days in India as CSV, read page by page in the
 * table's order (time, then id) so a five-year export never holds the whole table in memory, and
 * yielding to the event loop between pages (PGlite resolves queries in microtasks).
 */
import { and, asc, gt, gte, lt, or, eq } from 'drizzle-orm';
import { csvDocument, type CsvValue } from '@shared/csv';
import { addDays, istTime } from '@shared/ist';
import { ORDER_RECORD_COLUMNS, type OrderRecordsQuery } from '@shared/schemas/admin/order-records';
import type { Db } from '../db/client';
import { orderEvents } from '../db/schema';

const PAGE = 2_000;

type EventRow = typeof orderEvents.$inferSelect;

const cells = (row: EventRow): CsvValue[] =>
  ORDER_RECORD_COLUMNS.map((column) => {
    if (column === 'event_id') return row.id;
    if (column === 'at') return row.at.toISOString();
    return row[column];
  });

/** The CSV, header first, as chunks of text: from the start of `from` to the end of `to`, both IST days. */
export async function* orderRecordsCsv(db: Db, range: OrderRecordsQuery): AsyncGenerator<string> {
  const start = istTime(range.from, '00:00');
  const end = istTime(addDays(range.to, 1), '00:00');
  yield csvDocument([ORDER_RECORD_COLUMNS]);
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const rows: EventRow[] = await db
      .select()
      .from(orderEvents)
      .where(
        and(
          gte(orderEvents.at, start),
          lt(orderEvents.at, end),
          after
            ? or(gt(orderEvents.at, after.at), and(eq(orderEvents.at, after.at), gt(orderEvents.id, after.id)))
            : undefined,
        ),
      )
      .orderBy(asc(orderEvents.at), asc(orderEvents.id))
      .limit(PAGE);
    if (!rows.length) return;
    yield csvDocument(rows.map(cells));
    if (rows.length < PAGE) return;
    const last = rows.at(-1)!;
    after = { at: last.at, id: last.id };
    await new Promise((resolve) => setImmediate(resolve));
  }
}
