/** The toasts of a bhavcopy upload and the date of the last one imported. */
import { MSG } from '@shared/messages';
import type { BhavCopyImport, Instrument } from '@shared/schemas/admin/algos';
import { HttpError, OfflineError, serverErrorText } from '@client/lib/api';

export const importSuccessMessage = ({ imported, format, date }: BhavCopyImport): string =>
  `Imported ${imported} instruments (${format}, ${date})`;

/** "Offline" when refused before sending, else the server's own reason (bad file, too large, ...). */
export function importFailureMessage(error: unknown): string {
  if (error instanceof OfflineError) return MSG.offline;
  if (error instanceof HttpError) return serverErrorText(error.body, error.message);
  return error instanceof Error && error.message ? error.message : 'Import failed';
}

/** The latest TIMESTAMP (yyyy-MM-dd, so the string order is the date order), or null when none has one. */
export function lastBhavCopyDate(instruments: readonly Instrument[]): string | null {
  let last: string | null = null;
  for (const { TIMESTAMP } of instruments) if (TIMESTAMP && (last === null || TIMESTAMP > last)) last = TIMESTAMP;
  return last;
}
