/**
 * The superadmin's side of signals from the algos, superadmin only: webhook tokens per
 * algo, an algo's approval settings, the pending queue across algos, the fan-out preview, and
 * approve / reject against the signal as the superadmin saw it.
 */
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { approvalSettingsBodySchema, signalDecisionBodySchema } from '@shared/schemas/admin/signal-approvals';
import { requireSuperadmin, sessionUser } from '../../auth/guards';
import { appNow, clockOf, type AppEnv } from '../../context';
import { STATUS } from '../../http/api-errors';
import { algoExists, setApprovalSettings } from '../../services/algos';
import { decideSignal, listPendingSignals } from '../../services/signal-decisions';
import { previewSignal } from '../../services/signal-preview';
import { createWebhookToken, listWebhookTokens, revokeWebhookToken } from '../../services/webhook-tokens';
import { jsonBody, pathIds } from '../../http/validation';
import { notFound } from './params';

async function decide(
  c: Context<AppEnv>,
  decision: 'approve' | 'reject',
  signalId: number,
  { expected_updated_at }: z.infer<typeof signalDecisionBodySchema>,
) {
  const user = sessionUser(c);
  const deps = c.get('deps');
  const { db, log, engine } = deps;
  const answer = await decideSignal(db, signalId, decision, new Date(expected_updated_at), user, clockOf(deps)());
  log.info(
    { userId: user.id, userEmail: user.email, signalId, decision, accounts: answer.accounts },
    `signal ${decision === 'approve' ? 'approved' : 'rejected'}`,
  );
  if (decision === 'approve') engine?.wake();
  return c.json(answer);
}

export function adminSignalApprovalRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/webhook-tokens', requireSuperadmin, async (c) => c.json(await listWebhookTokens(c.get('deps').db)));

  routes.get('/algos/:id/webhook-tokens', requireSuperadmin, pathIds('id'), async (c) => {
    const { id: algoId } = c.req.valid('param');
    const { db } = c.get('deps');
    if (!(await algoExists(db, algoId))) throw notFound('Algo');
    return c.json(await listWebhookTokens(db, algoId));
  });

  routes.post('/algos/:id/webhook-tokens', requireSuperadmin, pathIds('id'), async (c) => {
    const { id: algoId } = c.req.valid('param');
    const { db, log } = c.get('deps');
    if (!(await algoExists(db, algoId))) throw notFound('Algo');
    const user = sessionUser(c);
    const created = await createWebhookToken(db, algoId, user.id);
    log.info({ userId: user.id, algoId, tokenId: created.token_id }, 'webhook token created');
    return c.json(created, STATUS.CREATED);
  });

  routes.delete('/algos/:id/webhook-tokens/:tokenId', requireSuperadmin, pathIds('id', 'tokenId'), async (c) => {
    const { id: algoId, tokenId } = c.req.valid('param');
    const { db, log } = c.get('deps');
    if (!(await revokeWebhookToken(db, algoId, tokenId))) throw notFound('Webhook token');
    log.info({ userId: sessionUser(c).id, algoId, tokenId }, 'webhook token revoked');
    return c.json({ token_id: tokenId, revoked: true });
  });

  routes.post(
    '/algos/:id/approval',
    requireSuperadmin,
    pathIds('id'),
    jsonBody(approvalSettingsBodySchema),
    async (c) => {
      const { id: algoId } = c.req.valid('param');
      const settings = c.req.valid('json');
      const { db, log } = c.get('deps');
      const algo = await setApprovalSettings(db, algoId, settings);
      if (!algo) throw notFound('Algo');
      log.info({ userId: sessionUser(c).id, algoId, ...settings }, 'algo approval settings changed');
      return c.json(algo);
    },
  );

  routes.get('/signals/pending', requireSuperadmin, async (c) => c.json(await listPendingSignals(c.get('deps').db)));

  routes.get('/signals/:signalId/preview', requireSuperadmin, pathIds('signalId'), async (c) => {
    const deps = c.get('deps');
    const preview = await previewSignal(deps.db, c.req.valid('param').signalId, appNow(deps));
    if (!preview) throw notFound('Signal');
    return c.json(preview);
  });

  routes.post(
    '/signals/:signalId/approve',
    requireSuperadmin,
    pathIds('signalId'),
    jsonBody(signalDecisionBodySchema),
    (c) => decide(c, 'approve', c.req.valid('param').signalId, c.req.valid('json')),
  );
  routes.post(
    '/signals/:signalId/reject',
    requireSuperadmin,
    pathIds('signalId'),
    jsonBody(signalDecisionBodySchema),
    (c) => decide(c, 'reject', c.req.valid('param').signalId, c.req.valid('json')),
  );

  return routes;
}
