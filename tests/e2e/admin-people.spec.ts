/**
 * The super-admin's people screens in Chromium against the real server: members (add and edit, the
 * list refreshing after each save), member users (blank password keeps the old one, duplicate email),
 * member accounts with the broker modal, algo subscriptions, and an account's trades with the trade
 * edit form. Each test works on records it creates itself, so the tests may run side by side.
 */
import type { Page } from '@playwright/test';
import type { Member } from '@shared/schemas/admin/members';
import { accountsOf, choose, createMember, modal, nextRequestBody, rowOf, unique } from './admin-people-support';
import { CREDENTIALS } from './support/credentials';
import { expect, test } from './support/fixtures';

test.beforeEach(async ({ login }) => {
  await login({ role: 'superadmin' });
});

test('members: Add Member and Edit in a modal, dates sent as yyyy-mm-dd, the list refreshing after each save', async ({
  page,
}) => {
  await page.goto('/dashboard/admin/members');
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText([
    'Client ID',
    'Name',
    'Phone',
    'Email',
    'Activation Date',
    'Expiry Date',
    'Last Updated',
    'Edit',
    'Users',
    'Accounts',
  ]);

  await page.getByRole('button', { name: 'Add Member' }).click();
  const form = modal(page, 'Add Member');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Phone is required')).toBeVisible();

  const name = unique('E2E Asha');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Phone').fill('+919811111111');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Activation Date').fill('2027-01-01');
  await form.getByLabel('Expiry Date').fill('2027-12-31');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a valid email')).toBeVisible();

  await form.getByLabel('Email').fill('asha.e2e@example.com');
  const created = nextRequestBody(page, 'PUT', '/api/members');
  await form.getByRole('button', { name: 'Save' }).click();
  expect(await created).toEqual({
    name,
    phone_no: '+919811111111',
    email_id: 'asha.e2e@example.com',
    activation_date: '2027-01-01',
    expiry_date: '2027-12-31',
  });
  await expect(page.getByText('Member updated successfully')).toBeVisible();
  await expect(page.locator('ion-modal form')).toHaveCount(0);
  const row = table.locator('tbody tr').filter({ hasText: name });
  await expect(row).toContainText('01/01/2027');
  await expect(row).toContainText('31/12/2027');

  await row.getByRole('button', { name: `Edit member ${name}` }).click();
  const edit = modal(page, /Edit Member \d+/);
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await expect(edit.getByLabel('Activation Date')).toHaveValue('2027-01-01');
  await edit.getByLabel('Phone').fill('+919822222222');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Member updated successfully').last()).toBeVisible();
  await expect(row).toContainText('+919822222222');
});

test.describe('member users', () => {
  // The browser logs the duplicate email's 409 answer itself, and the refused blank password's 400.
  test.use({ allowedConsoleErrors: [/status of 40[09]/] });

  test('add, edit with a blank password, and the duplicate email message', async ({ page }) => {
    const member: Member = await createMember(page);
    await page.goto(`/dashboard/admin/members/${member.trabot_client_id}/users`);
    await expect(page.getByText('No users found')).toBeVisible();

    const email = `${unique('e2e-user').replace(/\s/g, '-')}@example.com`;
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = modal(page, 'Add User');
    await add.getByLabel('Name').fill('Ravi E2E');
    await add.getByLabel('Email').fill(email);
    await add.getByRole('button', { name: 'Save' }).click();
    // Mail is off on this server: a new user without a password would have no way in.
    await expect(add.getByText('Mail is off: give the new user a password')).toBeVisible();
    await add.getByLabel('Password', { exact: true }).fill('e2e-user-password');
    const created = nextRequestBody(page, 'POST', `/api/members/${member.trabot_client_id}/users`);
    await add.getByRole('button', { name: 'Save' }).click();
    const [account] = await accountsOf(page, member.trabot_client_id);
    expect(await created).toEqual({
      name: 'Ravi E2E',
      email,
      password: 'e2e-user-password',
      account_id: account!.trabot_account_id,
    });
    await expect(page.getByText('User saved successfully')).toBeVisible();
    const table = page.getByRole('table');
    const row = table.locator('tbody tr').filter({ hasText: email });
    await expect(row).toContainText('Ravi E2E');

    await row.getByRole('button', { name: `Edit user ${email}` }).click();
    const edit = modal(page, /Edit User \d+/);
    await expect(edit.getByText('Leave blank to keep the current password')).toBeVisible();
    await expect(edit.getByLabel('Password', { exact: true })).toHaveValue('');
    await edit.getByLabel('Name').fill('Ravi Kumar E2E');
    const updated = nextRequestBody(page, 'PUT', /\/api\/members\/\d+\/users\/\d+$/);
    await edit.getByRole('button', { name: 'Save' }).click();
    expect(await updated).toMatchObject({ name: 'Ravi Kumar E2E', password: '' });
    await expect(page.getByText('User saved successfully').last()).toBeVisible();
    await expect(row).toContainText('Ravi Kumar E2E');

    // The demo member's login already has this email (any case).
    await page.getByRole('button', { name: 'Add User' }).click();
    const duplicate = modal(page, 'Add User');
    await duplicate.getByLabel('Name').fill('Second login');
    await duplicate.getByLabel('Email').fill(CREDENTIALS.member.email.toUpperCase());
    await duplicate.getByLabel('Password', { exact: true }).fill('another-password');
    await duplicate.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Failed to update member, please check if user already exists')).toBeVisible();
    await expect(duplicate.getByLabel('Email')).toHaveValue(CREDENTIALS.member.email.toUpperCase());
    await expect(table.locator('tbody tr')).toHaveCount(1);
  });
});

test('member accounts: statuses, links, and the broker modal with the admin broker list', async ({ page }) => {
  const member = await createMember(page);
  const [account] = await accountsOf(page, member.trabot_client_id);
  const accountId = account!.trabot_account_id;
  await page.goto(`/dashboard/admin/members/${member.trabot_client_id}/accounts`);
  const row = rowOf(page, accountId);
  await expect(row).toContainText('ACTIVE');
  await expect(row).toContainText('INVALID');
  await expect(row.getByRole('cell').nth(5)).toHaveText('N.A.'); // Broker Key Update time
  await expect(row.getByRole('link', { name: `Subscribed algos of account ${accountId}` })).toHaveAttribute(
    'href',
    `/dashboard/admin/members/${member.trabot_client_id}/accounts/${accountId}/algos`,
  );
  await expect(row.getByRole('link', { name: `Trades of account ${accountId}` })).toHaveAttribute(
    'href',
    `/dashboard/admin/members/${member.trabot_client_id}/accounts/${accountId}/trades`,
  );

  await row.getByRole('button', { name: `Edit broker details of account ${accountId}` }).click();
  const form = modal(page, `Broker details of account ${accountId}`);
  await expect(form.getByLabel('Broker Client ID')).toHaveValue('');
  const clientId = unique('AO').replace(/\s/g, '-');
  await choose(page, form, 'Broker Name', 'angelone');
  await form.getByLabel('Broker Client ID').fill(clientId);
  await form.getByLabel('Broker Access Key', { exact: true }).fill('e2e-angel-secret-key');
  const saved = nextRequestBody(page, 'POST', `/api/${accountId}/update-broker-details`);
  await form.getByRole('button', { name: 'Save' }).click();
  expect(await saved).toEqual({
    broker_name: 'angelone',
    broker_client_id: clientId,
    broker_access_key: 'e2e-angel-secret-key',
  });
  await expect(page.getByText('Broker details updated successfully')).toBeVisible();
  await expect(page.locator('ion-modal form')).toHaveCount(0);
  await expect(row).toContainText('angelone');
  await expect(row).toContainText(clientId);

  // Unchanged fields close the modal without a call.
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST') posts.push(req.url());
  });
  await row.getByRole('button', { name: `Edit broker details of account ${accountId}` }).click();
  const again = modal(page, `Broker details of account ${accountId}`);
  await expect(again.getByLabel('Broker Client ID')).toHaveValue(clientId);
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('ion-modal form')).toHaveCount(0);
  expect(posts).toEqual([]);
});

test('algo subscriptions: add from the algo list and edit, numbers sent as numbers', async ({ page }) => {
  const member = await createMember(page);
  const [account] = await accountsOf(page, member.trabot_client_id);
  const accountId = account!.trabot_account_id;
  await page.goto(`/dashboard/admin/members/${member.trabot_client_id}/accounts/${accountId}/algos`);
  await expect(page.getByText('No algo subscriptions found')).toBeVisible();

  await page.getByRole('button', { name: 'Add new Subscription' }).click();
  const form = modal(page, 'Add new Subscription');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Max Total Capital is required')).toBeVisible();
  await choose(page, form, 'Algo', await firstAlgoLabel(page));
  await form.getByLabel('Max Total Capital').fill('250000');
  await form.getByLabel('Risk % Per Trade').fill('1.5');
  await form.getByLabel('Max % Allocation Per Trade').fill('25');
  await form.getByLabel('Min % Allocation Per Trade').fill('5');
  await form.getByLabel('Min Required Risk-Reward').fill('2');
  await form.getByLabel('Max Acceptable Loss').fill('10000');
  const saved = nextRequestBody(page, 'POST', `/api/admin/accounts/${accountId}/save-algo-subscription`);
  await form.getByRole('button', { name: 'Save' }).click();
  expect(await saved).toMatchObject({
    row_id: null,
    trabot_account_id: accountId,
    max_total_capital: 250000,
    risk_percent_pertrade: 1.5,
    max_percent_allocation_pertrade: 25,
    min_percent_allocation_pertrade: 5,
    min_required_risk_reward: 2,
    subscription_status: 'active',
    max_acceptable_loss: 10000,
  });
  await expect(page.getByText('Algo subscription saved successfully')).toBeVisible();
  const row = page.locator('tbody tr').first();
  await expect(row).toContainText('2,50,000');
  await expect(row).toContainText('active');

  await row.getByRole('button', { name: /^Edit subscription \d+$/ }).click();
  const edit = modal(page, /Edit Subscription \d+/);
  await expect(edit.getByLabel('Max Total Capital')).toHaveValue('250000');
  await choose(page, edit, 'Subscription Status', 'inactive');
  await edit.getByLabel('Max Acceptable Loss').fill('12000');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Algo subscription saved successfully').last()).toBeVisible();
  await expect(row).toContainText('inactive');
  await expect(row).toContainText('12,000');
  await expect(page.locator('tbody tr')).toHaveCount(1);
});

/** How the Algo select labels the first algo of GET /api/algos. */
async function firstAlgoLabel(page: Page): Promise<string> {
  const res = await page.request.get('/api/algos');
  const [algo] = (await res.json()) as { algo_id: number; algo_desc: string }[];
  return `${algo!.algo_id} - ${algo!.algo_desc}`;
}

test("an account's trades: the member trades view with Edit, and the trade edit form", async ({ page }) => {
  const members = (await (await page.request.get('/api/members')).json()) as Member[];
  const demo = members.find((m) => m.email_id === CREDENTIALS.member.email);
  if (!demo) throw new Error('no demo member');
  const [account] = await accountsOf(page, demo.trabot_client_id);
  await page.goto(
    `/dashboard/admin/members/${demo.trabot_client_id}/accounts/${account!.trabot_account_id}/trades?status=completed`,
  );
  await expect(
    page.getByRole('heading', { level: 1, name: `Trades of account ${account!.trabot_account_id}` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Edit' })).toBeVisible();
  const row = table.locator('tbody > tr').first();
  const tradeId = (await row.getByRole('rowheader').innerText()).trim();

  await row.getByRole('button', { name: 'Edit' }).click();
  const form = modal(page, `Edit Trade ${tradeId}`);
  await expect(form.getByRole('region', { name: 'Trade (read-only)' })).toContainText(tradeId);
  const original = {
    stoploss: await form.getByLabel('Stoploss Trade Number').inputValue(),
    ltp: await form.getByLabel('LTP').inputValue(),
  };
  const marker = unique('SL').replace(/\s/g, '-');
  await form.getByLabel('Stoploss Trade Number').fill(marker);
  await form.getByLabel('LTP').fill('');
  const saved = nextRequestBody(page, 'POST', `/api/admin/trades/${tradeId}`);
  await form.getByRole('button', { name: 'Save' }).click();
  const body = (await saved) as Record<string, unknown>;
  expect(body.trade_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // The status was not touched: none is sent, and the completed trade stays completed.
  expect(body).not.toHaveProperty('trade_status');
  expect(typeof body.trade_quantity).toBe('number');
  expect(body.ltp).toBeNull();
  expect(body.stoploss_trade_number).toBe(marker);
  await expect(page.getByText('Trade updated successfully')).toBeVisible();
  await expect(page.locator('ion-modal form')).toHaveCount(0);
  // The stoploss trade number is one of the fields under the row's Details.
  const details = page.getByRole('button', { name: `Details, entries and exits of trade ${tradeId}` });
  await details.click();
  const detailsRow = page.locator(`#trade-${tradeId}-details`);
  await expect(detailsRow).toContainText(marker);

  // Put the demo trade's values back.
  await row.getByRole('button', { name: 'Edit' }).click();
  const restore = modal(page, `Edit Trade ${tradeId}`);
  await restore.getByLabel('Stoploss Trade Number').fill(original.stoploss);
  await restore.getByLabel('LTP').fill(original.ltp);
  await restore.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Trade updated successfully').last()).toBeVisible();
  await expect(detailsRow).not.toContainText(marker);
});
