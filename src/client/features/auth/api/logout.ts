/** POST /api/logout: on success the session and this user's offline data are gone, then /login. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { MSG } from '../../../../shared/messages';
import { apiFetch } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { sessionQueryKey } from '../../session/api/check-session';
import { forgetUserData } from '../../session/lib/session-persistence';

export async function logout(): Promise<void> {
  await apiFetch('/api/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await forgetUserData(queryClient);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      toast.success(MSG.logoutSuccess);
      await navigate({ to: '/login' });
    },
    onError: () => toast.error(MSG.logoutFailure),
  });
  return { logout: () => mutation.mutate(), isPending: mutation.isPending };
}
