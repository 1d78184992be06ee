/** The member's own data: trades, account settings, broker details (spec section 7, "Member calls"). */
import { Hono } from 'hono';
import { memberBrokerDetailsSchema } from '../../shared/schemas/account';
import { accountTradesQuerySchema } from '../../shared/schemas/trades';
import { isSuperadmin, requireUser, sessionUser } from '../auth/guards';
import type { AppEnv } from '../context';
import { ApiError, readJson, readQuery, STATUS } from '../http';
import { accountExists, getAccountSettings, updateBrokerDetails } from '../services/account';
import { listAccountTrades } from '../services/trades';

const NO_ACCOUNT = 'No account is linked to this user';

export function memberRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/account-trades', requireUser, async (c) => {
    const user = sessionUser(c);
    const { db } = c.get('deps');
    const query = readQuery(c, accountTradesQuerySchema);
    let accountId = user.account_id;
    if (query.adminAccountId !== undefined) {
      if (!isSuperadmin(user)) throw new ApiError(STATUS.FORBIDDEN, 'adminAccountId is for superadmins only');
      if (!(await accountExists(db, query.adminAccountId))) throw new ApiError(STATUS.NOT_FOUND, 'Account not found');
      accountId = query.adminAccountId;
    }
    return c.json(accountId === null ? [] : await listAccountTrades(db, accountId, query.status));
  });

  routes.get('/account-details', requireUser, async (c) => {
    const accountId = sessionUser(c).account_id;
    return c.json(accountId === null ? null : await getAccountSettings(c.get('deps'), accountId));
  });

  routes.post('/update-broker-details', requireUser, async (c) => {
    const user = sessionUser(c);
    const details = await readJson(c, memberBrokerDetailsSchema);
    const updated = user.account_id === null ? null : await updateBrokerDetails(c.get('deps'), user.account_id, details);
    if (!updated) throw new ApiError(STATUS.NOT_FOUND, NO_ACCOUNT);
    c.get('deps').log.info(
      { userId: user.id, accountId: user.account_id, broker_name: details.broker_name, accessKeyChanged: details.broker_access_key !== '' },
      'broker details updated',
    );
    return c.json(updated);
  });

  return routes;
}
