/**
 * Prices on the instrument's tick (Edit Levels shows the server's refusal under the level's field)
 * and the order records' CSV download of the admin's Order Records screen.
 */
import type { Page } from '@playwright/test';
import { indiaToday } from '@shared/ist';
import type { AddSignalBody, Algo, Signal } from '@shared/schemas/admin/algos';
import { expect, test } from './support/fixtures';

async function swingAlgoId(page: Page): Promise<number> {
  const res = await page.request.get('/api/algos');
  expect(res.status()).toBe(200);
  const algo = ((await res.json()) as Algo[]).find((a) => /^Swing momentum/.test(a.algo_desc));
  if (!algo) throw new Error('no demo swing algo');
  return algo.algo_id;
}

/** A fresh pending TCS signal (NSE's 1,000-5,000 band: a tick of 0.10), made through the API. */
async function createSignal(page: Page, algoId: number): Promise<Signal> {
  const body: AddSignalBody = {
    trade_gen_ts: '2026-11-20',
    exchange: 'NSE',
    instrument_symbol: 'TCS',
    instrument_type: 'EQ',
    trade_direction: 'long',
    trade_type: 'swing',
    entry_level: 4000,
    stop_loss_level: 3900,
    target_level: 4250,
    risk_reward: 2.5,
    portion_in_trade: 100,
    process_signal: false,
  };
  const res = await page.request.put(`/api/algos/${algoId}/signals`, { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Signal;
}

test.describe('the tick', () => {
  // The refused save's 400 is logged by the browser; it is the answer under test.
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test('Edit Levels shows a stop-loss off the tick under its field, and saves it on the tick', async ({
    page,
    login,
  }) => {
    await login({ role: 'superadmin' });
    const signal = await createSignal(page, await swingAlgoId(page));
    await page.goto(`/dashboard/admin/algos/${signal.algo_id}/signals`);
    await page.getByRole('button', { name: `Edit Levels, signal ${signal.signal_id}` }).click();
    const dialog = page.locator('ion-modal').filter({ hasText: `Edit Levels: signal ${signal.signal_id}` });
    await dialog.getByLabel('Stop-loss Level').fill('3900.05');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const message = 'Stop-loss 3900.05 is not on the tick of 0.10 for TCS';
    await expect(dialog.getByText(message)).toBeVisible();
    await expect(dialog.getByLabel('Stop-loss Level')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toHaveCount(1); // the modal stays open on a failure

    await dialog.getByLabel('Stop-loss Level').fill('3900.1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    const row = page
      .locator('tbody tr')
      .filter({ has: page.getByRole('rowheader', { name: String(signal.signal_id), exact: true }) });
    await expect(row.locator('td').nth(5)).toContainText('Stoploss3,900.1');
  });
});

test('Order Records downloads the CSV of the days chosen', async ({ page, login }) => {
  await login({ role: 'superadmin' });
  await page.goto('/dashboard/admin');
  await page.getByRole('link', { name: 'Order Records' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Records' })).toBeVisible();
  const today = indiaToday();
  await expect(page.getByLabel('From')).toHaveValue(today);
  await expect(page.getByLabel('To')).toHaveValue(today);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`order-records-${today}-to-${today}.csv`);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  const records = text.split('\r\n');
  expect(records[0]).toBe(
    'event_id,at,kind,action,broker,leg_id,trabot_trade_id,trabot_account_id,signal_id,manual_order_id,client_order_id,broker_order_id,exchange,symbol,side,product,order_type,quantity,limit_price,trigger_price,state,previous_state,filled_quantity,average_price,message',
  );
  expect(records.at(-1)).toBe('');
  for (const row of records.slice(1, -1))
    expect(row).toMatch(/^\d+,\d{4}-\d{2}-\d{2}T[\d:.]+Z,(request|answer|status),/);
  await expect(page).toHaveURL(/\/dashboard\/admin\/order-records$/);
});
