/**
 * Choosing a password. Anyone with a set-password link: POST /api/set-password/check (whose login
 * the link is for, or why it no longer works) and POST /api/set-password. A logged-in user: POST
 * /api/account/password (current, new and confirmation). The token travels in bodies only, never in
 * an address a log or a proxy keeps.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import {
  changePasswordBodySchema,
  passwordLinkCheckSchema,
  setPasswordBodySchema,
  type PasswordLinkState,
} from '@shared/schemas/passwords';
import { requireUser, sessionUser } from '../auth/guards';
import { LOGIN_WINDOW_MS } from '../auth/login-guard';
import { changePassword } from '../auth/password-change';
import { openPasswordLink, redeemPasswordLink } from '../auth/password-links';
import { appNow, type AppEnv } from '../context';
import { tooMany } from '../http/api-errors';
import { jsonBody } from '../http/validation';
import * as rateLimit from '../security/rate-limit';
import { clientIp } from '../security/request-info';

/** Tokens are 256 random bits: the limit (the login's, per address) only keeps the argon2 work bounded. */
const perAddressLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, env } = c.get('deps');
  const perIp = await rateLimit.hit(db, `set-password:ip:${clientIp(c)}`, LOGIN_WINDOW_MS);
  if (perIp.count > env.LOGIN_LIMIT_PER_IP) return tooMany(c, perIp.retryAfterSeconds, 'attempts');
  await next();
};

export function passwordRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/set-password/check', perAddressLimit, jsonBody(passwordLinkCheckSchema), async (c) => {
    const deps = c.get('deps');
    const { email } = await openPasswordLink(deps.db, c.req.valid('json').token, appNow(deps));
    return c.json({ email } satisfies PasswordLinkState);
  });

  routes.post('/set-password', perAddressLimit, jsonBody(setPasswordBodySchema), async (c) => {
    const deps = c.get('deps');
    const body = c.req.valid('json');
    const userId = await redeemPasswordLink(deps.db, body.token, body.new_password, appNow(deps));
    deps.log.info({ userId }, 'password set through a set-password link');
    return c.json({ status: 'success' });
  });

  routes.post('/account/password', requireUser, jsonBody(changePasswordBodySchema), async (c) => {
    const { db, env, log } = c.get('deps');
    const user = sessionUser(c);
    const change = await changePassword(db, {
      userId: user.id,
      sessionTokenHash: c.get('sessionTokenHash'),
      body: c.req.valid('json'),
      limit: env.LOGIN_LIMIT_PER_EMAIL,
    });
    if (change.outcome === 'refused') {
      log.warn({ userId: user.id }, 'password change refused: too many wrong current passwords');
      return tooMany(c, change.retryAfterSeconds, 'wrong passwords');
    }
    log.info({ userId: user.id }, 'password changed; other sessions ended');
    return c.json({ status: 'success' });
  });

  return routes;
}
