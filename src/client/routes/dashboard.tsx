/**
 * Layout of every /dashboard page: login required (anonymous -> /login). Children read the user
 * from the route context: `currentUser.user` ({id, name, role}) and `currentUser.offline` (true when
 * the server cannot be reached and the persisted data is shown read-only).
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { LOGIN_PATH } from '../features/session/lib/guards';
import { loadCurrentUser } from '../features/session/lib/load-current-user';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: async ({ context }) => {
    const currentUser = await loadCurrentUser(context.queryClient);
    if (!currentUser) throw redirect({ to: LOGIN_PATH, replace: true });
    return { currentUser };
  },
});
