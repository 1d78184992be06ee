/**
 * The installed PWA when its server goes away and comes back with a new build: after one online
 * visit, with the server process stopped entirely (the browser itself stays "online"), the public
 * pages and the member's last trades still show; then a new build is deployed and the server
 * restarted: the update prompt appears once, accepting it loads the new build, and nothing loops.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillLogin, solveCaptcha } from '../e2e/support/fixtures';
import { freePort } from '../support/real-server';
import { columnTexts, OFFLINE_NOTICE, reloadUnderServiceWorker, waitForPersisted } from '../e2e/member-support';
import { removeTempDirs, tempDir } from '../support/child-processes';
import { FAULT_LOGINS, startFaultServer } from './support/server-process';
import type { ServerProcess } from '../support/real-server';

const PROMPT = 'A new version of Trabot is available.';

const clientDir = (build: 'a' | 'b') => {
  const parent = process.env.FAULTS_CLIENT_DIR;
  if (!parent) throw new Error('FAULTS_CLIENT_DIR is not set: run through playwright.faults.config.ts');
  return path.join(parent, build);
};

const buildOf = (page: Page) => page.locator('meta[name="trabot-build"]').getAttribute('content');

/** Documents the page loads from now on (a reload loop would keep counting). */
function countLoads(page: Page): () => number {
  let count = 0;
  page.on('load', () => count++);
  return () => count;
}

let server: ServerProcess | undefined;

test.afterAll(async () => {
  await server?.stop('SIGTERM');
  removeTempDirs();
});

test('server stopped after one visit: pages and trades still show; a new build prompts once and loads without a loop', async ({
  page,
}) => {
  const dataDir = tempDir('trabot-faults-pwa-');
  const port = await freePort();
  server = await startFaultServer({ dataDir, port, clientDir: clientDir('a') });
  const base = server.url;

  // One online visit: the public pages, then the member's trades.
  await page.goto(`${base}/`);
  await reloadUnderServiceWorker(page);
  expect(await buildOf(page)).toBe('a');
  await page.goto(`${base}/workshops`);
  await expect(page.getByRole('heading', { level: 1, name: 'Online Workshops' })).toBeVisible();
  await page.goto(`${base}/trabot-membership`);
  await expect(page.getByRole('heading', { level: 2, name: 'Fee and policies' })).toBeVisible();
  await page.goto(`${base}/login`);
  await fillLogin(page, FAULT_LOGINS.member.email, FAULT_LOGINS.member.password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard/trades');
  await expect(page.getByRole('table')).toBeVisible();
  const trades = await columnTexts(page.getByRole('table'), 'Trade ID');
  expect(trades.length).toBeGreaterThan(0);
  await waitForPersisted(page, 'trades');

  // The server process goes away entirely; the browser is not told it is offline.
  expect((await server.stop('SIGTERM')).code).toBe(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Trades' })).toBeVisible();
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  await expect.poll(() => columnTexts(page.getByRole('table'), 'Trade ID')).toEqual(trades);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await page.goto(`${base}/`);
  await expect(page.getByRole('heading', { level: 1, name: /Algorithmic trading systems/ })).toBeVisible();
  await page.goto(`${base}/workshops`);
  await expect(page.getByRole('heading', { level: 1, name: 'Online Workshops' })).toBeVisible();
  await page.goto(`${base}/trabot-membership`);
  await expect(page.getByRole('heading', { level: 2, name: 'Fee and policies' })).toBeVisible();

  // A new build is deployed and the server starts again on the same data and port.
  server = await startFaultServer({ dataDir, port, clientDir: clientDir('b') });
  await page.goto(`${base}/dashboard/trades`); // a navigation: the browser checks the service worker
  const prompt = page.getByRole('alertdialog').filter({ hasText: PROMPT });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt).toHaveCount(1);
  expect(await buildOf(page)).toBe('a'); // still the old build until the user accepts

  const loads = countLoads(page);
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expect.poll(() => buildOf(page)).toBe('b');
  await expect(page.getByRole('heading', { level: 1, name: 'Trades' })).toBeVisible();
  await page.waitForTimeout(4000);
  expect(loads(), 'one reload after accepting, no loop').toBe(1);
  await expect(page.getByText(PROMPT)).toHaveCount(0);

  // Reloaded again: the new build, no prompt.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Trades' })).toBeVisible();
  expect(await buildOf(page)).toBe('b');
  await page.waitForTimeout(3000);
  await expect(page.getByText(PROMPT)).toHaveCount(0);
  expect(loads()).toBe(2);
});
