/**
 * The daily broker login: GET /api/brokers/{broker}/login-url answers `{ url }` of the
 * broker's login page (for the user's own account, or `account_id` for a superadmin); the broker
 * sends the browser back to GET /api/brokers/{broker}/callback, which stores the session and
 * returns to the app page the login started from, with `broker_login=connected&broker=...` or
 * `broker_login=failed&broker=...&reason=<code>` for its toast (the page maps the code to its own
 * text, shared/broker-login-outcome.ts; the broker's own words go to the log only). POST /api/brokers/zerodha/postback
 * takes Kite's order postbacks. The request log records paths only, so the
 * broker's one-time proof in the callback's query never reaches a log line.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { queryIdSchema } from '@shared/schemas/ids';
import { requireUser, sessionUser } from '../auth/guards';
import { appNow, type AppEnv } from '../context';
import { ApiError, STATUS } from '../http/api-errors';
import { kitePostbackGenuine } from '../brokers/zerodha/zerodha-adapter';
import { kitePushedOrder } from '../brokers/zerodha/kite-pushes';
import * as rateLimit from '../security/rate-limit';
import { clientIp } from '../security/request-info';
import { BrokerLoginError, finishBrokerLogin, startBrokerLogin } from '../services/broker-logins';
import { jsonBody, queryParams } from '../http/validation';

const loginUrlQuerySchema = z.object({ account_id: queryIdSchema.optional() });

/** Where Kite posts order updates; like the signal webhook, authenticated by its own checksum, not a session. */
export const ZERODHA_POSTBACK_PATH = '/api/brokers/zerodha/postback';

/** The fields of Kite's postback this server reads (it carries the whole order; the rest is ignored). */
const kitePostbackSchema = z.looseObject({
  order_id: z.string().min(1).max(64),
  order_timestamp: z.string().min(1).max(64),
  checksum: z.string().regex(/^[0-9a-f]{64}$/i, 'checksum must be 64 hex digits'),
  status: z.string().max(64).optional(),
  tag: z.string().max(64).nullable().optional(),
});

/** The Kite API secret that signs postbacks; without one, Zerodha is not configured (404). */
function kiteSecret(c: Context<AppEnv>): string {
  const secret = c.get('deps').env.KITE_API_SECRET;
  if (!secret) throw new ApiError(STATUS.NOT_FOUND, 'Zerodha is not configured on this server');
  return secret;
}

/** The 404 of a server without Zerodha, before the postback's body is read. */
const kiteConfigured: MiddlewareHandler<AppEnv> = async (c, next) => {
  kiteSecret(c);
  await next();
};

/** The postback's rate window: POSTBACK_LIMIT_PER_IP requests per address in it. */
export const POSTBACK_WINDOW_MS = 60 * 1000;

/**
 * Counts a postback against its address before its body is read; 429 with Retry-After over the
 * limit. A dropped postback only delays the fill: the engine's poll and reconciliation find it.
 */
const postbackRateLimited: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, env, log } = c.get('deps');
  const ip = clientIp(c);
  const window = await rateLimit.hit(db, `postback:ip:${ip}`, POSTBACK_WINDOW_MS);
  if (window.count <= env.POSTBACK_LIMIT_PER_IP) return next();
  if (window.count === env.POSTBACK_LIMIT_PER_IP + 1)
    log.warn({ ip }, 'zerodha postback refused: too many from this address');
  return c.json({ error: 'Too many postbacks from this address' }, STATUS.TOO_MANY_REQUESTS, {
    'Retry-After': String(window.retryAfterSeconds),
  });
};

export function brokerRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/brokers/:broker/login-url', requireUser, queryParams(loginUrlQuerySchema), async (c) => {
    const { account_id } = c.req.valid('query');
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
    const search = new URLSearchParams(
      finished.connected
        ? { broker_login: 'connected', broker }
        : { broker_login: 'failed', broker, reason: finished.failure },
    );
    return c.redirect(`${finished.returnTo}?${search}`, 303);
  });

  // Kite's order postbacks (the URL set on the Kite app): a genuine one is the order itself, handed to
  // the engine, which books it at once like a polled answer (pushed-orders.ts); one that is not a
  // whole order only wakes the engine to reconcile with Kite.
  routes.post(
    ZERODHA_POSTBACK_PATH.slice('/api'.length),
    kiteConfigured,
    postbackRateLimited,
    jsonBody(kitePostbackSchema),
    async (c) => {
      const deps = c.get('deps');
      const body = c.req.valid('json');
      if (!kitePostbackGenuine(body, kiteSecret(c))) throw new ApiError(STATUS.UNAUTHORIZED, 'Invalid checksum');
      deps.log.info({ orderId: body.order_id, status: body.status, tag: body.tag }, 'zerodha postback');
      const order = kitePushedOrder(body, appNow(deps));
      if (order && deps.engine?.receiveOrder) {
        deps.engine.receiveOrder('zerodha', order);
        deps.engine.wake();
      } else deps.engine?.wake('postback');
      return c.json({ received: true });
    },
  );

  return routes;
}
