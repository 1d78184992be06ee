/**
 * Opting out in the app (issue 47): the membership page promises that opting out before the 25th
 * costs nothing; the member's membership card offers it until then, confirms what happens, and
 * shows the membership ended after. The browser's date is set from the month the server asks for,
 * so the test does not depend on the machine's date.
 */
import type { Page } from '@playwright/test';
import type { MyMembership } from '@shared/schemas/membership';
import { expect, test } from './support/fixtures';
import { PHONE } from './member-support';

test.use({ viewport: PHONE });

async function membershipMonth(page: Page): Promise<MyMembership> {
  const res = await page.request.get('/api/membership/month');
  expect(res.status()).toBe(200);
  return (await res.json()) as MyMembership;
}

const card = (page: Page) => page.getByRole('region', { name: 'Membership' });
const stateOf = (page: Page) =>
  card(page)
    .locator('dt', { hasText: /^State$/ })
    .locator('+ dd');

test('before the 25th the member opts out: confirmed, then shown as ended; the server agrees', async ({
  page,
  login,
}) => {
  await login();
  const before = await membershipMonth(page);
  expect(before.can_opt_out).toBe(true);
  // The 10th of the month asked for, midday in India.
  await page.clock.setFixedTime(new Date(`${before.month}-10T06:30:00Z`));
  await page.goto('/dashboard/account-settings');
  await expect(
    card(page).getByText(`Opting out before ${before.deadline} costs nothing for this month.`),
  ).toBeVisible();

  await card(page).getByRole('button', { name: 'Opt out' }).click();
  const dialog = page.locator('ion-modal').filter({ hasText: 'Opt out of the membership?' });
  await expect(dialog.getByText(`No fee is due for ${before.month}: you pay nothing more.`)).toBeVisible();
  await expect(dialog.getByText(/Your membership ends today, and your algo subscriptions stop/)).toBeVisible();
  // Backing out changes nothing.
  await dialog.getByRole('button', { name: 'Keep my membership' }).click();
  await expect(dialog).toBeHidden();
  expect((await membershipMonth(page)).membership_status).toBe(before.membership_status);

  await card(page).getByRole('button', { name: 'Opt out' }).click();
  await dialog.getByRole('button', { name: 'Opt out' }).click();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(
    'You have opted out: your membership has ended',
  );
  await expect(dialog).toBeHidden();
  await expect(stateOf(page)).toHaveText('Cancelled');
  await expect(card(page).getByRole('button', { name: 'Opt out' })).toHaveCount(0);
  await expect(card(page).getByText(/Your membership has ended and your algo subscriptions are paused/)).toBeVisible();
  expect((await membershipMonth(page)).membership_status).toBe('cancelled');

  await page.reload();
  await expect(stateOf(page)).toHaveText('Cancelled');
});

test('from the 25th the app offers no opt-out', async ({ page, login }) => {
  await login();
  const month = await membershipMonth(page);
  await page.clock.setFixedTime(new Date(`${month.deadline}T06:30:00Z`));
  await page.goto('/dashboard/account-settings');
  await expect(stateOf(page)).toBeVisible();
  await expect(card(page).getByRole('button', { name: 'Opt out' })).toHaveCount(0);
});
