import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { OFFLINE_CONSOLE_ERRORS, OFFLINE_NOTICE, reloadUnderServiceWorker, waitForPersisted } from './member-support';

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
  await expect(valueOf(page, 'Broker Name')).toHaveText('zerodha paper trading');
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
  await expect(valueOf(page, 'Broker Name')).toHaveText('dhan paper trading');
  await expect(valueOf(page, 'Broker Client ID')).toHaveText('DH-E2E-1');

  // The server has it: a fresh load shows the same, then the demo values are put back.
  await page.reload();
  await expect(valueOf(page, 'Broker Client ID')).toHaveText('DH-E2E-1');
  await editBroker(page, { broker: 'zerodha', clientId: 'RV7314' });
  await expect(valueOf(page, 'Broker Client ID')).toHaveText('RV7314');
  await expect(valueOf(page, 'Broker Name')).toHaveText('zerodha paper trading');
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
