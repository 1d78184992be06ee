/**
 * Start-up: the online state, the offline cache of the last user, then the app. In that order, each
 * step awaited before the next:
 * 1. the router is built and the URL's route code starts loading, while the persisted queries are
 *    restored (with the trades the service worker saved on a push since), so an offline cold start
 *    finds its data;
 * 2. the router loads the URL's route (its code, guards and loaders) and the requests its loaders
 *    started are answered, for up to a second: a route whose data takes longer renders its loading
 *    state meanwhile (an answer landing during the render costs a synchronous re-render, see
 *    lib/queries-settled.ts);
 * 3. the app renders in a transition, which React splits into short tasks.
 * A prerendered page stays responsive while the app takes it over (no long task over
 * 100 ms at 4x CPU slowdown): rendered before the route had loaded, the router's store updates
 * re-rendered the whole page in one synchronous task of 200 ms and more.
 *
 * Ionic's JavaScript is not loaded here: the shell (header, footer, toasts, update prompt) is plain
 * HTML, and the chunks that use Ionic components set it up themselves (lib/ionic/setup-ionic.ts).
 * Its global styles stay, so pages look the same whichever chunk loaded first.
 */
// First: before any zod schema is built.
import './lib/zod-jitless';
import { QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { createBrowserHistory, RouterProvider } from '@tanstack/react-router';
import { createElement, startTransition, StrictMode } from 'react';
import { appContainer } from './features/layout/lib/prerendered-page';
import { captureInstallPrompt } from './features/pwa/lib/install-prompt';
import { offerHomeScreenOnIos } from './features/pwa/lib/ios-home-screen';
import { hasPublicCopy } from './features/workshops/api/public-offline-copy';
import { readLastUser } from './features/session/lib/last-user';
import { resumeLastUserScope, syncPersistenceWithSession } from './features/session/lib/session-persistence';
import { adoptTradesCopy } from './features/trades/lib/adopt-trades-copy';
import { queryClient } from './lib/query-client';
import { followConnectivity } from './lib/online';
import { persistenceOf } from './lib/query-persistence';
import { queriesSettled } from './lib/queries-settled';
import { createAppRouter } from './router';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/display.css';
import './styles/theme.css';
import './styles/global.css';
import './styles/buttons.css';
import './components/icon.css';

captureInstallPrompt();

// TanStack Query follows the browser's flag and the server's reachability (a cold start offline knows at once).
followConnectivity();

resumeLastUserScope();
syncPersistenceWithSession(queryClient);

/** Lets the browser paint and handle input between the start-up's steps. */
const nextTask = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const ROUTE_LOAD_WAIT_MS = 1000;

async function start() {
  // React's DOM renderer is half of the start-up code: a chunk of its own, fetched from the start
  // (a dashboard page's HTML names only the entry) and run in a task of its own once it arrives,
  // rather than with this module's.
  const reactDomClient = import('react-dom/client');
  await nextTask();
  // The history's first replaceState (a key for the current entry) costs a slow phone ~10 ms: a
  // task of its own rather than part of the router's.
  const history = createBrowserHistory();
  await nextTask();
  const router = createAppRouter(history);
  // The URL's route code is fetched while the saved queries are read: on a dashboard page (whose
  // HTML names only the entry) it would otherwise wait for the restore and the session check.
  // Only code: guards and loaders run in router.load(), once the saved data is back.
  for (const route of router.getMatchedRoutes(location.pathname)[0]) void router.loadRouteChunk(route);
  await nextTask();
  const persistence = persistenceOf(queryClient);
  // A copy that cannot be read is dropped by the restore itself: the app starts without it.
  await persistQueryClientRestore(persistence).catch(() => undefined);
  persistQueryClientSubscribe(persistence);
  // The trades the service worker saved on a push since, when newer (lib/trades-copy.ts).
  const lastUser = readLastUser();
  await adoptTradesCopy(queryClient, lastUser && { backendKey: lastUser.backendKey, userId: lastUser.user.id });
  await nextTask();
  await Promise.race([router.load().then(() => queriesSettled(queryClient)), nextTask(ROUTE_LOAD_WAIT_MS)]);
  const { createRoot } = await reactDomClient;
  await nextTask();
  const root = createRoot(appContainer(router));
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          {/* Ionic's overlays (modals, popovers) attach to <ion-app>; setup-ionic.ts defines it. */}
          {createElement('ion-app', null, <RouterProvider router={router} />)}
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  // After the page's own first render: a hint is never what the member came for.
  await nextTask(ROUTE_LOAD_WAIT_MS);
  offerHomeScreenOnIos();
  // The public workshop list, readable offline after a first visit of any public page (a first visit
  // starts on one: /, /login): its route's loader saves it (features/workshops/api/public-offline-copy.ts).
  // Once: a saved copy is refreshed there. Never on the dashboard, whose pages send nothing after
  // their takeover (member-trades-html.spec).
  if (!location.pathname.startsWith('/dashboard') && !hasPublicCopy())
    void router.preloadRoute({ to: '/workshops' }).catch(() => undefined);
}

void start();
