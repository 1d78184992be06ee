/**
 * A member changes their password in Account Settings: a wrong current password is refused next to
 * its field, the change signs out their other browser, and the new password is the one that signs
 * in. (The set-password link of an accepted applicant: membership-payments.spec.)
 */
import { apiLogin, expect, fillLogin, solveCaptcha, test, waitForTakeover } from './support/fixtures';

// The browser logs the refused change (400) and the refused login (401).
test.use({ allowedConsoleErrors: [/status of 40[01]/] });

test('a member changes their password in Account Settings; their other browser is signed out', async ({
  page,
  browser,
  login,
  baseURL,
}) => {
  const user = await login();
  const elsewhere = await browser.newContext({ baseURL });
  await apiLogin(elsewhere.request, user.email, user.password);

  await page.goto('/dashboard/account-settings');
  const card = page.getByRole('region', { name: 'Password' });
  await expect(card.getByText('Changing it signs you out on your other devices.')).toBeVisible();
  await card.getByLabel('Current password', { exact: true }).fill('not my password');
  await card.getByLabel('New password', { exact: true }).fill('my second password');
  await card.getByLabel('Confirm new password', { exact: true }).fill('my second password');
  await card.getByRole('button', { name: 'Change Password' }).click();
  await expect(card.getByText('This is not your current password')).toBeVisible();

  await card.getByLabel('Current password', { exact: true }).fill(user.password);
  await card.getByLabel('New password', { exact: true }).fill('my second password');
  await card.getByLabel('Confirm new password', { exact: true }).fill('my second password');
  await card.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed. Your other devices are signed out.')).toBeVisible();
  // This browser stays signed in; the other one is not any more.
  expect(await (await page.request.get('/api/check-session')).json()).toMatchObject({ status: 'success' });
  expect(await (await elsewhere.request.get('/api/check-session')).json()).toEqual({ status: 'error' });
  await elsewhere.close();

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await waitForTakeover(page);
  await fillLogin(page, user.email, user.password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await page.reload();
  await fillLogin(page, user.email, 'my second password');
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard/trades');
});
