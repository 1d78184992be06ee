/**
 * The member's phone tells the truth (issue 47): a saved copy shown while the server fails says so
 * within a second of the failure, with its time and a Retry, and is never replaced by an error.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PHONE, reloadUnderServiceWorker, serverFailedNotice, waitForPersisted } from './member-support';

test.use({ viewport: PHONE });

/** Answers `pattern` with 500 from now on; returns when the first 500 went out (ms), and a way to stop. */
async function failRequests(page: Page, pattern: string | RegExp) {
  const state = { firstFailureAt: 0, failing: true };
  await page.route(pattern, (route) => {
    if (!state.failing || route.request().method() !== 'GET') return route.continue();
    if (state.firstFailureAt === 0) state.firstFailureAt = Date.now();
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' });
  });
  return state;
}

/** The notice is up within a second of the first failed answer, the saved copy under it; Retry brings the live data. */
async function expectNoticeWithinASecond(
  page: Page,
  subject: string,
  failures: { firstFailureAt: number; failing: boolean },
) {
  const notice = page.getByRole('status').filter({ hasText: 'the server did not answer' });
  await expect(notice.getByText(serverFailedNotice(subject))).toBeVisible({ timeout: 10_000 });
  const shownAt = Date.now();
  expect(failures.firstFailureAt).toBeGreaterThan(0);
  expect(shownAt - failures.firstFailureAt).toBeLessThan(1_000);
  failures.failing = false;
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(notice).toHaveCount(0);
}

test.describe('a saved copy while the server fails', () => {
  test.use({ allowedConsoleErrors: [/status of 500/] });

  test('the trades list says so within a second, never "Error loading trades"', async ({ page, login }) => {
    await login({ demo: true });
    await page.goto('/dashboard/trades');
    const cards = page.getByRole('list', { name: 'Trades' });
    await expect(cards.getByRole('article').first()).toBeVisible();
    await waitForPersisted(page, 'trades');
    await reloadUnderServiceWorker(page);
    const saved = await cards.getByRole('heading', { level: 2 }).allTextContents();
    await page.waitForTimeout(1_500); // the persister's throttle: the copy of this visit is written

    const failures = await failRequests(page, /\/api\/account-trades\?status=active$/);
    await page.reload();
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText(saved);
    await expect(page.getByText('Error loading trades')).toHaveCount(0);
    await expectNoticeWithinASecond(page, 'trades', failures);
    await expect(cards.getByRole('article').first()).toBeVisible();
  });

  test('a trade detail says so within a second', async ({ page, login }) => {
    await login({ demo: true });
    await page.goto('/dashboard/trades');
    const first = page.getByRole('list', { name: 'Trades' }).getByRole('article').first();
    await first.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/dashboard\/trades\/\d+$/);
    const tradeId = page.url().split('/').pop()!;
    await waitForPersisted(page, { keyEnd: `"trade",${tradeId}]` });
    const title = await page.getByRole('heading', { level: 1 }).textContent();

    const failures = await failRequests(page, new RegExp(`/api/account-trades/${tradeId}$`));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
    await expect(page.getByText('Error loading trade')).toHaveCount(0);
    await expectNoticeWithinASecond(page, 'trade', failures);
  });

  test('account settings say so within a second', async ({ page, login }) => {
    await login({ demo: true });
    await page.goto('/dashboard/account-settings');
    const clientId = page.locator('dt', { hasText: /^Broker Client ID$/ }).locator('+ dd');
    await expect(clientId).toHaveText('RV7314');
    await waitForPersisted(page, 'account-details');

    const failures = await failRequests(page, /\/api\/account-details$/);
    await page.reload();
    await expect(clientId).toHaveText('RV7314');
    await expect(page.getByText('Error loading account settings')).toHaveCount(0);
    await expectNoticeWithinASecond(page, 'account settings', failures);
  });
});

test.describe('the public workshop list offline', () => {
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to fetch/] });

  test('is readable offline after a visit of the home page only', async ({ page, goOffline }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Our Services' })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('trabot-public-cache') ?? ''), { timeout: 15_000 })
      .toContain('"workshops"');

    await goOffline();
    await page.goto('/workshops');
    await expect(page.getByRole('heading', { level: 1, name: 'Online Workshops' })).toBeVisible();
    await expect(page.getByText(/has not been saved/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Register|Completed)/ }).first()).toBeVisible();
  });
});
