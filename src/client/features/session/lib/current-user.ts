/**
 * Who is using the app, decided from the server's session answer or, when the server cannot be
 * reached, from the last user of this browser (read-only, only if their offline cache exists).
 * Online, the server's answer always wins.
 */
import type { CheckSessionResponse } from '@shared/schemas/session';
import { HttpError, OfflineError } from '@client/lib/api';
import { isGatewayStatus } from '@client/lib/online';
import type { AuthUser, LastUser } from './last-user';

export interface CurrentUser {
  user: AuthUser;
  /** True when the server could not be asked: the member pages show persisted data read-only. */
  offline: boolean;
}

export interface SessionEvidence {
  online: boolean;
  /** The server's latest answer, if any. */
  response?: CheckSessionResponse;
  /** The latest attempt to ask the server failed for lack of a connection. */
  unreachable: boolean;
  lastUser: LastUser | null;
  hasCache: boolean;
}

/** Network failures (and a proxy saying the API is down), as opposed to an answer from the API. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof OfflineError || error instanceof TypeError) return true;
  return error instanceof HttpError && isGatewayStatus(error.status);
}

export function toAuthUser({ id, name, role }: AuthUser): AuthUser {
  return { id, name, role };
}

export function decideCurrentUser(evidence: SessionEvidence): CurrentUser | null {
  if (evidence.online && !evidence.unreachable) {
    const { response } = evidence;
    return response?.status === 'success' ? { user: toAuthUser(response.user), offline: false } : null;
  }
  return evidence.lastUser && evidence.hasCache ? { user: evidence.lastUser.user, offline: true } : null;
}
