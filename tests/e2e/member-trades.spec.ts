import type { Locator } from '@playwright/test';
import { formatNumber, formatRupees } from '@shared/format';
import { expect, test } from './support/fixtures';
import {
  columnTexts,
  isUncovered,
  LAPTOP,
  OFFLINE_CONSOLE_ERRORS,
  OFFLINE_NOTICE,
  partlyExitedTrade,
  PHONE,
  reloadUnderServiceWorker,
  serverFailedNotice,
  tradeCard,
  waitForPersisted,
} from './member-support';

const TRADES_API = '**/api/account-trades?status=active';

test('a member sees the running trades in a table and filters them without another request', async ({
  page,
  login,
}) => {
  const requests: string[] = [];
  let firstRequestAt = 0;
  page.on('request', (request) => {
    if (!request.url().includes('/api/account-trades')) return;
    firstRequestAt ||= Date.now();
    requests.push(request.url());
  });
  await login({ demo: true });
  await page.goto('/dashboard/trades');

  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Trades' })).toBeVisible();
  const filter = page.getByLabel('Status');
  await expect(filter).toHaveValue('running');
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  await expect(page.getByRole('list', { name: 'Trades' })).toHaveCount(0);

  const statuses = await columnTexts(table, 'Status');
  expect(statuses.length).toBeGreaterThan(0);
  // A member never reads the admin's OPEN or CLOSED.
  for (const status of statuses) expect(status).toBe('RUNNING');
  // A running trade shows its last price with the signed % change from the entry price.
  for (const ltp of await columnTexts(table, 'LTP')) expect(ltp).toMatch(/^₹[\d,]+\.\d{2}\n[+-]?\d+\.\d{2}%$/);

  await filter.selectOption('completed');
  await expect(page).toHaveURL(/[?&]status=completed/);
  await expect.poll(() => columnTexts(table, 'Status')).not.toContain('RUNNING');
  for (const status of await columnTexts(table, 'Status')) expect(status).toBe('COMPLETED');
  for (const ltp of await columnTexts(table, 'LTP')) expect(ltp).toBe('N.A.');

  await filter.selectOption('pending');
  await expect(page).toHaveURL(/[?&]status=pending/);
  for (const value of await columnTexts(table, 'Remaining Qty')) expect(value).toBe('N.A.');
  for (const value of await columnTexts(table, 'Avg Entry')) expect(value).toBe('N.A.');

  // One load; the page's live refresh (every 5 s while visible) may add one per 5 s elapsed, but
  // switching the filter itself never asks the server.
  const liveRefreshes = Math.floor((Date.now() - firstRequestAt) / 5000);
  expect(requests.length).toBeGreaterThanOrEqual(1);
  expect(requests.length).toBeLessThanOrEqual(1 + liveRefreshes);
  for (const url of requests) expect(url).toMatch(/\/api\/account-trades\?status=active$/);
});

test('the tax P&L statement downloads as a CSV of the chosen financial year', async ({ page, login }) => {
  await login({ demo: true });
  await page.goto('/dashboard/trades');
  const year = page.getByLabel('Financial year');
  const previous = (await year.locator('option').nth(1).getAttribute('value'))!;
  await year.selectOption(previous);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download tax P&L' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^tax-pnl-FY${previous}-account-\\d+\\.csv$`));
  const text = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const lines = text.trimEnd().split('\n');
  expect(lines[0]).toBe(
    'Trade ID,Symbol,Buy date,Sell date,Quantity,Buy value,Sell value,Charges,P&L after charges,Class',
  );
  expect(lines.at(-1)).toMatch(/^Intraday turnover \(sum of absolute P&L\),-?[\d.]+$/);
});

test('entries and exits of a trade open under its row', async ({ page, login }) => {
  await login({ demo: true });
  await page.goto('/dashboard/trades');
  await page.getByLabel('Status').selectOption('completed');
  const toggle = page.getByRole('button', { name: /^Details, entries and exits of trade \d+$/ }).first();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('heading', { name: /^Entries \(\d+\)$/ }).first()).toBeVisible();
  await expect(page.getByText(/^Entry 1$/).first()).toBeVisible();
  await expect(page.getByText('Total charges').first()).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the trades read as cards, key numbers first, MTM coloured', async ({ page, login }) => {
    await login({ demo: true });
    await page.goto('/dashboard/trades');
    const list = page.getByRole('list', { name: 'Trades' });
    await expect(list).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = list.getByRole('article').first();
    await expect(card.getByRole('heading', { level: 2 })).toContainText('NSE');
    await expect(card.locator('.trade-card-keys dt').first()).toHaveText('Qty');
    // A trade with exits also shows what remains and the average exit (see the partly exited trade below).
    const keys = (await card.locator('.trade-card-keys dt').allTextContents()).join(', ');
    expect(['Qty, Avg Entry, LTP, MTM', 'Qty, Remaining Qty, Avg Entry, Avg Exit, LTP, MTM']).toContain(keys);
    const mtm = card.locator('.trade-card-keys dd').last().locator('.rupee');
    await expect(mtm).toHaveClass(/rupee--(gain|loss|flat)/);
    const colour = await mtm.evaluate((el) => getComputedStyle(el).color);
    const tone = (await mtm.getAttribute('class'))?.match(/rupee--(\w+)/)?.[1];
    if (tone === 'gain') expect(colour).toBe('rgb(20, 99, 46)');
    if (tone === 'loss') expect(colour).toBe('rgb(163, 25, 28)');
    await card.getByRole('button', { name: 'Details, entries and exits' }).click();
    await expect(card.getByText('Broker Trade No.')).toBeVisible();
    // The cards fit the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

/** The value under a label of a trade card or the account page. */
const valueIn = (scope: Locator, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');

test.describe('a partly exited trade on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the first running trade is whole on the first screen, under a compact summary; the rest a tap away or below', async ({
    page,
    login,
  }) => {
    await login({ demo: true });
    await page.goto('/dashboard/trades');
    const first = page.getByRole('list', { name: 'Trades' }).getByRole('listitem').first();
    await expect(first.getByRole('link', { name: /^View trade \d+$/ })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await first.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);

    // The summary: today, the month, open MTM; the periods, breakdown and curve behind one tap.
    const summary = page.getByRole('region', { name: 'Profit & loss' });
    await expect(summary.locator('dt')).toHaveText(['Today', 'This month', 'Open MTM']);
    await expect(page.getByRole('radio', { name: 'Month' })).toHaveCount(0);
    await summary.getByRole('button', { name: 'Periods, by algo and equity curve' }).click();
    await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
    await expect(summary.getByRole('button', { name: 'Show equity curve' })).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Show by algo' })).toBeVisible();
    // The downloads come after the trades.
    const list = (await page.getByRole('list', { name: 'Trades' }).boundingBox())!;
    const csv = (await page.getByRole('button', { name: 'Download CSV' }).boundingBox())!;
    expect(csv.y).toBeGreaterThan(list.y + list.height - 1);
    await expect(page.getByRole('link', { name: 'Download tax P&L' })).toBeAttached();
  });

  test('its card shows the remaining quantity, the average exit and that MTM is on the open part; ids behind Details', async ({
    page,
    login,
  }) => {
    await login({ demo: true });
    const trade = await partlyExitedTrade(page);
    const remaining = trade.remaining_quantity!;
    await page.goto('/dashboard/trades');
    const card = await tradeCard(page, trade.trade_instrument);
    const keys = card.locator('.trade-card-keys');
    await expect(keys.locator('dt')).toHaveText(['Qty', 'Remaining Qty', 'Avg Entry', 'Avg Exit', 'LTP', 'MTM']);
    await expect(valueIn(keys, 'Qty')).toHaveText(formatNumber(trade.trade_quantity));
    await expect(valueIn(keys, 'Remaining Qty')).toHaveText(formatNumber(remaining));
    await expect(valueIn(keys, 'Avg Exit')).toHaveText(formatRupees(trade.avg_exit_price));
    // The market moves it: a signed amount in rupees.
    await expect(valueIn(keys, 'MTM')).toHaveText(/^[+-]?₹[\d,]+\.\d{2}$/);
    await expect(card).toContainText(
      `${formatNumber(trade.trade_quantity - remaining)} of ${formatNumber(trade.trade_quantity)} exited at ${formatRupees(trade.avg_exit_price)} on average; MTM is on the ${formatNumber(remaining)} still open.`,
    );

    await card.getByRole('button', { name: 'Details, entries and exits' }).click();
    const details = card.locator('.trade-fields');
    await expect(valueIn(details, 'Trade ID')).toHaveText(String(trade.trabot_trade_id));
    await expect(valueIn(details, 'Broker Trade No.')).toHaveText(trade.broker_trade_number ?? 'N.A.');
    await expect(valueIn(details, 'Stoploss Trade No.')).toHaveText(trade.stoploss_trade_number ?? 'N.A.');
    await expect(card.getByRole('heading', { name: `Exits (${trade.trade_exits.length})` })).toBeVisible();
    await expect(card.getByRole('link', { name: `View trade ${trade.trabot_trade_id}` })).toHaveAttribute(
      'href',
      `/dashboard/trades/${trade.trabot_trade_id}`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

test.describe('the table on a laptop', () => {
  for (const width of [LAPTOP.width, 1280]) {
    test(`fits ${width} px: MTM and Trade Risk in view and uncovered; the partly exited trade's details under its row`, async ({
      page,
      login,
    }) => {
      await page.setViewportSize({ width, height: LAPTOP.height });
      await login({ demo: true });
      const trade = await partlyExitedTrade(page);
      await page.goto('/dashboard/trades');
      const table = page.getByRole('table');
      await expect(table).toBeVisible();
      const region = page.getByRole('region', { name: 'Trades table' });
      expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const row = table
        .locator('tbody > tr')
        .filter({ has: page.getByRole('link', { name: `View trade ${trade.trabot_trade_id}` }) });
      const headers = await table.locator('thead th').allTextContents();
      for (const header of ['MTM', 'Trade Risk', 'Remaining Qty', 'Avg Exit', 'Details']) {
        const index = headers.indexOf(header);
        expect(index, header).toBeGreaterThanOrEqual(0);
        for (const cell of [table.locator('thead th').nth(index), row.locator('> *').nth(index)]) {
          await cell.scrollIntoViewIfNeeded(); // earlier tests add trades above it
          const box = (await cell.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          expect(await isUncovered(cell), `${header} uncovered`).toBe(true);
        }
      }
      await expect(row.locator('> *').nth(headers.indexOf('Remaining Qty'))).toHaveText(
        formatNumber(trade.remaining_quantity),
      );
      await expect(row.locator('> *').nth(headers.indexOf('Avg Exit'))).toHaveText(formatRupees(trade.avg_exit_price));

      await page.getByRole('button', { name: `Details, entries and exits of trade ${trade.trabot_trade_id}` }).click();
      const details = page.locator(`#trade-${trade.trabot_trade_id}-details`);
      await expect(valueIn(details, 'Broker Trade No.')).toHaveText(trade.broker_trade_number ?? 'N.A.');
      await expect(details.getByRole('heading', { name: `Exits (${trade.trade_exits.length})` })).toBeVisible();
    });
  }
});

test.describe('a saved copy while the server fails', () => {
  test.use({ allowedConsoleErrors: [/status of 500/] });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ] as const) {
    test(`on a ${name}, a refresh answered 500 keeps the trades and says of when they are, with a Retry`, async ({
      page,
      login,
    }) => {
      await page.setViewportSize(viewport);
      await login({ demo: true });
      await page.goto('/dashboard/trades');
      const trades = viewport === PHONE ? page.getByRole('list', { name: 'Trades' }) : page.getByRole('table');
      await expect(trades).toBeVisible();
      let failing = true;
      await page.route(TRADES_API, (route) =>
        failing
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' })
          : route.continue(),
      );
      // The page's live refresh (every 5 s) fails, and its one retry.
      const notice = page.getByRole('status').filter({ hasText: 'the server did not answer' });
      await expect(notice).toBeVisible({ timeout: 20_000 });
      await expect(notice.getByText(serverFailedNotice('trades'))).toBeVisible();
      await expect(trades).toBeVisible();
      await expect(page.getByText('Error loading trades')).toHaveCount(0);
      const box = (await notice.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);

      failing = false;
      await notice.getByRole('button', { name: 'Retry' }).click();
      await expect(notice).toHaveCount(0);
      await expect(trades).toBeVisible();
    });
  }
});

test.describe('states', () => {
  test('"Loading trades..." shows until the trades arrive', async ({ page, login }) => {
    // The trades are held until the loading text was seen: a slow machine cannot outrun it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(TRADES_API, async (route) => {
      await held;
      await route.continue();
    });
    await login({ demo: true });
    // The page's HTML preloads the trades, so its load event waits for them too.
    await page.goto('/dashboard/trades', { waitUntil: 'commit' });
    await expect(page.getByText('Loading trades...')).toBeVisible();
    release();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByText('Loading trades...')).toHaveCount(0);
  });

  test.describe('when the server fails', () => {
    test.use({ allowedConsoleErrors: [/status of 500/] });

    test('"Error loading trades" shows', async ({ page, login }) => {
      await page.route(TRADES_API, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
      );
      await login();
      await page.goto('/dashboard/trades');
      await expect(page.getByText('Error loading trades')).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
    });
  });

  test('"No trades found" shows for a user whose account has no trades', async ({ page, login }) => {
    // A new member: the empty account every new member gets.
    await login();
    await page.goto('/dashboard/trades');
    await expect(page.getByText('No trades found')).toBeVisible();
  });
});

test.describe('offline', () => {
  test.use({ allowedConsoleErrors: OFFLINE_CONSOLE_ERRORS });

  test('after an online visit the trades show read-only with the time of the data', async ({
    page,
    login,
    goOffline,
  }) => {
    await login({ demo: true });
    await page.goto('/dashboard/trades');
    await expect(page.getByRole('table')).toBeVisible();
    await waitForPersisted(page, 'trades');
    await reloadUnderServiceWorker(page);
    await expect(page.getByRole('table')).toBeVisible();
    const online = await columnTexts(page.getByRole('table'), 'Trade ID');

    await goOffline();
    await page.reload();
    await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
    await expect.poll(() => columnTexts(page.getByRole('table'), 'Trade ID')).toEqual(online);
    // Filtering needs no server.
    await page.getByLabel('Status').selectOption('completed');
    await expect.poll(() => columnTexts(page.getByRole('table'), 'LTP')).toContain('N.A.');
  });

  test('logout wipes the persisted trades: offline, the dashboard then asks for a login', async ({
    page,
    login,
    goOffline,
  }) => {
    await login({ demo: true });
    await page.goto('/dashboard/trades');
    await waitForPersisted(page, 'trades');
    await reloadUnderServiceWorker(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    // The wipe follows the navigation to /login (the member pages leave first).
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage).filter((key) => key.startsWith('trabot-cache') || key === 'trabot-last-user'),
        ),
      )
      .toEqual([]);

    await goOffline();
    await page.goto('/dashboard/trades');
    await page.waitForURL('**/login');
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
