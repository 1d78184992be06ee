/**
 * Property-based fuzzing (fast-check) of every /api route the router serves: path parameters,
 * query string and body (arbitrary JSON text, a valid body with hostile fields, prototype keys,
 * non-JSON with a JSON content type, odd multipart files), as anonymous, a member and the
 * superadmin. Every answer: no 5xx, no stack trace or source path, a 4xx is JSON with `error`
 * (all checked by `inspect`). The headers the server reads (cookie, forwarded, origin, host) are
 * fuzzed too. Afterwards the app still answers /api/health and no prototype is polluted. SECURITY_FUZZ_RUNS sets the runs per route and principal (default 40), SECURITY_FUZZ_SEED
 * replays a failing run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../integration/helpers/test-app';
import {
  brokenJson,
  JSON_CONTENT_TYPES,
  mutatedJson,
  pathSegment,
  queryString,
  rawJson,
  anyString,
} from './support/fuzz-arbitraries';
import { stats } from './support/inspect';
import { apiRoutes, fillPath, paramValue, ROUTE_TABLE, type ApiRoute } from './support/route-table';
import { createWorld, multipartPayload, send, type Payload, type World } from './support/world';

const RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? 40);
/** A failing run prints its seed; SECURITY_FUZZ_SEED replays it. */
const SEED = process.env.SECURITY_FUZZ_SEED ? Number(process.env.SECURITY_FUZZ_SEED) : undefined;
const FUZZED = ['anonymous', 'member', 'superadmin'] as const;

let w: World;
let routes: ApiRoute[];
const started = performance.now();
let runs = 0;

beforeAll(async () => {
  w = await createWorld();
  routes = apiRoutes(w.t.app);
});
afterAll(async () => {
  console.info(
    `[security] fuzz: ${runs} runs (${routes.length} routes x ${FUZZED.length} principals x ${RUNS}, and header fuzzing), ${stats.requests} requests, ${Math.round(performance.now() - started)} ms`,
  );
  await w.close();
});

const BHAVCOPY_HEADER =
  'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,';

/** What one fuzz run sends: each part either the route's valid one or a hostile one. */
function requestArb(route: ApiRoute, valid: Payload | undefined) {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const entityIds = w.ids.otherMember;
  const params = fc.tuple(
    ...names.map((name) =>
      fc.oneof(
        { weight: 1, arbitrary: fc.constant(paramValue(route.spec.params![name]!, entityIds)) },
        { weight: 2, arbitrary: pathSegment },
      ),
    ),
  );
  const validQuery = route.spec.query ?? '';
  const queryKeys = [...new URLSearchParams(validQuery).keys()];
  const query = fc.oneof(fc.constant(validQuery), queryString(queryKeys));

  let body: fc.Arbitrary<Payload | undefined> = fc.constant(undefined);
  if (route.method !== 'GET') {
    const jsonType = fc.constantFrom(...JSON_CONTENT_TYPES);
    const validJson =
      valid?.contentType === 'application/json' ? (JSON.parse(valid.body) as Record<string, unknown>) : undefined;
    const fieldNames = validJson ? Object.keys(validJson) : [];
    const hostile: fc.Arbitrary<string>[] = [rawJson(fieldNames), brokenJson];
    if (validJson) hostile.push(mutatedJson(validJson), mutatedJson(validJson));
    const jsonBodies = fc
      .tuple(jsonType, fc.oneof(...hostile))
      .map(([contentType, text]) => ({ contentType, body: text }));
    const variants: fc.Arbitrary<Payload | undefined>[] = [jsonBodies, jsonBodies, fc.constant(valid)];
    if (valid?.contentType.startsWith('multipart/')) {
      const row = fc
        .array(
          anyString.map((s) => s.replace(/[\r\n]/g, ' ')),
          { maxLength: 14 },
        )
        .map((cells) => cells.join(','));
      const csv = fc
        .tuple(fc.constantFrom(BHAVCOPY_HEADER, ''), fc.array(row, { maxLength: 4 }))
        .map(([header, rows]) => [header, ...rows].join('\n'));
      const file = fc
        .tuple(fc.oneof(csv, anyString), anyString, fc.constantFrom('file', 'upload', '__proto__'))
        .map(([content, filename, field]) =>
          multipartPayload({ [field]: { filename: filename.replace(/["\r\n]/g, ''), type: 'text/csv', content } }),
        );
      variants.push(file, file, file);
    }
    body = fc.oneof(...variants);
  }
  return fc.record({ params, query, body });
}

async function clientFor(principal: (typeof FUZZED)[number], route: ApiRoute): Promise<TestClient> {
  if (principal === 'anonymous') return w.t.client();
  return route.spec.sessionChanging ? w.login(w.logins[principal]) : w.clients[principal];
}

describe.each(FUZZED)('fuzzing as %s', (principal) => {
  it.each(Object.keys(ROUTE_TABLE).sort())('%s', async (key) => {
    const route = routes.find((r) => r.key === key)!;
    const valid = await route.spec.body?.({
      ids: w.ids.otherMember,
      self: principal === 'anonymous' ? w.logins.member : w.logins[principal],
      captcha: () => w.t.client().solveCaptcha(),
    });
    await fc.assert(
      fc.asyncProperty(requestArb(route, valid), async ({ params, query, body }) => {
        runs++;
        let i = 0;
        const path = fillPath(route, () => params[i++]!);
        const url = query ? `${path}?${query}` : path;
        // `send` fails the run on a 5xx, a leak or a 4xx without a JSON error.
        await send(await clientFor(principal, route), route.method, url, body);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    if (route.spec.endsOtherSessions && principal !== 'anonymous')
      await w.login(w.logins[principal], w.clients[principal]);
  });
});

/** Header values a client can send (visible ASCII and spaces), odd and oversized. */
const headerValue = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((v) => v.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom(
    '',
    ' ',
    '1.1.1.1, 2.2.2.2, 3.3.3.3',
    'unknown',
    '::1',
    '[::1]:80',
    'https',
    'HTTPS',
    'javascript:',
    'null',
    'x'.repeat(8000),
    '%00',
    '1e400',
  ),
);
const cookieHeader = fc.oneof(
  fc
    .array(fc.tuple(fc.constantFrom('trabot_session', '__Host-trabot_session', 'x', ''), headerValue), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v.replace(/;/g, '')}`).join('; ')),
  headerValue,
  fc.constantFrom(
    `trabot_session=${'A'.repeat(43)}`,
    `trabot_session=${'A'.repeat(43)}; trabot_session=${'B'.repeat(43)}`,
    'trabot_session="quoted"',
    'trabot_session=%ZZ',
  ),
);

describe('fuzzing the headers the server reads', () => {
  it.each([
    'GET /api/check-session',
    'GET /api/account-details',
    'POST /api/login',
    'POST /api/logout',
    'POST /api/contact-us',
    'GET /api/workshops',
  ])('%s', async (key) => {
    const route = routes.find((r) => r.key === key)!;
    const valid = await route.spec.body?.({
      ids: w.ids.member,
      self: w.logins.member,
      captcha: () => w.t.client().solveCaptcha(),
    });
    const headers = fc.record(
      {
        cookie: cookieHeader,
        'x-forwarded-for': headerValue,
        'x-forwarded-proto': headerValue,
        'x-forwarded-host': headerValue,
        origin: headerValue,
        'sec-fetch-site': headerValue,
        host: headerValue,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(headers, async (h) => {
        runs++;
        const res = await send(w.t.client(), route.method, route.path, valid, h as Record<string, string>);
        // No forged header may ever produce a session.
        if (key !== 'POST /api/login')
          expect(res.headers.getSetCookie().filter((c) => !/Max-Age=0/.test(c))).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});

describe('after the fuzzing', () => {
  it('the app still answers, sessions still work, and no prototype was polluted', async () => {
    const health = await send(w.t.client(), 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ status: 'ok', database: 'up' });
    const fresh = await w.login(w.logins.superadmin);
    expect((await send(fresh, 'GET', '/api/algos')).status).toBe(200);
    const probe = {} as Record<string, unknown>;
    expect(probe.polluted).toBeUndefined();
    expect(probe.role).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});
