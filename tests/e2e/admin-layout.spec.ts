/**
 * The super-admin area on a laptop (1366x900) and a phone (390x844): every table's
 * action controls visible without scrolling sideways, no page wider than the screen, signal cards
 * within half a phone screen and long descriptions clamped, and no WCAG 2.1 AA violation found by
 * axe. On a wide screen (1920x1080) nothing is cramped: a table fits whole, or, with too many
 * columns for any screen (the trades), takes the page's whole width (1600 px) before it scrolls;
 * the page itself never scrolls sideways. Each screen's screenshot is attached to the run's report.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures';

const SCREENS = [
  ['Admin home', '/dashboard/admin'],
  ['Algos', '/dashboard/admin/algos'],
  ['Signals', '/dashboard/admin/algos/1/signals'],
  ['Pending', '/dashboard/admin/pending'],
  ['Members', '/dashboard/admin/members'],
  ['Users', '/dashboard/admin/members/1/users'],
  ['Accounts', '/dashboard/admin/members/1/accounts'],
  ['Subscriptions', '/dashboard/admin/members/1/accounts/1/algos'],
  ['Account trades', '/dashboard/admin/members/1/accounts/1/trades'],
  ['Readiness', '/dashboard/admin/readiness'],
  ['Warnings', '/dashboard/admin/warnings'],
  ['Tokens', '/dashboard/admin/tokens'],
  ['Enquiries', '/dashboard/admin/enquiries'],
  ['Workshops', '/dashboard/admin/workshops'],
  ['Instruments', '/dashboard/admin/instruments'],
  ['Logs', '/dashboard/admin/logs'],
] as const;

const LAPTOP = { width: 1366, height: 900 };
const WIDE = { width: 1920, height: 1080 };
const PHONE = { width: 390, height: 844 };

/** The screen, loaded: its heading shown and nothing loading any more. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/** Controls in table rows that lie (partly) outside their table's visible area. */
const hiddenActions = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[role=region] table')).flatMap((table) => {
      const region = table.closest('[role=region]')!.getBoundingClientRect();
      return Array.from(
        table.querySelectorAll('tbody button, tbody a, tbody select, tbody ion-button, tbody [role=switch]'),
      )
        .filter((control) => {
          const box = control.getBoundingClientRect();
          return box.right > Math.min(region.right, window.innerWidth) + 1 || box.left < region.left - 1;
        })
        .map((control) => control.getAttribute('aria-label') ?? control.textContent.trim());
    }),
  );

async function checkAccessibility(page: Page, name: string, testInfo: TestInfo) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${name}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  await testInfo.attach(`${name} ${page.viewportSize()!.width}px`, {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
}

test.describe('on a laptop', () => {
  test.use({ viewport: LAPTOP });

  test('every table shows its actions without scrolling sideways; no axe violations', async ({
    page,
    login,
  }, testInfo) => {
    test.setTimeout(180_000);
    await login({ role: 'superadmin' });
    for (const [name, path] of SCREENS) {
      await open(page, path);
      expect(await hiddenActions(page), name).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(LAPTOP.width);
      await checkAccessibility(page, name, testInfo);
    }
  });
});

test.describe('on a wide screen', () => {
  test.use({ viewport: WIDE });

  test('every table fits whole or takes the whole width; the page never scrolls sideways', async ({
    page,
    login,
  }, testInfo) => {
    test.setTimeout(120_000);
    await login({ role: 'superadmin' });
    for (const [name, path] of SCREENS) {
      await open(page, path);
      const scrolled = await page.evaluate(() =>
        Array.from(document.querySelectorAll('[role=region]'))
          .filter(
            (region) =>
              region.querySelector('table') && region.scrollWidth > region.clientWidth + 1 && region.clientWidth < 1500,
          )
          .map(
            (region) =>
              `${region.getAttribute('aria-label') ?? 'a table'}: ${region.scrollWidth} px in ${region.clientWidth} px`,
          ),
      );
      expect(scrolled, name).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(WIDE.width);
      await testInfo.attach(`${name} ${WIDE.width}px`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('nothing runs past the screen; no axe violations', async ({ page, login }, testInfo) => {
    test.setTimeout(180_000);
    await login({ role: 'superadmin' });
    for (const [name, path] of SCREENS) {
      await open(page, path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(PHONE.width);
      await checkAccessibility(page, name, testInfo);
    }
  });

  test('a signal card shows symbol, direction, levels, risk-reward, status and actions in half the screen; the rest behind Details', async ({
    page,
    login,
  }) => {
    await login({ role: 'superadmin' });
    await open(page, '/dashboard/admin/algos/1/signals');
    const card = page.getByRole('list', { name: 'Signals of algo 1' }).getByRole('listitem').first();
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(/^[A-Z&-]+ \(EQ\) (long|short) · #\d+$/);
    for (const label of ['Trade Status', 'Trade Level', 'Actions'])
      await expect(card.getByText(label, { exact: true })).toBeVisible();
    await expect(card.getByText('Risk-reward')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Edit Levels, signal \d+$/ })).toBeVisible();
    expect((await card.boundingBox())!.height).toBeLessThanOrEqual(PHONE.height / 2);
    // Everything else on demand.
    await expect(card.getByText('Signal Process Indicator')).toBeHidden();
    await card.getByText('Details', { exact: true }).click();
    await expect(card.getByText('Signal Process Indicator')).toBeVisible();
    await expect(card.getByRole('button', { name: /^View, signal \d+$/ })).toBeVisible();
  });

  test('an algo card clamps its description to two lines with "more"', async ({ page, login }) => {
    await login({ role: 'superadmin' });
    await open(page, '/dashboard/admin/algos');
    // The demo's first algo has a long description.
    const withMore = page.getByRole('list', { name: 'Algos' }).getByRole('listitem').first();
    const description = withMore.locator('.clamped > span').first();
    // Two lines: at most 2 x 1.4 x the font size (line-height "normal" is about 1.2).
    const twoLines = 2.8 * (await description.evaluate((el) => parseFloat(getComputedStyle(el).fontSize)));
    expect((await description.boundingBox())!.height).toBeLessThanOrEqual(twoLines);
    await withMore.getByRole('button', { name: 'more' }).click();
    expect((await description.boundingBox())!.height).toBeGreaterThan(twoLines);
    await expect(withMore.getByRole('button', { name: 'less' })).toHaveAttribute('aria-expanded', 'true');
  });
});
