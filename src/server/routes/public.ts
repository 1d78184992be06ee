/**
 * The public site's API (spec section 7, "Public forms"): POST /api/contact-us,
 * POST /api/workshop-enquiry, GET /api/workshops, and POST /api/workshop-confirmation (the
 * confirmation page's button). Anonymous; submissions and confirmations are rate-limited per IP.
 */
import { createHmac } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { contactUsBodySchema, workshopEnquiryBodySchema, type SubmissionResponse } from '@shared/schemas/public-forms';
import { CONFIRM_STATUS, CONFIRM_TEXTS, workshopConfirmationBodySchema } from '@shared/workshop-confirmation';
import { appNow, mailerOf, type AppDeps, type AppEnv } from '../context';
import { STATUS, tooMany } from '../http/api-errors';
import * as rateLimit from '../security/rate-limit';
import { clientIp } from '../security/request-info';
import { submitEnquiry } from '../services/enquiries';
import { confirmRegistration } from '../services/workshop-confirmations';
import { listWorkshops, submitWorkshopRegistration } from '../services/workshops';
import { jsonBody } from '../http/validation';

/** Shorter than the login window, whose housekeeping purges finished windows of every key. */
export const PUBLIC_FORM_WINDOW_MS = 10 * 60 * 1000;

export function publicRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const mailer = mailerOf(deps);
  const ipKey = deps.secrets.deriveSecret('public-form-ip');

  /** Counts the submission against its IP, before its body is read; answers 429 with Retry-After over the limit. */
  const limited: MiddlewareHandler<AppEnv> = async (c, next) => {
    const ip = clientIp(c);
    const window = await rateLimit.hit(deps.db, `public-form:ip:${ip}`, PUBLIC_FORM_WINDOW_MS);
    if (window.count <= deps.env.PUBLIC_FORM_LIMIT_PER_IP) return next();
    deps.log.warn({ ip }, 'public form refused: too many submissions from this address');
    return tooMany(c, window.retryAfterSeconds, 'submissions');
  };

  /** Keyed hash of the sender's address: groups submissions without storing the IP. */
  function ipHash(c: Context<AppEnv>): string | null {
    const ip = clientIp(c);
    return ip === 'unknown' ? null : createHmac('sha256', ipKey).update(ip).digest('base64url');
  }

  routes.post('/contact-us', limited, jsonBody(contactUsBodySchema), async (c) => {
    const body = c.req.valid('json');
    const id = await submitEnquiry(deps, mailer, body, ipHash(c));
    return c.json({ status: 'success', id } satisfies SubmissionResponse, STATUS.CREATED);
  });

  routes.post('/workshop-enquiry', limited, jsonBody(workshopEnquiryBodySchema), async (c) => {
    const body = c.req.valid('json');
    const id = await submitWorkshopRegistration(deps, mailer, body, ipHash(c), appNow(deps));
    return c.json({ status: 'success', id } satisfies SubmissionResponse, STATUS.CREATED);
  });

  routes.post('/workshop-confirmation', limited, jsonBody(workshopConfirmationBodySchema), async (c) => {
    const outcome = await confirmRegistration(deps, mailer, c.req.valid('json').token, appNow(deps));
    const text = CONFIRM_TEXTS[outcome];
    return outcome === 'confirmed'
      ? c.json({ outcome, message: text }, CONFIRM_STATUS.confirmed)
      : c.json({ outcome, error: text }, CONFIRM_STATUS[outcome]);
  });

  routes.get('/workshops', async (c) => c.json(await listWorkshops(deps.db)));

  return routes;
}
