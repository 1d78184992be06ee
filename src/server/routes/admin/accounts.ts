/**
 * Accounts of a member for the admin (spec section 7): GET /api/admin/members/{id}/accounts,
 * GET /api/{accountId}/account-details, POST /api/{accountId}/update-broker-details (the admin
 * broker list, with angelone), GET /api/admin/accounts/{id}/algo-subscriptions and
 * POST /api/admin/accounts/{trabot_account_id}/save-algo-subscription, and POST
 * /api/admin/accounts/{id}/trading-mode, POST /api/admin/accounts/{id}/order-source and GET
 * /api/admin/readiness. Superadmin only.
 */
import { Hono } from 'hono';
import { adminBrokerDetailsSchema } from '@shared/schemas/account';
import {
  orderSourceBodySchema,
  saveSubscriptionBodySchema,
  tradingModeBodySchema,
} from '@shared/schemas/admin/members';
import { requireSuperadmin, sessionUser } from '../../auth/guards';
import type { AppEnv } from '../../context';
import { ApiError, STATUS } from '../../http/api-errors';
import { accountExists, getAccountSettings, updateBrokerDetails } from '../../services/account';
import { setTradingMode } from '../../services/account-trading';
import { setOrderSource } from '../../services/order-source';
import { listMemberAccounts } from '../../services/member-accounts';
import { readinessBoard } from '../../services/readiness';
import { memberExists } from '../../services/members';
import { listSubscriptions, saveSubscription, testingLimits } from '../../services/subscriptions';
import { jsonBody, pathIds } from '../../http/validation';
import { notFound } from './params';

export function adminAccountRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/admin/members/:id/accounts', requireSuperadmin, pathIds('id'), async (c) => {
    const { id: memberId } = c.req.valid('param');
    const deps = c.get('deps');
    if (!(await memberExists(deps.db, memberId))) throw notFound('Member');
    return c.json(await listMemberAccounts(deps, memberId));
  });

  // Numeric first segment only: these never shadow /api/account-details or other /api/... paths.
  routes.get('/:accountId{[0-9]+}/account-details', requireSuperadmin, pathIds('accountId'), async (c) => {
    const settings = await getAccountSettings(c.get('deps'), c.req.valid('param').accountId);
    if (!settings) throw notFound('Account');
    return c.json(settings);
  });

  routes.post(
    '/:accountId{[0-9]+}/update-broker-details',
    requireSuperadmin,
    pathIds('accountId'),
    jsonBody(adminBrokerDetailsSchema),
    async (c) => {
      const { accountId } = c.req.valid('param');
      const details = c.req.valid('json');
      const updated = await updateBrokerDetails(c.get('deps'), accountId, details, sessionUser(c));
      if (!updated) throw notFound('Account');
      c.get('deps').log.info(
        {
          userId: sessionUser(c).id,
          accountId,
          broker_name: details.broker_name,
          accessKeyChanged: details.broker_access_key !== '',
        },
        'broker details updated by an admin',
      );
      return c.json(updated);
    },
  );

  /** Paper or live: live needs the broker configured here; the change is audited. */
  routes.post(
    '/admin/accounts/:id/trading-mode',
    requireSuperadmin,
    pathIds('id'),
    jsonBody(tradingModeBodySchema),
    async (c) => {
      const { id: accountId } = c.req.valid('param');
      const { mode } = c.req.valid('json');
      const deps = c.get('deps');
      const { from, answer } = await setTradingMode(deps, accountId, mode);
      const user = sessionUser(c);
      deps.log.info(
        {
          userId: user.id,
          userEmail: user.email,
          accountId,
          from,
          to: mode,
          liveTradingOn: deps.env.LIVE_TRADING,
        },
        'account trading mode changed',
      );
      return c.json(answer);
    },
  );

  /**
   * Where the account's live order requests leave from: its own registered static IP or a proxy
   * URL, or null for the server's BROKER_SOURCE_ADDRESS; never where the server may not connect
   * (order-route-guard.ts). A change clears the "IP not registered" verdict (the next order tells);
   * audited with the proxy's password masked, as the answer shows it.
   */
  routes.post(
    '/admin/accounts/:id/order-source',
    requireSuperadmin,
    pathIds('id'),
    jsonBody(orderSourceBodySchema),
    async (c) => {
      const { id: accountId } = c.req.valid('param');
      const { order_source } = c.req.valid('json');
      const deps = c.get('deps');
      const answer = await setOrderSource(deps, accountId, order_source);
      const user = sessionUser(c);
      deps.log.info(
        { userId: user.id, userEmail: user.email, accountId, order_source: answer.order_source },
        'account order source set',
      );
      return c.json(answer);
    },
  );

  /** The readiness board: can each subscribed account trade today, and if not why. */
  routes.get('/admin/readiness', requireSuperadmin, async (c) => c.json(await readinessBoard(c.get('deps'))));

  routes.get('/admin/accounts/:id/algo-subscriptions', requireSuperadmin, pathIds('id'), async (c) => {
    const { id: accountId } = c.req.valid('param');
    const { db } = c.get('deps');
    if (!(await accountExists(db, accountId))) throw notFound('Account');
    return c.json(await listSubscriptions(db, accountId));
  });

  routes.post(
    '/admin/accounts/:trabot_account_id/save-algo-subscription',
    requireSuperadmin,
    pathIds('trabot_account_id'),
    jsonBody(saveSubscriptionBodySchema),
    async (c) => {
      const { trabot_account_id: accountId } = c.req.valid('param');
      const body = c.req.valid('json');
      if (body.trabot_account_id !== accountId) {
        const message = `trabot_account_id must be the account of the path (${accountId})`;
        throw new ApiError(STATUS.BAD_REQUEST, message, { trabot_account_id: message });
      }
      const { db, log, env } = c.get('deps');
      if (!(await accountExists(db, accountId))) throw notFound('Account');
      const saved = await saveSubscription(db, body, testingLimits(env));
      if (!saved) throw notFound('Subscription of this account');
      log.info(
        {
          userId: sessionUser(c).id,
          accountId,
          rowId: saved.subscription.row_id,
          algoId: body.algo_id,
          created: saved.created,
        },
        'algo subscription saved',
      );
      return c.json(saved.subscription, saved.created ? STATUS.CREATED : STATUS.OK);
    },
  );

  return routes;
}
