/**
 * The app shell around every route: skip link, header, the scrolling content, the footer outside
 * dashboard paths, toasts and the update prompt. The scroll container is a plain element, not
 * IonContent: IonContent is itself a `main` landmark, which would swallow the page's own main and
 * the footer's contentinfo role.
 */
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Toaster } from '@client/components/toaster';
import { UpdatePrompt } from '@client/features/pwa';
import { isDashboardPath } from '../nav-links';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './app-layout.css';

export function AppLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const hash = useRouterState({ select: (s) => s.location.hash });
  const scrollRef = useRef<HTMLDivElement>(null);
  const firstPage = useRef(true);

  // A new page starts at the top; links with an anchor are scrolled by the router instead. Not the
  // first page: it is at the top already, or where the visitor scrolled the prerendered page to
  // (prerendered-page.ts), and the scroll would force a style and layout pass of the whole
  // document in the middle of the takeover (15 ms at 4x CPU).
  useEffect(() => {
    if (firstPage.current) firstPage.current = false;
    else if (!hash) scrollRef.current?.scrollTo({ top: 0 });
  }, [pathname, hash]);

  return (
    <div className="ion-page app-shell">
      <a
        className="skip-link"
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to content
      </a>
      <SiteHeader />
      <div ref={scrollRef} className="app-scroll">
        <Outlet />
        {!isDashboardPath(pathname) && <SiteFooter />}
      </div>
      <UpdatePrompt />
      <Toaster />
    </div>
  );
}
