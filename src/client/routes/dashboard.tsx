/**
 * Layout of every /dashboard page: login required (anonymous -> /login). Children read the user
 * from the route context: `currentUser.user` ({id, name, role}) and `currentUser.offline` (true when
 * the server cannot be reached and the persisted data is shown read-only).
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { adoptEarlyAccountTrades, requestAccountTradesEarly } from '../features/trades/api/early-account-trades';
import { HOME_AFTER_LOGIN, LOGIN_PATH } from '../features/session/lib/guards';
import { loadCurrentUser } from '../features/session/lib/load-current-user';
import { Route as TradesRoute } from './dashboard/trades';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: async ({ context, location, preload }) => {
    // The trades page (where login lands) fetches its code and data while the session is checked.
    const tradesPage = !preload && location.pathname === HOME_AFTER_LOGIN;
    const earlyTrades = tradesPage ? requestAccountTradesEarly(context.queryClient) : undefined;
    if (earlyTrades) void (TradesRoute.options.component as { preload?: () => Promise<void> } | undefined)?.preload?.();
    const currentUser = await loadCurrentUser(context.queryClient);
    if (!currentUser) throw redirect({ to: LOGIN_PATH, replace: true });
    if (earlyTrades && !currentUser.offline) adoptEarlyAccountTrades(context.queryClient, currentUser.user.id, earlyTrades);
    return { currentUser };
  },
});
