/**
 * Shared Playwright fixtures. Every test reaches the run's server through its own switchable proxy
 * (`server.stop()` makes the server unreachable, service worker included: see `goOffline`), and any
 * console error or uncaught page error fails the test unless listed in `allowedConsoleErrors`.
 */
import { test as base, expect, type Page } from '@playwright/test';
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

interface Fixtures {
  /** Console errors a test expects (e.g. the browser's own log line for a 401 response). */
  allowedConsoleErrors: RegExp[];
  server: SwitchableProxy;
  /** Takes the browser offline and makes the server unreachable (for the service worker too). */
  goOffline: () => Promise<void>;
  loginAs: (page: Page, role: Role) => Promise<void>;
}

export const test = base.extend<Fixtures>({
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
      if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(`${message.location().url}: ${text}`);
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
