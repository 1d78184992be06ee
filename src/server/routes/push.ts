/**
 * Web Push subscriptions of the logged-in user's devices: GET /api/push/public-key, and
 * GET (this device's state, by endpoint) | POST | DELETE /api/push/subscriptions. A device is one browser's PushSubscription (its endpoint);
 * subscribing again replaces its kinds (and moves it to whoever is logged in on it now).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { and, eq } from 'drizzle-orm';
import { pushEndpointSchema, pushSubscribeBodySchema, SUPERADMIN_ONLY_KINDS } from '@shared/schemas/push';
import { isSuperadmin, requireUser, sessionUser } from '../auth/guards';
import type { AppEnv, Notifier } from '../context';
import { pushSubscriptions } from '../db/schema';
import { ApiError, STATUS } from '../http';
import { jsonBody, queryParams } from '../validation';

/** The server's push sender; without one, push is not configured (503). */
function configuredNotifier(c: Context<AppEnv>): Notifier {
  const { notifier } = c.get('deps');
  if (!notifier) throw new ApiError(STATUS.SERVICE_UNAVAILABLE, 'Push notifications are not configured on this server');
  return notifier;
}

/** The 503 of a server without push, before a subscription's body is read. */
const pushConfigured: MiddlewareHandler<AppEnv> = async (c, next) => {
  configuredNotifier(c);
  await next();
};

export function pushRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/push/public-key', (c) => c.json({ publicKey: configuredNotifier(c).publicKey }));

  routes.get('/push/subscriptions', requireUser, queryParams(pushEndpointSchema), async (c) => {
    const { endpoint } = c.req.valid('query');
    const [row] = await c
      .get('deps')
      .db.select({ kinds: pushSubscriptions.kinds })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.user_id, sessionUser(c).id)));
    return c.json(row ? { subscribed: true, kinds: row.kinds } : { subscribed: false, kinds: [] });
  });

  routes.post('/push/subscriptions', requireUser, pushConfigured, jsonBody(pushSubscribeBodySchema), async (c) => {
    const { db, log } = c.get('deps');
    const notifier = configuredNotifier(c);
    const { subscription, kinds } = c.req.valid('json');
    const user = sessionUser(c);
    const problem = notifier.endpointProblem(subscription.endpoint);
    if (problem)
      throw new ApiError(STATUS.BAD_REQUEST, `Invalid body: subscription.endpoint`, {
        'subscription.endpoint': problem,
      });
    const refused = isSuperadmin(user) ? [] : kinds.filter((k) => SUPERADMIN_ONLY_KINDS.includes(k));
    if (refused.length) throw new ApiError(STATUS.FORBIDDEN, `Only a superadmin may receive: ${refused.join(', ')}`);
    const unique = [...new Set(kinds)];
    const row = {
      user_id: user.id,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      kinds: unique,
    };
    await db.insert(pushSubscriptions).values(row).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
    log.info(
      { userId: user.id, kinds: unique, pushHost: new URL(subscription.endpoint).host },
      'push: device subscribed',
    );
    return c.json({ subscribed: true, kinds: unique }, STATUS.CREATED);
  });

  routes.delete('/push/subscriptions', requireUser, jsonBody(pushEndpointSchema), async (c) => {
    const { endpoint } = c.req.valid('json');
    const user = sessionUser(c);
    const { db, log } = c.get('deps');
    const removed = await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.user_id, user.id)))
      .returning({ id: pushSubscriptions.id });
    if (removed.length) log.info({ userId: user.id }, 'push: device unsubscribed');
    return c.json({ subscribed: false, kinds: [] });
  });

  return routes;
}
