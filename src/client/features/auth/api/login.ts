/** POST /api/login and the toast each outcome shows (spec sections 7 and 8). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@shared/messages';
import type { LoginBody } from '@shared/schemas/login';
import { apiFetch, HttpError, jsonBody, OfflineError, serverErrorText } from '@client/lib/api';
import { sessionQueryKey } from '@client/features/session';

export async function login(body: LoginBody): Promise<void> {
  await apiFetch('/api/login', jsonBody('POST', body));
}

/**
 * The toast of a failed login (spec section 8). "Offline" only when the browser says it is
 * offline; a login that threw while the browser is online (no answer, a server being restarted)
 * is the spec's thrown error, "Invalid login".
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof OfflineError && typeof navigator !== 'undefined' && navigator.onLine === false) {
    return MSG.offline;
  }
  if (error instanceof HttpError) {
    if (error.status === 400) return MSG.loginBadCaptcha;
    if (error.status === 401) return MSG.loginBadCredentials;
    if (error.status === 429) return serverErrorText(error.body, MSG.loginThrown);
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
    // Shown as the call settles, before the form navigates.
    meta: { success: MSG.loginSuccess, failure: loginErrorMessage },
  });
}
