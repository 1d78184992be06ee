/**
 * Route guard rules of spec section 2, as pure decisions: the path to redirect to, or null.
 * (Pages that need a login send anonymous visitors to LOGIN_PATH: the /dashboard layout route.)
 */
import { HOME_AFTER_LOGIN } from '@shared/dashboard-start';
import type { CurrentUser } from './current-user';

export { HOME_AFTER_LOGIN };
export const LOGIN_PATH = '/login';

/** The login page's search parameter naming the dashboard page a visitor was sent from. */
export interface LoginSearch {
  redirect?: string;
}

const DASHBOARD = /^\/dashboard(?:[/?#]|$)/;

/**
 * The dashboard page to return to after login, from a URL's `redirect`: a path of this site under
 * /dashboard (with its search and hash), never another site's ("//evil.example", "https://...",
 * "/\\evil.example") nor anything outside the dashboard. The trades page, where login lands
 * anyway, is left out so its login URL stays clean.
 */
export function returnPathAfterLogin(value: unknown): string | undefined {
  if (typeof value !== 'string' || !DASHBOARD.test(value)) return undefined;
  const base = 'https://trabot.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base || !DASHBOARD.test(url.pathname)) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path === HOME_AFTER_LOGIN ? undefined : path;
}

/** The login page is for logged-out visitors only: a session goes where login would have gone. */
export function loginPageRedirect(current: CurrentUser | null, returnTo?: string): string | null {
  return current ? (returnTo ?? HOME_AFTER_LOGIN) : null;
}

/** Super-admin pages send everyone else to the trades page (anonymous visitors to /login). */
export function adminRedirect(current: CurrentUser | null): typeof HOME_AFTER_LOGIN | typeof LOGIN_PATH | null {
  if (!current) return LOGIN_PATH;
  return current.user.role === 'superadmin' ? null : HOME_AFTER_LOGIN;
}
