/**
 * The engine end to end: the admin approves a pending signal on a phone, for the demo swing algo
 * (On, with the demo account subscribed and a valid key), and the member, whose trades page is
 * already open, sees the new running trade appear without reloading.
 */
import type { Trade } from '@shared/schemas/trades';
import { columnTexts } from './member-support';
import { pendingSignal, swingAlgo } from './signal-support';
import { expect, test, waitForTakeover } from './support/fixtures';

const SYMBOL = 'INFY';

test('a signal approved on a phone becomes a running trade on the member trades page', async ({ browser, login }) => {
  const admin = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const member = await browser.newPage();
  try {
    await login({ role: 'superadmin', context: admin.context() });
    const algo = await swingAlgo(admin.request);
    expect(algo.algo_switch).toBe(true);
    const signal = await pendingSignal(admin.request, algo.algo_id, SYMBOL);

    await login({ demo: true, context: member.context() });
    await member.goto('/dashboard/trades');
    await waitForTakeover(member);
    await expect(member.getByRole('heading', { level: 1, name: 'Trades' })).toBeVisible();
    const table = member.getByRole('table');
    await expect(table).toBeVisible();
    // The table names trades by id (the signal's id is behind a row's Details): the trade of this
    // signal, once the engine makes it, is found through the member's own API.
    const tradeOfSignal = async () => {
      const trades = (await (await member.request.get('/api/account-trades')).json()) as Trade[];
      return trades.find((t) => t.signal_id === signal.signal_id)?.trabot_trade_id ?? null;
    };
    expect(await tradeOfSignal()).toBeNull();

    await admin.goto(`/dashboard/admin/algos/${algo.algo_id}/signals?status=pending`);
    const card = admin
      .getByRole('listitem')
      .filter({ has: admin.getByRole('heading', { name: `${SYMBOL} (EQ) long · #${signal.signal_id}` }) });
    await card.getByRole('button', { name: `Approve signal ${signal.signal_id}` }).tap();
    const dialog = admin.locator('ion-modal').filter({ hasText: `Approve signal ${signal.signal_id}?` });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).tap();
    await expect(admin.getByText(/^Signal approved: /)).toBeVisible();

    // The member's page refreshes itself: the new trade appears, running, without a reload.
    await expect.poll(tradeOfSignal, { timeout: 20_000 }).not.toBeNull();
    const tradeId = String(await tradeOfSignal());
    const statusOf = async () => {
      const ids = await columnTexts(table, 'Trade ID');
      const statuses = await columnTexts(table, 'Status');
      return statuses[ids.indexOf(tradeId)];
    };
    await expect.poll(statusOf, { timeout: 20_000 }).toBe('RUNNING');
    const quantities = await columnTexts(table, 'Qty');
    const ids = await columnTexts(table, 'Trade ID');
    expect(Number(quantities[ids.indexOf(tradeId)])).toBeGreaterThan(0);
  } finally {
    await admin.close();
    await member.close();
  }
});
