/**
 * The member's trades paint from the HTML (issue 27): the server answers a member's visit to
 * /dashboard/trades with the prerendered page and the member's first running trade cards in it, so
 * a phone shows them before any of the app's scripts has run. The app then swaps its live page in
 * without a layout shift, and a tap made before that is not lost. The app's modules (all but the
 * tiny boot script) are held back here until the test has looked and tapped, as on a slow phone.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { LIVE_PAGE_MARK } from '@client/lib/takeover-marks';
import { PHONE } from './member-support';

/** Holds every script but boot.js until `release` is called. */
async function holdAppModules(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const takenOver = (page: Page) => expect(page.locator('#root[data-prerendered]')).toHaveCount(0, { timeout: 20_000 });

/**
 * The layout shift from the page's start until a second after the live page took over (shifts
 * right after input excluded, as CLS does); later ones are the live page's own business.
 */
const takeoverLayoutShift = (page: Page) =>
  page.evaluate(
    ({ mark }) =>
      new Promise<number>((resolve) => {
        const shown = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
        new PerformanceObserver((list) => {
          let total = 0;
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput && entry.startTime <= shown + 1000) total += entry.value;
          resolve(total);
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all: nothing shifted.
        setTimeout(() => resolve(0), 1000);
      }),
    { mark: LIVE_PAGE_MARK },
  );

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test("a member's running trades paint from the HTML, the first card whole on the first screen", async ({
  page,
  login,
}) => {
  await login({ demo: true });
  const release = await holdAppModules(page);
  await page.mainFrame().goto('/dashboard/trades');
  const prerendered = page.locator('#root[data-prerendered]');
  const firstCard = prerendered.locator('.trade-card').first();
  await expect(firstCard).toBeVisible();
  await expect(firstCard.getByRole('heading', { level: 2 })).toContainText('NSE');
  await expect(firstCard.locator('.trade-card-keys dt')).toContainText(['Qty', 'LTP', 'MTM']);
  const box = (await firstCard.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  // No script of the app has run: the wide screen's loading state is hidden, the cards are the server's.
  await expect(prerendered.getByText('Loading trades...')).toBeHidden();
  const serverCards = await prerendered.locator('.trade-card h2').allTextContents();
  release();
  await takenOver(page);
  // The live page shows the same first cards, and nothing moved when it took over.
  await expect(page.getByRole('list', { name: 'Trades' }).getByRole('heading', { level: 2 })).toHaveText(serverCards);
  await page.waitForTimeout(1000);
  expect(await takeoverLayoutShift(page)).toBe(0);
});

test("the page's requests all leave before the live page takes over", async ({ page, login }) => {
  await login({ demo: true });
  await page.goto('/dashboard/trades');
  await page.waitForTimeout(1000);
  // A request sent only after the takeover changes the page once answered (a notice appearing above
  // the trades) and re-renders it; the live refresh's first one comes 5 s after.
  const requests = await page.evaluate((mark) => {
    const shown = performance.getEntriesByName(mark)[0]!.startTime;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
      .map((entry) => ({ path: new URL(entry.name).pathname, sentBeforeTakeover: entry.startTime <= shown }));
  }, LIVE_PAGE_MARK);
  expect(requests.map(({ path }) => path)).toEqual(
    expect.arrayContaining(['/api/account-trades', '/api/account-pnl', '/api/membership', '/api/account-details']),
  );
  expect(requests.filter((request) => !request.sentBeforeTakeover)).toEqual([]);
});

test('"Details" tapped on a card before the takeover opens in the live page', async ({ page, login }) => {
  await login({ demo: true });
  const release = await holdAppModules(page);
  await page.mainFrame().goto('/dashboard/trades');
  const card = page.locator('#root[data-prerendered] .trade-card').first();
  // boot.js has made the controls live.
  await expect(page.locator('#root[data-prerendered] [inert]')).toHaveCount(0);
  await card.getByRole('button', { name: 'Details, entries and exits' }).click();
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
  release();
  await takenOver(page);
  const live = page.getByRole('list', { name: 'Trades' }).getByRole('article').first();
  await expect(live.getByRole('button', { name: 'Hide details' })).toBeVisible();
  await expect(live.getByText('Broker Trade No.')).toBeVisible();
});

test('the superadmin gets the page rendered in the browser, not a member page', async ({ page, login }) => {
  await login({ role: 'superadmin' });
  const html = await (await page.request.get('/dashboard/trades')).text();
  expect(html).not.toContain('trade-card');
  expect(html).not.toContain('data-loading-selector');
});
