/**
 * The daily broker login (issue 12): GET /api/brokers/{broker}/login-url answers `{ url }` of the
 * broker's login page (for the user's own account, or `account_id` for a superadmin); the broker
 * sends the browser back to GET /api/brokers/{broker}/callback, which stores the session and
 * returns to the app page the login started from, with `broker_login=connected&broker=...` or
 * `broker_login=failed&broker=...&message=...` for its toast. The request log records paths only, so the
 * broker's one-time proof in the callback's query never reaches a log line.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { queryIdSchema } from '../../shared/schemas/ids';
import { requireUser, sessionUser } from '../auth/guards';
import type { AppEnv } from '../context';
import { ApiError, readQuery } from '../http';
import { BrokerLoginError, finishBrokerLogin, startBrokerLogin } from '../services/broker-logins';

const loginUrlQuerySchema = z.object({ account_id: queryIdSchema.optional() });

export function brokerRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/brokers/:broker/login-url', requireUser, async (c) => {
    const { account_id } = readQuery(c, loginUrlQuerySchema);
    try {
      const url = await startBrokerLogin(c.get('deps'), sessionUser(c), c.req.param('broker'), account_id ?? null);
      return c.json({ url });
    } catch (err) {
      if (err instanceof BrokerLoginError) throw new ApiError(err.status, err.message);
      throw err;
    }
  });

  // A top-level navigation from the broker's site: the Lax session cookie comes along.
  routes.get('/brokers/:broker/callback', async (c) => {
    const user = c.get('user');
    if (!user) return c.redirect('/login', 303);
    const broker = c.req.param('broker');
    const finished = await finishBrokerLogin(c.get('deps'), user, broker, c.req.query());
    const search = new URLSearchParams(finished.connected ? { broker_login: 'connected', broker } : { broker_login: 'failed', broker, message: finished.failure });
    return c.redirect(`${finished.returnTo}?${search}`, 303);
  });

  return routes;
}
