/**
 * Start-up: the online state, the offline cache of the last user, then the app. The router starts
 * only after the persisted queries are restored, so an offline cold start finds its data.
 *
 * Ionic's JavaScript is not loaded here: the shell (header, footer, toasts, update prompt) is plain
 * HTML, and the chunks that use Ionic components set it up themselves (lib/ionic/setup-ionic.ts).
 * Its global styles stay, so pages look the same whichever chunk loaded first.
 */
// First: before any zod schema is built.
import './lib/zod-jitless';
import { useIsRestoring } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appContainer } from './features/layout/lib/prerendered-page';
import { captureInstallPrompt } from './features/pwa/lib/install-prompt';
import { resumeLastUserScope, syncPersistenceWithSession } from './features/session/lib/session-persistence';
import { queryClient } from './lib/query-client';
import { followConnectivity } from './lib/online';
import { persistOptions } from './lib/query-persistence';
import { router } from './router';

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

function AppRouter() {
  const isRestoring = useIsRestoring();
  return isRestoring ? null : <RouterProvider router={router} />;
}

createRoot(appContainer(router)).render(
  <StrictMode>
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      {/* Ionic's overlays (modals, popovers) attach to <ion-app>; setup-ionic.ts defines it. */}
      {createElement('ion-app', null, <AppRouter />)}
    </PersistQueryClientProvider>
  </StrictMode>,
);
