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
import {
  pushEndpointSchema,
  pushSubscribeBodySchema,
  SUPERADMIN_ONLY_KINDS,
  type PushSubscribeResult,
} from '@shared/schemas/push';
import { isSuperadmin, requireUser, sessionUser } from '../auth/guards';
import { appNow, type AppEnv, type Notifier } from '../context';
import { removeDevice, saveDevice, touchDevice } from '../services/push-devices';
import { ApiError, STATUS } from '../http/api-errors';
import { jsonBody, queryParams } from '../http/validation';

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
    const deps = c.get('deps');
    // The app on this device asking is a use of it (the device cap drops the one unused the longest).
    const kinds = await touchDevice(deps.db, sessionUser(c).id, endpoint, appNow(deps));
    return c.json(kinds ? { subscribed: true, kinds } : { subscribed: false, kinds: [] });
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
    const saved = await saveDevice(
      db,
      {
        userId: user.id,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        kinds: unique,
      },
      env.PUSH_DEVICES_MAX,
      appNow(c.get('deps')),
    );
    if (!saved) {
      log.warn({ userId: user.id, pushHost: new URL(subscription.endpoint).host }, 'push: device of another user');
      throw new ApiError(
        STATUS.CONFLICT,
        'This device’s notifications belong to another login: subscribe it again with a new endpoint',
      );
    }
    const { dropped } = saved;
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
    if (await removeDevice(db, user.id, endpoint)) log.info({ userId: user.id }, 'push: device unsubscribed');
    return c.json({ subscribed: false, kinds: [] });
  });

  return routes;
}
