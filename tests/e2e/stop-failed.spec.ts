/**
 * A stop that fails at the broker, in Chromium (issue 41; docs/engine.md, "Failed stops and
 * rejected exits"), driven through the real engine against a local Kite of this file's own
 * (tests/support/fake-kite.ts). A member's delivery trade fills and its stop-loss and target rest at
 * Kite as a GTT; Kite's RMS then refuses every sell of it (holdings not authorised through CDSL
 * TPIN), so when the price falls through the stop the GTT triggers with its order failed. On a
 * phone the member's card and the superadmin's trades page of the account say "stop failed: <Kite's
 * reason>", which neither said before.
 */
import type { Browser, Page } from '@playwright/test';
import { contextAs as contextOn, levelsAt, liveKiteMember, liveKiteServerForFile } from './live-kite-support';
import { CREDENTIALS } from './support/credentials';
import { expect, test, waitForTakeover } from './support/fixtures';

// The engine's steps take their time (entries, the GTT, the level read on Kite's price).
test.setTimeout(240_000);

const KITE_USER = 'ZE2E41';
const SYMBOL = 'ITC';
/** Kite's RMS refusing a CNC sell of holdings the member has not authorised (no DDPI on the account). */
const TPIN = 'Holdings not authorised for sale: authorise them through CDSL TPIN (no DDPI on the account)';
const STOP_FAILED = `stop failed: ${TPIN}`;

const world = liveKiteServerForFile();

/** A browser context on this file's server, logged in, on a phone (390x844). */
const phoneAs = (browser: Browser, email: string, password: string) =>
  contextOn(browser, world.server.url, email, password, true);

/** The trade card whose heading starts with the symbol, found by its roles. */
const cardOf = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^${SYMBOL}`) }) });

test("a member's card and the superadmin's trades page say \"stop failed: <Kite's reason>\"", async ({ browser }) => {
  const adminContext = await phoneAs(browser, CREDENTIALS.admin.email, CREDENTIALS.admin.password);
  const { memberId, accountId, email, password, entries, tradeOf } = await liveKiteMember(
    adminContext.request,
    world.kite,
    { kiteUser: KITE_USER, symbols: [SYMBOL], login: 'stop.failed' },
  );
  const memberContext = await phoneAs(browser, email, password);
  const member = await memberContext.newPage();
  const admin = await adminContext.newPage();
  const adminTrades = `/dashboard/admin/members/${memberId}/accounts/${accountId}/trades`;

  try {
    // The entry fills at Kite and the trade's stop and target rest there as a GTT.
    await expect
      .poll(async () => (await tradeOf(SYMBOL))?.trade_status, { timeout: 60_000, message: 'the trade runs' })
      .toBe('running');
    const gttIs = (status: string) => () =>
      world.kite.gtts.some(
        (g) => g.user_id === KITE_USER && g.condition.tradingsymbol === SYMBOL && g.status === status,
      );
    await expect.poll(gttIs('active'), { timeout: 30_000, message: 'the GTT rests' }).toBe(true);

    // Before the failure neither screen says it.
    await member.goto('/dashboard/trades');
    await waitForTakeover(member);
    await expect(cardOf(member)).toBeVisible();
    await expect(cardOf(member).getByText(/stop failed/)).toHaveCount(0);
    await admin.goto(adminTrades);
    await waitForTakeover(admin);
    await expect(cardOf(admin)).toBeVisible();
    await expect(admin.getByText(/stop failed/)).toHaveCount(0);

    // Kite's RMS refuses the sell; the price falls through the stop: the GTT triggers, its order failed.
    world.kite.refuseSells(SYMBOL, TPIN);
    world.kite.setLtp(SYMBOL, levelsAt(entries[SYMBOL]!).stop_loss_level - 1);
    await expect.poll(gttIs('triggered'), { timeout: 10_000, message: "Kite's trigger" }).toBe(true);
    await expect
      .poll(async () => (await tradeOf(SYMBOL))?.stop_failed ?? null, { timeout: 60_000, message: 'the stop failed' })
      .toBe(TPIN);
    expect((await tradeOf(SYMBOL))?.trade_status).toBe('running');

    // The member, on the phone: the card says so, in Kite's words, within the screen's width.
    await member.goto('/dashboard/trades');
    await waitForTakeover(member);
    await expect(cardOf(member).getByText(STOP_FAILED, { exact: true })).toBeVisible();
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The superadmin, on the phone: the account's trades page says it too.
    await admin.goto(adminTrades);
    await waitForTakeover(admin);
    await expect(cardOf(admin).getByText(STOP_FAILED, { exact: true })).toBeVisible();
  } finally {
    await memberContext.close();
    await adminContext.close();
  }
});
