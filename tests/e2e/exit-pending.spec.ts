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
import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import type { Challenge } from 'altcha-lib';
import type { Algo, Signal } from '@shared/schemas/admin/algos';
import type { MemberAccount } from '@shared/schemas/admin/members';
import type { Trade } from '@shared/schemas/trades';
import { solve } from '@tests/support/captcha';
import { addSignalBody, manualOrderBody } from '../factories/signals';
import { subscriptionBody } from '../factories/subscriptions';
import { liveKiteEnv, startFakeKite, type FakeKite } from '../support/fake-kite';
import { createMember } from './admin-people-support';
import { startAppServer, type RunningServer } from './support/app-server';
import { CREDENTIALS } from './support/credentials';
import { expect, test, waitForTakeover } from './support/fixtures';

// The engine's steps take their time (the reconciliation with Kite runs every minute).
test.setTimeout(240_000);

const KITE_USER = 'ZE2E24';
const STOPPED = 'ITC';
const PENDING = 'SBIN';
/** A long swing signal's levels around an entry in whole rupees: stop-loss 10 % under, target 20 % over. */
const levelsAt = (entry: number) => ({
  entry_level: entry,
  stop_loss_level: Math.round(entry * 0.9),
  target_level: Math.round(entry * 1.2),
});
const today = () => new Date().toISOString().slice(0, 10);

let kite: FakeKite;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  kite = await startFakeKite();
  kite.registerAddresses(['127.0.0.2']);
  server = await startAppServer({ ...liveKiteEnv(kite), EXIT_CHASE_AFTER_MS: '1000', EXIT_CHASE_TIMES: '0' });
});
test.afterAll(async () => {
  await server.stop();
  await kite.close();
});

/** A login through the API (a captcha solved in Node): the session lands in the context's cookies. */
async function logIn(request: APIRequestContext, email: string, password: string): Promise<void> {
  const challenge = (await (await request.get('/api/captcha')).json()) as Challenge;
  const res = await request.post('/api/login', { data: { email, password, captcha: await solve(challenge) } });
  expect(res.status(), `login of ${email}: ${await res.text()}`).toBe(200);
}

async function ok<T>(res: Promise<import('@playwright/test').APIResponse>, what: string): Promise<T> {
  const answer = await res;
  expect(answer.ok(), `${what}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/** A browser context on this file's server, logged in. */
async function contextAs(browser: Browser, email: string, password: string, phone = false): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {}),
  });
  await logIn(context.request, email, password);
  return context;
}

/**
 * A new member whose account trades live at Kite (a session token Kite issued), subscribed to the
 * demo swing algo, with a login of its own; two approved signals on it at 250 (stop 245, target 262.5).
 */
async function liveMemberWithTwoTrades(admin: APIRequestContext) {
  const member = await createMember(admin);
  const [account] = await ok<MemberAccount[]>(
    admin.get(`/api/admin/members/${member.trabot_client_id}/accounts`),
    'accounts',
  );
  const accountId = account!.trabot_account_id;
  await ok(
    admin.post(`/api/${accountId}/update-broker-details`, {
      data: { broker_name: 'zerodha', broker_client_id: KITE_USER, broker_access_key: kite.newAccessToken(KITE_USER) },
    }),
    'broker details',
  );
  await ok(admin.post(`/api/admin/accounts/${accountId}/trading-mode`, { data: { mode: 'live' } }), 'live');
  const algos = await ok<Algo[]>(admin.get('/api/algos'), 'algos');
  const swing = algos.find((a) => a.algo_desc.startsWith('Swing momentum') && a.algo_switch)!;
  await ok(
    admin.post(`/api/admin/accounts/${accountId}/save-algo-subscription`, {
      data: subscriptionBody({ row_id: null, algo_id: swing.algo_id, trabot_account_id: accountId }),
    }),
    'subscription',
  );
  const email = `exit.pending.${member.trabot_client_id}@example.com`;
  const password = 'exit-pending-e2e';
  await ok(
    admin.post(`/api/members/${member.trabot_client_id}/users`, {
      data: { name: member.name, email, password, account_id: accountId },
    }),
    'member login',
  );
  // The engine trades only an algo registered with the exchange (2026 rules).
  await ok(
    admin.post(`/api/algos/${swing.algo_id}/exchange-registration`, { data: { exchange_algo_id: 'NSEALGO24' } }),
    'exchange registration',
  );
  const signals: Record<string, Signal> = {};
  const entries: Record<string, number> = {};
  for (const symbol of [STOPPED, PENDING]) {
    const added = await ok<Signal>(
      admin.put(`/api/algos/${swing.algo_id}/signals`, {
        data: addSignalBody({
          trade_gen_ts: today(),
          instrument_symbol: symbol,
          ...levelsAt(250),
          process_signal: false,
        }),
      }),
      `signal ${symbol}`,
    );
    // The entry guard reads the firm's feed (it follows pending signals): the levels go around its
    // price, whole rupees (on the tick), and Kite's price is set to the entry.
    const priced = async () => {
      const list = await ok<Signal[]>(admin.get(`/api/algos/${swing.algo_id}/signals?status=pending`), 'signals');
      return list.find((x) => x.signal_id === added.signal_id)?.ltp ?? null;
    };
    await expect.poll(priced, { timeout: 20_000, message: `${symbol} priced` }).not.toBeNull();
    const entry = Math.round((await priced())!);
    entries[symbol] = entry;
    kite.setLtp(symbol, entry);
    const edited = await ok<Signal>(
      admin.post(`/api/signals/${added.signal_id}/update`, {
        data: { trade_gen_ts: today(), ...levelsAt(entry), trade_status: 'pending', process_signal: false },
      }),
      `levels of ${symbol}`,
    );
    // Approved as the superadmin approves a pending signal (the approvals page's request).
    await ok(
      admin.post(`/api/signals/${added.signal_id}/approve`, { data: { expected_updated_at: edited.updated_at } }),
      `approval of ${symbol}`,
    );
    signals[symbol] = edited;
  }
  return { accountId, email, password, signals, entries };
}

test('a member reads "exit pending at the broker" and the protection story; the superadmin the warning', async ({
  browser,
}) => {
  const adminContext = await contextAs(browser, CREDENTIALS.admin.email, CREDENTIALS.admin.password);
  const admin = adminContext.request;
  const { accountId, email, password, signals, entries } = await liveMemberWithTwoTrades(admin);
  const tradesOf = () =>
    ok<Trade[]>(admin.get(`/api/account-trades?status=active&adminAccountId=${accountId}`), 'trades');
  const tradeOf = async (symbol: string) =>
    (await tradesOf()).find((t) => t.signal_id === signals[symbol]!.signal_id) ?? null;

  // Both entries fill at Kite and each trade's stop and target rest there as a GTT.
  for (const symbol of [STOPPED, PENDING])
    await expect
      .poll(async () => (await tradeOf(symbol))?.trade_status, { timeout: 60_000, message: `${symbol} runs` })
      .toBe('running');
  const activeGtt = (symbol: string) =>
    kite.gtts.some((g) => g.user_id === KITE_USER && g.condition.tradingsymbol === symbol && g.status === 'active');
  for (const symbol of [STOPPED, PENDING])
    await expect.poll(() => activeGtt(symbol), { timeout: 30_000, message: `${symbol}'s GTT` }).toBe(true);
  const stopped = (await tradeOf(STOPPED))!;
  const pending = (await tradeOf(PENDING))!;
  expect(stopped.broker).toBe('zerodha');

  // Kite's price falls through the first trade's stop: Kite's trigger sells it, Trabot books it.
  kite.setLtp(STOPPED, levelsAt(entries[STOPPED]!).stop_loss_level - 1);
  const triggered = () =>
    kite.gtts.some((g) => g.user_id === KITE_USER && g.condition.tradingsymbol === STOPPED && g.status === 'triggered');
  await expect.poll(triggered, { timeout: 10_000, message: "Kite's trigger" }).toBe(true);
  // The price trades back at the stop, the limit of the sell Kite placed (a limit at or under its trigger): it fills.
  kite.setLtp(STOPPED, levelsAt(entries[STOPPED]!).stop_loss_level);
  kite.match();
  // The second is exited by the admin; Kite clips the market sell into a limit over the market, left resting.
  kite.setLtp(PENDING, entries[PENDING]! - 2);
  kite.clipNextMarket(entries[PENDING]! - 0.5);
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
