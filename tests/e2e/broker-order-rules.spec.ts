/**
 * The 2026 order rules on the admin screens, in Chromium: a superadmin sets an algo's exchange
 * Algo ID on the algos screen, an account's own order address on the member's accounts screen (a
 * wrong one refused, naming the field), and reads a live account's order address on the readiness
 * board (the e2e server's BROKER_SOURCE_ADDRESS is 127.0.0.2).
 */
import { subscriptionBody } from '../factories/subscriptions';
import { accountsOf, createMember } from './admin-people-support';
import { expect, test } from './support/fixtures';

// The wrong values are refused (400) on purpose.
test.use({ allowedConsoleErrors: [/status of 400/] });

test("a superadmin registers an algo's exchange Algo ID on the algos screen", async ({ page, login }) => {
  await login({ role: 'superadmin' });
  const [algo] = (await (await page.request.get('/api/algos')).json()) as { algo_id: number }[];
  await page.goto('/dashboard/admin/algos');
  const field = page.getByLabel(`Exchange Algo ID of algo ${algo!.algo_id}`, { exact: true });
  await field.fill('bad id!');
  await page.getByRole('button', { name: `Save Exchange Algo ID of algo ${algo!.algo_id}` }).click();
  await expect(page.getByText(/Invalid body: exchange_algo_id/)).toBeVisible();
  await field.fill('NSE778899');
  await page.getByRole('button', { name: `Save Exchange Algo ID of algo ${algo!.algo_id}` }).click();
  await expect(page.getByText(`Algo ${algo!.algo_id}: live orders carry exchange Algo ID NSE778899`)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`Exchange Algo ID of algo ${algo!.algo_id}`, { exact: true })).toHaveValue('NSE778899');
  const listed = (await (await page.request.get('/api/algos')).json()) as {
    algo_id: number;
    exchange_algo_id: string;
  }[];
  expect(listed.find((a) => a.algo_id === algo!.algo_id)!.exchange_algo_id).toBe('NSE778899');
});

test("a superadmin sets a live account's own order address and reads it on the readiness board", async ({
  page,
  login,
}) => {
  await login({ role: 'superadmin' });
  const member = await createMember(page);
  const [account] = await accountsOf(page, member.trabot_client_id);
  const accountId = account!.trabot_account_id;
  const [algo] = (await (await page.request.get('/api/algos')).json()) as { algo_id: number }[];
  const saved = await page.request.post(`/api/admin/accounts/${accountId}/save-algo-subscription`, {
    data: subscriptionBody({ row_id: null, algo_id: algo!.algo_id, trabot_account_id: accountId }),
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const broker = await page.request.post(`/api/${accountId}/update-broker-details`, {
    data: { broker_name: 'zerodha', broker_client_id: 'ZE1234', broker_access_key: '' },
  });
  expect(broker.status(), await broker.text()).toBe(200);

  await page.goto(`/dashboard/admin/members/${member.trabot_client_id}/accounts`);
  const field = page.getByLabel(`Order address of account ${accountId}`, { exact: true });
  const save = page.getByRole('button', { name: `Save Order address of account ${accountId}` });
  await field.fill('somewhere');
  await save.click();
  await expect(page.getByText(/Invalid body: order_source/)).toBeVisible();
  await field.fill('127.0.0.9');
  await save.click();
  await expect(page.getByText(`Account ${accountId}: live orders leave from 127.0.0.9`)).toBeVisible();
  await page.getByLabel(`Trading mode of account ${accountId}`).selectOption('live');
  await expect(page.getByText(`Account ${accountId} now trades live`)).toBeVisible();

  await page.goto('/dashboard/admin/readiness');
  const row = page
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: String(accountId), exact: true }) });
  await expect(row).toContainText('LIVE');
  await expect(row).toContainText('127.0.0.9');

  // Back to the server's address: the board says so; and back to paper.
  const cleared = await page.request.post(`/api/admin/accounts/${accountId}/order-source`, {
    data: { order_source: null },
  });
  expect(await cleared.json()).toMatchObject({ order_source: null, order_address: '127.0.0.2' });
  await page.reload();
  await expect(row).toContainText('127.0.0.2');
  const paper = await page.request.post(`/api/admin/accounts/${accountId}/trading-mode`, { data: { mode: 'paper' } });
  expect(paper.status()).toBe(200);
});
