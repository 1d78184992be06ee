/**
 * Shared Playwright fixtures. Every test reaches the run's server through its own switchable proxy
 * (`server.stop()` makes the server unreachable, service worker included: see `goOffline`), and any
 * console error or uncaught page error fails the test unless listed in `allowedConsoleErrors`.
 */
import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { Challenge } from 'altcha-lib';
import type { MemberUser } from '@shared/schemas/admin/members';
import type { CheckSessionResponse, SessionUser } from '@shared/schemas/session';
import { solve } from '@tests/support/captcha';
import { createMember } from '../admin-people-support';
import { CREDENTIALS, type Role } from './credentials';
import { startSwitchableProxy, type SwitchableProxy } from './switchable-proxy';

export { expect };

function runBaseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through playwright.config.ts');
  return url;
}

/** Ticks the ALTCHA widget (its checkbox sits under an SVG: click the label) and waits for the proof. */
export async function solveCaptcha(page: Page, timeout = 20_000): Promise<void> {
  await page.getByText("I'm not a robot").click();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible({ timeout });
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/**
 * A prerendered page paints before the app takes it over; until then its links are plain links
 * and its controls inert. Tests act on the live page (the `page` fixture's goto waits for it; a page
 * a test opens itself does not).
 */
export async function waitForTakeover(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'));
}

/** Logs in through the real login page and captcha; ends on /dashboard/trades. */
export async function loginAs(page: Page, role: Role): Promise<void> {
  const { email, password } = CREDENTIALS[role];
  await page.goto('/login');
  await waitForTakeover(page);
  await fillLogin(page, email, password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard/trades');
}

/**
 * Logs in through the API: a captcha from GET /api/captcha solved in Node, then POST /api/login.
 * The session cookie lands in `request`'s cookie jar (a browser context's own `request` shares the
 * context's cookies). Returns the user and the session cookie's `name=value`.
 */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ user: SessionUser; cookie: string }> {
  const challenge = await request.get('/api/captcha');
  expect(challenge.status(), 'GET /api/captcha').toBe(200);
  const res = await request.post('/api/login', {
    data: { email, password, captcha: await solve((await challenge.json()) as Challenge) },
  });
  expect(res.status(), `login of ${email}: ${await res.text()}`).toBe(200);
  const cookie = res
    .headersArray()
    .find((header) => header.name.toLowerCase() === 'set-cookie')
    ?.value.split(';')[0];
  if (!cookie) throw new Error(`login of ${email} set no session cookie`);
  return { user: ((await res.json()) as Extract<CheckSessionResponse, { status: 'success' }>).user, cookie };
}

export interface LoginOptions {
  /**
   * 'member' (the default): a new member, made for this test through the admin API, with the empty
   * account every new member gets. 'superadmin': the demo superadmin (the API makes no superadmins).
   */
  role?: 'member' | 'superadmin';
  /** The seeded demo member instead of a new one: for a test that reads the demo account's trades. */
  demo?: boolean;
  /** The browser context that gets the session (default: the test's own `context`). */
  context?: BrowserContext;
}

/** The logged-in user, with the password it logs in with. */
export interface TestUser extends SessionUser {
  password: string;
}

interface Fixtures {
  /**
   * Logs a user in through the API and gives the browser context its session cookie: no login page,
   * no captcha widget. Pages opened afterwards are logged in (`page.goto` the page under test).
   * Members made for the test cannot log in again afterwards (their sessions end with it); the
   * sessions opened for demo logins are logged out. The tests of the login page itself use `loginAs`.
   */
  login: (options?: LoginOptions) => Promise<TestUser>;
  /** Console errors a test expects (e.g. the browser's own log line for a 401 response). */
  allowedConsoleErrors: RegExp[];
  server: SwitchableProxy;
  /** Takes the browser offline and makes the server unreachable (for the service worker too). */
  goOffline: () => Promise<void>;
  loginAs: (page: Page, role: Role) => Promise<void>;
}

interface WorkerFixtures {
  /** The API as the demo superadmin (a session of its own), for the `login` fixture's new members. */
  adminApi: APIRequestContext;
}

/** A new member (with its account) and a login of it, made through the API by the superadmin. */
async function createMemberLogin(
  adminApi: APIRequestContext,
): Promise<{ memberId: number; user: MemberUser; password: string }> {
  const { trabot_client_id: memberId, name, email_id: email } = await createMember(adminApi);
  const password = `e2e-${randomBytes(12).toString('hex')}`;
  const user = await adminApi.post(`/api/members/${memberId}/users`, { data: { name, email, password } });
  expect(user.status(), `POST /api/members/${memberId}/users: ${await user.text()}`).toBe(201);
  return { memberId, user: (await user.json()) as MemberUser, password };
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  adminApi: [
    async ({ playwright }, provide) => {
      // A connection per request: the server drops a kept-alive one after 5 s idle, and a request
      // sent on it just then fails (ECONNRESET), as the cleanup after a long test would.
      const api = await playwright.request.newContext({
        baseURL: runBaseUrl(),
        extraHTTPHeaders: { connection: 'close' },
      });
      await apiLogin(api, CREDENTIALS.admin.email, CREDENTIALS.admin.password);
      await provide(api);
      await api.post('/api/logout');
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  login: async ({ context: testContext, adminApi }, provide) => {
    const cleanups: (() => Promise<unknown>)[] = [];
    await provide(async ({ role = 'member', demo = false, context = testContext } = {}) => {
      if (role === 'superadmin' || demo) {
        const { email, password } = CREDENTIALS[role === 'superadmin' ? 'admin' : 'member'];
        const { user, cookie } = await apiLogin(context.request, email, password);
        // The session this test opened, ended straight on the server (the test may have taken its proxy away).
        cleanups.push(() => fetch(new URL('/api/logout', runBaseUrl()), { method: 'POST', headers: { cookie } }));
        return { ...user, password };
      }
      const { memberId, user: created, password } = await createMemberLogin(adminApi);
      const { user } = await apiLogin(context.request, created.email, password);
      // A changed password ends every session of the user: whatever the test logged in is closed.
      cleanups.push(() =>
        adminApi.put(`/api/members/${memberId}/users/${created.id}`, {
          data: { name: created.name, email: created.email, password: `e2e-${randomBytes(12).toString('hex')}` },
        }),
      );
      return { ...user, password };
    });
    for (const cleanup of cleanups) await cleanup();
  },
  allowedConsoleErrors: [[], { option: true }],
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, provide) => {
    const proxy = await startSwitchableProxy(runBaseUrl());
    await provide(proxy);
    await proxy.stop();
  },
  baseURL: async ({ server }, provide) => provide(server.url),
  context: async ({ context, allowedConsoleErrors }, provide) => {
    const errors: string[] = [];
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!allowedConsoleErrors.some((pattern) => pattern.test(text)))
        errors.push(`${message.location().url}: ${text}`);
    });
    context.on('weberror', (error) => errors.push(`uncaught: ${error.error().message}`));
    await provide(context);
    expect(errors, 'console errors in the page').toEqual([]);
  },
  goOffline: async ({ context, server }, provide) => {
    await provide(async () => {
      await server.stop();
      await context.setOffline(true);
    });
  },
  // eslint-disable-next-line no-empty-pattern
  loginAs: async ({}, provide) => provide(loginAs),
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitForTakeover(page);
      return response;
    };
    await provide(page);
  },
});
