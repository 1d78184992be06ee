/**
 * Security headers on every response (API and static files), by Hono's secureHeaders; HSTS over
 * HTTPS only; `no-store` on API answers that set no Cache-Control.
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../context';
import { isApiPath, isHttps } from './request-info';

const standardHeaders = secureHeaders({
  /**
   * The ALTCHA widget needs nothing beyond this: its PBKDF2 solver runs in `blob:` workers
   * (worker-src blob:) using WebCrypto, without WebAssembly, and it injects its styles inline.
   */
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ['https://www.youtube-nocookie.com'],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    manifestSrc: ["'self'"],
  },
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [], serial: [] },
  // Set below, and only over HTTPS: over plain HTTP a browser ignores it, and a local or
  // proxied-without-TLS deployment must not be pinned to HTTPS by it.
  strictTransportSecurity: false,
});
const HSTS = 'max-age=31536000; includeSubDomains';

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await standardHeaders(c, next);
  if (isHttps(c)) c.res.headers.set('Strict-Transport-Security', HSTS);
  // A handler may opt in to revalidation (e.g. the instrument list's ETag); every other API answer is no-store.
  if (isApiPath(c.req.path) && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};
