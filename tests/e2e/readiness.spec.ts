/**
 * The readiness board in Chromium: a superadmin finds a member's subscribed account with
 * its verdict (paper here: the e2e server does not trade live), capital and broker, sorts the
 * board, and goes to the member's accounts from it; on a phone the rows are cards.
 */
import type { Page } from '@playwright/test';
import { subscriptionBody } from '../factories/subscriptions';
import { accountsOf, createMember } from './admin-people-support';
import { expect, test } from './support/fixtures';

/** A new member with one account subscribed to the first algo, made by the logged-in admin. */
async function subscribedAccount(page: Page) {
  const member = await createMember(page);
  const [account] = await accountsOf(page, member.trabot_client_id);
  const accountId = account!.trabot_account_id;
  const [algo] = (await (await page.request.get('/api/algos')).json()) as { algo_id: number }[];
  const saved = await page.request.post(`/api/admin/accounts/${accountId}/save-algo-subscription`, {
    data: subscriptionBody(
      { row_id: null, algo_id: algo!.algo_id, trabot_account_id: accountId },
      { max_total_capital: 275000 },
    ),
  });
  expect(saved.status(), await saved.text()).toBe(201);
  return { member, accountId };
}

test('a superadmin reads the readiness board, sorts it and goes to the member from it', async ({ page, login }) => {
  await login({ role: 'superadmin' });
  const { member, accountId } = await subscribedAccount(page);
  await page.goto('/dashboard/admin');
  await page.getByRole('link', { name: 'Readiness' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/readiness$/);

  const row = page
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: String(accountId), exact: true }) });
  await expect(row).toContainText('paper');
  await expect(row).toContainText(member.name);
  await expect(row).toContainText('₹2,75,000.00');
  await page.getByLabel('Sort by').selectOption({ label: 'Account' });
  const ids = await page.getByRole('rowheader').allTextContents();
  expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => a - b));

  await row.getByRole('link', { name: member.name }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/admin/members/${member.trabot_client_id}/accounts$`));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each account is a card with its verdict', async ({ page, login }) => {
    await login({ role: 'superadmin' });
    const { accountId } = await subscribedAccount(page);
    await page.goto('/dashboard/admin/readiness');
    const card = page.getByRole('listitem').filter({ hasText: `Account ${accountId}` });
    await expect(card).toContainText('paper');
    await expect(card).toContainText('₹2,75,000.00');
  });
});
