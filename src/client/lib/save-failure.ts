import { MSG } from '@shared/messages';
import { OfflineError } from './api';

/** A failed save's toast: "Offline" when the fetch helper refused it, else the action's failure text. */
export const saveFailureMessage = (error: unknown, failure: string): string =>
  error instanceof OfflineError ? MSG.offline : failure;
