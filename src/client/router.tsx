import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { DelayedSpinner } from './components/delayed-spinner';
import { RouteError } from './components/route-error';
import { queryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';

/**
 * Built by main.tsx once the start-up has yielded: building the route tree is a task of its own, and
 * so is the browser history's creation before it (`history`).
 */
export const createAppRouter = (history: RouterHistory) =>
  createRouter({
    history,
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
    router: ReturnType<typeof createAppRouter>;
  }
}
