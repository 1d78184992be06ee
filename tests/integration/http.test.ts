/** Cross-cutting HTTP behaviour: security headers, origin check, errors, static PWA serving, database outage. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import { openPostgres, type Database } from '@server/db/client';
import { createMemberLogin } from '../factories/accounts';
import { CONTENT_SECURITY_POLICY } from '../support/content-security-policy';
import { createTestApp, TestClient, type TestApp } from './helpers/test-app';

let t: TestApp;
let workDir: string;
let clientDir: string;
let member: Awaited<ReturnType<typeof createMemberLogin>>;

const INDEX_HTML = '<!doctype html><html><head><title>Trabot</title></head><body><div id="root"></div></body></html>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

function writeClientFile(rel: string, content: string | Buffer) {
  const file = path.join(clientDir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-http-'));
  clientDir = path.join(workDir, 'client');
  writeClientFile('index.html', INDEX_HTML);
  writeClientFile('assets/index-B4x9Qa1c.js', APP_JS);
  writeClientFile('assets/index-Cz81pQ0d.css', 'body{margin:0}');
  writeClientFile('sw.js', 'self.addEventListener("fetch",()=>{})');
  writeClientFile('registerSW.js', 'navigator.serviceWorker.register("/sw.js")');
  writeClientFile('workbox-5a8b2c1d.js', '/* workbox */');
  writeClientFile('manifest.webmanifest', '{"name":"Trabot"}');
  writeClientFile('icons/icon-192.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeClientFile('robots.txt', 'User-agent: *\nAllow: /\n');
  // Outside the client folder: must never be served.
  fs.writeFileSync(path.join(workDir, 'secret.txt'), 'TOP-SECRET');
  t = await createTestApp({ clientDir });
  member = await createMemberLogin(t.deps);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('security headers', () => {
  const expectSecurityHeaders = (res: Response) => {
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('permissions-policy')).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()',
    );
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    // Another site may not embed the answers as images, scripts or media either.
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  };

  it('are on API answers (success, errors, 404) with no-store, and on static files without it', async () => {
    const client = t.client();
    for (const [pathname, status] of [
      ['/api/health', 200],
      ['/api/account-details', 401],
      ['/api/nope', 404],
      ['/api/account-trades?status=bad', 401],
    ] as const) {
      const res = await client.request(pathname);
      expect(res.status, pathname).toBe(status);
      expectSecurityHeaders(res);
      expect(res.headers.get('cache-control'), pathname).toBe('no-store');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    for (const pathname of ['/', '/assets/index-B4x9Qa1c.js', '/workshops']) {
      const res = await client.request(pathname);
      expectSecurityHeaders(res);
      expect(res.headers.get('cache-control')).not.toBe('no-store');
    }
  });

  it('the CSP allows what the app needs and no more', async () => {
    const policy = (await t.client().request('/')).headers.get('content-security-policy');
    expect(policy).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).toContain("worker-src 'self' blob:");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain('frame-src https://www.youtube-nocookie.com');
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });

  it('adds HSTS over HTTPS only', async () => {
    const res = await t.client({ origin: 'https://trabot.example' }).request('/api/health');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(
      (await t.client({ origin: 'https://trabot.example' }).request('/')).headers.get('strict-transport-security'),
    ).toContain('max-age');
  });
});

describe('origin check on unsafe API methods', () => {
  const post = (client: TestClient, headers: Record<string, string>) =>
    client.request('/api/logout', { method: 'POST', headers });

  it('refuses a foreign Origin, a "null" Origin and cross-site or same-site Sec-Fetch-Site with 403 JSON', async () => {
    const client = t.client();
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3001' },
      { origin: 'https://localhost:3000' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refused) {
      const res = await post(client, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(((await res.json()) as { error: string }).error).toMatch(/request refused/);
    }
  });

  it('refuses a cross-origin login and broker update before doing anything', async () => {
    const client = t.client();
    const login = await client.request('/api/login', {
      method: 'POST',
      json: { email: member.user.email, password: member.user.password, captcha: await client.solveCaptcha() },
      headers: { origin: 'https://evil.example' },
    });
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);
    expect((await client.login(member.user.email, member.user.password)).status).toBe(200);
    const update = await client.request('/api/update-broker-details', {
      method: 'POST',
      json: { broker_name: 'fyers', broker_client_id: 'X', broker_access_key: 'attacker-key-123' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(update.status).toBe(403);
    expect(((await (await client.request('/api/account-details')).json()) as { broker_name: string }).broker_name).toBe(
      'zerodha',
    );
  });

  it('lets same-origin requests, and requests without either header, through', async () => {
    const client = t.client();
    const allowed: Record<string, string>[] = [
      {},
      { origin: 'http://localhost:3000' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of allowed) {
      expect((await post(client, headers)).status, JSON.stringify(headers)).toBe(200);
    }
    const https = t.client({ origin: 'https://trabot.example' });
    expect((await post(https, { origin: 'https://trabot.example', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post(https, { origin: 'http://trabot.example' })).status).toBe(403);
  });

  it('does not apply to safe methods', async () => {
    const res = await t
      .client()
      .request('/api/health', { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });
});

describe('API errors', () => {
  it('unknown /api paths and methods get a JSON 404', async () => {
    for (const [method, pathname] of [
      ['GET', '/api/nope'],
      ['POST', '/api/health'],
      ['DELETE', '/api/account-details'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.client().request(pathname, { method });
      expect(res.status, `${method} ${pathname}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error: 'Not found' });
    }
  });

  it('a body over the limit is refused with 413 even without Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await t.app.request('http://localhost:3000/api/update-broker-details', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });
});

describe('static client', () => {
  it('serves hashed assets immutable with the right content types', async () => {
    const js = await t.client().request('/assets/index-B4x9Qa1c.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe(APP_JS);
    const css = await t.client().request('/assets/index-Cz81pQ0d.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('serves the shell and service-worker files with no-cache', async () => {
    const cases: [string, RegExp][] = [
      ['/index.html', /^text\/html/],
      ['/sw.js', /^text\/javascript/],
      ['/registerSW.js', /^text\/javascript/],
      ['/workbox-5a8b2c1d.js', /^text\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json$/],
    ];
    for (const [pathname, type] of cases) {
      const res = await t.client().request(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('content-type'), pathname).toMatch(type);
      expect(res.headers.get('cache-control'), pathname).toBe('no-cache');
    }
  });

  it('serves other static files with a short cache', async () => {
    const icon = await t.client().request('/icons/icon-192.png');
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    const robots = await t.client().request('/robots.txt');
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain('User-agent');
  });

  it('answers index.html for any other path (SPA fallback), never cached long', async () => {
    for (const pathname of [
      '/',
      '/home',
      '/workshops',
      '/dashboard/trades?status=running',
      '/no/such/page',
      '/trabot-membership#x',
    ]) {
      const res = await t.client().request(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX_HTML);
    }
  });

  it('answers 404 for a missing hashed asset instead of HTML', async () => {
    const res = await t.client().request('/assets/index-OLDHASH.js');
    expect(res.status).toBe(404);
  });

  it('never serves a file outside the client folder', async () => {
    for (const pathname of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e%5csecret.txt',
      '/%00index.html',
      '/%E0%A4%A',
    ]) {
      const res = await t.app.request(`http://localhost:3000${pathname}`);
      expect(await res.text(), pathname).not.toContain('TOP-SECRET');
    }
  });

  it('supports HEAD, ETag revalidation (304) and gzip', async () => {
    const head = await t.app.request('http://localhost:3000/assets/index-B4x9Qa1c.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(APP_JS)));
    expect(await head.text()).toBe('');

    const first = await t.client().request('/index.html');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.client().request('/index.html', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');

    const gz = await t.client().request('/assets/index-B4x9Qa1c.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(APP_JS);
  });

  it('non-GET requests outside /api are not routed to the client', async () => {
    const res = await t.client().request('/workshops', { method: 'POST', body: 'x' });
    expect(res.status).toBe(404);
  });

  it('says plainly that the client is not built when index.html is missing', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-empty-'));
    try {
      const app = t.withEnv({ CLIENT_DIR: empty });
      const res = await app.request('http://localhost:3000/dashboard/trades');
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toContain('npm run build');
      // The API still works.
      expect((await app.request('http://localhost:3000/api/health')).status).toBe(200);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('database unavailable', () => {
  let down: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    // Nothing listens on port 1: every query fails to connect.
    down = await openPostgres('postgres://trabot@127.0.0.1:1/trabot');
    app = createApp({ ...t.deps, db: down.db });
  });
  afterAll(() => down.close());

  it('health answers 503 with the database down, quickly', async () => {
    const started = performance.now();
    const res = await app.request('http://localhost:3000/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'error', database: 'down' });
    expect(performance.now() - started).toBeLessThan(3500);
  });

  it('API calls needing the database answer 503 {error:"Database unavailable"}', async () => {
    const client = new TestClient(app);
    client.cookies.set('trabot_session', 'A'.repeat(43));
    for (const pathname of ['/api/check-session', '/api/backend-key']) {
      const res = await client.request(pathname);
      expect(res.status, pathname).toBe(503);
      expect(await res.json()).toEqual({ error: 'Database unavailable' });
    }
    const login = await new TestClient(app).json('/api/login', { email: 'a@b.example', password: 'x' });
    expect(login.status).toBe(503);
  });

  it('static files are still served', async () => {
    expect((await app.request('http://localhost:3000/workshops')).status).toBe(200);
  });
});
