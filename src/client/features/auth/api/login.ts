/** POST /api/login and the toast each outcome shows (spec sections 7 and 8). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '../../../../shared/messages';
import type { LoginBody } from '../../../../shared/schemas/session';
import { apiFetch, HttpError, jsonBody, OfflineError } from '../../../lib/api';
import { sessionQueryKey } from '../../session/api/check-session';

export async function login(body: LoginBody): Promise<void> {
  await apiFetch('/api/login', jsonBody('POST', body));
}

/** The server's own error text (`{error}` JSON), for answers such as 429 that explain themselves. */
export function serverErrorText(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { error?: unknown }).error === 'string') {
      return (parsed as { error: string }).error;
    }
  } catch {
    // not JSON: the body itself is the message
  }
  return body.trim() || MSG.loginThrown;
}

export function loginErrorMessage(error: unknown): string {
  if (error instanceof OfflineError) return MSG.offline;
  if (error instanceof HttpError) {
    if (error.status === 400) return MSG.loginBadCaptcha;
    if (error.status === 401) return MSG.loginBadCredentials;
    if (error.status === 429) return serverErrorText(error.body);
  }
  return MSG.loginThrown;
}

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A captcha solution is accepted once: a retry could only fail with 400.
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
