/**
 * Refuses state-changing API requests sent by another site (CSRF). Hono's csrf() skips JSON bodies,
 * so this checks every unsafe method itself: a present `Origin` must be this server's own origin and
 * `Sec-Fetch-Site` must not be cross-site or same-site. Requests carrying neither header (curl,
 * server-to-server) are not from a browser and pass.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { ApiError, STATUS } from '../http/api-errors';
import { ownOrigin } from './request-info';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `exempt`: paths no browser calls, authenticated by a token rather than a cookie (the signal webhook). */
export const originCheck =
  (exempt: readonly string[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method) && !exempt.includes(c.req.path)) {
      const fetchSite = c.req.header('sec-fetch-site')?.toLowerCase();
      if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
        throw new ApiError(STATUS.FORBIDDEN, 'Cross-site request refused');
      }
      const origin = c.req.header('origin');
      if (origin !== undefined && origin.toLowerCase() !== ownOrigin(c)) {
        throw new ApiError(STATUS.FORBIDDEN, 'Cross-origin request refused');
      }
    }
    await next();
  };
