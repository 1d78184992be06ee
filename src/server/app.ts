/**
 * createApp(): the whole HTTP surface (API + built PWA) as one Hono app. main.ts serves it;
 * the API tests call it in-process with a test database.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from './context';
import { ApiError, STATUS } from './http';

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('user', null);
    c.set('sessionTokenHash', null);
    await next();
  });

  app.use(
    '/api/*',
    bodyLimit({
      maxSize: 256 * 1024,
      onError: () => {
        throw new ApiError(STATUS.PAYLOAD_TOO_LARGE, 'Request body too large');
      },
    }),
  );

  app.notFound((c) => (c.req.path.startsWith('/api/') ? c.json({ error: 'Not found' }, 404) : c.text('Not found', 404)));

  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json({ error: err.message, ...(err.fields ? { fields: err.fields } : {}) }, err.status);
    }
    if (err instanceof HTTPException) {
      return c.json({ error: err.message || 'Request failed' }, err.status);
    }
    deps.log.error({ err, path: c.req.path, method: c.req.method }, 'unhandled error');
    return c.json({ error: 'Internal server error' }, 500);
  });

  return app;
}
