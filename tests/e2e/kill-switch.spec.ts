/**
 * The kill switch of one account in Chromium: a superadmin halts a member's account
 * from the accounts list with a reason (a reason is asked for first), sees it there and on Admin
 * home, and resumes it after a confirmation. (Halting all trading is not tried here: the e2e server
 * is shared with tests whose signals must trade; its screen is unit-tested.)
 */
import { accountsOf, createMember, modal, rowOf } from './admin-people-support';
import { expect, test } from './support/fixtures';

test("a superadmin halts a member's account with a reason and resumes it", async ({ page, login }) => {
  await login({ role: 'superadmin' });
  const member = await createMember(page);
  const [account] = await accountsOf(page, member.trabot_client_id);
  const accountId = account!.trabot_account_id;
  await page.goto(`/dashboard/admin/members/${member.trabot_client_id}/accounts`);
  const row = rowOf(page, accountId);

  await row.getByRole('button', { name: `Halt account ${accountId}` }).click();
  const form = modal(page, `Halt account ${accountId}`);
  await form.getByRole('button', { name: 'Halt' }).click();
  await expect(form.getByText('Reason is required')).toBeVisible();
  await form.getByLabel('Reason').fill('member asked to pause');
  await form.getByText('Also close running trades at market').click();
  const sent = page.waitForRequest(
    (req) => req.method() === 'POST' && new URL(req.url()).pathname === `/api/admin/accounts/${accountId}/halt`,
  );
  await form.getByRole('button', { name: 'Halt' }).click();
  expect((await sent).postDataJSON()).toEqual({ reason: 'member asked to pause', square_off: true });
  await expect(page.getByText(`Account ${accountId} halted: no new entries`)).toBeVisible();
  await expect(row).toContainText('HALTED member asked to pause');

  await page.goto('/dashboard/admin');
  await expect(page.getByRole('list', { name: 'Halted accounts' })).toContainText(
    `Account ${accountId}: HALTED member asked to pause`,
  );

  await page.goto(`/dashboard/admin/members/${member.trabot_client_id}/accounts`);
  await rowOf(page, accountId)
    .getByRole('button', { name: `Resume account ${accountId}` })
    .click();
  await modal(page, `Resume account ${accountId}?`).getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(page.getByText(`Account ${accountId} resumed`)).toBeVisible();
  await expect(rowOf(page, accountId)).not.toContainText('HALTED');
  await expect(rowOf(page, accountId).getByRole('button', { name: `Halt account ${accountId}` })).toBeVisible();
});
