/**
 * POST /api/payments/razorpay/webhook: the URL set on Razorpay's dashboard (Settings > Webhooks, event
 * payment_link.paid). Public, no session, no origin check (Razorpay's servers send it). Order: 429
 * (rate per address) before 400 (signature) before the body's meaning. X-Razorpay-Signature is the
 * hex HMAC-SHA256 of the RAW body with RAZORPAY_WEBHOOK_SECRET, checked constant-time; wrong or
 * missing: 400 and nothing changed. x-razorpay-event-id makes it idempotent: a replay answers 200
 * and changes nothing. A payment Razorpay's API does not confirm: 400 and a warning; Razorpay
 * unreachable while confirming: 503, so that Razorpay sends the webhook again.
 */
import { Hono } from 'hono';
import { appNow, type AppEnv } from '../context';
import { ApiError, STATUS } from '../http/api-errors';
import { hit } from '../security/rate-limit';
import { clientIp } from '../security/request-info';
import { handleRazorpayEvent, type PaidEvent } from '../services/razorpay-webhook';
import { webhookGenuine } from '../services/razorpay';

export const RAZORPAY_WEBHOOK_PATH = '/api/payments/razorpay/webhook';
/** Webhooks one address may send a minute: Razorpay sends one per event, retries spaced out. */
export const RAZORPAY_WEBHOOK_LIMIT_PER_MINUTE = 120;
const MINUTE_MS = 60_000;

export function paymentRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post(RAZORPAY_WEBHOOK_PATH.slice('/api'.length), async (c) => {
    const deps = c.get('deps');
    const ip = clientIp(c);
    const rate = await hit(deps.db, `razorpay-hook:ip:${ip}`, MINUTE_MS);
    if (rate.count > RAZORPAY_WEBHOOK_LIMIT_PER_MINUTE) {
      if (rate.count === RAZORPAY_WEBHOOK_LIMIT_PER_MINUTE + 1) deps.log.warn({ ip }, 'razorpay webhook: too many');
      c.header('Retry-After', String(rate.retryAfterSeconds));
      throw new ApiError(STATUS.TOO_MANY_REQUESTS, 'Too many webhooks from this address');
    }
    const raw = await c.req.text();
    const signature = c.req.header('x-razorpay-signature');
    if (!webhookGenuine(raw, signature, deps.env.RAZORPAY_WEBHOOK_SECRET)) {
      deps.log.warn({ ip, signed: signature !== undefined }, 'razorpay webhook refused: signature');
      throw new ApiError(STATUS.BAD_REQUEST, 'Invalid X-Razorpay-Signature', {
        'x-razorpay-signature': signature ? 'does not match the body' : 'missing',
      });
    }
    const eventId = c.req.header('x-razorpay-event-id');
    if (!eventId || eventId.length > 100) {
      throw new ApiError(STATUS.BAD_REQUEST, 'Missing x-razorpay-event-id', { 'x-razorpay-event-id': 'missing' });
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new ApiError(STATUS.BAD_REQUEST, 'The body is not JSON', { body: 'not JSON' });
    }
    if (body === null || typeof body !== 'object' || typeof (body as { event?: unknown }).event !== 'string') {
      throw new ApiError(STATUS.BAD_REQUEST, 'The body has no event', { event: 'missing' });
    }
    const outcome = await handleRazorpayEvent(deps, eventId, body as PaidEvent, appNow(deps));
    deps.log.info({ eventId, event: (body as { event: string }).event, outcome: outcome.status }, 'razorpay webhook');
    if (outcome.status === 'refused') {
      throw new ApiError(STATUS.BAD_REQUEST, 'Razorpay does not confirm this payment', { payment: outcome.reason });
    }
    return c.json(outcome);
  });

  return routes;
}
