/**
 * Operations screens: GET /api/logs (the server's own log, tail and literal search),
 * GET /api/admin/warnings, DELETE /api/admin/warnings/{id}, GET /api/admin/tokens, and the order
 * records' CSV (GET /api/admin/order-records?from=&to=). Superadmin only.
 */
import { Hono } from 'hono';
import { logsQuerySchema, warningsQuerySchema } from '@shared/schemas/admin/operations';
import { orderRecordsFileName, orderRecordsQuerySchema } from '@shared/schemas/admin/order-records';
import { stream } from 'hono/streaming';
import { requireSuperadmin, sessionUser } from '../../auth/guards';
import type { AppEnv } from '../../context';
import { ApiError, STATUS } from '../../http/api-errors';
import { logFilePath } from '../../lib/logger';
import { isStaticRequestLine, tailMatching } from '../../services/logs';
import { orderRecordsCsv } from '../../services/order-records';
import { tokenDisplay } from '../../records/tokens';
import { deleteWarning, listWarnings } from '../../records/warnings';
import { pathIds, queryParams } from '../../http/validation';
import { notFound } from './params';

export function adminOperationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/logs', requireSuperadmin, queryParams(logsQuerySchema), async (c) => {
    const { search, lines, static: withStatic } = c.req.valid('query');
    const skip = withStatic === '1' ? undefined : isStaticRequestLine;
    return c.json({ lines: await tailMatching(logFilePath(c.get('deps').env.DATA_DIR), search, lines, skip) });
  });

  routes.get('/admin/warnings', requireSuperadmin, queryParams(warningsQuerySchema), async (c) => {
    const { showDeleted } = c.req.valid('query');
    return c.json(await listWarnings(c.get('deps').db, showDeleted));
  });

  routes.delete('/admin/warnings/:warningId', requireSuperadmin, pathIds('warningId'), async (c) => {
    const { warningId } = c.req.valid('param');
    const result = await deleteWarning(c.get('deps').db, warningId);
    if (result === 'not-found') throw notFound('Warning');
    if (result === 'already-deleted') throw new ApiError(STATUS.CONFLICT, `Warning ${warningId} is already deleted`);
    c.get('deps').log.info({ userId: sessionUser(c).id, warningId }, 'warning deleted');
    return c.json({ status: 'success', warning_id: warningId });
  });

  routes.get('/admin/tokens', requireSuperadmin, async (c) => c.json(await tokenDisplay(c.get('deps'))));

  /** Every order event of the days from..to (India) as a CSV download, streamed page by page. */
  routes.get('/admin/order-records', requireSuperadmin, queryParams(orderRecordsQuerySchema), async (c) => {
    const range = c.req.valid('query');
    const { db, log } = c.get('deps');
    log.info({ userId: sessionUser(c).id, ...range }, 'order records exported');
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${orderRecordsFileName(range)}"`);
    c.header('Cache-Control', 'no-store');
    return stream(c, async (out) => {
      for await (const chunk of orderRecordsCsv(db, range)) await out.write(chunk);
    });
  });

  return routes;
}
