/** POST /api/account/password: the user's own password; the server ends their other sessions. */
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@shared/schemas/passwords';
import { apiFetch, jsonBody } from '@client/lib/api';
import { refusalMessage } from '@client/lib/save-failure';

export const PASSWORD_CHANGED = 'Password changed. Your other devices are signed out.';
const CHANGE_FAILURE = 'Your password could not be changed';

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) => {
      await apiFetch('/api/account/password', jsonBody('POST', body));
    },
    meta: {
      success: PASSWORD_CHANGED,
      // A refusal of a field shows next to it; the server's reason (too many attempts: when to try again) in the toast.
      failure: (error) => refusalMessage(error, CHANGE_FAILURE),
    },
  });
}
