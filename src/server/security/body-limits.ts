/**
 * Request body limits, per route: the routes a stranger can reach take only what their form needs,
 * the rest of the API 256 KB. GET and HEAD carry no body to the app (and asking for one would build
 * a full fetch Request per call); the bhavcopy upload has its own, larger limit on its route, after
 * the superadmin check.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { FORM_STRING_MAX } from '@shared/schemas/public-forms';
import type { AppEnv } from '../context';
import { ApiError, STATUS } from '../http/api-errors';

const KB = 1024;
export const API_BODY_LIMIT = 256 * KB;

/** The public routes' limits: a few KB each, contact-us room for its longest formString. */
export const PUBLIC_BODY_LIMITS: Readonly<Record<string, number>> = {
  '/api/login': 8 * KB, // email, password and a ~1 KB captcha payload
  '/api/logout': 1 * KB,
  '/api/workshop-enquiry': 16 * KB,
  '/api/workshop-confirmation': 1 * KB, // one 43-character token
  '/api/contact-us': FORM_STRING_MAX + 16 * KB,
  '/api/hooks/signals': 16 * KB, // one signal: a dozen short fields
  '/api/brokers/zerodha/postback': 8 * KB, // one Kite order as JSON: about 1.5 KB
};

function limitOf(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(
        STATUS.PAYLOAD_TOO_LARGE,
        `Request body too large (at most ${Math.floor(maxSize / KB)} KB here)`,
      );
    },
  });
}

export function bodyLimits(unlimitedPaths: readonly string[]): MiddlewareHandler<AppEnv> {
  const byPath = new Map(Object.entries(PUBLIC_BODY_LIMITS).map(([path, size]) => [path, limitOf(size)]));
  const api = limitOf(API_BODY_LIMIT);
  return (c, next) => {
    const { method, path } = c.req;
    if (method === 'GET' || method === 'HEAD' || (method === 'POST' && unlimitedPaths.includes(path))) return next();
    return (byPath.get(path) ?? api)(c, next);
  };
}
