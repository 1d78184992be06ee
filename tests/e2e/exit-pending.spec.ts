/**
 * The protection story in Chromium (issue 24), driven through the real engine against a local
 * Kite of this file's own (tests/support/fake-kite.ts): a server of its own trades a member's
 * Zerodha account live. Two delivery trades fill and their stop-loss and target rest at Kite as
 * GTTs; Kite's price falls through the first one's stop and Kite's trigger sells it; the second is
 * exited by the admin and Kite clips the market sell into a limit that rests, so the engine
 * escalates it (EXIT_CHASE_TIMES 0, EXIT_CHASE_AFTER_MS 1 s here: no modification, escalated at
 * once). The member, on a phone, reads "exit pending at the broker" on the card and the protection
 * story on the first trade's page; the superadmin reads the warning on the warnings page.
 */
import type { Browser } from '@playwright/test';
import { manualOrderBody } from '../factories/signals';
import { contextAs as contextOn, levelsAt, liveKiteMember, ok, liveKiteServerForFile } from './live-kite-support';
import { CREDENTIALS } from './support/credentials';
import { expect, test, waitForTakeover } from './support/fixtures';

// The engine's steps take their time (the reconciliation with Kite runs every minute).
test.setTimeout(240_000);

const KITE_USER = 'ZE2E24';
const STOPPED = 'ITC';
const PENDING = 'SBIN';

const world = liveKiteServerForFile({ EXIT_CHASE_AFTER_MS: '1000', EXIT_CHASE_TIMES: '0' });

/** A browser context on this file's server, logged in. */
const contextAs = (browser: Browser, email: string, password: string, phone = false) =>
  contextOn(browser, world.server.url, email, password, phone);

test('a member reads "exit pending at the broker" and the protection story; the superadmin the warning', async ({
  browser,
}) => {
  const adminContext = await contextAs(browser, CREDENTIALS.admin.email, CREDENTIALS.admin.password);
  const admin = adminContext.request;
  // A new member trading live at Kite, subscribed to the demo swing algo, with a login of its own;
  // two approved signals on it, levels around the firm's price.
  const { accountId, email, password, signals, entries, tradeOf } = await liveKiteMember(admin, world.kite, {
    kiteUser: KITE_USER,
    symbols: [STOPPED, PENDING],
    login: 'exit.pending',
  });

  // Both entries fill at Kite and each trade's stop and target rest there as a GTT.
  for (const symbol of [STOPPED, PENDING])
    await expect
      .poll(async () => (await tradeOf(symbol))?.trade_status, { timeout: 60_000, message: `${symbol} runs` })
      .toBe('running');
  const activeGtt = (symbol: string) =>
    world.kite.gtts.some(
      (g) => g.user_id === KITE_USER && g.condition.tradingsymbol === symbol && g.status === 'active',
    );
  for (const symbol of [STOPPED, PENDING])
    await expect.poll(() => activeGtt(symbol), { timeout: 30_000, message: `${symbol}'s GTT` }).toBe(true);
  const stopped = (await tradeOf(STOPPED))!;
  const pending = (await tradeOf(PENDING))!;
  expect(stopped.broker).toBe('zerodha');

  // Kite's price falls through the first trade's stop: Kite's trigger sells it, Trabot books it.
  world.kite.setLtp(STOPPED, levelsAt(entries[STOPPED]!).stop_loss_level - 1);
  const triggered = () =>
    world.kite.gtts.some(
      (g) => g.user_id === KITE_USER && g.condition.tradingsymbol === STOPPED && g.status === 'triggered',
    );
  await expect.poll(triggered, { timeout: 10_000, message: "Kite's trigger" }).toBe(true);
  // The price trades back at the stop, the limit of the sell Kite placed (a limit at or under its trigger): it fills.
  world.kite.setLtp(STOPPED, levelsAt(entries[STOPPED]!).stop_loss_level);
  world.kite.match();
  // The second is exited by the admin; Kite clips the market sell into a limit over the market, left resting.
  world.kite.setLtp(PENDING, entries[PENDING]! - 2);
  world.kite.clipNextMarket(entries[PENDING]! - 0.5);
  // And no buyer: the chase goes on after its escalation (backing off) and must not fill it before the pages are read.
  world.kite.holdFills(PENDING, true);
  await ok(
    admin.put(`/api/signals/${signals[PENDING]!.signal_id}/manual-exit`, {
      data: manualOrderBody(signals[PENDING]!),
    }),
    'manual exit',
  );
  await expect
    .poll(async () => (await tradeOf(PENDING))?.exit_pending_since ?? null, {
      timeout: 60_000,
      message: 'the exit escalated',
    })
    .not.toBeNull();
  await expect
    .poll(async () => (await tradeOf(STOPPED))?.trade_status, { timeout: 90_000, message: 'the stop booked' })
    .toBe('completed');

  // The member, on a phone: the card says so, and the stopped trade's page tells its protection.
  const memberContext = await contextAs(browser, email, password, true);
  try {
    const page = await memberContext.newPage();
    await page.goto('/dashboard/trades');
    await waitForTakeover(page);
    const card = page
      .locator('li.trade-card')
      .filter({ has: page.getByRole('heading', { name: new RegExp(`^${PENDING}`) }) });
    await expect(card).toContainText(/exit pending at the broker · \d+ (s|min)/);
    await expect(card.locator('.trade-exit-pending')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto(`/dashboard/trades/${stopped.trabot_trade_id}`);
    await waitForTakeover(page);
    const titles = page.getByRole('region', { name: 'Timeline' }).locator('.trade-timeline-title');
    await expect(titles.filter({ hasText: 'Stop-loss and target resting at Zerodha' })).toHaveCount(1);
    await expect(titles.filter({ hasText: "Stop-loss executed by Zerodha's trigger" })).toHaveCount(1);
    const texts = await titles.allInnerTexts();
    expect(texts.indexOf('Stop-loss and target resting at Zerodha')).toBeLessThan(
      texts.indexOf("Stop-loss executed by Zerodha's trigger"),
    );

    // The pending trade's own page says it too, with its timeline's escalation.
    await page.goto(`/dashboard/trades/${pending.trabot_trade_id}`);
    await waitForTakeover(page);
    await expect(page.locator('.trade-exit-pending')).toContainText('exit pending at the broker');
    await expect(
      page
        .getByRole('region', { name: 'Timeline' })
        .locator('.trade-timeline-title', { hasText: 'Exit pending at the broker' }),
    ).toHaveCount(1);
  } finally {
    await memberContext.close();
  }

  // The superadmin reads the warning on the warnings page.
  try {
    const page = await adminContext.newPage();
    await page.goto('/dashboard/admin/warnings');
    await waitForTakeover(page);
    await expect(
      page.getByText(
        new RegExp(
          `^Exit pending at the broker: the manual exit of trade ${pending.trabot_trade_id} for account ${accountId} `,
        ),
      ),
    ).toBeVisible();
  } finally {
    await adminContext.close();
  }
});
