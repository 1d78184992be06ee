/**
 * Regression (found by the fuzzer on PostgreSQL: `GET /api/admin/enquiries?before=4294967296` was a
 * 500): every id or count a request carries, in the query or the body, beyond PostgreSQL's integer
 * is a 400 naming the field, and no number in a body (money columns included) is a database error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stats } from './support/inspect';
import { apiRoutes, urlFor, type ApiRoute } from './support/route-table';
import { createWorld, jsonPayload, send, type World } from './support/world';

let w: World;
let routes: ApiRoute[];
beforeAll(async () => {
  w = await createWorld();
  routes = apiRoutes(w.t.app);
});
afterAll(async () => {
  console.info(`[security] integer bounds: ${stats.requests} requests`);
  await w.close();
});

const BEYOND = [2_147_483_648, 4_294_967_296, 9_007_199_254_740_991];
/** Beyond numeric(18, 4) money columns, and doubles at their extremes. */
const HUGE = [1e15, -1e15, 1e308, -1e308, 5e-324];

describe('integers beyond PostgreSQL integer', () => {
  it('in a query string: 400 naming the parameter', async () => {
    const cases = [
      '/api/account-trades?adminAccountId=',
      '/api/admin/enquiries?before=',
      '/api/admin/enquiries?limit=',
    ];
    for (const prefix of cases) {
      for (const n of BEYOND) {
        const res = await send(w.clients.superadmin, 'GET', `${prefix}${n}`);
        expect(res.status, `${prefix}${n}: ${res.text}`).toBe(400);
        const name = prefix.slice(prefix.indexOf('?') + 1, -1);
        expect(Object.keys((res.json as { fields: object }).fields), prefix).toContain(name);
      }
    }
  });

  it('in any numeric field of a valid body (and huge doubles): a 4xx or a success, never a 5xx', async () => {
    let probed = 0;
    for (const r of routes.filter((x) => x.spec.body)) {
      const valid = await r.spec.body!({
        ids: w.ids.otherMember,
        self: w.logins.superadmin,
        captcha: () => w.t.client().solveCaptcha(),
      });
      if (valid.contentType !== 'application/json') continue;
      const body = JSON.parse(valid.body) as Record<string, unknown>;
      for (const [field, value] of Object.entries(body)) {
        if (typeof value !== 'number' && !(value === null && /(_id|quantity)$/.test(field))) continue;
        for (const n of [...BEYOND, ...HUGE]) {
          const res = await send(
            w.clients.superadmin,
            r.method,
            urlFor(r, w.ids.otherMember),
            jsonPayload({ ...body, [field]: n }),
          );
          expect(res.status, `${r.key} ${field}=${n}: ${res.text}`).toBeLessThan(500);
          probed++;
        }
      }
    }
    expect(probed).toBeGreaterThan(50);
  });
});
