/**
 * Static serving of a prerendered build: each public page its own HTML file, every other path the
 * plain shell; the workshops page with the stored workshops in place of its loading state; a
 * dashboard page, for a live session, with its first requests preloaded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_DATA_END, LIVE_DATA_START } from '@shared/live-data-markers';
import type { AppEnv } from '@server/context';
import { PAGE_EXTRAS_WAIT_MS, serveClient, type ServeClientOptions } from '@server/http/serve-client';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createMemberLogin } from '../factories/accounts';
import { createWorkshop } from '../factories/workshops';
import { workshops } from '@server/db/schema';

const page = (name: string) =>
  `<!doctype html><html><head><title>${name}</title></head><body><div id="root" data-prerendered="">${name}</div></body></html>`;
const SHELL = '<!doctype html><html><head><title>Trabot</title></head><body><div id="root"></div></body></html>';
const WORKSHOPS_LOADING = '<div class="workshop-list-loading" role="status" aria-label="Loading workshops"></div>';
const WORKSHOPS_PAGE = `<!doctype html><html><head><title>Workshops</title></head><body><div id="root" data-prerendered=""><h1>Online Workshops</h1><!--${LIVE_DATA_START}-->${WORKSHOPS_LOADING}<!--${LIVE_DATA_END}--></div></body></html>`;

let t: TestApp;
let clientDir: string;
let workshopsFile: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-prerendered-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), page('home'));
  fs.writeFileSync(path.join(clientDir, 'trabot-membership.html'), page('membership'));
  fs.writeFileSync(path.join(clientDir, 'app.html'), SHELL);
  t = await createTestApp({ clientDir });
  // After the app exists: a build without workshops.html answers /workshops with the shell.
  workshopsFile = path.join(clientDir, 'workshops.html');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('a prerendered build', () => {
  it('answers / with the prerendered home page and /<page> with <page>.html, revalidated on every load', async () => {
    for (const [pathname, body] of [
      ['/', page('home')],
      ['/trabot-membership', page('membership')],
      ['/trabot-membership?ref=x', page('membership')],
    ] as const) {
      const res = await t.client().request(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), pathname).toBe('no-cache');
      expect(await res.text(), pathname).toBe(body);
    }
  });

  it('answers every other path with the plain shell app.html, never with a page that is not its own', async () => {
    for (const pathname of ['/dashboard/trades', '/workshops', '/no/such/page', '/trabot-membership/x', '/home']) {
      const res = await t.client().request(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('cache-control'), pathname).toBe('no-cache');
      expect(await res.text(), pathname).toBe(SHELL);
    }
  });
});

describe('the workshops page', () => {
  beforeAll(() => fs.writeFileSync(workshopsFile, WORKSHOPS_PAGE));
  afterAll(() => fs.rmSync(workshopsFile, { force: true }));

  it('answers with the stored workshops in place of the loading state, their buttons inert until the app takes over', async () => {
    const res = await t.client().request('/workshops');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).not.toContain(WORKSHOPS_LOADING);
    expect(html).not.toContain(LIVE_DATA_START);
    // The seeded workshops are all past: the invitation to the next one comes first.
    expect(html).toContain('<h1>Online Workshops</h1><div class="workshops-next">');
    const stored = await t.deps.db.select().from(workshops);
    expect(stored.length).toBeGreaterThan(0);
    expect(html.match(/<article class="workshop-card"/g)).toHaveLength(stored.length);
    for (const w of stored) expect(html).toContain(`>${w.title}</h2>`);
    const buttons = html.match(/<button [^>]*>/g) ?? [];
    expect(buttons).toHaveLength(stored.length + 1);
    expect(buttons.every((button) => button.startsWith('<button inert=""'))).toBe(true);
  });

  it('shows a workshop stored a moment ago, and escapes what the firm typed', async () => {
    await createWorkshop(t.deps, { title: 'Reading <script>alert(1)</script> Candles', description: 'Doji & hammer.' });
    const html = await (await t.client().request('/workshops')).text();
    expect(html).toContain('>Reading &lt;script&gt;alert(1)&lt;/script&gt; Candles</h2>');
    expect(html).toContain('Doji &amp; hammer.');
    expect(html).toMatch(/<button inert="" type="button" class="app-button" aria-label="Register for Reading/);
  });

  it('answers with the loading state, at once, when the workshops cannot be read, and logs why', async () => {
    const res = await appServing({
      liveData: { '/workshops': () => Promise.reject(new Error('database unavailable')) },
    }).request('/workshops');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(WORKSHOPS_PAGE);
    expect(
      t.logLines.some(
        (line) => line.includes('page served without its live data') && line.includes('database unavailable'),
      ),
    ).toBe(true);
  });

  it('answers with the loading state after PAGE_EXTRAS_WAIT_MS when the database does not answer', async () => {
    const started = Date.now();
    const res = await appServing({ liveData: { '/workshops': () => new Promise<string>(() => {}) } }).request(
      '/workshops',
    );
    expect(await res.text()).toBe(WORKSHOPS_PAGE);
    // Not sooner (it waited for the data), and not never (the test's own time limit).
    expect(Date.now() - started).toBeGreaterThanOrEqual(PAGE_EXTRAS_WAIT_MS - 50);
  });
});

/** The client served on its own, with the test app's deps and the given extras. */
function appServing(options: ServeClientOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', t.deps);
    await next();
  });
  app.use('*', serveClient(clientDir, options));
  return app;
}

describe('a dashboard page', () => {
  const PRELOAD_SESSION = '<link rel="preload" href="/api/check-session" as="fetch" crossorigin>';
  const PRELOAD_TRADES = '<link rel="preload" href="/api/account-trades?status=active" as="fetch" crossorigin>';

  it('names the session check and, on the trades page, the own trades for a live session, privately', async () => {
    const { user } = await createMemberLogin(t.deps);
    const member = t.client();
    expect((await member.login(user.email, user.password)).status).toBe(200);
    const trades = await member.request('/dashboard/trades');
    expect(trades.status).toBe(200);
    expect(trades.headers.get('cache-control')).toBe('private, no-cache');
    expect(trades.headers.get('etag')).toBeNull();
    expect(await trades.text()).toBe(SHELL.replace('</head>', `${PRELOAD_SESSION}${PRELOAD_TRADES}</head>`));
    expect(await (await member.request('/dashboard/account-settings')).text()).toBe(
      SHELL.replace('</head>', `${PRELOAD_SESSION}</head>`),
    );
    // Requested with the same cookie, the preloaded answers are the member's.
    expect((await member.request('/api/account-trades?status=active')).status).toBe(200);
  });

  it('is the plain shell, not an error, when the session cannot be checked', async () => {
    const res = await appServing({ shellPreloads: () => Promise.reject(new Error('database unavailable')) }).request(
      '/dashboard/trades',
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SHELL);
    expect(t.logLines.some((line) => line.includes('shell served without its preloads'))).toBe(true);
  });

  it('is the plain shell without a session, with an ended one, and outside the dashboard', async () => {
    const { user } = await createMemberLogin(t.deps);
    const member = t.client();
    await member.login(user.email, user.password);
    expect(await (await member.request('/no/such/page')).text()).toBe(SHELL);
    const cookie = [...member.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    await member.json('/api/logout', {});
    for (const headers of [{}, { cookie }, { cookie: 'trabot_session=not-a-token' }] as Record<string, string>[]) {
      const res = await t.client().request('/dashboard/trades', { headers });
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(SHELL);
    }
  });
});
