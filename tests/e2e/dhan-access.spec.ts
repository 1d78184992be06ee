/**
 * Dhan on an individual API key (the e2e server's: one Dhan client), in Chromium: where a member
 * or the superadmin picks Dhan as the broker the form says Dhan serves one account only, and a
 * second, different Dhan client is refused with the server's words under Broker Client ID, the
 * typed value kept and the form still open. The one client is DH-E2E-1, the Dhan client
 * member-account.spec saves too (specs run in parallel on one server).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { accountsOf, choose, createMember, modal, rowOf } from './admin-people-support';
import { expect, test } from './support/fixtures';

// The refused save (409) is the browser's own console error.
test.use({ allowedConsoleErrors: [/status of 409/] });

const ONE_CLIENT = 'DH-E2E-1';
const NOTE = 'Dhan: one account only (individual API key)';

/** An account of a new member naming the one Dhan client; answers how to put it back. */
async function holdTheDhanClient(adminApi: APIRequestContext): Promise<() => Promise<unknown>> {
  const member = await createMember(adminApi);
  const res = await adminApi.get(`/api/admin/members/${member.trabot_client_id}/accounts`);
  const [account] = (await res.json()) as { trabot_account_id: number }[];
  const path = `/api/${account!.trabot_account_id}/update-broker-details`;
  const saved = await adminApi.post(path, {
    data: { broker_name: 'dhan', broker_client_id: ONE_CLIENT, broker_access_key: '' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return () => adminApi.post(path, { data: { broker_name: 'none', broker_client_id: '', broker_access_key: '' } });
}

/** The Broker Name select's note and the Broker Client ID's error, inside the open form. */
const note = (page: Page) => page.locator('ion-modal').getByText(NOTE);

test('the superadmin picks Dhan: the modal says one account only, and a second Dhan client is refused at the field', async ({
  page,
  login,
  adminApi,
}) => {
  const release = await holdTheDhanClient(adminApi);
  try {
    await login({ role: 'superadmin' });
    const member = await createMember(page);
    const [account] = await accountsOf(page, member.trabot_client_id);
    const accountId = account!.trabot_account_id;
    await page.goto(`/dashboard/admin/members/${member.trabot_client_id}/accounts`);
    await rowOf(page, accountId)
      .getByRole('button', { name: `Edit broker details of account ${accountId}` })
      .click();
    const form = modal(page, `Broker details of account ${accountId}`);
    await expect(form.getByLabel('Broker Client ID')).toHaveValue('');
    await expect(note(page)).toHaveCount(0);

    await choose(page, form, 'Broker Name', 'dhan');
    await expect(note(page)).toBeVisible();
    await form.getByLabel('Broker Client ID').fill('DH-E2E-2');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      form.getByText(
        `Dhan is set up with an individual API key, which serves one Dhan account (client ${ONE_CLIENT}). Set up Dhan partner access (DHAN_PARTNER_ID, DHAN_PARTNER_SECRET) to add more.`,
      ),
    ).toBeVisible();
    await expect(form.getByLabel('Broker Client ID')).toHaveValue('DH-E2E-2');
    await expect(form).toBeVisible();

    // The one client is accepted; another broker carries no note.
    await form.getByLabel('Broker Client ID').fill(ONE_CLIENT);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Broker details updated successfully')).toBeVisible();
    await expect(form).toBeHidden();
    const [saved] = await accountsOf(page, member.trabot_client_id);
    expect(saved).toMatchObject({ broker_name: 'dhan', broker_client_id: ONE_CLIENT });
    await rowOf(page, accountId)
      .getByRole('button', { name: `Edit broker details of account ${accountId}` })
      .click();
    const again = modal(page, `Broker details of account ${accountId}`);
    await expect(note(page)).toBeVisible();
    await choose(page, again, 'Broker Name', 'zerodha');
    await expect(note(page)).toHaveCount(0);
    await again.getByLabel('Broker Client ID').fill('ZE4321');
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(again).toBeHidden();
  } finally {
    await release();
  }
});

test("a member picks Dhan in Account Settings: the form says one account only; another member's client taken is refused at the field", async ({
  page,
  login,
  adminApi,
}) => {
  const release = await holdTheDhanClient(adminApi);
  try {
    await login();
    await page.goto('/dashboard/account-settings');
    await page.getByRole('button', { name: 'Edit Broker Details' }).click();
    const form = modal(page, 'Edit Broker Details');
    await choose(page, form, 'Broker Name', 'dhan');
    await expect(note(page)).toBeVisible();
    await form.getByLabel('Broker Client ID').fill('1100220033');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      form.getByText(
        'Dhan is set up with an individual API key, which serves one Dhan account, already in use. Ask the firm to set up Dhan partner access to add more.',
      ),
    ).toBeVisible();
    await expect(form.getByLabel('Broker Client ID')).toHaveValue('1100220033');
    await expect(form).toBeVisible();
    // The page behind still shows the account as stored (no broker yet).
    const stored = (await (await page.request.get('/api/account-details')).json()) as Record<string, unknown>;
    expect(stored).toMatchObject({ broker_name: 'none', broker_client_id: '', dhan_access: 'individual' });
  } finally {
    await release();
  }
});
