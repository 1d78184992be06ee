/**
 * Renders the real app (route tree, guards, layout, toasts) at a path, with `fetch` replaced by a
 * small in-memory API at the network boundary and the viewport width chosen by the test.
 */
// Ionic set up as the app sets it up (its modules that use Ionic import this first).
import '@client/lib/ionic/setup-ionic';
import { onlineManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, vi } from 'vitest';
import type { SessionUser } from '@shared/schemas/session';
import { createQueryClient } from '@client/lib/query-client';
import { routeTree } from '@client/routeTree.gen';

// jsdom has no layout, so nothing to scroll (the app shell scrolls to the top on navigation).
window.scrollTo = () => undefined;
Element.prototype.scrollTo = () => undefined;

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}
type Handler = (call: ApiCall) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

export const MEMBER: SessionUser = {
  id: 7,
  name: 'Asha Member',
  email: 'asha@example.com',
  role: 'member',
  member_id: 1,
  account_id: 3,
};
export const ADMIN: SessionUser = {
  id: 1,
  name: 'Root Admin',
  email: 'root@example.com',
  role: 'superadmin',
  member_id: null,
  account_id: null,
};

/** Replaces fetch: `routes` maps "METHOD /path" (query string included) to a handler; records calls. */
export function stubApi(user: SessionUser | null, routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const all: Record<string, Handler> = {
    'GET /api/check-session': () => ({ body: user ? { status: 'success', user } : { status: 'error' } }),
    'GET /api/backend-key': () => ({ body: { key: 'test-backend' } }),
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = {
        method: (init?.method ?? 'GET').toUpperCase(),
        path: url.pathname + url.search,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const handler = all[`${call.method} ${call.path}`];
      const { status = 200, body } = handler ? await handler(call) : { status: 404, body: { error: 'Not found' } };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** matchMedia for a viewport `width` px wide (min-width/max-width queries only). */
export function setViewportWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      onchange: null,
    };
  });
}

export function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** `prepare` runs on the fresh query client before the first render (e.g. to stand in for a restored cache). */
export function renderApp(path: string, prepare?: (queryClient: QueryClient) => void) {
  const queryClient = createQueryClient();
  prepare?.(queryClient);
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      {/* As src/client/main.tsx renders it: Ionic's overlays attach to <ion-app>. */}
      {createElement('ion-app', null, <RouterProvider router={router} />)}
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onlineManager.setOnline(true); // a module singleton, no longer listening once the app unmounted
  localStorage.clear();
});
