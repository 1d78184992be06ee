/**
 * The P&L card's "n trades without a live price" in Chromium (issue 24), against the real engine
 * and a local Kite of this file's own (tests/support/fake-kite.ts): a server of its own trades a
 * member's Zerodha account live. Two trades run, priced by Kite: the card shows the open MTM and no
 * such line. Kite's market data goes down: after LIVE_PRICE_MAX_AGE_MS (3 s here) neither trade has
 * a live price, their MTM is unknown, and the card (refreshing on its own) says "2 trades without a
 * live price". The demo member, whose running paper trades are priced by the feed, never sees the
 * line; once Kite answers again, neither does the live member.
 */
import type { Page } from '@playwright/test';
import type { AccountPnl } from '@shared/schemas/pnl';
import { formatSignedRupees } from '@shared/format';
import { contextAs, liveKiteMember, ok, liveKiteServerForFile } from './live-kite-support';
import { CREDENTIALS } from './support/credentials';
import { expect, test, waitForTakeover } from './support/fixtures';

// Two entries at Kite, then prices that age out.
test.setTimeout(180_000);

const SYMBOLS = ['ITC', 'SBIN'];

const world = liveKiteServerForFile({ LIVE_PRICE_POLL_MS: '1000', LIVE_PRICE_MAX_AGE_MS: '3000' });

const summary = (page: Page) => page.getByRole('region', { name: 'Profit & loss' });
const openMtm = (page: Page) =>
  summary(page)
    .locator('.pnl-figure')
    .filter({ has: page.locator('dt').getByText('Open MTM', { exact: true }) })
    .locator('dd');
const unpricedLine = (page: Page) => summary(page).getByText(/^\d+ trades? without a live price$/);

test('a live member whose trades have no live price reads how many; a member whose trades are priced does not', async ({
  browser,
}) => {
  const adminContext = await contextAs(browser, world.server.url, CREDENTIALS.admin.email, CREDENTIALS.admin.password);
  const admin = adminContext.request;
  const member = await liveKiteMember(admin, world.kite, { kiteUser: 'ZE2E24P', symbols: SYMBOLS, login: 'unpriced' });
  for (const symbol of SYMBOLS)
    await expect
      .poll(async () => (await member.tradeOf(symbol))?.trade_status, { timeout: 60_000, message: `${symbol} runs` })
      .toBe('running');
  const pnlOf = () =>
    ok<AccountPnl>(admin.get(`/api/account-pnl?adminAccountId=${member.accountId}`), "the member's P&L");
  // Priced by Kite: both trades' MTM is known.
  await expect
    .poll(async () => (await member.trades()).filter((t) => t.current_mtm !== null).length, {
      timeout: 30_000,
      message: 'both priced by Kite',
    })
    .toBe(2);

  const memberContext = await contextAs(browser, world.server.url, member.email, member.password);
  const demoContext = await contextAs(browser, world.server.url, CREDENTIALS.member.email, CREDENTIALS.member.password);
  try {
    const page = await memberContext.newPage();
    await page.goto('/dashboard/trades');
    await waitForTakeover(page);
    await expect(openMtm(page)).toHaveText(/^[+-]?₹[\d,]+\.\d{2}$/);
    await expect(unpricedLine(page)).toHaveCount(0);

    // Kite's market data goes down: the prices age out and neither trade's MTM is invented.
    world.kite.quotesDown({ status: 503 });
    await expect
      .poll(async () => (await pnlOf()).unpriced_trades, { timeout: 30_000, message: 'both unpriced' })
      .toBe(2);
    const unpriced = await pnlOf();
    expect(unpriced.unrealized).toBe(0);
    // The card refreshes on its own and counts them; the open MTM leaves them out.
    await expect(summary(page).getByText('2 trades without a live price', { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(openMtm(page)).toHaveText(`${formatSignedRupees(unpriced.unrealized)}2 trades without a live price`);

    // The demo member's running trades are paper, priced by the feed: no such line for them.
    const demo = await demoContext.newPage();
    await demo.goto('/dashboard/trades');
    await waitForTakeover(demo);
    await expect(openMtm(demo)).toHaveText(/^[+-]?₹[\d,]+\.\d{2}$/);
    await expect(unpricedLine(demo)).toHaveCount(0);

    // Kite answers again: both trades are priced and the line goes.
    world.kite.quotesDown(null);
    await expect(unpricedLine(page)).toHaveCount(0, { timeout: 20_000 });
    await expect(openMtm(page)).toHaveText(/^[+-]?₹[\d,]+\.\d{2}$/);
    expect((await pnlOf()).unpriced_trades).toBe(0);
  } finally {
    await memberContext.close();
    await demoContext.close();
    await adminContext.close();
  }
});
