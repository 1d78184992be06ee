/**
 * Regression (the second outside sweep, finding 2): `GET /api/account-pnl?from=0000-01-01&to=0000-01-31`
 * and `GET /api/account-tax-statement?fy=0000-01` answered 500 ("date/time field value out of
 * range"): their query schema skipped the shared 2000-2100 rule (shared/date-range.ts).
 *
 * Walks every route of the route table: each query parameter whose valid value is a date, a month
 * or a financial year gets the years nobody means (0000, 1999, 2101, 9999) and must answer 400
 * naming it; and every GET route gets the usual names of such parameters (from, to, date, month,
 * fy, ...) with year 0000, listed or not, and must never answer 5xx. impossible-dates.test.ts
 * does the same for bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stats } from './support/inspect';
import { apiRoutes, urlFor, type ApiRoute } from './support/route-table';
import { createWorld, send, type World } from './support/world';

let w: World;
let routes: ApiRoute[];
beforeAll(async () => {
  w = await createWorld();
  routes = apiRoutes(w.t.app);
});
afterAll(async () => {
  console.info(`[security] query dates: ${stats.requests} requests`);
  await w.close();
});

type Shape = 'date' | 'month' | 'fy';
const SHAPES: Record<Shape, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  month: /^\d{4}-\d{2}$/,
  fy: /^\d{4}-\d{2}$/,
};
const IMPOSSIBLE: Record<Shape, string[]> = {
  date: ['0000-01-01', '0000-02-01', '0000-12-31', '1999-12-31', '2101-01-01', '9999-12-31'],
  month: ['0000-01', '1999-12', '2101-01', '9999-12'],
  fy: ['0000-01', '1999-00', '2100-01', '9999-00'],
};

/** A month and a financial year look alike: "2026-27" is a financial year (27 is no month). */
function shapeOf(value: string): Shape | null {
  if (SHAPES.date.test(value)) return 'date';
  if (!SHAPES.month.test(value)) return null;
  const tail = Number(value.slice(5));
  return (Number(value.slice(0, 4)) + 1) % 100 === tail ? 'fy' : tail >= 1 && tail <= 12 ? 'month' : null;
}

const clientFor = (r: ApiRoute) =>
  r.spec.access === 'superadmin'
    ? w.clients.superadmin
    : r.spec.access === 'member'
      ? w.clients.member
      : w.clients.anonymous;
const idsFor = (r: ApiRoute) => (r.spec.access === 'member' ? w.ids.member : w.ids.otherMember);

/** Names a date, month or financial-year query parameter goes by. */
const DATE_PARAM_NAMES = [
  'from',
  'to',
  'date',
  'day',
  'month',
  'fy',
  'year',
  'start',
  'end',
  'since',
  'until',
  'before',
  'after',
];

describe('dates out of range in queries', () => {
  it('every date, month and financial-year parameter of every route: 400 naming it (never a 5xx)', async () => {
    const probed: string[] = [];
    for (const r of routes.filter((x) => x.spec.query)) {
      const query = new URLSearchParams(r.spec.query);
      for (const [name, valid] of query) {
        const shape = shapeOf(valid);
        if (!shape) continue;
        for (const value of IMPOSSIBLE[shape]) {
          // Alone, and with the route's other parameters as the table has them.
          for (const q of [
            new URLSearchParams({ [name]: value }),
            new URLSearchParams({ ...Object.fromEntries(query), [name]: value }),
          ]) {
            const res = await send(clientFor(r), r.method, urlFor(r, idsFor(r), q.toString()));
            expect(res.status, `${r.key}?${q}: ${res.text}`).toBe(400);
            expect(Object.keys((res.json as { fields?: object }).fields ?? {}), `${r.key}?${q}`).toContain(name);
          }
        }
        probed.push(`${r.key} ${name} (${shape})`);
      }
    }
    // The P&L's from and to, the tax statement's financial year (and any route listed since).
    expect(probed).toEqual(
      expect.arrayContaining([
        'GET /api/account-pnl from (date)',
        'GET /api/account-pnl to (date)',
        'GET /api/account-tax-statement fy (fy)',
      ]),
    );
  });

  it("the sweep's own requests answer 400", async () => {
    for (const path of [
      '/api/account-pnl?from=0000-01-01&to=0000-01-31',
      '/api/account-pnl?from=0000-02-01',
      '/api/account-pnl?to=0000-12-31',
      '/api/account-tax-statement?fy=0000-01',
      `/api/account-pnl?from=0000-01-01&to=0000-01-31&adminAccountId=${w.ids.member.account}`,
    ]) {
      const client = path.includes('adminAccountId') ? w.clients.superadmin : w.clients.member;
      const res = await send(client, 'GET', path);
      expect(res.status, `${path}: ${res.text}`).toBe(400);
    }
  });

  it('any GET route given a date-like parameter in year 0000, listed or not: never a 5xx', async () => {
    let requests = 0;
    for (const r of routes.filter((x) => x.method === 'GET')) {
      for (const name of DATE_PARAM_NAMES)
        for (const value of ['0000-01-01', '0000-01']) {
          const q = new URLSearchParams(r.spec.query);
          q.set(name, value);
          const res = await send(clientFor(r), r.method, urlFor(r, idsFor(r), q.toString()));
          expect(res.status, `${r.key}?${q}: ${res.text}`).toBeLessThan(500);
          requests++;
        }
    }
    expect(requests).toBeGreaterThan(100);
  });

  it('the ends of the range are dates like any other', async () => {
    for (const path of ['/api/account-pnl?from=2000-01-01&to=2000-01-31', '/api/account-tax-statement?fy=2099-00']) {
      const res = await send(w.clients.member, 'GET', path);
      expect(res.status, `${path}: ${res.text}`).toBe(200);
    }
  });
});
