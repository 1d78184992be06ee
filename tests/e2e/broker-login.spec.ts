/**
 * The daily Zerodha login in Chromium: from the admin's accounts list for a member's
 * account, and from the member's own Account Settings, through Kite's login page (a local server
 * speaking Kite's wire format) and back, with the outcome as a toast and the session's end shown.
 */
import type { Page } from '@playwright/test';
import { accountsOf, createMember, rowOf } from './admin-people-support';
import { expect, fillLogin, solveCaptcha, test } from './support/fixtures';

// One Kite app, one registered redirect URL: these tests take turns.
test.describe.configure({ mode: 'serial' });
// Kite sessions end at 06:00 in India; the page shows times in the browser's zone.
test.use({ timezoneId: 'Asia/Kolkata' });

/** Registers this test's app address as the Kite app's redirect URL (done once in Kite's developer console for real). */
async function registerRedirect(baseURL: string) {
  const res = await fetch(`${process.env.E2E_KITE_ROOT}/_fake/redirect-url`, {
    method: 'PUT',
    body: `${baseURL}/api/brokers/zerodha/callback`,
  });
  expect(res.status).toBe(204);
}

/** A new member whose account trades with Zerodha, made by the logged-in admin. */
async function zerodhaMember(page: Page) {
  const member = await createMember(page);
  const [account] = await accountsOf(page, member.trabot_client_id);
  const accountId = account!.trabot_account_id;
  const saved = await page.request.post(`/api/${accountId}/update-broker-details`, {
    data: { broker_name: 'zerodha', broker_client_id: 'ZX4821', broker_access_key: '' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return { member, accountId };
}

async function logInOnKite(page: Page) {
  await expect(page.getByRole('heading', { name: 'Kite by Zerodha' })).toBeVisible();
  await page.getByRole('button', { name: 'Log in to Kite' }).click();
}

const CONNECTED = /Connected until \d{2}\/\d{2}\/\d{4} 06:00:00/;

test("a superadmin connects a member's Zerodha account from the member's accounts", async ({
  page,
  login,
  baseURL,
}) => {
  test.skip(!process.env.E2E_KITE_ROOT, 'needs the local Kite server of the global setup');
  await login({ role: 'superadmin' });
  const { member, accountId } = await zerodhaMember(page);
  await registerRedirect(baseURL!);
  await page.goto(`/dashboard/admin/members/${member.trabot_client_id}/accounts`);
  const row = rowOf(page, accountId);
  await expect(row).toContainText('Not connected today');
  await row.getByRole('button', { name: `Connect Zerodha for account ${accountId}` }).click();

  await logInOnKite(page);
  await expect(page.getByText('Zerodha connected')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/admin/members/${member.trabot_client_id}/accounts$`));
  await expect(rowOf(page, accountId)).toContainText(CONNECTED);
  await expect(rowOf(page, accountId)).toContainText('VALID');
});

test('a member connects their own Zerodha account from Account Settings', async ({ page, login, baseURL }) => {
  test.skip(!process.env.E2E_KITE_ROOT, 'needs the local Kite server of the global setup');
  await login({ role: 'superadmin' });
  const { member, accountId } = await zerodhaMember(page);
  const email = `kite.${member.trabot_client_id}@example.com`;
  const password = 'daily-login-e2e';
  const user = await page.request.post(`/api/members/${member.trabot_client_id}/users`, {
    data: { name: 'Asha Rao', email, password, account_id: accountId },
  });
  expect(user.status(), await user.text()).toBe(201);
  await page.request.post('/api/logout');
  await registerRedirect(baseURL!);

  await page.goto('/login');
  await fillLogin(page, email, password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard/trades');
  await page.goto('/dashboard/account-settings');
  const daily = page.getByRole('definition').filter({ hasText: 'Not connected today' });
  await expect(daily).toBeVisible();
  await daily.getByRole('button', { name: 'Connect Zerodha' }).click();

  await logInOnKite(page);
  await expect(page.getByText('Zerodha connected')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/account-settings$/);
  await expect(page.getByText(CONNECTED)).toBeVisible();
  // The session itself never reaches the page: the key shows as dots only.
  await expect(page.getByText('••••••••', { exact: true })).toBeVisible();
});

test("the return page shows only the product's own texts, never a sentence from its address", async ({
  page,
  login,
}) => {
  await login();
  const phishing = 'Zerodha suspended your account. Call support at +91 90000 00000';
  const back = (search: Record<string, string>) =>
    page.goto(`/dashboard/account-settings?${new URLSearchParams(search).toString()}`);

  // A link someone wrote: its message is never shown, the generic text is.
  await back({ broker_login: 'failed', broker: 'zerodha', message: phishing });
  await expect(page.getByText('Zerodha login failed', { exact: true })).toBeVisible();
  await expect(page.getByText(phishing)).toHaveCount(0);
  // The outcome is dropped from the address (a reload tells nothing).
  await expect(page).toHaveURL(/\/dashboard\/account-settings$/);

  // The server's codes, each with its own text.
  await back({ broker_login: 'failed', broker: 'zerodha', reason: 'used' });
  await expect(page.getByText('This Zerodha login was already used: connect again')).toBeVisible();
  await back({ broker_login: 'failed', broker: 'upstock', reason: 'refused' });
  await expect(page.getByText('Upstox did not complete the login: connect again')).toBeVisible();

  // A code or a broker it does not know: the generic text, with no word of the address.
  await back({ broker_login: 'failed', broker: phishing, reason: phishing });
  await expect(page.getByText('Broker login failed', { exact: true })).toBeVisible();
  await back({ broker_login: 'connected', broker: phishing });
  await expect(page.getByText('Broker connected', { exact: true })).toBeVisible();
  await expect(page.getByText(phishing)).toHaveCount(0);
});
