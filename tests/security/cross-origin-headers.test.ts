/**
 * Cross-origin: every unsafe /api route from the router, sent by another site (foreign Origin,
 * `Origin: null`, or Sec-Fetch-Site cross-site/same-site) with JSON, urlencoded, multipart and
 * text/plain bodies, is refused with 403 and changes nothing. Headers: security headers and the CSP
 * on every kind of answer (API 2xx/4xx/404/413/415/503, static files, the SPA fallback), and
 * `Cache-Control: no-store` on every authenticated API answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../integration/helpers/test-app';
import { snapshot } from './support/db-snapshot';
import { inspect, stats } from './support/inspect';
import { apiRoutes, isUnsafe, urlFor, type ApiRoute } from './support/route-table';
import { createWorld, jsonPayload, multipartPayload, send, type Payload, type World } from './support/world';

let w: World;
let routes: ApiRoute[];
let clientDir: string;
const started = performance.now();
const OWN_ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-security-client-'));
  const write = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(clientDir, rel)), { recursive: true });
    fs.writeFileSync(path.join(clientDir, rel), content);
  };
  write(
    'index.html',
    '<!doctype html><html><head><title>Trabot</title></head><body><div id="root"></div></body></html>',
  );
  write('assets/index-B4x9Qa1c.js', 'console.log("app")');
  write('sw.js', 'self.addEventListener("fetch", () => {})');
  write('manifest.webmanifest', '{"name":"Trabot"}');
  write('robots.txt', 'User-agent: *\nAllow: /\n');
  w = await createWorld({ clientDir });
  routes = apiRoutes(w.t.app);
});
afterAll(async () => {
  console.info(
    `[security] cross-origin and headers: ${stats.requests} requests, ${Math.round(performance.now() - started)} ms`,
  );
  await w.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const FOREIGN: Record<string, Record<string, string>> = {
  'foreign Origin': { origin: 'https://evil.example' },
  'Origin: null (sandboxed frame, data: URL)': { origin: 'null' },
  'look-alike Origin': { origin: 'http://localhost:3000.evil.example' },
  'Sec-Fetch-Site: cross-site': { 'sec-fetch-site': 'cross-site' },
  'Sec-Fetch-Site: same-site (a sibling subdomain)': { 'sec-fetch-site': 'same-site' },
};

/** The bodies a form, a fetch or a beacon from another site can send without a preflight (and JSON). */
async function bodies(r: ApiRoute): Promise<Record<string, Payload>> {
  const valid = await r.spec.body?.({
    ids: w.ids.otherMember,
    self: w.logins.member,
    captcha: () => w.t.client().solveCaptcha(),
  });
  const fields = {
    email: w.logins.member.email,
    password: w.logins.member.password,
    broker_name: 'zerodha',
    broker_client_id: 'EVIL',
    broker_access_key: 'stolen',
  };
  return {
    json: valid?.contentType === 'application/json' ? valid : jsonPayload(fields),
    urlencoded: { contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields).toString() },
    multipart: valid?.contentType.startsWith('multipart/') ? valid : multipartPayload(fields),
    'text/plain': { contentType: 'text/plain;charset=UTF-8', body: valid?.body ?? JSON.stringify(fields) },
  };
}

describe('cross-origin state-changing requests', () => {
  it('every unsafe route x foreign origin signals x JSON, urlencoded, multipart and text bodies: 403, nothing changed', async () => {
    const unsafe = routes.filter((r) => isUnsafe(r.method) && !r.spec.cookieless);
    expect(unsafe.length).toBeGreaterThan(20);
    const before = await snapshot(w.t.deps.db);
    let refused = 0;
    for (const r of unsafe) {
      const url = urlFor(r, w.ids.otherMember);
      for (const [kind, payload] of Object.entries(await bodies(r))) {
        for (const [signal, headers] of Object.entries(FOREIGN)) {
          // The superadmin's cookie (the most a forged request could ride on) and none at all.
          for (const client of [w.clients.superadmin, w.t.client()]) {
            const res = await send(client, r.method, url, payload, headers);
            expect(res.status, `${r.key} ${kind} ${signal}: ${res.text}`).toBe(403);
            expect(res.headers.getSetCookie(), `${r.key} ${kind} ${signal}`).toEqual([]);
            refused++;
          }
        }
      }
    }
    console.info(`[security] cross-origin: ${unsafe.length} unsafe routes, ${refused} forged requests refused`);
    // No enquiry, registration, login session, broker update, rate-limit count, nothing.
    expect(await snapshot(w.t.deps.db)).toEqual(before);
    // The forged logout did not end the superadmin's session.
    expect((await send(w.clients.superadmin, 'GET', '/api/algos')).status).toBe(200);
  });

  it('the same requests from the own origin go through (the refusals above are the origin check)', async () => {
    const sameOrigin = { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' };
    const contact = routes.find((r) => r.key === 'POST /api/contact-us')!;
    expect((await send(w.t.client(), 'POST', '/api/contact-us', (await bodies(contact)).json, sameOrigin)).status).toBe(
      201,
    );
    const broker = jsonPayload({ broker_name: 'fyers', broker_client_id: 'FY1234', broker_access_key: '' });
    expect((await send(w.clients.member, 'POST', '/api/update-broker-details', broker, sameOrigin)).status).toBe(200);
    const login = await w.t.client().login(w.logins.member.email, w.logins.member.password);
    expect(login.status).toBe(200);
  });

  it('the cookieless signal webhook: from any origin, the superadmin cookie alone gets a 401, only its token counts', async () => {
    const hook = routes.find((r) => r.key === 'POST /api/hooks/signals')!;
    expect(hook.spec.cookieless).toBe(true);
    const valid = (await bodies(hook)).json!;
    const withoutToken = {
      ...valid,
      body: JSON.stringify({ ...(JSON.parse(valid.body as string) as object), token: undefined }),
    };
    const before = await snapshot(w.t.deps.db);
    for (const headers of Object.values(FOREIGN)) {
      const res = await send(w.clients.superadmin, 'POST', '/api/hooks/signals', withoutToken, headers);
      expect(res.status, res.text).toBe(401);
      expect(res.json).toEqual({ error: 'Missing or invalid token' });
    }
    expect(await snapshot(w.t.deps.db)).toEqual(before);
  });
});

describe('what SameSite=Lax still lets through', () => {
  it('GET routes change nothing (a cross-site link or top-level navigation carries the cookie)', async () => {
    const gets = routes.filter((r) => r.method === 'GET');
    const everyGet = async () => {
      for (const principal of ['member', 'superadmin'] as const) {
        for (const r of gets)
          await send(w.clients[principal], 'GET', urlFor(r, w.ids.member), undefined, {
            'sec-fetch-site': 'cross-site',
            origin: 'https://evil.example',
          });
      }
    };
    // The first pass may create the backend key once (by design); from then on, reads only read.
    await everyGet();
    const before = await snapshot(w.t.deps.db, ['sessions']);
    await everyGet();
    expect(await snapshot(w.t.deps.db, ['sessions'])).toEqual(before);
  });

  it('a CORS preflight from another site is not granted', async () => {
    for (const r of routes.filter((x) => isUnsafe(x.method))) {
      const res = await send(w.t.client(), 'OPTIONS', urlFor(r, w.ids.member), undefined, {
        origin: 'https://evil.example',
        'access-control-request-method': r.method,
        'access-control-request-headers': 'content-type',
      });
      expect(res.headers.get('access-control-allow-methods'), r.key).toBeNull();
    }
  });
});

describe('headers on every kind of answer', () => {
  it('API errors: 404 unknown path, wrong method, 400 malformed JSON, 415 wrong content type, 413 too large', async () => {
    const admin = w.clients.superadmin;
    const cases: [string, string, Payload | undefined, number][] = [
      ['GET', '/api/no-such-route', undefined, 404],
      ['POST', '/api/no-such-route', jsonPayload({}), 404],
      ['DELETE', '/api/members', undefined, 404],
      ['PATCH', '/api/account-details', jsonPayload({}), 404],
      ['POST', '/api/contact-us', { contentType: 'application/json', body: '{"type":' }, 400],
      ['POST', '/api/contact-us', { contentType: 'text/plain', body: 'hello' }, 415],
      ['POST', '/api/contact-us', jsonPayload({ type: 'Research Enquiry', formString: 'x'.repeat(300 * 1024) }), 413],
      ['PUT', '/api/members', { contentType: 'application/json', body: `[${'1,'.repeat(150_000)}1]` }, 413],
    ];
    for (const [method, url, payload, status] of cases) {
      expect((await send(admin, method, url, payload)).status, `${method} ${url}`).toBe(status);
    }
  });

  it('413 also for a streamed body without Content-Length; the bhavcopy upload refuses anonymous callers before reading', async () => {
    const chunk = new TextEncoder().encode(`{"type":"Research Enquiry","formString":"${'x'.repeat(64 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await w.t.app.request('http://localhost:3000/api/contact-us', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect((await inspect(streamed, 'POST /api/contact-us')).status).toBe(413);

    const big = multipartPayload({
      file: { filename: 'big.csv', type: 'text/csv', content: 'A,B\n'.repeat(2 * 1024 * 1024) },
    });
    for (const principal of ['anonymous', 'member'] as const) {
      const started = performance.now();
      const res = await send(w.clients[principal], 'POST', '/api/admin/nse/bhav-copy', big);
      expect(res.status).toBe(principal === 'anonymous' ? 401 : 403);
      expect(performance.now() - started).toBeLessThan(5000);
    }
  });

  it('HSTS over HTTPS (behind the trusted proxy), never over plain HTTP', async () => {
    const overTls = await send(w.t.client({ origin: 'https://trabot.example' }), 'GET', '/api/health');
    const maxAge = Number(/max-age=(\d+)/.exec(overTls.headers.get('strict-transport-security') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect((await send(w.t.client(), 'GET', '/api/health')).headers.get('strict-transport-security')).toBeNull();
  });

  it('HEAD on every GET route and OPTIONS on every route: headers, no 5xx', async () => {
    for (const r of routes) {
      const url = urlFor(r, w.ids.member);
      if (r.method === 'GET') await send(w.clients.superadmin, 'HEAD', url);
      await send(w.clients.superadmin, 'OPTIONS', url);
    }
  });

  it('503 when the database is gone: JSON, headers, no stack trace', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    for (const url of ['/api/health', '/api/workshops', '/api/backend-key']) {
      const res = await send(broken.client(), 'GET', url, undefined, {}, { serverError: 'allowed' });
      expect(res.status, `${url}: ${res.text}`).toBe(503);
    }
    const withCookie = broken.client();
    withCookie.cookies.set('trabot_session', 'a'.repeat(43));
    const session = await send(withCookie, 'GET', '/api/check-session', undefined, {}, { serverError: 'allowed' });
    expect(session.status).toBe(503);
    expect(session.json).toEqual({ error: 'Database unavailable' });
    await broken.close().catch(() => {});
  });

  it('static files, the SPA fallback, 304s, HEAD and refused traversal', async () => {
    const client = w.t.client();
    const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
      client.request(url, { method, headers }).then((res) => inspect(res, `${method} ${url}`));
    expect((await get('/')).status).toBe(200);
    for (const deep of ['/dashboard/trades', '/dashboard/admin/members/1/accounts', '/some/unknown/page']) {
      const res = await get(deep);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root">');
    }
    const asset = await get('/assets/index-B4x9Qa1c.js');
    expect(asset.status).toBe(200);
    expect((await get('/assets/index-B4x9Qa1c.js', { 'if-none-match': asset.headers.get('etag')! })).status).toBe(304);
    expect((await get('/assets/missing-Zz.js')).status).toBe(404);
    for (const file of ['/sw.js', '/manifest.webmanifest', '/robots.txt']) expect((await get(file)).status).toBe(200);
    expect((await get('/', {}, 'HEAD')).status).toBe(200);
    for (const traversal of [
      '/..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%5c..%5csecret',
      '/%00',
    ]) {
      const res = await get(traversal);
      expect(res.text).not.toContain('root:');
    }
  });

  it('no-store on every authenticated API answer (the instrument list: private, revalidated)', async () => {
    for (const principal of ['member', 'superadmin'] as const) {
      for (const r of routes.filter((x) => x.method === 'GET')) {
        const res = await send(w.clients[principal], 'GET', urlFor(r, w.ids.member));
        const expected =
          r.key === 'GET /api/admin/nse/bhav-copy' && res.status === 200 ? 'private, no-cache' : 'no-store';
        expect(res.headers.get('cache-control'), `${principal} ${r.key}`).toBe(expected);
      }
    }
  });
});
