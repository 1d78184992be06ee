/**
 * Route guard rules of spec section 2, as pure decisions: the path to redirect to, or null.
 * (Pages that need a login send anonymous visitors to LOGIN_PATH: the /dashboard layout route.)
 */
import { HOME_AFTER_LOGIN } from '../../../../shared/dashboard-start';
import type { CurrentUser } from './current-user';

export { HOME_AFTER_LOGIN };
export const LOGIN_PATH = '/login';

/** The login page is for logged-out visitors only. */
export function loginPageRedirect(current: CurrentUser | null): typeof HOME_AFTER_LOGIN | null {
  return current ? HOME_AFTER_LOGIN : null;
}

/** Super-admin pages send everyone else to the trades page (anonymous visitors to /login). */
export function adminRedirect(current: CurrentUser | null): typeof HOME_AFTER_LOGIN | typeof LOGIN_PATH | null {
  if (!current) return LOGIN_PATH;
  return current.user.role === 'superadmin' ? null : HOME_AFTER_LOGIN;
}
