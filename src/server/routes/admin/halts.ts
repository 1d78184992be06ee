/**
 * Kill switches, superadmin only: GET /api/admin/halts (the active ones), POST and
 * DELETE /api/admin/halt (all trading), POST and DELETE /api/admin/accounts/{id}/halt (one
 * account). Halting twice is refused (409); resuming is idempotent. A halt takes effect at the engine's next tick; each change is logged with who and why.
 */
import { Hono, type Context } from 'hono';
import { haltBodySchema } from '../../../shared/schemas/admin/halts';
import { requireSuperadmin, sessionUser } from '../../auth/guards';
import type { AppEnv } from '../../context';
import { ApiError, readJson, STATUS } from '../../http';
import { accountExists } from '../../services/account';
import { activeHalts, haltTrading, resumeTrading } from '../../services/halts';
import { notFound, readId } from './params';

async function halt(c: Context<AppEnv>, accountId: number | null) {
  const body = await readJson(c, haltBodySchema);
  const halted = await haltTrading(c.get('deps'), accountId, body, sessionUser(c));
  if (!halted) throw new ApiError(STATUS.CONFLICT, accountId === null ? 'Trading is already halted' : `Account ${accountId} is already halted`);
  return c.json(halted, STATUS.CREATED);
}

/** Idempotent: `resumed` says whether there was a halt to lift. */
async function resume(c: Context<AppEnv>, accountId: number | null) {
  return c.json({ resumed: await resumeTrading(c.get('deps'), accountId, sessionUser(c)) });
}

async function existingAccount(c: Context<AppEnv>): Promise<number> {
  const accountId = readId(c, 'id');
  if (!(await accountExists(c.get('deps').db, accountId))) throw notFound('Account');
  return accountId;
}

export function adminHaltRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/admin/halts', requireSuperadmin, async (c) => c.json(await activeHalts(c.get('deps').db)));
  routes.post('/admin/halt', requireSuperadmin, (c) => halt(c, null));
  routes.delete('/admin/halt', requireSuperadmin, (c) => resume(c, null));
  routes.post('/admin/accounts/:id/halt', requireSuperadmin, async (c) => halt(c, await existingAccount(c)));
  routes.delete('/admin/accounts/:id/halt', requireSuperadmin, async (c) => resume(c, await existingAccount(c)));
  return routes;
}
