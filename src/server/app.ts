/**
 * createApp(): the whole HTTP surface (API + built PWA) as one Hono app. main.ts serves it;
 * the API tests call it in-process with a test database.
 */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { captchaSecrets, DEFAULT_CAPTCHA_DIFFICULTY } from './auth/captcha';
import { timingSafeDummyHash } from './auth/passwords';
import { sessionMiddleware } from './auth/sessions';
import type { AppDeps, AppEnv } from './context';
import { isClientAbort, isDatabaseUnavailable } from './db/unavailable';
import { ApiError, STATUS } from './http/api-errors';
import { jsonWithLength } from './http/json-with-length';
import { requestIds } from './http/request-id';
import { DomainError, type DomainErrorKind } from './lib/domain-error';
import { adminAccountRoutes } from './routes/admin/accounts';
import { adminAlgoRoutes } from './routes/admin/algos';
import { adminBackupRoutes } from './routes/admin/backups';
import { adminHaltRoutes } from './routes/admin/halts';
import { adminInboxRoutes } from './routes/admin/inbox';
import { createMailer } from './services/mail';
import { adminInstrumentRoutes, BHAV_COPY_PATH } from './routes/admin/instruments';
import { adminMemberRoutes } from './routes/admin/members';
import { adminOperationRoutes } from './routes/admin/operations';
import { adminSignalApprovalRoutes } from './routes/admin/signal-approvals';
import { adminTradeRoutes } from './routes/admin/trades';
import { brokerRoutes, ZERODHA_POSTBACK_PATH } from './routes/brokers';
import { healthRoutes } from './routes/health';
import { hookRoutes, WEBHOOK_PATH } from './routes/hooks';
import { memberRoutes } from './routes/member';
import { membershipRoutes } from './routes/membership';
import { passwordRoutes } from './routes/passwords';
import { paymentRoutes, RAZORPAY_WEBHOOK_PATH } from './routes/payments';
import { publicRoutes } from './routes/public';
import { pushRoutes } from './routes/push';
import { sessionRoutes } from './routes/session';
import { bodyLimits } from './security/body-limits';
import { securityHeaders } from './security/headers';
import { isApiPath } from './security/request-info';
import { originCheck } from './security/origin-check';
import { dashboardPreloads } from './pages/dashboard-preloads';
import { workshopListMarkup } from './pages/workshop-list-markup';
import { serveClient } from './http/serve-client';
import { memberTradesMarkup } from './pages/member-trades-markup';
import { HOME_AFTER_LOGIN, MEMBER_TRADES_PAGE_FILE } from '@shared/dashboard-start';

/** The HTTP status of each kind of refusal a service gives. */
const DOMAIN_ERROR_STATUS = {
  invalid: STATUS.BAD_REQUEST,
  conflict: STATUS.CONFLICT,
  not_found: STATUS.NOT_FOUND,
  bad_gateway: STATUS.BAD_GATEWAY,
  unavailable: STATUS.SERVICE_UNAVAILABLE,
} as const satisfies Record<DomainErrorKind, number>;

export function createApp(deps: AppDeps): Hono<AppEnv> {
  // One mailer per process (it says once in the log whether mail is on), shared with the schedule.
  deps.mailer ??= createMailer(deps.env, deps.log);
  const app = new Hono<AppEnv>();
  // Computed now so the first login with an unknown email is not faster than the others.
  void timingSafeDummyHash();

  // First: the request log line below, and every line the handlers write, carry the request id.
  app.use('*', requestIds);
  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('deps', deps);
    c.set('user', null);
    c.set('sessionTokenHash', null);
    c.set('accountTradesVersion', 0);
    await next();
    deps.log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
  app.use('*', jsonWithLength);
  app.use('*', securityHeaders);
  // Compresses what is over 1 KB and not encoded already (account-trades serves cached encodings itself).
  app.use('*', compress());

  app.use('/api/*', bodyLimits([BHAV_COPY_PATH]));
  app.use('/api/*', originCheck([WEBHOOK_PATH, ZERODHA_POSTBACK_PATH, RAZORPAY_WEBHOOK_PATH]));
  app.use('/api/*', sessionMiddleware);

  app.route('/api', healthRoutes());
  app.route(
    '/api',
    sessionRoutes({
      captchaKeys: captchaSecrets(deps.secrets),
      captchaDifficulty: deps.captchaDifficulty ?? DEFAULT_CAPTCHA_DIFFICULTY,
    }),
  );
  app.route('/api', memberRoutes());
  app.route('/api', passwordRoutes());
  app.route('/api', pushRoutes());
  app.route('/api', brokerRoutes());
  app.route('/api', publicRoutes(deps));
  app.route('/api', hookRoutes());
  app.route('/api', paymentRoutes());
  app.route('/api', adminAlgoRoutes());
  app.route('/api', adminSignalApprovalRoutes());
  app.route('/api', adminInstrumentRoutes());
  app.route('/api', adminMemberRoutes());
  app.route('/api', adminAccountRoutes());
  app.route('/api', adminHaltRoutes());
  app.route('/api', adminTradeRoutes());
  app.route('/api', adminOperationRoutes());
  app.route('/api', adminInboxRoutes());
  app.route('/api', adminBackupRoutes());
  app.route('/api', membershipRoutes());

  app.use(
    '*',
    serveClient(deps.env.CLIENT_DIR, {
      liveData: { '/workshops': () => workshopListMarkup(deps.db) },
      shellPreloads: dashboardPreloads,
      memberPages: { [HOME_AFTER_LOGIN]: { file: MEMBER_TRADES_PAGE_FILE, render: memberTradesMarkup } },
    }),
  );

  app.notFound((c) => (isApiPath(c.req.path) ? c.json({ error: 'Not found' }, 404) : c.text('Not found', 404)));

  app.onError((err, c) => {
    if (err instanceof ApiError || err instanceof DomainError) {
      const status = err instanceof ApiError ? err.status : DOMAIN_ERROR_STATUS[err.kind];
      const current = err instanceof DomainError && err.current !== undefined ? { current: err.current } : {};
      return c.json({ error: err.message, ...(err.fields ? { fields: err.fields } : {}), ...current }, status);
    }
    if (err instanceof HTTPException) {
      return c.json({ error: err.message || 'Request failed' }, err.status);
    }
    // A client that hung up (mid-body, say) is not the server's failure: no 5xx, no error line.
    if (c.req.raw.signal.aborted || isClientAbort(err)) {
      deps.log.info({ path: c.req.path, method: c.req.method }, 'client closed the request');
      return c.json({ error: 'Client closed the request' }, STATUS.BAD_REQUEST);
    }
    if (isDatabaseUnavailable(err)) {
      deps.log.error({ err, path: c.req.path, method: c.req.method }, 'database unavailable');
      return c.json({ error: 'Database unavailable' }, STATUS.SERVICE_UNAVAILABLE);
    }
    deps.log.error({ err, path: c.req.path, method: c.req.method }, 'unhandled error');
    return c.json({ error: 'Internal server error' }, 500);
  });

  return app;
}
