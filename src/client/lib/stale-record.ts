/**
 * An edit refused because its record moved since the screen showed it (409 `{error, current}`,
 * docs/decisions/2026-11-27-edits-against-the-record-seen.md): the server's text ("... changed since
 * you opened it: review it again", or a refused status move) and the record as it is now, which the
 * dialog shows in place of the one it opened with.
 */
import { MSG } from '@shared/messages';
import { HttpError, OfflineError, serverErrorText } from './api';

export interface StaleRecord<T> {
  message: string;
  current: T;
}

export function staleRecordOf<T>(error: unknown): StaleRecord<T> | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  try {
    const body: unknown = JSON.parse(error.body);
    if (typeof body !== 'object' || body === null || !('current' in body) || body.current == null) return null;
    return { message: serverErrorText(error.body, ''), current: body.current as T };
  } catch {
    return null;
  }
}

/** A failed edit's toast: "Offline", the server's text for a conflict (409), else the action's failure text. */
export function editFailureMessage(error: unknown, failure: string): string {
  if (error instanceof OfflineError) return MSG.offline;
  if (error instanceof HttpError && error.status === 409) return serverErrorText(error.body, failure);
  return failure;
}
