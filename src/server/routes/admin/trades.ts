/** POST /api/admin/trades/{tradeId}: the admin's trade edit. (Listing: GET /api/account-trades?adminAccountId=.) */
import { Hono } from 'hono';
import { adminTradeEditBodySchema } from '@shared/schemas/admin/members';
import { requireSuperadmin, sessionUser } from '../../auth/guards';
import type { AppEnv } from '../../context';
import { editTrade } from '../../services/trade-edits';
import { jsonBody, pathIds } from '../../http/validation';
import { notFound } from './params';

export function adminTradeRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post(
    '/admin/trades/:tradeId',
    requireSuperadmin,
    pathIds('tradeId'),
    jsonBody(adminTradeEditBodySchema),
    async (c) => {
      const { tradeId } = c.req.valid('param');
      const body = c.req.valid('json');
      const trade = await editTrade(c.get('deps').db, tradeId, body);
      if (!trade) throw notFound('Trade');
      c.get('deps').log.info(
        { userId: sessionUser(c).id, tradeId, trade_status: trade.trade_status },
        'trade edited by an admin',
      );
      return c.json(trade);
    },
  );
  return routes;
}
