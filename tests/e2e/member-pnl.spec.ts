/**
 * The P&L summary on the trades page on a phone, against the real server and the demo
 * member's seeded trades: the figures are the API's answer for the chosen days, the equity curve's
 * code is fetched only once asked for, the CSV holds the shown trades, and offline the last summary
 * still reads, "as of" its time. Days are computed from the clock, never written in.
 */
import type { Page, Response } from '@playwright/test';
import { formatDate, formatRupees, formatSignedRupees, formatWinRate } from '@shared/format';
import { addDays, indiaToday } from '@shared/ist';
import type { AccountPnl } from '@shared/schemas/pnl';
import type { Member } from '@shared/schemas/admin/members';
import { accountsOf } from './admin-people-support';
import { OFFLINE_CONSOLE_ERRORS, OFFLINE_NOTICE, reloadUnderServiceWorker } from './member-support';
import { CREDENTIALS } from './support/credentials';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const summary = (page: Page) => page.getByRole('region', { name: 'Profit & loss' });
const figure = (page: Page, label: string) =>
  summary(page)
    .locator('.pnl-figure')
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
    .locator('dd');

/** On a phone the periods, breakdown and curve are a tap under the summary's figures. */
async function openPeriods(page: Page) {
  const toggle = summary(page).getByRole('button', { name: /periods, by algo and equity curve$/i });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect(page.getByRole('radio', { name: 'Month' })).toBeVisible();
}

const isPnl = (range?: { from: string; to: string }) => (response: Response) =>
  response.url().includes(range ? `/api/account-pnl?from=${range.from}&to=${range.to}` : '/api/account-pnl?') &&
  response.ok();
const pnlOf = async (response: Promise<Response>) => (await (await response).json()) as AccountPnl;

async function expectPeriodFigures(page: Page, pnl: AccountPnl) {
  await expect(figure(page, 'Net P&L')).toHaveText(formatSignedRupees(pnl.net));
  await expect(figure(page, 'Charges')).toHaveText(formatRupees(pnl.charges));
  await expect(figure(page, 'Win rate')).toHaveText(formatWinRate(pnl.wins, pnl.trades));
}

/** A custom range of the last 60 days: the demo's trades closed within the last 22 trading days. */
async function chooseLast60Days(page: Page): Promise<AccountPnl> {
  const range = { from: addDays(indiaToday(), -60), to: indiaToday() };
  await openPeriods(page);
  await page.getByRole('radio', { name: 'Custom' }).check();
  await page.getByLabel('From', { exact: true }).fill(range.from);
  await page.getByLabel('To', { exact: true }).fill(range.to);
  const answer = page.waitForResponse(isPnl(range));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  return pnlOf(answer);
}

test("the demo member's summary: this month's figures, then another period's by its chip", async ({ page, login }) => {
  const month = pnlOf(page.waitForResponse(isPnl()));
  await login({ demo: true });
  await page.goto('/dashboard/trades');
  const monthly = await month;
  const today = indiaToday();
  expect(monthly.from).toBe(`${today.slice(0, 7)}-01`);

  await expect(figure(page, 'This month')).toHaveText(formatSignedRupees(monthly.net));
  await expect(figure(page, 'Today')).toHaveText(
    formatSignedRupees(monthly.by_day.find((d) => d.date === today)?.net ?? 0),
  );
  await expect(figure(page, 'Open MTM')).toHaveText(/^[+-]?₹[\d,]+\.\d{2}$/);
  await openPeriods(page);
  await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
  await expectPeriodFigures(page, monthly);
  await expect(summary(page).getByText(/^As of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();

  const start = Number(today.slice(0, 4)) - (today.slice(5) < '04-01' ? 1 : 0);
  const fyRange = { from: `${start}-04-01`, to: `${start + 1}-03-31` };
  const fyAnswer = pnlOf(page.waitForResponse(isPnl(fyRange)));
  await page.getByRole('radio', { name: 'FY' }).check();
  const fy = await fyAnswer;
  await expect(summary(page).getByText(`${formatDate(fyRange.from)} to ${formatDate(fyRange.to)}`)).toBeVisible();
  await expectPeriodFigures(page, fy);
  // The headline figures stay the month's.
  await expect(figure(page, 'This month')).toHaveText(formatSignedRupees(monthly.net));
  // The summary fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('custom days: a wrong range is told and kept as typed; a right one shows its figures and the per-algo breakdown', async ({
  page,
  login,
}) => {
  await login({ demo: true });
  await page.goto('/dashboard/trades');
  await openPeriods(page);
  await page.getByRole('radio', { name: 'Custom' }).check();
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  await from.fill(indiaToday());
  await to.fill(addDays(indiaToday(), -1));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByText('The first day must not be after the last')).toBeVisible();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(from).toHaveValue(indiaToday());
  await expect(to).toHaveValue(addDays(indiaToday(), -1));

  const pnl = await chooseLast60Days(page);
  await expect(page.getByText('The first day must not be after the last')).toHaveCount(0);
  await expectPeriodFigures(page, pnl);
  expect(pnl.by_algo.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Show by algo' }).click();
  const algos = page.getByRole('list', { name: 'By algo' }).getByRole('listitem');
  await expect(algos).toHaveCount(pnl.by_algo.length);
  for (const [i, algo] of pnl.by_algo.entries()) {
    await expect(algos.nth(i)).toContainText(algo.algo_desc?.split(/\.\s/)[0] ?? `Algo ${algo.algo_id}`);
    await expect(algos.nth(i)).toContainText(formatSignedRupees(algo.net));
  }
});

test.describe('the equity curve', () => {
  // Without the service worker, which would precache every chunk: what the page itself asks for counts.
  test.use({ serviceWorkers: 'block' });

  test('its code is fetched only when the member opens it; then it draws on a canvas, labelled in words', async ({
    page,
    login,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await login({ demo: true });
    await page.goto('/dashboard/trades');
    const pnl = await chooseLast60Days(page);
    await expect(figure(page, 'Net P&L')).toHaveText(formatSignedRupees(pnl.net));
    expect(scripts.filter((path) => /equity-curve/.test(path))).toEqual([]);

    const chunk = page.waitForRequest((request) => /\/assets\/equity-curve-[\w-]+\.js$/.test(request.url()));
    await page.getByRole('button', { name: 'Show equity curve' }).click();
    await chunk;
    const chart = page.getByRole('img', { name: /^Equity curve: cumulative net P&L from / });
    await expect(chart).toHaveAccessibleName(
      `Equity curve: cumulative net P&L from ${formatDate(addDays(indiaToday(), -60))} to ${formatDate(indiaToday())}, ending at ${formatSignedRupees(pnl.by_day.reduce((sum, d) => sum + d.net, 0))}`,
    );
    await expect(chart.locator('canvas').first()).toBeVisible();
    const box = await chart.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.height).toBeGreaterThan(200);
    // The library came with the chart's chunk, not with the page's first scripts.
    await page.getByRole('button', { name: 'Hide equity curve' }).click();
    await expect(chart).toHaveCount(0);
  });
});

test('Download CSV saves the shown (filtered) trades', async ({ page, login }) => {
  await login({ demo: true });
  await page.goto('/dashboard/trades');
  await page.getByLabel('Status').selectOption('completed');
  await expect(page).toHaveURL(/[?&]status=completed/);
  await expect(page.getByRole('list', { name: 'Trades' }).getByRole('article').first()).toBeVisible();
  // Every trade of the filter, not only the cards drawn so far (8 at a time on a phone).
  const option = await page.getByRole('option', { name: /^Completed \(\d+\)$/ }).textContent();
  const shown = Number(/\((\d+)\)/.exec(option!)![1]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`trades-completed-${indiaToday()}.csv`);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  const records = text.split('\r\n');
  expect(records.at(-1)).toBe('');
  expect(records[0]).toBe(
    'Trade ID,Date,Instrument,Type,Direction,Status,Qty,Remaining Qty,Avg Entry,Avg Exit,LTP,MTM,Trade Risk,Broker Trade No.,Stoploss Trade No.,Algo ID,Signal ID,Last Updated',
  );
  const rows = records.slice(1, -1);
  expect(rows).toHaveLength(shown);
  for (const row of rows) expect(row).toMatch(/^\d+,\d{2}\/\d{2}\/\d{4},[A-Z&-]+ NSE,\w+,\w+,COMPLETED,\d+,/);
});

test.describe('offline', () => {
  test.use({ allowedConsoleErrors: OFFLINE_CONSOLE_ERRORS });

  test('after an online visit the summary still reads, as of its time', async ({ page, login, goOffline }) => {
    const month = pnlOf(page.waitForResponse(isPnl()));
    await login({ demo: true });
    await page.goto('/dashboard/trades');
    const monthly = await month;
    await expect(figure(page, 'This month')).toHaveText(formatSignedRupees(monthly.net));
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage)
            .filter((k) => k.startsWith('trabot-cache:'))
            .map((k) => localStorage.getItem(k) ?? '')
            .join(''),
        ),
      )
      .toContain('"pnl","');
    await reloadUnderServiceWorker(page);
    await expect(figure(page, 'This month')).toHaveText(formatSignedRupees(monthly.net));

    await goOffline();
    await page.reload();
    await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
    await expect(figure(page, 'This month')).toHaveText(formatSignedRupees(monthly.net));
    await openPeriods(page);
    await expectPeriodFigures(page, monthly);
    await expect(summary(page).getByText(/^As of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
    // A period never fetched is not on the device: said so, the month's figures still there.
    await page.getByRole('radio', { name: 'FY' }).check();
    await expect(page.getByText('Offline: these days are not saved on this device')).toBeVisible();
    await expect(figure(page, 'This month')).toHaveText(formatSignedRupees(monthly.net));
  });
});

test("the superadmin reads an account's summary on its trades page", async ({ page, login }) => {
  await login({ role: 'superadmin' });
  const members = (await (await page.request.get('/api/members')).json()) as Member[];
  const demo = members.find((m) => m.email_id === CREDENTIALS.member.email);
  if (!demo) throw new Error('no demo member');
  const [account] = await accountsOf(page, demo.trabot_client_id);
  const month = pnlOf(
    page.waitForResponse((r) => isPnl()(r) && r.url().endsWith(`&adminAccountId=${account!.trabot_account_id}`)),
  );
  await page.goto(`/dashboard/admin/members/${demo.trabot_client_id}/accounts/${account!.trabot_account_id}/trades`);
  const monthly = await month;
  await expect(figure(page, 'This month')).toHaveText(formatSignedRupees(monthly.net));
  await openPeriods(page);
  await expectPeriodFigures(page, monthly);
});
