/**
 * /login, for logged-out visitors only: a session (or an offline one) goes to the trades page, or
 * to the dashboard page the visitor was sent here from (`?redirect=`, checked to be one).
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '@client/features/auth/components/login-page';
import { loginPageRedirect, returnPathAfterLogin, type LoginSearch } from '@client/features/session/lib/guards';
import { loadCurrentUser } from '@client/features/session/lib/load-current-user';
import { titleHead } from '@client/lib/page-head';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: returnPathAfterLogin(search.redirect),
  }),
  beforeLoad: async ({ context, search }) => {
    const to = loginPageRedirect(await loadCurrentUser(context.queryClient), search.redirect);
    if (to) throw redirect({ href: to, replace: true });
  },
  head: () => titleHead('Member Login'),
  component: function LoginRoute() {
    return <LoginPage returnTo={Route.useSearch().redirect} />;
  },
});
