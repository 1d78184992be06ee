/** Helpers shared by the member pages' browser tests. */
import { expect, type Locator, type Page } from '@playwright/test';

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
// ERR_INCOMPLETE_CHUNKED_ENCODING / ERR_CONNECTION_RESET: a response cut off as the server goes away.
export const OFFLINE_CONSOLE_ERRORS = [
  /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_INCOMPLETE_CHUNKED_ENCODING|Failed to fetch|status of 50[234]/,
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
