/**
 * The header of spec section 2, in two modes: public links (home sections, Member Login or
 * Dashboard) and, on dashboard paths with a session, Dashboard / Account Settings / Admin / Pending
 * (superadmins) / Logout.
 * Below 1024 px the links fold into a toggle menu that closes when an item is chosen.
 */
import { Link, useRouterState } from '@tanstack/react-router';
import { close, menu } from 'ionicons/icons';
import { useEffect, useId, useState } from 'react';
import { Icon } from '@shared/ui/icon';
import { useOnline } from '@client/lib/online';
import { SITE } from '@client/site-config';
import { PendingLink } from '@client/features/admin-algos';
import { useLogout } from '@client/features/auth';
import { InstallButton } from '@client/features/pwa';
import { useCurrentUser } from '@client/features/session';
import { HEADER_SECTION_LINKS, isDashboardPath } from '../nav-links';
/** The logo's own file, inlined: as an <img> its SVG was a document of its own, 35-90 ms to set up at 4x CPU. */
import LOGO_SVG from '../logo.svg?raw';
import './site-header.css';

type Variant = 'bar' | 'menu';

const exactWithHash = { exact: true, includeHash: true } as const;

function PublicLinks({
  variant,
  loggedIn,
  onNavigate,
}: {
  variant: Variant;
  loggedIn: boolean;
  onNavigate: () => void;
}) {
  return (
    <>
      {HEADER_SECTION_LINKS.map((link) => (
        <li key={link.label}>
          <Link to="/" hash={link.hash} activeOptions={exactWithHash} className="nav-link" onClick={onNavigate}>
            {link.label}
          </Link>
        </li>
      ))}
      <li>
        {loggedIn ? (
          <Link to="/dashboard/trades" className="nav-link nav-cta" onClick={onNavigate}>
            {variant === 'menu' ? 'Member Dashboard' : 'Dashboard'}
          </Link>
        ) : (
          <Link to="/login" className="nav-link nav-cta" onClick={onNavigate}>
            Member Login
          </Link>
        )}
      </li>
    </>
  );
}

function DashboardLinks({ isSuperadmin, onNavigate }: { isSuperadmin: boolean; onNavigate: () => void }) {
  const { logout, isPending } = useLogout();
  return (
    <>
      <li>
        <Link to="/dashboard/trades" className="nav-link" onClick={onNavigate}>
          Dashboard
        </Link>
      </li>
      <li>
        <Link to="/dashboard/account-settings" className="nav-link" onClick={onNavigate}>
          Account Settings
        </Link>
      </li>
      {isSuperadmin && (
        <>
          <li>
            <Link to="/dashboard/admin" className="nav-link" onClick={onNavigate}>
              Admin
            </Link>
          </li>
          <li>
            <PendingLink className="nav-link" onNavigate={onNavigate} />
          </li>
        </>
      )}
      <li>
        <button
          type="button"
          className="nav-link nav-button"
          disabled={isPending}
          onClick={() => {
            onNavigate();
            logout();
          }}
        >
          Logout
        </button>
      </li>
    </>
  );
}

export function SiteHeader() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const current = useCurrentUser();
  const online = useOnline();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const dashboardMode = isDashboardPath(pathname) && current !== null;

  // A route change (back button, redirect) also closes the menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);
  const links = (variant: Variant) =>
    dashboardMode ? (
      <DashboardLinks isSuperadmin={current.user.role === 'superadmin'} onNavigate={closeMenu} />
    ) : (
      <PublicLinks variant={variant} loggedIn={current !== null} onNavigate={closeMenu} />
    );

  return (
    <header className="site-header">
      <div className="site-toolbar">
        <Link to="/" className="brand" aria-label={`${SITE.name} home`}>
          <span className="brand-mark" aria-hidden="true" dangerouslySetInnerHTML={{ __html: LOGO_SVG }} />
          <span>{SITE.name}</span>
        </Link>
        <nav className="nav-bar" aria-label="Main">
          <ul className="nav-list">{links('bar')}</ul>
        </nav>
        <div className="header-actions">
          {!online && <span className="offline-badge">Offline</span>}
          <InstallButton />
          <button
            type="button"
            className="menu-toggle"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon icon={menuOpen ? close : menu} />
          </button>
        </div>
      </div>
      <nav id={menuId} className="nav-menu" aria-label="Menu" hidden={!menuOpen}>
        <ul className="nav-list">{links('menu')}</ul>
      </nav>
    </header>
  );
}
