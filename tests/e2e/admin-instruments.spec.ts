/**
 * The super-admin's Instruments screen in Chromium against the real server: a legacy bhavcopy
 * uploaded through the form is imported (toast, count and last date follow), and a file that is
 * not a cash-market bhavcopy is refused with the server's reason.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const fixture = (name: string) => new URL(`../fixtures/nse/${name}`, import.meta.url);

/** The instrument count the page shows. */
async function shownCount(page: Page): Promise<number> {
  const value = page.getByRole('definition').first();
  await expect(value).toHaveText(/^\d+$/);
  return Number(await value.textContent());
}

test.beforeEach(async ({ page, login }) => {
  await login({ role: 'superadmin' });
  await page.goto('/dashboard/admin');
  await page.getByRole('link', { name: 'Instruments' }).click();
  await expect(page.getByRole('heading', { name: 'Instruments' })).toBeVisible();
});

test('a legacy bhavcopy upload imports its rows: success toast, count and last date updated', async ({ page }) => {
  const before = await shownCount(page);
  // The legacy fixture's header and its first row under a symbol of this run only, so the count grows by one.
  const [header, row] = readFileSync(fixture('cm01JUL2024bhav.csv'), 'utf8').split('\n');
  const symbol = `E2E${Date.now()}`;
  const csv = `${header}\n${row?.replace(/^[^,]+/, symbol)}\n`;

  const importButton = page.getByRole('button', { name: 'Import bhavcopy' });
  await expect(importButton).toBeDisabled();
  await page
    .getByLabel(/Bhavcopy file/)
    .setInputFiles({ name: 'cm01JUL2024bhav.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await importButton.click();

  await expect(page.getByText('Imported 1 instruments (legacy, 2024-07-01)')).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText(String(before + 1));
  await expect(page.getByRole('definition').nth(1)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(importButton).toBeDisabled();
});

test.describe('a file that is not a cash-market bhavcopy', () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("is refused with the server's reason and the count stays", async ({ page }) => {
    const before = await shownCount(page);
    await page.getByLabel(/Bhavcopy file/).setInputFiles(fixture('BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv').pathname);
    await page.getByRole('button', { name: 'Import bhavcopy' }).click();
    const toasts = page.getByRole('status', { name: 'Notifications' });
    await expect(toasts).toContainText(/bhavcopy/i);
    await expect(toasts).not.toContainText('HTTP error');
    await expect(page.getByRole('definition').first()).toHaveText(String(before));
  });
});
