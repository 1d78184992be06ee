/**
 * Every admin route, listed from the route modules themselves, answers 401 to an anonymous caller,
 * 403 to a member and something other than 401/403 (2xx, or a 4xx of validation or lookup) to a
 * superadmin. A new route in these modules is covered without touching this file.
 */
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN, NOT_LOGGED_IN } from '@server/auth/guards';
import type { AppEnv } from '@server/context';
import { adminAccountRoutes } from '@server/routes/admin/accounts';
import { adminAlgoRoutes } from '@server/routes/admin/algos';
import { adminHaltRoutes } from '@server/routes/admin/halts';
import { adminInboxRoutes } from '@server/routes/admin/inbox';
import { adminInstrumentRoutes } from '@server/routes/admin/instruments';
import { adminMemberRoutes } from '@server/routes/admin/members';
import { adminOperationRoutes } from '@server/routes/admin/operations';
import { adminTradeRoutes } from '@server/routes/admin/trades';
import { adminTest, type AdminTest } from './setup';

const MODULES: (() => Hono<AppEnv>)[] = [
  adminAlgoRoutes,
  adminInstrumentRoutes,
  adminMemberRoutes,
  adminAccountRoutes,
  adminHaltRoutes,
  adminTradeRoutes,
  adminOperationRoutes,
  adminInboxRoutes,
];

/** "PUT /api/members/1/users/1" for every route of every module (path parameters set to 1). */
const ROUTES = [
  ...new Set(
    MODULES.flatMap((module) =>
      module()
        .routes.filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method} /api${r.path.replace(/:\w+(\{[^}]*\})?/g, '1')}`),
    ),
  ),
].sort();

let a: AdminTest;
beforeAll(async () => {
  a = await adminTest();
});
afterAll(() => a.t.close());

const call = (client: AdminTest['admin'], route: string) => {
  const [method, path] = route.split(' ') as [string, string];
  return client.request(path, { method, ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }) });
};

describe('admin authorization', () => {
  it('lists the admin routes', () => {
    expect(ROUTES).toEqual([
      'DELETE /api/admin/accounts/1/halt',
      'DELETE /api/admin/halt',
      'DELETE /api/admin/warnings/1',
      'GET /api/1/account-details',
      'GET /api/admin/accounts/1/algo-subscriptions',
      'GET /api/admin/enquiries',
      'GET /api/admin/halts',
      'GET /api/admin/members/1/accounts',
      'GET /api/admin/nse/bhav-copy',
      'GET /api/admin/order-records',
      'GET /api/admin/readiness',
      'GET /api/admin/tokens',
      'GET /api/admin/warnings',
      'GET /api/admin/workshops',
      'GET /api/admin/workshops/1/registrations',
      'GET /api/algos',
      'GET /api/algos/1/signals',
      'GET /api/logs',
      'GET /api/members',
      'GET /api/members/1/users',
      'POST /api/1/update-broker-details',
      'POST /api/admin/accounts/1/halt',
      'POST /api/admin/accounts/1/order-source',
      'POST /api/admin/accounts/1/save-algo-subscription',
      'POST /api/admin/accounts/1/trading-mode',
      'POST /api/admin/halt',
      'POST /api/admin/nse/bhav-copy',
      'POST /api/admin/trades/1',
      'POST /api/admin/workshops/1',
      'POST /api/algos/1/exchange-registration',
      'POST /api/algos/1/switch',
      'POST /api/members/1',
      'POST /api/members/1/users',
      'POST /api/signals/1/update',
      'PUT /api/admin/workshops',
      'PUT /api/algos/1/signals',
      'PUT /api/members',
      'PUT /api/members/1/users/1',
      'PUT /api/signals/1/manual-entry',
      'PUT /api/signals/1/manual-exit',
    ]);
  });

  it.each(ROUTES)('%s: 401 anonymous, 403 member, reached by a superadmin', async (route) => {
    const anonymous = await call(a.anonymous, route);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: NOT_LOGGED_IN });

    const member = await call(a.member, route);
    expect(member.status).toBe(403);
    expect(await member.json()).toEqual({ error: FORBIDDEN });

    const admin = await call(a.admin, route);
    const body = (await admin.json()) as { error?: string };
    expect([200, 201, 400, 404, 409, 415], JSON.stringify(body)).toContain(admin.status);
    // A 404 is the resource's ("Algo not found"), never a route that is not mounted.
    expect(body.error).not.toBe('Not found');
  });

  it('leaves the member routes of the same paths alone (numeric patterns do not shadow them)', async () => {
    expect((await a.member.request('/api/account-details')).status).toBe(200);
    expect((await a.admin.request('/api/account-details')).status).toBe(200);
    expect((await a.member.request('/api/not-a-number/account-details')).status).toBe(404);
  });
});
