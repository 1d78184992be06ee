/** GET /api/health (database reachable?) and GET /api/backend-key (public id of this database). */
import { Hono } from 'hono';
import type { BackendKeyResponse } from '@shared/schemas/backend-key';
import type { AppEnv } from '../context';
import { STATUS } from '../http/api-errors';
import { getBackendKey } from '../services/backend-key';
import { pingDatabase } from '../services/health';

const HEALTH_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  let backendKey: Promise<string> | undefined;

  routes.get('/health', async (c) => {
    const { db, log } = c.get('deps');
    try {
      await withTimeout(pingDatabase(db), HEALTH_TIMEOUT_MS);
      return c.json({ status: 'ok', database: 'up' });
    } catch (err) {
      log.warn({ err }, 'health check: database unreachable');
      return c.json({ status: 'error', database: 'down' }, STATUS.SERVICE_UNAVAILABLE);
    }
  });

  routes.get('/backend-key', async (c) => {
    backendKey ??= getBackendKey(c.get('deps').db).catch((err: unknown) => {
      backendKey = undefined;
      throw err;
    });
    return c.json({ key: await backendKey } satisfies BackendKeyResponse);
  });

  return routes;
}
