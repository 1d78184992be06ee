/**
 * The requests a dashboard page makes first, named in its HTML (<link rel="preload">) for a
 * visitor with a live session, so that they leave with the page's scripts instead of after them:
 * the session check, and on the trades page, where login lands, the user's own trades. A visitor
 * without a session gets none: those requests would answer 401 (errors in the console), and the
 * page sends them to /login anyway.
 */
import type { Context } from 'hono';
import { CHECK_SESSION_PATH, HOME_AFTER_LOGIN, OWN_TRADES_PATH } from '@shared/dashboard-start';
import { findSession, sessionTokenHashOf } from '../auth/sessions';
import type { AppEnv } from '../context';

export async function dashboardPreloads(c: Context<AppEnv>): Promise<string[]> {
  if (c.req.path !== '/dashboard' && !c.req.path.startsWith('/dashboard/')) return [];
  const tokenHash = sessionTokenHashOf(c);
  if (!tokenHash || !(await findSession(c.get('deps').db, tokenHash))) return [];
  return c.req.path === HOME_AFTER_LOGIN ? [CHECK_SESSION_PATH, OWN_TRADES_PATH] : [CHECK_SESSION_PATH];
}
