import { MSG } from '@shared/messages';
import { HttpError, OfflineError } from '@client/lib/api';

/**
 * Add Signal has two failure texts (spec sections 7 and 8): the server answered with an error
 * ("Failed to add signal"), or the request never got an answer ("Failed to update signal").
 */
export function addSignalFailureMessage(error: unknown): string {
  if (error instanceof OfflineError) return MSG.offline;
  return error instanceof HttpError ? MSG.addSignalFailure : MSG.addSignalTransportFailure;
}
