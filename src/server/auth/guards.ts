/** Route guards: mount them on any route or group (`app.use('/api/admin/*', requireSuperadmin)`). */
import type { Context, MiddlewareHandler } from 'hono';
import type { SessionUser } from '@shared/schemas/session';
import type { AppEnv } from '../context';
import { ApiError, STATUS } from '../http/api-errors';

export const NOT_LOGGED_IN = 'Not logged in';
export const FORBIDDEN = 'Forbidden';

/** The session's user; throws 401 when there is none (for handlers behind a guard). */
export function sessionUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw new ApiError(STATUS.UNAUTHORIZED, NOT_LOGGED_IN);
  return user;
}

export function isSuperadmin(user: SessionUser): boolean {
  return user.role === 'superadmin';
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  sessionUser(c);
  await next();
};

export const requireSuperadmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isSuperadmin(sessionUser(c))) throw new ApiError(STATUS.FORBIDDEN, FORBIDDEN);
  await next();
};
