/**
 * The offline copy agrees with the last push (issue 47): the engine opens a trade on the demo
 * member's account, the member's phone saves it running, the member leaves the app; the trade is
 * closed on the server and its "Trade closed" push (the server's own payload) is delivered to the
 * service worker (CDP ServiceWorker.deliverPushMessage, as the push service would). Opened offline
 * right after, the app shows the trade closed, with the time of the copy, read-only.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { tradeEventMessage } from '@server/push/push-notifier';
import type { Trade } from '@shared/schemas/trades';
import { COPY_HEADERS, TRADES_COPY_CACHE, TRADES_COPY_URL } from '@client/lib/trades-copy';
import {
  OFFLINE_CONSOLE_ERRORS,
  OFFLINE_NOTICE,
  PHONE,
  reloadUnderServiceWorker,
  waitForPersisted,
} from './member-support';
import { pendingSignal, swingAlgo } from './signal-support';
import { expect, test } from './support/fixtures';

test.use({
  viewport: PHONE,
  isMobile: true,
  hasTouch: true,
  timezoneId: 'Asia/Kolkata',
  allowedConsoleErrors: OFFLINE_CONSOLE_ERRORS,
});
// The engine opens the trade (the paper broker fills the entry) before the story starts.
test.setTimeout(120_000);

const SYMBOL = 'ICICIBANK';

/** The demo member's trade of `signalId`, as the member reads it (null until the engine opens it). */
async function tradeOfSignal(api: APIRequestContext, signalId: number): Promise<Trade | null> {
  const trades = (await (await api.get('/api/account-trades?status=active')).json()) as Trade[];
  return trades.find((t) => t.signal_id === signalId) ?? null;
}

/** The card of trade `id`, pressing "Show more trades" until it is drawn or there is no more. */
async function cardOf(page: Page, id: number) {
  const card = page.locator(`article[aria-labelledby="trade-${id}-title"]`);
  const more = page.getByRole('button', { name: /^Show more trades/ });
  await expect(page.getByRole('list', { name: 'Trades' }).or(page.getByText('No trades'))).toBeVisible();
  while ((await card.count()) === 0 && (await more.count()) > 0)
    await more.click({ timeout: 5_000 }).catch(() => undefined);
  return card;
}

/** Delivers `data` to the page's service worker as its push service would. */
async function deliverPush(context: BrowserContext, page: Page, data: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const active = registrations.find(
        (r: { scopeURL: string; isDeleted: boolean }) => !r.isDeleted && r.scopeURL.startsWith(origin),
      );
      if (active) resolve(active.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
}

test('opened offline right after a "Trade closed" push, the trade shows closed, dated and read-only', async ({
  page,
  context,
  login,
  adminApi,
  goOffline,
}) => {
  await context.grantPermissions(['notifications']);
  const algo = await swingAlgo(adminApi);
  const signal = await pendingSignal(adminApi, algo.algo_id, SYMBOL);
  const approved = await adminApi.post(`/api/signals/${signal.signal_id}/approve`, {
    data: { expected_updated_at: signal.updated_at },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  await login({ demo: true });
  await expect
    .poll(async () => (await tradeOfSignal(page.request, signal.signal_id))?.trade_status, { timeout: 30_000 })
    .toBe('running');
  const trade = (await tradeOfSignal(page.request, signal.signal_id))!;

  // The member's phone saves the trade running, then the member leaves the app (a public page,
  // which refreshes no trades).
  await page.goto('/dashboard/trades');
  await expect((await cardOf(page, trade.trabot_trade_id)).getByText('running', { exact: true })).toBeVisible();
  await waitForPersisted(page, 'trades');
  await reloadUnderServiceWorker(page);
  await page.waitForTimeout(1_500); // the persister's throttle: this visit's copy is written
  await page.goto('/');

  // The trade is closed on the server; its push reaches the service worker.
  const adminView = (await (
    await adminApi.get(`/api/account-trades?status=active&adminAccountId=${trade.trabot_account_id}`)
  ).json()) as Trade[];
  const current = adminView.find((t) => t.trabot_trade_id === trade.trabot_trade_id)!;
  const closed = await adminApi.post(`/api/admin/trades/${trade.trabot_trade_id}`, {
    data: {
      trade_date: current.trade_date,
      trade_status: 'closed',
      trade_quantity: current.trade_quantity,
      current_mtm: current.current_mtm,
      trade_risk: current.trade_risk,
      remaining_quantity: 0,
      broker_trade_number: current.broker_trade_number,
      stoploss_trade_number: current.stoploss_trade_number,
      ltp: current.ltp,
      expected_updated_at: current.updated_at,
    },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  const message = tradeEventMessage({
    kind: 'trade_closed',
    trabot_trade_id: trade.trabot_trade_id,
    trabot_account_id: trade.trabot_account_id,
    symbol: trade.trade_instrument,
    direction: trade.trade_direction,
    quantity: trade.trade_quantity,
    price: current.ltp ?? trade.avg_entry_price ?? 0,
    realised_pnl: 0,
  });
  const pushedAt = Date.now();
  await deliverPush(context, page, JSON.stringify(message));
  const sw = context.serviceWorkers()[0]!;
  await expect
    .poll(
      () =>
        sw.evaluate(async (tag) => {
          const shown = await (
            self as unknown as { registration: ServiceWorkerRegistration }
          ).registration.getNotifications({ tag });
          return shown.length;
        }, message.tag),
      { message: 'the notification is shown' },
    )
    .toBe(1);

  // The service worker has saved the member's trades as the server answers them after the push.
  await expect
    .poll(
      () =>
        sw.evaluate(
          async ({ cacheName, url, id }) => {
            const answer = await caches.match(url, { cacheName });
            const trades = answer ? ((await answer.json()) as Trade[]) : [];
            return trades.find((t) => t.trabot_trade_id === id)?.trade_status ?? null;
          },
          { cacheName: TRADES_COPY_CACHE, url: TRADES_COPY_URL, id: trade.trabot_trade_id },
        ),
      { message: "the service worker's copy" },
    )
    .toBe('completed');

  const savedAt = Number(
    await sw.evaluate(
      async ({ cacheName, url, header }) => (await caches.match(url, { cacheName }))?.headers.get(header) ?? Number.NaN,
      { cacheName: TRADES_COPY_CACHE, url: TRADES_COPY_URL, header: COPY_HEADERS.savedAt },
    ),
  );
  expect(savedAt).toBeGreaterThanOrEqual(pushedAt);

  // Opened offline right after the push: the trade is no longer running but completed, and the
  // page says the copy is offline and of when.
  await goOffline();
  await page.goto('/dashboard/trades');
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
  await expect(await cardOf(page, trade.trabot_trade_id)).toHaveCount(0);
  await page.goto('/dashboard/trades?status=completed');
  const card = await cardOf(page, trade.trabot_trade_id);
  await expect(card.getByText('completed', { exact: true })).toBeVisible();
  const notice = await page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }).textContent();
  // Dated as the copy the service worker fetched after the push (to the minute the notice shows).
  const [, day, month, year, hours, minutes] = /(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})/.exec(notice!)!;
  const asOf = new Date(`${year}-${month}-${day}T${hours}:${minutes}:00+05:30`).getTime();
  expect(asOf).toBe(Math.floor(savedAt / 60_000) * 60_000);
});
