import { createRouter } from '@tanstack/react-router';
import { DelayedSpinner } from './components/delayed-spinner';
import { RouteError } from './components/route-error';
import { queryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  // Loaders read through TanStack Query, which owns caching: the router always asks it.
  defaultPreloadStaleTime: 0,
  defaultPreload: 'intent',
  defaultPendingMs: 300,
  defaultPendingMinMs: 300,
  defaultPendingComponent: () => <DelayedSpinner delayMs={0} />,
  defaultErrorComponent: RouteError,
  // The home page scrolls to its sections itself (smoothly, honouring reduced motion).
  defaultHashScrollIntoView: false,
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
