/**
 * The instrument list behind the Add Signal picker: GET /api/admin/nse/bhav-copy (all rows, ETag
 * revalidation) and POST /api/admin/nse/bhav-copy (multipart `file`: an NSE bhavcopy). Superadmin only.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { BhavCopyImport } from '@shared/schemas/admin/algos';
import { requireSuperadmin, sessionUser } from '../../auth/guards';
import type { AppEnv } from '../../context';
import { ApiError, STATUS } from '../../http/api-errors';
import { BhavCopyError, parseBhavCopy } from '../../instruments/bhav-copy';
import { importBhavCopy, instrumentListVersion, listInstruments } from '../../instruments/instrument-list';

export const BHAV_COPY_PATH = '/api/admin/nse/bhav-copy';
/** The app's 256 KB body limit does not apply to this upload (see app.ts); this one does. */
export const BHAV_COPY_MAX_BYTES = 50 * 1024 * 1024;

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** If-None-Match with weak comparison (compress() turns strong tags weak anyway). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

export function adminInstrumentRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const path = BHAV_COPY_PATH.replace(/^\/api/, '');

  routes.get(path, requireSuperadmin, async (c) => {
    const { db } = c.get('deps');
    const etag = `W/"${await instrumentListVersion(db)}"`;
    c.header('ETag', etag);
    // Stored by the browser, revalidated on every use: a 304 costs one aggregate query.
    c.header('Cache-Control', 'private, no-cache');
    if (notModified(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    return c.json(await listInstruments(db));
  });

  routes.post(
    path,
    requireSuperadmin,
    bodyLimit({
      maxSize: BHAV_COPY_MAX_BYTES,
      onError: () => {
        throw new ApiError(
          STATUS.PAYLOAD_TOO_LARGE,
          `The file is larger than ${BHAV_COPY_MAX_BYTES / 1024 / 1024} MB`,
          { file: 'File too large' },
        );
      },
    }),
    async (c) => {
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        throw new ApiError(
          STATUS.UNSUPPORTED_MEDIA_TYPE,
          'Expected a multipart/form-data upload with the bhavcopy in the field "file"',
        );
      }
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch (err) {
        if (err instanceof ApiError) throw err;
        throw new ApiError(STATUS.BAD_REQUEST, 'Malformed upload');
      }
      const file = form.file;
      if (!(file instanceof File))
        throw new ApiError(STATUS.BAD_REQUEST, 'Invalid body: file', { file: 'Choose a bhavcopy file to upload' });
      let copy;
      try {
        copy = parseBhavCopy(new Uint8Array(await file.arrayBuffer()));
      } catch (err) {
        if (err instanceof BhavCopyError) throw new ApiError(STATUS.BAD_REQUEST, err.message, { file: err.message });
        throw err;
      }
      const { db, log } = c.get('deps');
      const imported = await importBhavCopy(db, copy);
      log.info(
        {
          userId: sessionUser(c).id,
          file: file.name,
          format: copy.format,
          date: copy.date,
          rows: copy.rows.length,
          imported,
        },
        'bhavcopy imported',
      );
      return c.json({ imported, format: copy.format, date: copy.date } satisfies BhavCopyImport);
    },
  );

  return routes;
}
