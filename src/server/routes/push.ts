/**
 * Web Push subscriptions of the logged-in user's devices: GET /api/push/public-key, and
 * GET (this device's state, by endpoint) | POST | DELETE /api/push/subscriptions. A device is one browser's PushSubscription (its endpoint);
 * subscribing again replaces its kinds (and moves it to whoever is logged in on it now).
 */
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { pushEndpointSchema, pushSubscribeBodySchema, SUPERADMIN_ONLY_KINDS } from '../../shared/schemas/push';
import { isSuperadmin, requireUser, sessionUser } from '../auth/guards';
import type { AppEnv } from '../context';
import { pushSubscriptions } from '../db/schema';
import { ApiError, readJson, readQuery, STATUS } from '../http';

const notConfigured = () => new ApiError(STATUS.SERVICE_UNAVAILABLE, 'Push notifications are not configured on this server');

export function pushRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/push/public-key', (c) => {
    const { notifier } = c.get('deps');
    if (!notifier) throw notConfigured();
    return c.json({ publicKey: notifier.publicKey });
  });

  routes.get('/push/subscriptions', requireUser, async (c) => {
    const { endpoint } = readQuery(c, pushEndpointSchema);
    const [row] = await c
      .get('deps')
      .db.select({ kinds: pushSubscriptions.kinds })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.user_id, sessionUser(c).id)));
    return c.json(row ? { subscribed: true, kinds: row.kinds } : { subscribed: false, kinds: [] });
  });

  routes.post('/push/subscriptions', requireUser, async (c) => {
    const { db, log, notifier } = c.get('deps');
    if (!notifier) throw notConfigured();
    const { subscription, kinds } = await readJson(c, pushSubscribeBodySchema);
    const user = sessionUser(c);
    const problem = notifier.endpointProblem(subscription.endpoint);
    if (problem) throw new ApiError(STATUS.BAD_REQUEST, `Invalid body: subscription.endpoint`, { 'subscription.endpoint': problem });
    const refused = isSuperadmin(user) ? [] : kinds.filter((k) => SUPERADMIN_ONLY_KINDS.includes(k));
    if (refused.length) throw new ApiError(STATUS.FORBIDDEN, `Only a superadmin may receive: ${refused.join(', ')}`);
    const unique = [...new Set(kinds)];
    const row = { user_id: user.id, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, kinds: unique };
    await db.insert(pushSubscriptions).values(row).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
    log.info({ userId: user.id, kinds: unique, pushHost: new URL(subscription.endpoint).host }, 'push: device subscribed');
    return c.json({ subscribed: true, kinds: unique }, STATUS.CREATED);
  });

  routes.delete('/push/subscriptions', requireUser, async (c) => {
    const { endpoint } = await readJson(c, pushEndpointSchema);
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
