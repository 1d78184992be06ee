/** /login, for logged-out visitors only: a session (or an offline one) goes to the trades page. */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { loginPageRedirect } from '../features/session/lib/guards';
import { loadCurrentUser } from '../features/session/lib/load-current-user';

export const Route = createFileRoute('/login')({
  beforeLoad: async ({ context }) => {
    const to = loginPageRedirect(await loadCurrentUser(context.queryClient));
    if (to) throw redirect({ to, replace: true });
  },
  component: LoginPage,
});
