/**
 * Web Push subscriptions of the logged-in user's devices: GET /api/push/public-key, and
 * GET (this device's state, by endpoint) | POST | DELETE /api/push/subscriptions. A device is one
 * browser's PushSubscription (its endpoint) and belongs to the user who subscribed it: the same
 * user subscribing again replaces its kinds; another user is refused (409) until the push service
 * has said the endpoint is gone (the sender deletes it then), so knowing an endpoint does not take
 * a device over (the app answers a 409 by asking the browser for a new endpoint). A user has at
 * most PUSH_DEVICES_MAX devices: a new one beyond drops the one whose app was seen the longest ago,
 * and the answer names it (`dropped`) so the app tells the user.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import {
  pushEndpointSchema,
  pushSubscribeBodySchema,
  SUPERADMIN_ONLY_KINDS,
  type PushSubscribeResult,
} from '@shared/schemas/push';
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
    // The app on this device asking is a use of it (the device cap drops the one unused the longest).
    const [row] = await c
      .get('deps')
      .db.update(pushSubscriptions)
      .set({ last_seen_at: new Date() })
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.user_id, sessionUser(c).id)))
      .returning({ kinds: pushSubscriptions.kinds });
    return c.json(row ? { subscribed: true, kinds: row.kinds } : { subscribed: false, kinds: [] });
  });

  routes.post('/push/subscriptions', requireUser, pushConfigured, jsonBody(pushSubscribeBodySchema), async (c) => {
    const { db, log, env } = c.get('deps');
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
    const now = new Date();
    const row = {
      user_id: user.id,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      kinds: unique,
      last_seen_at: now,
    };
    // One statement: a new device, or this user's own again; never someone else's (no row back).
    const [saved] = await db
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: row.p256dh, auth: row.auth, kinds: row.kinds, last_seen_at: now },
        setWhere: eq(pushSubscriptions.user_id, user.id),
      })
      .returning({ id: pushSubscriptions.id });
    if (!saved) {
      log.warn({ userId: user.id, pushHost: new URL(subscription.endpoint).host }, 'push: device of another user');
      throw new ApiError(
        STATUS.CONFLICT,
        'This device’s notifications belong to another login: subscribe it again with a new endpoint',
      );
    }
    const kept = db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, user.id))
      .orderBy(desc(pushSubscriptions.last_seen_at), desc(pushSubscriptions.id))
      .limit(env.PUSH_DEVICES_MAX);
    const dropped = await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.user_id, user.id), notInArray(pushSubscriptions.id, kept)))
      .returning({ id: pushSubscriptions.id, last_seen_at: pushSubscriptions.last_seen_at });
    log.info(
      {
        userId: user.id,
        kinds: unique,
        pushHost: new URL(subscription.endpoint).host,
        ...(dropped.length ? { droppedSubscriptionIds: dropped.map((d) => d.id) } : {}),
      },
      'push: device subscribed',
    );
    const answer: PushSubscribeResult = {
      subscribed: true,
      kinds: unique,
      devices_max: env.PUSH_DEVICES_MAX,
      dropped: dropped.map((d) => ({ last_seen_at: d.last_seen_at.toISOString() })),
    };
    return c.json(answer, STATUS.CREATED);
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
