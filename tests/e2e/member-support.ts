/** Helpers shared by the member pages' browser tests. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Trade } from '@shared/schemas/trades';

/**
 * Waits until the persister has written a member query: by its kind ("trades", "account-details",
 * its key ending `"kind"]`) or by the end of its key as JSON (`"trade",12]`).
 */
export async function waitForPersisted(
  page: Page,
  kind: 'trades' | 'account-details' | { keyEnd: string },
): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('trabot-cache:'))
          .map((key) => localStorage.getItem(key) ?? '')
          .join(''),
      ),
    )
    .toContain(typeof kind === 'string' ? `"${kind}"]` : kind.keyEnd);
}

/** Reloads once so the service worker (installed on the first visit) controls the page. */
export async function reloadUnderServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The text of one column (by header) in every body row of a table. */
export async function columnTexts(table: Locator, header: string): Promise<string[]> {
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return table
    .locator('tbody > tr')
    .evaluateAll(
      (rows, i) => rows.map((row) => (row.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
      index,
    );
}

export const OFFLINE_NOTICE = /^Offline, as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;
// ERR_INCOMPLETE_CHUNKED_ENCODING / ERR_CONNECTION_RESET / ERR_EMPTY_RESPONSE: a request in flight cut off
// as the server goes away (goOffline stops it while a refresh may be under way).
export const OFFLINE_CONSOLE_ERRORS = [
  /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|ERR_INCOMPLETE_CHUNKED_ENCODING|Failed to fetch|status of 50[234]/,
];

/**
 * The trade card whose heading starts with `symbol`, pressing "Show more trades" until it is drawn:
 * a phone draws 8 cards at a time, and other tests add trades to the demo account as they run.
 */
export async function tradeCard(page: Page, symbol: string): Promise<Locator> {
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${symbol}\\b`) }) });
  const more = page.getByRole('button', { name: /^Show more trades/ });
  await expect(page.getByRole('list', { name: 'Trades' })).toBeVisible();
  while ((await card.count()) === 0 && (await more.count()) > 0) {
    // Scrolled into view, the button also presses itself and may be gone before the click lands.
    await more.click({ timeout: 5_000 }).catch(() => undefined);
  }
  await expect(card).toBeVisible();
  return card;
}

/** "Showing your trades as of 11:51; the server did not answer" (the copy's date too when not today's). */
export const serverFailedNotice = (subject: string) =>
  new RegExp(`^Showing your ${subject} as of (\\d{2}/\\d{2}/\\d{4} )?\\d{2}:\\d{2}; the server did not answer$`);

/** The viewports every member-screen item is tried at: a phone, and a laptop. */
export const PHONE = { width: 390, height: 844 } as const;
export const LAPTOP = { width: 1366, height: 900 } as const;

/**
 * The demo member's partly exited trade (LT in the demo: 10 of 20 sold), read from the API the page
 * reads: a running trade with at least one exit and some quantity still open.
 */
export async function partlyExitedTrade(page: Page): Promise<Trade> {
  const res = await page.request.get('/api/account-trades?status=active');
  expect(res.status()).toBe(200);
  const trades = (await res.json()) as Trade[];
  const trade = trades.find(
    (t) =>
      t.trade_status === 'running' &&
      t.trade_exits.length > 0 &&
      t.remaining_quantity !== null &&
      t.remaining_quantity > 0 &&
      t.remaining_quantity < t.trade_quantity,
  );
  expect(trade, 'the demo seeds a partly exited running trade').toBeDefined();
  return trade!;
}

/** Whether the element at the middle of `cell` is the cell or inside it (nothing drawn over it). */
export async function isUncovered(cell: Locator): Promise<boolean> {
  return cell.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (top === el || el.contains(top));
  });
}
