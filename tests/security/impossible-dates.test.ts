/**
 * Regression (the outside sweep's 28 server errors): a date or timestamp the
 * database cannot hold (year 0000) or nobody means (9999, 1999) is a 400 naming the field on every
 * route that takes one, never a 500; the range's own ends pass. Every date field of every JSON body
 * in the route table (by name, or by its valid value's shape) is probed, so a new route with a date
 * is covered as soon as it is listed. query-dates.test.ts does the same for query parameters.
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
  console.info(`[security] impossible dates: ${stats.requests} requests`);
  await w.close();
});

/** Body fields that hold a date or a timestamp. */
const DATE_FIELDS = [
  'activation_date',
  'expiry_date',
  'workshop_date',
  'trade_date',
  'trade_gen_ts',
  'expected_updated_at',
];
const TIMESTAMP_FIELDS = ['expected_updated_at'];
/** A field whose valid value is a date or a timestamp is probed whatever its name (a new route's too). */
const looksLikeDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T|$)/.test(value);
const IMPOSSIBLE = ['0000-01-01', '9999-12-31', '1999-12-31', '2101-01-01'];
const IMPOSSIBLE_TIMESTAMPS = ['0000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.000Z', '1999-12-31T23:59:59+05:30'];

describe('dates out of range', () => {
  it('in any date field of any body: 400 naming the field (never a 5xx)', async () => {
    const probed = new Set<string>();
    for (const r of routes.filter((x) => x.spec.body)) {
      const valid = await r.spec.body!({
        ids: w.ids.otherMember,
        self: w.logins.superadmin,
        captcha: () => w.t.client().solveCaptcha(),
      });
      if (valid.contentType !== 'application/json') continue;
      const body = JSON.parse(valid.body) as Record<string, unknown>;
      // The webhook's date is optional: probe it too.
      if (r.key === 'POST /api/hooks/signals') body.trade_gen_ts = '2026-11-20';
      for (const field of Object.keys(body).filter((f) => DATE_FIELDS.includes(f) || looksLikeDate(body[f]))) {
        const values =
          TIMESTAMP_FIELDS.includes(field) || /T/.test(String(body[field]))
            ? IMPOSSIBLE_TIMESTAMPS
            : [...IMPOSSIBLE, ...(field === 'trade_gen_ts' ? IMPOSSIBLE_TIMESTAMPS : [])];
        for (const value of values) {
          const res = await send(
            w.clients.superadmin,
            r.method,
            urlFor(r, w.ids.otherMember),
            jsonPayload({ ...body, [field]: value }),
          );
          expect(res.status, `${r.key} ${field}=${value}: ${res.text}`).toBe(400);
          expect(Object.keys((res.json as { fields?: object }).fields ?? {}), `${r.key} ${field}=${value}`).toContain(
            field,
          );
        }
        probed.add(`${r.key} ${field}`);
      }
    }
    // Members (2 routes x 2 dates), workshops (2), Add Signal, Edit Levels, the webhook, trade edits, approve, reject.
    expect(probed.size).toBeGreaterThanOrEqual(11);
  });

  it('the ends of the range are dates like any other', async () => {
    const res = await send(
      w.clients.superadmin,
      'PUT',
      '/api/members',
      jsonPayload({
        name: 'Range Ends',
        phone_no: '+919812345678',
        email_id: 'range-ends@trabot.test',
        activation_date: '2000-01-01',
        expiry_date: '2100-12-31',
      }),
    );
    expect(res.status, res.text).toBe(201);
  });
});
