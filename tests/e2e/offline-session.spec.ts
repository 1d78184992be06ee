/**
 * The offline session: the last member's persisted data opens the dashboard read-only when the
 * server cannot be reached; logout removes both the data and that way in.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const persistedKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('trabot-cache:') || k === 'trabot-last-user'),
  );

test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to fetch/] });

test('offline, the last member opens the dashboard read-only instead of being sent to /login', async ({
  page,
  loginAs,
  goOffline,
}) => {
  await loginAs(page, 'member');
  await expect(page.getByRole('heading', { level: 1, name: 'Trades' })).toBeVisible();
  await expect.poll(() => persistedKeys(page), { timeout: 5000 }).toHaveLength(2);
  await page.evaluate(() => navigator.serviceWorker.ready);

  await goOffline();
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/trades$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trades' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  // Logged-in-only pages still redirect as usual.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard\/trades$/);
});

test('after logout nothing of the member is kept, and offline the dashboard sends to /login', async ({
  page,
  loginAs,
  goOffline,
}) => {
  await loginAs(page, 'member');
  await expect.poll(() => persistedKeys(page), { timeout: 5000 }).toHaveLength(2);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => persistedKeys(page)).toEqual([]);
  await page.waitForTimeout(1500); // no throttled write may bring anything back
  expect(await persistedKeys(page)).toEqual([]);

  await goOffline();
  await page.goto('/dashboard/trades');
  await expect(page).toHaveURL(/\/login$/);
});
