/**
 * The set-password link: POST /api/set-password/check (whose login it is for, or why it no longer
 * works) and POST /api/set-password. The token goes in the body, never in an address.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PasswordLinkState, SetPasswordBody } from '@shared/schemas/passwords';
import { apiFetch, apiJson, HttpError, jsonBody, serverErrorText } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';

const PASSWORD_SET = 'Your password is set. Sign in with it.';
const SET_FAILURE = 'Your password could not be set';

export function usePasswordLink(token: string) {
  return useQuery({
    // Not under `member`: never persisted; gone as soon as the page is.
    queryKey: ['password-link', token],
    queryFn: () => apiJson<PasswordLinkState>('/api/set-password/check', jsonBody('POST', { token })),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Why the link cannot be used, in the server's words. */
export const linkRefusal = (error: unknown): string =>
  error instanceof HttpError ? serverErrorText(error.body, SET_FAILURE) : refusalMessage(error, SET_FAILURE);

export function useSetPassword() {
  return useMutation({
    mutationFn: async (body: SetPasswordBody) => {
      await apiFetch('/api/set-password', jsonBody('POST', body));
    },
    meta: { success: PASSWORD_SET, failure: linkRefusal },
  });
}
