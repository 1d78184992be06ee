import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  LAPTOP,
  OFFLINE_CONSOLE_ERRORS,
  OFFLINE_NOTICE,
  PHONE,
  reloadUnderServiceWorker,
  serverFailedNotice,
  waitForPersisted,
} from './member-support';

// The broker edit changes the one demo account every test here reads: one at a time.
test.describe.configure({ mode: 'serial' });

const GREEN = 'rgb(20, 99, 46)';

/** The value shown under a label of the account page. */
const valueOf = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');

async function openAccountSettings(page: Page) {
  await page.getByRole('link', { name: 'Account Settings' }).first().click();
  await page.waitForURL('**/dashboard/account-settings');
  await expect(valueOf(page, 'Broker Client ID')).toBeVisible();
}

async function editBroker(page: Page, changes: { broker?: string; clientId?: string }) {
  await page.getByRole('button', { name: 'Edit Broker Details' }).click();
  // The modal's content is slotted into ion-modal, outside its shadow `dialog` element: scope by the host.
  const dialog = page.locator('ion-modal').filter({ hasText: 'Edit Broker Details' });
  await expect(dialog.getByLabel('Broker Access Key')).toHaveValue('');
  if (changes.broker) {
    await dialog.locator('ion-select').click();
    await page.getByRole('radio', { name: changes.broker }).click();
  }
  if (changes.clientId !== undefined) await dialog.getByLabel('Broker Client ID').fill(changes.clientId);
  await dialog.getByRole('button', { name: 'Save' }).click();
  return dialog;
}

test('the member sees statuses, broker details with a masked key, and balances in rupees', async ({ page, login }) => {
  await login({ demo: true });
  await page.goto('/dashboard/trades');
  await openAccountSettings(page);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Dashboard\s*\/?\s*Account Settings/);

  const status = valueOf(page, 'Account Status');
  await expect(status).toHaveText('ACTIVE');
  expect(await status.locator('.status-badge').evaluate((el) => getComputedStyle(el).color)).toBe(GREEN);
  await expect(valueOf(page, 'Access Key Status')).toHaveText(/^(VALID|INVALID)$/);
  await expect(valueOf(page, 'Broker Name')).toHaveText('Zerodha');
  await expect(valueOf(page, 'Broker Client ID')).toHaveText('RV7314');

  const key = valueOf(page, 'Broker Access Key');
  await expect(key).toHaveText('••••••••');
  const toggle = page.getByRole('button', { name: 'Show access key' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  // The server's masked view: first 2 and last 4 characters, the rest dots; never the key in clear.
  await expect(key).toHaveText(/^[^•]{2}•+[^•]{4}$/);
  await expect(page.getByRole('button', { name: 'Hide access key' })).toHaveAttribute('aria-pressed', 'true');

  await expect(valueOf(page, 'Equity')).toHaveText('₹3,12,450.75');
  await expect(valueOf(page, 'Commodity')).toHaveText('₹25,000.00');
  await expect(valueOf(page, 'Currency')).toHaveText('₹10,000.00');

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.waitForURL('**/dashboard/trades');
});

test('an unchanged broker form closes without a request', async ({ page, login }) => {
  const updates: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/update-broker-details')) updates.push(request.url());
  });
  await login({ demo: true });
  await page.goto('/dashboard/trades');
  await openAccountSettings(page);
  const dialog = await editBroker(page, {});
  await expect(dialog).toBeHidden();
  expect(updates).toEqual([]);
});

test('changed broker details are saved, toasted and shown', async ({ page, login }) => {
  await login({ demo: true });
  await page.goto('/dashboard/trades');
  await openAccountSettings(page);

  const dialog = await editBroker(page, { broker: 'dhan', clientId: 'DH-E2E-1' });
  await expect(page.getByText('Broker details updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(valueOf(page, 'Broker Name')).toHaveText('Dhan');
  await expect(valueOf(page, 'Broker Client ID')).toHaveText('DH-E2E-1');

  // The server has it: a fresh load shows the same, then the demo values are put back.
  await page.reload();
  await expect(valueOf(page, 'Broker Client ID')).toHaveText('DH-E2E-1');
  await editBroker(page, { broker: 'zerodha', clientId: 'RV7314' });
  await expect(valueOf(page, 'Broker Client ID')).toHaveText('RV7314');
  await expect(valueOf(page, 'Broker Name')).toHaveText('Zerodha');
});

for (const [name, viewport] of [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const) {
  test(`on a ${name}, the trading mode and the daily login read in plain words`, async ({ page, login }) => {
    await page.setViewportSize(viewport);
    await login({ demo: true });
    await page.goto('/dashboard/account-settings');
    // The demo account trades on paper; this server has a Kite app, so Zerodha can be connected.
    await expect(valueOf(page, 'Trading Mode')).toHaveText('Paper trading: orders are simulated');
    const daily = valueOf(page, 'Daily Login');
    await expect(daily).toContainText('Connect Zerodha each morning to trade live (not needed for paper trading).');
    await expect(daily.getByRole('button', { name: 'Connect Zerodha' })).toBeVisible();
    // Not the old badge by the broker's name ("zerodha PAPER TRADING") nor "Not configured".
    await expect(valueOf(page, 'Broker Name')).toHaveText('Zerodha');
    await expect(page.getByText(/Not configured/i)).toHaveCount(0);
    for (const label of ['Trading Mode', 'Daily Login']) {
      const box = (await valueOf(page, label).boundingBox())!;
      expect(box.x + box.width, label).toBeLessThanOrEqual(viewport.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

test.describe('a saved copy while the server fails', () => {
  test.use({ allowedConsoleErrors: [/status of 500/] });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ] as const) {
    test(`on a ${name}, the account read from the device says of when it is, with a Retry`, async ({ page, login }) => {
      await page.setViewportSize(viewport);
      await login({ demo: true });
      await page.goto('/dashboard/account-settings');
      await expect(valueOf(page, 'Broker Client ID')).toHaveText('RV7314');
      await waitForPersisted(page, 'account-details');
      let failing = true;
      await page.route('**/api/account-details', (route) =>
        failing
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' })
          : route.continue(),
      );
      await page.reload();
      // The saved copy at once; the notice once the request and its one retry have failed.
      await expect(valueOf(page, 'Broker Client ID')).toHaveText('RV7314');
      const notice = page.getByRole('status').filter({ hasText: 'the server did not answer' });
      await expect(notice.getByText(serverFailedNotice('account settings'))).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('Error loading account settings')).toHaveCount(0);
      const box = (await notice.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);

      failing = false;
      await notice.getByRole('button', { name: 'Retry' }).click();
      await expect(notice).toHaveCount(0);
      await expect(valueOf(page, 'Equity')).toHaveText('₹3,12,450.75');
    });
  }
});

test.describe('offline', () => {
  test.use({ allowedConsoleErrors: OFFLINE_CONSOLE_ERRORS });

  test('after an online visit the account shows read-only with the time of the data', async ({
    page,
    login,
    goOffline,
  }) => {
    await login({ demo: true });
    await page.goto('/dashboard/trades');
    await openAccountSettings(page);
    await waitForPersisted(page, 'account-details');
    await reloadUnderServiceWorker(page);
    await expect(valueOf(page, 'Broker Client ID')).toHaveText('RV7314');

    await goOffline();
    await page.reload();
    await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
    await expect(valueOf(page, 'Broker Client ID')).toHaveText('RV7314');
    await expect(valueOf(page, 'Equity')).toHaveText('₹3,12,450.75');
    await expect(page.getByRole('button', { name: 'Edit Broker Details' })).toBeDisabled();
  });
});
