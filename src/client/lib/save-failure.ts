import { MSG } from '@shared/messages';
import { apiErrorBody, HttpError, OfflineError } from './api';

/**
 * The server's own reason for refusing a request (the `error` of its JSON answer to a 4xx), or
 * null when it gave none (a 5xx, a body that is not the API's JSON) or the refusal is about the
 * session rather than the request (401, 403: "Forbidden" tells the user nothing to change).
 */
export function serverReason(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.status < 400 || error.status >= 500) return null;
  if (error.status === 401 || error.status === 403) return null;
  const reason = apiErrorBody(error.body)?.error;
  return typeof reason === 'string' && reason.trim() !== '' ? reason : null;
}

/**
 * A failed save's toast where the spec fixes the failure text (the public forms, the member's
 * broker details): "Offline" when the fetch helper refused it, else the action's failure text.
 */
export const saveFailureMessage = (error: unknown, failure: string): string =>
  error instanceof OfflineError ? MSG.offline : failure;

/**
 * A refused save's text on the screens the spec leaves free (the superadmin's, set-password, opt-out):
 * "Offline", else the server's own reason when it gave one (the capital band, the testers limit),
 * else the action's failure text (issue 46).
 */
export const refusalMessage = (error: unknown, failure: string): string =>
  error instanceof OfflineError ? MSG.offline : (serverReason(error) ?? failure);
