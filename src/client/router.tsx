import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { DelayedSpinner } from './components/delayed-spinner';
import { RouteError } from './components/route-error';
import { queryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';

/** Built by main.tsx once the start-up has yielded: building the route tree is a task of its own. */
export const createAppRouter = () =>
  createRouter({
    routeTree,
    context: { queryClient },
    // Loaders read through TanStack Query, which owns caching: the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPreload: 'intent',
    defaultPendingMs: 300,
    defaultPendingMinMs: 300,
    defaultPendingComponent: () => <DelayedSpinner delayMs={0} />,
    defaultErrorComponent: RouteError,
    // A path a route refuses (an id that is not one) shows what any path without a route shows: the
    // home page (spec section 2), without the layout of the section it named.
    notFoundMode: 'root',
    defaultNotFoundComponent: lazyRouteComponent(() => import('./features/home/components/home-page'), 'HomePage'),
    // The home page scrolls to its sections itself (smoothly, honouring reduced motion).
    defaultHashScrollIntoView: false,
    scrollRestoration: false,
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
