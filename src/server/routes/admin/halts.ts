/**
 * Kill switches, superadmin only: GET /api/admin/halts (the active ones), POST and
 * DELETE /api/admin/halt (all trading), POST and DELETE /api/admin/accounts/{id}/halt (one
 * account). Halting twice is refused (409); resuming is idempotent. A halt takes effect at the engine's next tick; each change is logged with who and why.
 */
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import { haltBodySchema } from '@shared/schemas/admin/halts';
import { requireSuperadmin, sessionUser } from '../../auth/guards';
import type { AppEnv } from '../../context';
import { ApiError, STATUS } from '../../http/api-errors';
import { accountExists } from '../../services/account';
import { activeHalts, haltTrading, resumeTrading } from '../../services/halts';
import { jsonBody, pathIds } from '../../http/validation';
import { notFound } from './params';

async function halt(c: Context<AppEnv>, accountId: number | null, body: z.infer<typeof haltBodySchema>) {
  const halted = await haltTrading(c.get('deps'), accountId, body, sessionUser(c));
  if (!halted)
    throw new ApiError(
      STATUS.CONFLICT,
      accountId === null ? 'Trading is already halted' : `Account ${accountId} is already halted`,
    );
  return c.json(halted, STATUS.CREATED);
}

/** Idempotent: `resumed` says whether there was a halt to lift. */
async function resume(c: Context<AppEnv>, accountId: number | null) {
  return c.json({ resumed: await resumeTrading(c.get('deps'), accountId, sessionUser(c)) });
}

/** 404 for an account that does not exist, before the body is read (after pathIds('id')). */
const existingAccount = createMiddleware<AppEnv, string, { out: { param: { id: number } } }>(async (c, next) => {
  if (!(await accountExists(c.get('deps').db, c.req.valid('param').id))) throw notFound('Account');
  await next();
});

export function adminHaltRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/admin/halts', requireSuperadmin, async (c) => c.json(await activeHalts(c.get('deps').db)));
  routes.post('/admin/halt', requireSuperadmin, jsonBody(haltBodySchema), (c) => halt(c, null, c.req.valid('json')));
  routes.delete('/admin/halt', requireSuperadmin, (c) => resume(c, null));
  routes.post(
    '/admin/accounts/:id/halt',
    requireSuperadmin,
    pathIds('id'),
    existingAccount,
    jsonBody(haltBodySchema),
    (c) => halt(c, c.req.valid('param').id, c.req.valid('json')),
  );
  routes.delete('/admin/accounts/:id/halt', requireSuperadmin, pathIds('id'), existingAccount, (c) =>
    resume(c, c.req.valid('param').id),
  );
  return routes;
}
