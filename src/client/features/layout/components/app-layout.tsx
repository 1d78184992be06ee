/**
 * The app shell around every route: skip link, header, the scrolling content (Ionic's IonContent
 * is the scroll container), the footer outside dashboard paths, toasts and the update prompt.
 */
import { IonContent } from '@ionic/react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Toaster } from '../../../components/toaster';
import { UpdatePrompt } from '../../pwa/components/update-prompt';
import { isDashboardPath } from '../nav-links';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './app-layout.css';

export function AppLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const hash = useRouterState({ select: (s) => s.location.hash });
  const contentRef = useRef<HTMLIonContentElement>(null);

  // A new page starts at the top; links with an anchor are scrolled by the router instead.
  useEffect(() => {
    if (!hash) void contentRef.current?.scrollToTop(0);
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
      <IonContent ref={contentRef} className="app-content">
        <div className="app-content-inner">
          <Outlet />
          {!isDashboardPath(pathname) && <SiteFooter />}
        </div>
      </IonContent>
      <UpdatePrompt />
      <Toaster />
    </div>
  );
}
