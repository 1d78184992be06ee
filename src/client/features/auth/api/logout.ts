/**
 * POST /api/logout: on success the session and this user's offline data are gone, then /login.
 * The order matters: the member pages leave first (a wipe under a mounted page would make it fetch
 * again, now without a session), then their data is wiped, then the session is asked again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { MSG } from '@shared/messages';
import type { CheckSessionResponse } from '@shared/schemas/session';
import { apiFetch, whileEndingSession } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { sessionQueryKey } from '@client/features/session';
import { forgetUserData } from '@client/features/session';

export async function logout(): Promise<void> {
  await apiFetch('/api/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: async () => {
      // A member page's request in flight, or started while the page is still up, would come back
      // after the session ended (a 401): the first are aborted, the others held and dropped.
      await queryClient.cancelQueries();
      await whileEndingSession(logout);
    },
    onSuccess: async () => {
      // The server has ended the session: the login page's guard must not send us back.
      queryClient.setQueryData<CheckSessionResponse>(sessionQueryKey, { status: 'error' });
      // Not in meta: the handler toasts when the mutation settles, which is after this sequence;
      // the user is told first, then leaves.
      toast.success(MSG.logoutSuccess);
      await navigate({ to: '/login' });
      await forgetUserData(queryClient);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    meta: { failure: MSG.logoutFailure },
  });
  return { logout: () => mutation.mutate(), isPending: mutation.isPending };
}
