/** Captcha, login, logout and the session check (spec section 7, "Session and login"). */
import { Hono, type MiddlewareHandler } from 'hono';
import { MSG } from '@shared/messages';
import { loginBodySchema } from '@shared/schemas/login';
import type { CheckSessionResponse } from '@shared/schemas/session';
import { z } from 'zod';
import {
  CAPTCHA_ERRORS,
  CAPTCHA_GUARDED_ERROR,
  createCaptchaChallenge,
  purgeExpiredCaptchas,
  redeemCaptcha,
  type CaptchaDifficulty,
} from '../auth/captcha';
import { checkCredentials } from '../auth/credentials';
import { countAttempt, isGuarded, LOGIN_WINDOW_MS } from '../auth/login-guard';
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  purgeExpiredSessions,
  setSessionCookie,
} from '../auth/sessions';
import type { AppEnv } from '../context';
import type { Db } from '../db/client';
import { ApiError, STATUS, tooMany } from '../http/api-errors';
import * as rateLimit from '../security/rate-limit';
import { clientIp } from '../security/request-info';
import type { CaptchaSecrets } from '../auth/captcha';
import { jsonBody } from '../http/validation';

const HOUSEKEEPING_INTERVAL_MS = 60 * 1000;

export interface SessionRoutesOptions {
  captchaKeys: CaptchaSecrets;
  captchaDifficulty: CaptchaDifficulty;
}

export function sessionRoutes({ captchaKeys, captchaDifficulty }: SessionRoutesOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Expired sessions, redeemed captchas and finished rate-limit windows, swept at most once a minute.
  let lastSweep = 0;
  async function sweep(db: Db) {
    if (Date.now() - lastSweep < HOUSEKEEPING_INTERVAL_MS) return;
    lastSweep = Date.now();
    await Promise.all([
      purgeExpiredSessions(db),
      purgeExpiredCaptchas(db),
      rateLimit.purgeExpired(db, LOGIN_WINDOW_MS),
    ]);
  }

  // ?email=: the login form names the email typed, so an email under attack gets its harder challenge.
  routes.get('/captcha', async (c) => {
    const { db, env } = c.get('deps');
    const email = z.email().max(254).safeParse(c.req.query('email')?.trim());
    const guarded = email.success && (await isGuarded(db, email.data, env.LOGIN_LIMIT_PER_EMAIL));
    return c.json(
      await createCaptchaChallenge(
        captchaKeys,
        captchaDifficulty,
        guarded ? { guardedEmail: email.data.toLowerCase() } : {},
      ),
    );
  });

  /** Every login attempt counts against its address, before its body is read (a malformed one too). */
  const perAddressLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
    const { db, env, log } = c.get('deps');
    await sweep(db);
    const perIp = await rateLimit.hit(db, `login:ip:${clientIp(c)}`, LOGIN_WINDOW_MS);
    if (perIp.count > env.LOGIN_LIMIT_PER_IP) {
      log.warn({ ip: clientIp(c) }, 'login refused: too many attempts from this address');
      return tooMany(c, perIp.retryAfterSeconds, 'login attempts');
    }
    await next();
  };

  routes.post('/login', perAddressLimit, jsonBody(loginBodySchema), async (c) => {
    const { db, env, log } = c.get('deps');
    const body = c.req.valid('json');
    const captcha = await redeemCaptcha(db, captchaKeys, body.captcha);
    if (captcha.outcome !== 'ok') throw new ApiError(STATUS.BAD_REQUEST, CAPTCHA_ERRORS[captcha.outcome]);

    const attempt = await countAttempt(
      db,
      { email: body.email, ip: clientIp(c), guardedCaptchaEmail: captcha.guardedEmail },
      env.LOGIN_LIMIT_PER_EMAIL,
    );
    if (attempt.verdict === 'refused') {
      log.warn({ ip: clientIp(c) }, 'login refused: too many failed attempts for one email from this address');
      return tooMany(c, attempt.retryAfterSeconds, 'login attempts');
    }
    if (attempt.verdict === 'needs-guarded-captcha') {
      log.warn({ ip: clientIp(c) }, 'login refused: this email is guarded and the captcha was not issued for it');
      throw new ApiError(STATUS.BAD_REQUEST, CAPTCHA_GUARDED_ERROR);
    }

    const user = await checkCredentials(db, body.email, body.password);
    if (!user) {
      log.info('login failed: invalid credentials');
      throw new ApiError(STATUS.UNAUTHORIZED, MSG.loginBadCredentials);
    }
    await attempt.succeeded();

    // Rotation: a session the browser already had is ended, the new one gets a fresh token.
    const previous = c.get('sessionTokenHash');
    if (previous) await deleteSession(db, previous);
    setSessionCookie(c, await createSession(db, user.id));
    log.info({ userId: user.id, role: user.role }, 'login');
    return c.json({ status: 'success', user } satisfies CheckSessionResponse);
  });

  routes.post('/logout', async (c) => {
    const tokenHash = c.get('sessionTokenHash');
    if (tokenHash) await deleteSession(c.get('deps').db, tokenHash);
    clearSessionCookie(c);
    const user = c.get('user');
    if (user) c.get('deps').log.info({ userId: user.id }, 'logout');
    return c.json({ status: 'success' });
  });

  routes.get('/check-session', (c) => {
    const user = c.get('user');
    return c.json((user ? { status: 'success', user } : { status: 'error' }) satisfies CheckSessionResponse);
  });

  return routes;
}
