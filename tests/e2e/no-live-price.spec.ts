/**
 * A member's live trade without a fresh price from its broker (issue 24): the trades table says
 * "no live price · <age>" in its LTP cell and "unknown" as its MTM. The server's answer is taken
 * as it is and one running trade in it is made a stale live trade (the engine's side is covered by
 * tests/integration/engine/live-prices.test.ts against each broker's fake).
 */
import type { Trade } from '@shared/schemas/trades';
import { expect, test } from './support/fixtures';
import { columnTexts } from './member-support';

test('a member sees "no live price" with its age, and an unknown MTM, on a stale live trade', async ({
  page,
  login,
}) => {
  let staleId = 0;
  await page.route('**/api/account-trades?status=active', async (route) => {
    const response = await route.fetch();
    const trades = (await response.json()) as Trade[];
    const running = trades.find((t) => t.trade_status === 'running');
    if (running) {
      staleId = running.trabot_trade_id;
      Object.assign(running, {
        broker: 'fyers',
        ltp_stale: true,
        ltp_at: new Date(Date.now() - 125_000).toISOString(),
        current_mtm: null,
      });
    }
    await route.fulfill({ response, json: trades });
  });
  await login({ demo: true });
  await page.goto('/dashboard/trades');
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  expect(staleId, 'the demo has a running trade').toBeGreaterThan(0);
  await expect.poll(() => columnTexts(table, 'LTP')).toContain('no live price · 2 min');
  expect(await columnTexts(table, 'MTM')).toContain('unknown');
  // The other running trades keep their prices.
  for (const ltp of await columnTexts(table, 'LTP'))
    if (!ltp.startsWith('no live price')) expect(ltp).toMatch(/^₹[\d,]+\.\d{2}/);
});
