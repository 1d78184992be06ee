/**
 * Layout of every /dashboard page: login required (anonymous -> /login, which returns to the page
 * after login). Children read the user
 * from the route context: `currentUser.user` ({id, name, role}) and `currentUser.offline` (true when
 * the server cannot be reached and the persisted data is shown read-only).
 */
import { onlineManager } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { backendKeyQueryOptions } from '@client/features/session/api/backend-key';
import { sessionQueryKey } from '@client/features/session/api/check-session';
import { HOME_AFTER_LOGIN, LOGIN_PATH, returnPathAfterLogin } from '@client/features/session/lib/guards';
import { readLastUser } from '@client/features/session/lib/last-user';
import { loadCurrentUser } from '@client/features/session/lib/load-current-user';
import {
  adoptEarlyAccountTrades,
  requestAccountTradesEarly,
  type EarlyAccountTrades,
} from '@client/features/trades/api/early-account-trades';
import { Route as TradesRoute } from './dashboard/trades';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: async ({ context: { queryClient }, location, preload }) => {
    const firstCheck = !preload && onlineManager.isOnline() && queryClient.getQueryData(sessionQueryKey) === undefined;
    // Sent first: the page waits for this answer before anything else.
    const loadingUser = loadCurrentUser(queryClient);
    let earlyTrades: EarlyAccountTrades | undefined;
    if (firstCheck) {
      // What would follow the first session check of this page is requested alongside it: the
      // offline cache's backend key and, on the trades page (where login lands), its code and, when
      // someone logged in on this browser before, its data (a visitor without a session would get a
      // 401 there, an error in the console).
      void queryClient.prefetchQuery(backendKeyQueryOptions());
      if (location.pathname === HOME_AFTER_LOGIN) {
        void (TradesRoute.options.component as { preload?: () => Promise<void> } | undefined)?.preload?.();
        if (readLastUser()) earlyTrades = requestAccountTradesEarly();
      }
    }
    const currentUser = await loadingUser;
    if (!currentUser)
      throw redirect({ to: LOGIN_PATH, search: { redirect: returnPathAfterLogin(location.href) }, replace: true });
    if (earlyTrades && !currentUser.offline) adoptEarlyAccountTrades(queryClient, currentUser.user.id, earlyTrades);
    return { currentUser };
  },
});
