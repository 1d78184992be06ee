/**
 * The member's trades page from the HTML (issue 27): /dashboard/trades answers a member's live
 * session with the prerendered page (dashboard-trades.html) and that member's own first running
 * trade cards in place of its loading state, never cached by anyone; everyone else gets the shell.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '@server/context';
import { serveClient } from '@server/http/serve-client';
import { MEMBER_TRADES_PAGE_FILE } from '@shared/dashboard-start';
import { formatNumber, formatRupees } from '@shared/format';
import { LIVE_DATA_END, LIVE_DATA_START, SERVER_DATA_ATTR } from '@shared/live-data-markers';
import { createTestApp, type TestApp } from './helpers/test-app';
import { createMemberLogin, createUser } from '../factories/accounts';
import { createTrade } from '../factories/trades';

const SHELL = '<!doctype html><html><head><title>Trabot</title></head><body><div id="root"></div></body></html>';
const LOADING = '<p class="list-state trades-loading" role="status">Loading trades...</p>';
const PAGE = `<!doctype html><html><head><title>Trades</title></head><body><div id="root" data-prerendered=""><h1 class="page-title">Trades</h1><!--${LIVE_DATA_START}-->${LOADING}<!--${LIVE_DATA_END}--></div></body></html>`;

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-member-trades-'));
  fs.writeFileSync(path.join(clientDir, 'app.html'), SHELL);
  fs.writeFileSync(path.join(clientDir, MEMBER_TRADES_PAGE_FILE), PAGE);
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

async function loggedInMember() {
  const login = await createMemberLogin(t.deps);
  const client = t.client();
  expect((await client.login(login.user.email, login.user.password)).status).toBe(200);
  return { ...login, client };
}

const cardsOf = (html: string) => html.match(/<li class="trade-card">/g)?.length ?? 0;

describe('/dashboard/trades for a member', () => {
  it("shows the member's running trades as cards in the HTML, kept by no cache", async () => {
    const { account, client } = await loggedInMember();
    await createTrade(t.deps, account.trabot_account_id, {
      trade_instrument: 'TATAMOTORS',
      trade_direction: 'long',
      trade_quantity: 1500,
      remaining_quantity: 1500,
      avg_entry_price: 742.35,
      ltp: 751.1,
      current_mtm: 13125,
    });
    await createTrade(t.deps, account.trabot_account_id, {
      trade_instrument: 'INFY',
      trade_direction: 'short',
      current_mtm: -80.5,
    });
    await createTrade(t.deps, account.trabot_account_id, { trade_instrument: 'WIPRO', trade_status: 'completed' });
    await createTrade(t.deps, account.trabot_account_id, { trade_instrument: 'HDFCBANK', trade_status: 'pending' });

    const res = await client.request('/dashboard/trades');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
    const html = await res.text();
    expect(html).not.toContain(LIVE_DATA_START);
    expect(html).not.toContain(LOADING);
    expect(html).toContain(`<ul class="trade-cards" aria-label="Trades" ${SERVER_DATA_ATTR}="">`);
    expect(cardsOf(html)).toBe(2);
    // Newest first, as the API lists them; symbol, side, quantity, LTP and MTM as the client formats them.
    expect(html.indexOf('>INFY <span class="exchange">NSE</span></h2>')).toBeGreaterThan(0);
    expect(html.indexOf('>TATAMOTORS <span class="exchange">NSE</span></h2>')).toBeGreaterThan(
      html.indexOf('>INFY <span'),
    );
    expect(html).toContain('<span class="trade-card-direction">long</span>');
    expect(html).toContain(`<dt>Qty</dt><dd>${formatNumber(1500)}</dd>`);
    expect(html).toContain(
      `<dt>LTP</dt><dd><span class="last-price"><span class="rupee">${formatRupees(751.1)}</span>`,
    );
    expect(html).toContain(`<dt>MTM</dt><dd><span class="rupee rupee--gain">${formatRupees(13125)}</span></dd>`);
    expect(html).toContain('>INFY <span class="exchange">NSE</span></h2>');
    expect(html).toContain('<span class="trade-card-direction">short</span>');
    expect(html).toContain(`<span class="rupee rupee--loss">${formatRupees(-80.5)}</span>`);
    // Only the running filter's trades, as the page shows first.
    expect(html).not.toContain('WIPRO');
    expect(html).not.toContain('HDFCBANK');
    // Buttons inert until the app stands ready to keep a tap; a wide screen's loading state stays.
    expect(html).toContain('<button inert="" type="button" class="link-button" aria-expanded="false">');
    expect(html).toContain('<p class="list-state trades-loading trades-loading--wide" role="status">');
  });

  it('shows each member only their own trades', async () => {
    const first = await loggedInMember();
    const second = await loggedInMember();
    await createTrade(t.deps, first.account.trabot_account_id, { trade_instrument: 'FIRSTONLY' });
    await createTrade(t.deps, second.account.trabot_account_id, { trade_instrument: 'SECONDONLY' });
    const firstHtml = await (await first.client.request('/dashboard/trades')).text();
    const secondHtml = await (await second.client.request('/dashboard/trades')).text();
    expect(firstHtml).toContain('>FIRSTONLY <span');
    expect(firstHtml).not.toContain('SECONDONLY');
    expect(secondHtml).toContain('>SECONDONLY <span');
    expect(secondHtml).not.toContain('FIRSTONLY');
    expect(cardsOf(firstHtml)).toBe(1);
    expect(cardsOf(secondHtml)).toBe(1);
  });

  it('escapes what was stored', async () => {
    const { account, client } = await loggedInMember();
    await createTrade(t.deps, account.trabot_account_id, {
      trade_instrument: '<img src=x onerror=alert(1)>',
      trade_exchange: 'N"S&E',
      broker: '"><script>x</script>',
    });
    const html = await (await client.request('/dashboard/trades')).text();
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>x');
    expect(html).toContain('>&lt;img src=x onerror=alert(1)&gt; <span class="exchange">N&quot;S&amp;E</span></h2>');
    expect(html).toContain('title="Orders go to &quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });

  it('shows the first eight running trades and how many more there are', async () => {
    const { account, client } = await loggedInMember();
    for (let i = 0; i < 11; i++) await createTrade(t.deps, account.trabot_account_id, { trade_instrument: `SYM${i}` });
    const html = await (await client.request('/dashboard/trades')).text();
    expect(cardsOf(html)).toBe(8);
    expect(html).toContain('class="small-button show-more" data-server-data="">Show more trades (3 more)</button>');
  });

  it('says there are no running trades when there are none', async () => {
    const { client } = await loggedInMember();
    const html = await (await client.request('/dashboard/trades')).text();
    expect(cardsOf(html)).toBe(0);
    expect(html).toContain(`<p class="list-state" ${SERVER_DATA_ATTR}="">No trades found</p>`);
  });

  it('is the shell for another filter in the URL, whose trades are not the running ones', async () => {
    const { account, client } = await loggedInMember();
    await createTrade(t.deps, account.trabot_account_id);
    const res = await client.request('/dashboard/trades?status=completed');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(await res.text()).not.toContain('trade-card');
    // An unknown filter shows the running trades, as the page does.
    expect(cardsOf(await (await client.request('/dashboard/trades?status=nonsense')).text())).toBe(1);
  });
});

describe('/dashboard/trades for anyone else', () => {
  it('is the shell without a session, with an ended or forged one', async () => {
    const { account, client } = await loggedInMember();
    await createTrade(t.deps, account.trabot_account_id);
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    await client.json('/api/logout', {});
    for (const headers of [{}, { cookie }, { cookie: 'trabot_session=not-a-token' }] as Record<string, string>[]) {
      const res = await t.client().request('/dashboard/trades', { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(SHELL);
    }
  });

  it('is the shell for the superadmin, whose trades page is not a member view', async () => {
    const admin = await createUser(t.deps, { role: 'superadmin' });
    const client = t.client();
    expect((await client.login(admin.email, admin.password)).status).toBe(200);
    const html = await (await client.request('/dashboard/trades')).text();
    expect(html).not.toContain('trade-card');
    expect(html).toContain('<div id="root"></div>');
  });

  it('is the shell for a member login without an account', async () => {
    const user = await createUser(t.deps);
    const client = t.client();
    expect((await client.login(user.email, user.password)).status).toBe(200);
    expect(await (await client.request('/dashboard/trades')).text()).toContain('<div id="root"></div>');
  });
});

describe('/dashboard/trades when the trades cannot be read', () => {
  it('is the shell, at once, and the server logs why', async () => {
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('deps', t.deps);
      await next();
    });
    const render = () => Promise.reject(new Error('database unavailable'));
    app.use(
      '*',
      serveClient(clientDir, { memberPages: { '/dashboard/trades': { file: MEMBER_TRADES_PAGE_FILE, render } } }),
    );
    const res = await app.request('/dashboard/trades');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SHELL);
    expect(
      t.logLines.some(
        (line) => line.includes('member page served as the shell') && line.includes('database unavailable'),
      ),
    ).toBe(true);
  });
});
