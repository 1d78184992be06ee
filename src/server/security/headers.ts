/** Security headers on every response (API and static files); `no-store` on API answers that set no Cache-Control. */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { isApiPath, isHttps } from './request-info';

/**
 * The ALTCHA widget needs nothing beyond this: its PBKDF2 solver runs in `blob:` workers
 * (worker-src blob:) using WebCrypto, without WebAssembly, and it injects its styles inline.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  'frame-src https://www.youtube-nocookie.com',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "manifest-src 'self'",
].join('; ');

/** The headers every response carries, as name/value pairs built once at module load. */
const HEADERS: readonly (readonly [string, string])[] = Object.entries({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
});
const HSTS = 'max-age=31536000; includeSubDomains';

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  for (const [name, value] of HEADERS) c.res.headers.set(name, value);
  if (isHttps(c)) c.res.headers.set('Strict-Transport-Security', HSTS);
  // A handler may opt in to revalidation (e.g. the instrument list's ETag); every other API answer is no-store.
  if (isApiPath(c.req.path) && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};
