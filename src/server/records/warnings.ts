/**
 * Warnings: what the engine (or an operator) must look at, listed in the admin Warnings screen.
 * Deleting is one way: a deleted warning stays stored, flagged, and cannot be deleted again.
 */
import { and, desc, eq } from 'drizzle-orm';
import { WARNINGS_LIMIT } from '@shared/constants';
import type { Warning } from '@shared/schemas/admin/operations';
import { insertRuns } from '../db/bulk';
import type { Db } from '../db/client';
import { warnings } from '../db/schema';

type WarningRow = typeof warnings.$inferSelect;

const toWarning = (row: WarningRow): Warning => ({ ...row, warning_timestamp: row.warning_timestamp.toISOString() });

/** Records a warning; `data` (account, signal, reason...) is stored as JSON text. */
export async function raiseWarning(db: Db, message: string, data?: unknown): Promise<Warning> {
  const [row] = await db
    .insert(warnings)
    .values({ warning_message: message, warning_data: data === undefined ? null : JSON.stringify(data) })
    .returning();
  return toWarning(row!);
}

/** Records several warnings in one statement (the engine's skips of a whole batch of accounts). */
export async function raiseWarnings(db: Db, items: readonly { message: string; data?: unknown }[]): Promise<void> {
  const rows = items.map(({ message, data }) => ({
    warning_message: message,
    warning_data: data === undefined ? null : JSON.stringify(data),
  }));
  for (const run of insertRuns(warnings, rows)) await db.insert(warnings).values(run);
}

/** The last 50, newest first; deleted ones only when asked for. */
export async function listWarnings(db: Db, showDeleted: boolean): Promise<Warning[]> {
  const rows = await db
    .select()
    .from(warnings)
    .where(showDeleted ? undefined : eq(warnings.delete_ind, false))
    .orderBy(desc(warnings.warning_id))
    .limit(WARNINGS_LIMIT);
  return rows.map(toWarning);
}

export type DeleteWarningResult = 'deleted' | 'already-deleted' | 'not-found';

export async function deleteWarning(db: Db, warningId: number): Promise<DeleteWarningResult> {
  // Only a live warning is flagged: of two concurrent deletes, one wins and the other is a 409.
  const [updated] = await db
    .update(warnings)
    .set({ delete_ind: true })
    .where(and(eq(warnings.warning_id, warningId), eq(warnings.delete_ind, false)))
    .returning({ id: warnings.warning_id });
  if (updated) return 'deleted';
  const [existing] = await db
    .select({ id: warnings.warning_id })
    .from(warnings)
    .where(eq(warnings.warning_id, warningId));
  return existing ? 'already-deleted' : 'not-found';
}
