import type { Page } from '@playwright/test';
import { CREDENTIALS } from './support/credentials';
import { expect, fillLogin, solveCaptcha, test } from './support/fixtures';

/** The home page's title and canonical address, whatever address showed it. */
async function expectHomeHead(page: Page) {
  await expect(page).toHaveTitle('Trabot: algorithmic trading research, free workshops and membership');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://trabot.in/');
}

const memberPaths = ['/dashboard', '/dashboard/trades', '/dashboard/account-settings'];
const adminPaths = ['/dashboard/admin', '/dashboard/admin/algos', '/dashboard/admin/members/1/accounts/1/trades'];

test.describe('anonymous visitors', () => {
  for (const path of [...memberPaths, ...adminPaths]) {
    test(`${path} sends them to /login`, async ({ page }) => {
      await page.goto(path);
      // The login returns to the page (the trades page, where it lands anyway, needs no parameter).
      const back = path === '/dashboard/trades' ? '' : `?redirect=${encodeURIComponent(path)}`;
      await expect(page).toHaveURL(new RegExp(`/login${back.replace(/[?]/g, '\\?')}$`));
      await expect(page.getByRole('heading', { name: 'Member Login' })).toBeVisible();
    });
  }

  test('signing in from a deep link returns to that page, its filter kept', async ({ page }) => {
    const deepLink = '/dashboard/admin/algos/1/signals?status=pending';
    await page.goto(deepLink);
    await expect(page.getByRole('heading', { name: 'Member Login' })).toBeVisible();
    await fillLogin(page, CREDENTIALS.admin.email, CREDENTIALS.admin.password);
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/algos\/1\/signals\?status=pending$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Signals');
  });

  test('a login link naming another site still lands on the trades page', async ({ page }) => {
    await page.goto('/login?redirect=%2F%2Fevil.example%2Fdashboard');
    await fillLogin(page, CREDENTIALS.member.email, CREDENTIALS.member.password);
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/dashboard\/trades$/);
  });

  test('an unknown path shows the home page, with its title and canonical address', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Our Services' })).toBeVisible();
    await expectHomeHead(page);
  });

  test('an unknown path under /dashboard shows the home page too', async ({ page }) => {
    await page.goto('/dashboard/no-such-page');
    await expect(page.getByRole('heading', { level: 2, name: 'Our Services' })).toBeVisible();
  });

  test('/home shows the home page', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 2, name: 'Our Mission and Values' })).toBeVisible();
  });
});

test.describe('a logged-in member', () => {
  test.beforeEach(async ({ page, loginAs }) => loginAs(page, 'member'));

  test('visiting /login is sent to /dashboard/trades', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard\/trades$/);
  });

  test('/dashboard itself opens the trades page', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/trades$/);
  });

  for (const path of adminPaths) {
    test(`${path} (superadmin only) sends them to /dashboard/trades`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard\/trades$/);
    });
  }

  test('has no Admin link in the header', async ({ page }) => {
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });
});

test.describe('a superadmin', () => {
  test.beforeEach(async ({ page, loginAs }) => loginAs(page, 'admin'));

  test('reaches the admin home with its five areas, and every admin page goes Back', async ({ page }) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin' })).toBeVisible();
    const areas = page.getByRole('navigation', { name: 'Admin areas' });
    for (const name of ['Algos', 'Members', 'Logs', 'Warnings', 'Tokens']) {
      await expect(areas.getByRole('link', { name })).toBeVisible();
    }
    await areas.getByRole('link', { name: 'Members' }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/members$/);
    await expect(page.getByRole('heading', { level: 1, name: /Members/ })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
  });

  test('reaches every admin route, each with a Back button', async ({ page }) => {
    for (const path of [
      '/dashboard/admin/algos',
      '/dashboard/admin/algos/1/signals',
      '/dashboard/admin/members',
      '/dashboard/admin/members/1/users',
      '/dashboard/admin/members/1/accounts',
      '/dashboard/admin/members/1/accounts/1/algos',
      '/dashboard/admin/members/1/accounts/1/trades',
      '/dashboard/admin/logs',
      '/dashboard/admin/warnings',
      '/dashboard/admin/tokens',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    }
  });

  test('a path whose id is not one shows the home page, like any path without a page', async ({ page }) => {
    for (const path of [
      '/dashboard/admin/members/abc/users',
      '/dashboard/admin/members/0/accounts',
      '/dashboard/admin/members/1/accounts/x/trades',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2, name: 'Our Services' })).toBeVisible();
      await expectHomeHead(page);
    }
    // The signals page names its own case.
    await page.goto('/dashboard/admin/algos/abc/signals');
    await expect(page.getByText('No algo id')).toBeVisible();
  });
});
