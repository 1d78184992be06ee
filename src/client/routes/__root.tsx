import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent } from '@tanstack/react-router';
import { AppLayout } from '@client/features/layout/components/app-layout';
import { SITE_HEAD, useHtmlHeadTakeover } from '@client/lib/page-head';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The defaults of every page; a route's own head overrides them (by title, name or property).
  head: () => SITE_HEAD,
  component: RootLayout,
});

/** The head tags of the shown routes (React puts them in document.head), then the app. */
function RootLayout() {
  useHtmlHeadTakeover();
  return (
    <>
      <HeadContent />
      <AppLayout />
    </>
  );
}
