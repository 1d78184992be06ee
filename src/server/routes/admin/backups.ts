/**
 * GET /api/admin/backups (the backups, schedule, last failure) and POST /api/admin/backups (take
 * one now: 201 with its name, size and checksum; 409 while one runs, and on PostgreSQL, whose
 * backups are PostgreSQL's own; 429 within a minute of the last one). Superadmin only.
 */
import { Hono, type Context } from 'hono';
import type { BackupsStatus } from '@shared/schemas/admin/backups';
import { requireSuperadmin, sessionUser } from '../../auth/guards';
import { BackupBusyError, BackupTooSoonError, BackupUnsupportedError, type BackupService } from '../../backups/service';
import type { AppEnv } from '../../context';
import { ApiError, STATUS } from '../../http/api-errors';

/** The process's backup service (main.ts makes one on either database; the API tests too). */
function service(c: Context<AppEnv>): BackupService {
  const backups = c.get('deps').backups;
  if (!backups) throw new ApiError(STATUS.SERVICE_UNAVAILABLE, 'Backups are not available in this process');
  return backups;
}

export function adminBackupRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/admin/backups', requireSuperadmin, (c) => c.json(service(c).status() satisfies BackupsStatus));

  routes.post('/admin/backups', requireSuperadmin, async (c) => {
    const backups = service(c);
    try {
      const stored = await backups.backup('manual');
      c.get('deps').log.info({ userId: sessionUser(c).id, backup: stored.name }, 'backup taken on demand');
      const { file: _file, ...entry } = stored;
      return c.json(entry, STATUS.CREATED);
    } catch (err) {
      if (err instanceof BackupBusyError || err instanceof BackupUnsupportedError)
        throw new ApiError(STATUS.CONFLICT, err.message);
      if (err instanceof BackupTooSoonError) throw new ApiError(STATUS.TOO_MANY_REQUESTS, err.message);
      throw err;
    }
  });

  return routes;
}
