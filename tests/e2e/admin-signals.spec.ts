/**
 * The super-admin's algos and signals screens in Chromium against the real server: the algos list
 * and its switch, the signals filter, Add Signal through the instrument picker with the keyboard,
 * every validation message of spec section 5, Edit Levels, Manual Entry/Exit and the phone approve
 * flow. Each test works on signals it creates itself, so the tests may run side by side.
 */
import type { Locator, Page } from '@playwright/test';
import type { AddSignalBody, Algo, Signal } from '@shared/schemas/admin/algos';
import { expect, test } from './support/fixtures';

const SWING_DESC = /^Swing momentum/;

/** The demo swing algo's id, read from the API as the admin (the page shares its cookies). */
async function swingAlgoId(page: Page): Promise<number> {
  const res = await page.request.get('/api/algos');
  expect(res.status()).toBe(200);
  const algo = ((await res.json()) as Algo[]).find((a) => SWING_DESC.test(a.algo_desc));
  if (!algo) throw new Error('no demo swing algo');
  return algo.algo_id;
}

/** A fresh pending signal of the algo, made through the API, so a test owns what it changes. */
async function createSignal(page: Page, algoId: number, over: Partial<AddSignalBody> = {}): Promise<Signal> {
  const body: AddSignalBody = {
    trade_gen_ts: '2026-11-20',
    exchange: 'NSE',
    instrument_symbol: 'TCS',
    instrument_type: 'EQ',
    trade_direction: 'long',
    trade_type: 'swing',
    entry_level: 4000,
    stop_loss_level: 3900,
    target_level: 4250,
    risk_reward: 2.5,
    portion_in_trade: 100,
    process_signal: false,
    ...over,
  };
  const res = await page.request.put(`/api/algos/${algoId}/signals`, { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Signal;
}

/** The ion-modal holding a form or dialog with this text (its content is slotted outside the shadow dialog). */
const modal = (page: Page, text: string | RegExp) => page.locator('ion-modal').filter({ hasText: text });

/** Opens an ion-select by its label and picks an option from its popover. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.locator('ion-select').filter({ hasText: label }).click();
  await page.locator('ion-popover').getByRole('radio', { name: option, exact: true }).click();
  await expect(page.locator('ion-popover')).toHaveCount(0);
}

const rowOf = (page: Page, signalId: number) =>
  page.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: String(signalId), exact: true }) });

async function openSignals(page: Page, algoId: number, search = '') {
  await page.goto(`/dashboard/admin/algos/${algoId}/signals${search}`);
  await expect(page.getByRole('heading', { level: 1, name: `Signals of algo ${algoId}` })).toBeVisible();
}

test('the algos list shows each algo with its switch, which saves and survives a reload', async ({ page, login }) => {
  await login({ role: 'superadmin' });
  await page.goto('/dashboard/trades');
  await page.getByRole('link', { name: 'Admin' }).first().click();
  await page.getByRole('link', { name: 'Algos' }).click();
  await page.waitForURL('**/dashboard/admin/algos');
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Algos' });
  await expect(table.locator('thead th')).toHaveText([
    'Algo ID',
    'Description',
    'Switch',
    'Signals',
    'Testers',
    'Approval',
    'Exchange Algo ID',
    'Webhook',
  ]);

  const algos = (await (await page.request.get('/api/algos')).json()) as Algo[];
  const off = algos.find((a) => !a.algo_switch);
  if (!off) throw new Error('the demo has an algo switched off');
  const toggle = page.getByRole('switch', { name: `Algo ${off.algo_id} switch` });
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveText('Off');
  const box = (await toggle.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  const row = table
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: String(off.algo_id), exact: true }) });

  // A tap asks first, naming the algo and what changes.
  await toggle.click();
  const dialog = modal(page, `Switch algo ${off.algo_id} On?`);
  await expect(dialog).toContainText(
    `Switch algo ${off.algo_id} (${off.algo_desc}) On: its approved signals are traded again.`,
  );
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/algos/${off.algo_id}/switch`));
  await dialog.getByRole('button', { name: 'Switch On' }).click();
  await expect(toggle).toHaveText('On');
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(`Algo ${off.algo_id} switched On`);
  await page.reload();
  await expect(page.getByRole('switch', { name: `Algo ${off.algo_id} switch` })).toBeChecked();

  // Back as it was, for the other tests.
  await page.getByRole('switch', { name: `Algo ${off.algo_id} switch` }).click();
  await modal(page, `Switch algo ${off.algo_id} Off?`).getByRole('button', { name: 'Switch Off' }).click();
  await expect(row.getByRole('switch')).toHaveText('Off');
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/algos')).json()) as Algo[]).find((a) => a.algo_id === off.algo_id)
          ?.algo_switch,
    )
    .toBe(false);

  await row.getByRole('link', { name: `Signals of algo ${off.algo_id}` }).click();
  await page.waitForURL(`**/dashboard/admin/algos/${off.algo_id}/signals`);
});

test('the signals filter is kept in the URL and shows only that status', async ({ page, login }) => {
  await login({ role: 'superadmin' });
  const algoId = await swingAlgoId(page);
  await openSignals(page, algoId);
  const table = page.getByRole('table', { name: `Signals of algo ${algoId}` });
  await expect(table.locator('thead th')).toHaveText([
    'Signal ID',
    'Signal Date',
    'Trade',
    'Trade Status',
    'Signal Process Indicator',
    'Trade Portion',
    'Trade Level',
    'Trade Data',
    'Actions',
    'Additional Data',
    'Raw',
  ]);
  const filter = page.getByLabel('Status');
  await expect(filter).toHaveValue('all');

  await filter.selectOption('running');
  await expect(page).toHaveURL(/\?status=running$/);
  const statuses = table.locator('tbody tr td:nth-child(4)');
  await expect(statuses.first()).toBeVisible();
  await expect(statuses.filter({ hasNotText: /^running$/i })).toHaveCount(0);

  await filter.selectOption('cancelled');
  await expect(page).toHaveURL(/\?status=cancelled$/);
  await expect(statuses.first()).toBeVisible();
  await expect(statuses.filter({ hasNotText: /^cancelled$/i })).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('cancelled');
  await page.getByLabel('Status').selectOption('all');
  await expect(page).toHaveURL(new RegExp(`/algos/${algoId}/signals$`));
});

test('Raw shows the whole signal as formatted text', async ({ page, login }) => {
  await login({ role: 'superadmin' });
  const signal = await createSignal(page, await swingAlgoId(page));
  await openSignals(page, signal.algo_id);
  await page.getByRole('button', { name: `View, signal ${signal.signal_id}` }).click();
  const raw = modal(page, `Signal ${signal.signal_id}`).locator('pre');
  await expect(raw).toBeVisible();
  // The feed prices pending signals too: the last price may have arrived since the signal was added.
  const shown = JSON.parse(await raw.innerText()) as Signal;
  expect(shown).toEqual({ ...signal, ltp: shown.ltp, ltp_timestamp: shown.ltp_timestamp });
  expect(await raw.innerText()).toContain('\n  "signal_id": ');
});

test('a signal is added through the instrument picker with the keyboard, with live risk-reward', async ({
  page,
  login,
}) => {
  await login({ role: 'superadmin' });
  const algoId = await swingAlgoId(page);
  await openSignals(page, algoId);
  await page.getByRole('button', { name: 'Add Signal' }).click();
  const dialog = modal(page, /Add Signal \(algo \d+\)/);
  const picker = dialog.getByRole('combobox', { name: 'Instrument Symbol' });
  await expect(dialog.getByLabel('Signal Date')).toHaveValue(
    new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }),
  );
  await expect(dialog.getByLabel('Exchange')).toHaveValue('NSE');
  await expect(dialog.getByLabel('Exchange')).toBeDisabled();

  await picker.focus();
  await page.keyboard.type('nfo');
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  const listbox = dialog.getByRole('listbox');
  await expect(listbox.getByRole('option').first()).toBeVisible();
  // Every option contains the typed text, case aside (the list filters on a deferred value, so
  // options for "n" or "nf" may still show for a frame: wait for the list to settle).
  await expect(listbox.getByRole('option').filter({ hasNotText: /nfo/i })).toHaveCount(0);
  expect(await listbox.getByRole('option').count()).toBeGreaterThan(1);
  await expect(listbox.getByRole('option', { name: 'INFY (EQ)' })).toHaveCount(0);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('fy (');
  const infy = listbox.getByRole('option', { name: 'INFY (EQ)' });
  await expect(infy).toBeVisible();
  await expect(infy).toHaveAttribute('title', /Name: Infosys Limited/);
  await page.keyboard.press('ArrowDown');
  const active = await picker.getAttribute('aria-activedescendant');
  expect(active).toBeTruthy();
  await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
  // Walk to INFY (EQ) with the arrows, then Enter.
  for (
    let i = 0;
    i < 20 &&
    (await page.locator(`[id="${await picker.getAttribute('aria-activedescendant')}"]`).innerText()) !== 'INFY (EQ)';
    i++
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue('INFY (EQ)');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog.getByLabel('Instrument Type')).toHaveValue('EQ');
  // The modal is still open: Enter picked, it did not submit.
  await expect(dialog.getByRole('button', { name: 'Add Signal' })).toBeVisible();

  // Escape closes the list and leaves the modal open.
  await picker.press('ArrowDown');
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  await picker.press('Escape');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog).toBeVisible();

  await choose(page, dialog, 'Trade Direction', 'short');
  const rr = dialog.getByLabel('Risk Reward');
  await dialog.getByLabel('Entry Level').fill('1500');
  await dialog.getByLabel('Stop-loss Level').fill('1540.5');
  await expect(rr).toHaveValue('');
  await dialog.getByLabel('Target Level').fill('1419');
  await expect(rr).toHaveValue('2.00');
  await dialog.getByLabel('Stop-loss Level').fill('1500');
  await expect(rr).toHaveValue('');
  await dialog.getByLabel('Stop-loss Level').fill('1540');
  await expect(rr).toHaveValue('2.03');
  await choose(page, dialog, 'Portion in Trade', '50%');

  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/algos/${algoId}/signals`));
  await dialog.getByRole('button', { name: 'Add Signal' }).click();
  const sent = (await put).postDataJSON() as AddSignalBody;
  expect(sent).toMatchObject({
    exchange: 'NSE',
    instrument_symbol: 'INFY',
    instrument_type: 'EQ',
    trade_direction: 'short',
    trade_type: 'swing',
    entry_level: 1500,
    stop_loss_level: 1540,
    target_level: 1419,
    risk_reward: 2.03,
    portion_in_trade: 50,
    process_signal: false,
  });
  await expect(page.getByText('Signal added successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The list refreshed with the new signal (newest first).
  const first = page.locator('tbody tr').first();
  await expect(first.locator('td').nth(1)).toContainText('INFY');
  await expect(first.locator('td').nth(5)).toContainText('Risk-reward2.03');
});

test("Add Signal gives the spec's messages and keeps the modal open", async ({ page, login }) => {
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(r.url());
  });
  await login({ role: 'superadmin' });
  await openSignals(page, await swingAlgoId(page));
  await page.getByRole('button', { name: 'Add Signal' }).click();
  const dialog = modal(page, /Add Signal \(algo \d+\)/);
  await dialog.getByRole('combobox', { name: 'Instrument Symbol' }).fill('NOSUCHSYMBOL');
  await expect(dialog.getByText('No options found')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Signal' }).click();
  await expect(dialog.getByText('Invalid instrument symbol, please select again')).toBeVisible();
  await expect(dialog.getByText('Invalid numeric values, please correct and try again')).toHaveCount(3);
  await expect(dialog.getByText('Trade direction is required (long or short)')).toBeVisible();

  // A symbol without its series is not a known instrument either.
  await dialog.getByRole('combobox', { name: 'Instrument Symbol' }).fill('TCS');
  await dialog.getByLabel('Entry Level').fill('10');
  await dialog.getByLabel('Stop-loss Level').fill('9');
  await dialog.getByLabel('Target Level').fill('12');
  await dialog.getByRole('button', { name: 'Add Signal' }).click();
  await expect(dialog.getByText('Invalid instrument symbol, please select again')).toBeVisible();
  await expect(dialog.getByText('Invalid numeric values, please correct and try again')).toHaveCount(0);
  expect(puts).toEqual([]);
});

test('Add Signal refuses levels on the wrong side of the entry at their fields, keeps what was typed, and saves once fixed', async ({
  page,
  login,
}) => {
  await login({ role: 'superadmin' });
  const algoId = await swingAlgoId(page);
  await openSignals(page, algoId);
  await page.getByRole('button', { name: 'Add Signal' }).click();
  const dialog = modal(page, /Add Signal \(algo \d+\)/);
  const picker = dialog.getByRole('combobox', { name: 'Instrument Symbol' });
  await picker.fill('INFY');
  await dialog.getByRole('option', { name: 'INFY (EQ)' }).click();
  await choose(page, dialog, 'Trade Direction', 'long');
  await dialog.getByLabel('Entry Level').fill('1500');
  await dialog.getByLabel('Stop-loss Level').fill('1520');
  await dialog.getByLabel('Target Level').fill('1650');
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(r.url());
  });
  await dialog.getByRole('button', { name: 'Add Signal' }).click();
  await expect(dialog.getByText('For a long trade the stop-loss must be below the entry')).toBeVisible();
  await expect(dialog.getByLabel('Stop-loss Level')).toHaveValue('1520');
  await expect(dialog.getByLabel('Entry Level')).toHaveValue('1500');
  expect(puts).toEqual([]);

  await dialog.getByLabel('Stop-loss Level').fill('1450');
  await dialog.getByRole('button', { name: 'Add Signal' }).click();
  await expect(page.getByText('Signal added successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('Edit Levels saves the new values, and says "Invalid values, please correct and try again" for a blank level', async ({
  page,
  login,
}) => {
  await login({ role: 'superadmin' });
  const signal = await createSignal(page, await swingAlgoId(page), {
    entry_level: 4000,
    stop_loss_level: 3900,
    target_level: 4250,
  });
  await openSignals(page, signal.algo_id);
  await page.getByRole('button', { name: `Edit Levels, signal ${signal.signal_id}` }).click();
  const dialog = modal(page, `Edit Levels: signal ${signal.signal_id}`);
  await expect(dialog.getByLabel('Entry Level')).toHaveValue('4000');
  await expect(dialog.getByLabel('Signal Date')).toHaveValue('2026-11-20');

  await dialog.getByLabel('Target Level').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Invalid values, please correct and try again')).toBeVisible();

  await dialog.getByLabel('Entry Level').fill('4010.5');
  await dialog.getByLabel('Target Level').fill('4300');
  await choose(page, dialog, 'Trade Status', 'approved');
  await dialog.locator('ion-checkbox').filter({ hasText: 'Process signal' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Values edited successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const row = rowOf(page, signal.signal_id);
  // Approval wakes the engine at once: the signal may already run by the time the list refreshes.
  await expect(row.locator('td').nth(2)).toHaveText(/^(approved|running)$/i);
  await expect(row.locator('td').nth(3)).toHaveText('Yes');
  await expect(row.locator('td').nth(5)).toContainText('Entry4,010.5');
  await expect(row.locator('td').nth(5)).toContainText('Target4,300');
  await expect(row.locator('td').nth(0)).toHaveText('20/11/2026');
});

for (const side of [
  {
    action: 'Manual Entry',
    tradeType: 'intraday',
    success: 'Manual entry added successfully',
    limitRequired: 'Valid Limit price is required for limit orders.',
    triggerRequired: 'Valid limit price and trigger price are required for trigger orders.',
    misordered: {
      limit: '3990',
      trigger: '4000',
      message: 'Limit price must be greater than trigger price for trigger orders.',
    },
    ordered: { limit: '4010', trigger: '4000' },
  },
  {
    action: 'Manual Exit',
    tradeType: 'intra',
    success: 'Manual exit added successfully',
    limitRequired: 'Valid Limit price is required for limit order.',
    triggerRequired: 'Valid limit price and trigger price are required for trigger order.',
    misordered: {
      limit: '4010',
      trigger: '4000',
      message: 'Limit price must be less than trigger price for trigger order.',
    },
    ordered: { limit: '3990', trigger: '4000' },
  },
]) {
  test(`${side.action}: price fields per order type, the spec's messages, reset to market, and the order sent`, async ({
    page,
    login,
  }) => {
    await login({ role: 'superadmin' });
    const signal = await createSignal(page, await swingAlgoId(page));
    await openSignals(page, signal.algo_id);
    const open = async () => {
      await page.getByRole('button', { name: `${side.action}, signal ${signal.signal_id}` }).click();
      return modal(page, `${side.action}: signal ${signal.signal_id}`);
    };
    let dialog = await open();
    const limit = dialog.getByLabel('Limit Price');
    const trigger = dialog.getByLabel('Trigger Price');
    const send = () => dialog.getByRole('button', { name: `Place ${side.action}` }).click();
    await expect(dialog.locator('ion-select').filter({ hasText: 'Order Type' })).toContainText('market');
    await expect(limit).toHaveCount(0);
    await expect(trigger).toHaveCount(0);

    await choose(page, dialog, 'Order Type', 'limit');
    await expect(limit).toBeVisible();
    await expect(trigger).toHaveCount(0);
    await send();
    await expect(dialog.getByText(side.limitRequired)).toBeVisible();

    await choose(page, dialog, 'Order Type', 'trigger');
    await expect(trigger).toBeVisible();
    await limit.fill(side.misordered.limit);
    await send();
    await expect(dialog.getByText(side.triggerRequired)).toBeVisible();
    await trigger.fill(side.misordered.trigger);
    await send();
    await expect(dialog.getByText(side.misordered.message)).toBeVisible();

    // Closing resets the order type to market.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    dialog = await open();
    await expect(dialog.locator('ion-select').filter({ hasText: 'Order Type' })).toContainText('market');
    await expect(dialog.getByLabel('Limit Price')).toHaveCount(0);

    await choose(page, dialog, 'Order Type', 'trigger');
    await dialog.getByLabel('Limit Price').fill(side.ordered.limit);
    await dialog.getByLabel('Trigger Price').fill(side.ordered.trigger);
    await choose(page, dialog, 'Portion', '0.5 (50%)');
    await choose(page, dialog, 'Trade Type', side.tradeType);
    const put = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().includes(`/api/signals/${signal.signal_id}/manual-`),
    );
    await dialog.getByRole('button', { name: `Place ${side.action}` }).click();
    expect((await put).postDataJSON()).toEqual({
      portion: 0.5,
      trade_type: side.tradeType,
      order_type: 'trigger',
      limit_price: Number(side.ordered.limit),
      trigger_price: Number(side.ordered.trigger),
      algo_id: signal.algo_id,
      instrument_symbol: 'TCS',
      signal_id: signal.signal_id,
      trade_direction: 'long',
      trade_exchange: 'NSE',
      entry_level: 4000,
      stop_loss_level: 3900,
      // The signal as the dialog saw it: a colleague's change meanwhile gets a 409.
      expected_updated_at: signal.updated_at,
    });
    await expect(page.getByText(side.success)).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a pending signal is approved from its card with one tap and a confirmation of its levels', async ({
    page,
    login,
  }) => {
    await login({ role: 'superadmin' });
    const signal = await createSignal(page, await swingAlgoId(page), {
      entry_level: 812.5,
      stop_loss_level: 790,
      target_level: 871,
    });
    await openSignals(page, signal.algo_id, '?status=pending');
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `TCS (EQ) long · #${signal.signal_id}` }) });
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: `Approve signal ${signal.signal_id}` }).tap();
    const dialog = modal(page, `Approve signal ${signal.signal_id}?`);
    const levels = dialog.locator('dl.decision-levels > div');
    // And the last price with its drift from the entry (the feed prices pending signals too).
    await expect(levels).toHaveText([
      'Entry812.5',
      'Stop-loss790',
      'Target871',
      'Risk-reward2.60',
      /^LTP(N\.A\. \(N\.A\.|[\d,.]+ \([+-][\d.]+%) from entry\)$/,
    ]);
    // What approving trades now: the demo algo's subscribed accounts, sized by the engine's rules.
    await expect(dialog.getByRole('region', { name: 'What approving trades now' })).toContainText(
      /\d+ of \d+ accounts? trade [\d,]+ shares at/,
    );
    const post = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith(`/api/signals/${signal.signal_id}/approve`),
    );
    await dialog.getByRole('button', { name: 'Approve', exact: true }).tap();
    expect((await post).postDataJSON()).toEqual({ expected_updated_at: signal.updated_at });
    await expect(page.getByText(/^Signal approved: TCS long, \d+ accounts?$/)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The pending list refreshed: the approved signal left it.
    await expect(card).toHaveCount(0);
    // Stored as approved, unless the running engine has already taken it further (running, cancelled...).
    const stored = (await (await page.request.get(`/api/algos/${signal.algo_id}/signals`)).json()) as {
      signal_id: number;
      trade_status: string;
    }[];
    expect(stored.find((s) => s.signal_id === signal.signal_id)?.trade_status).toMatch(
      /^(approved|running|completed|cancelled)$/,
    );
  });

  test('a pending signal is rejected from its card, keeping its process flag', async ({ page, login }) => {
    await login({ role: 'superadmin' });
    const signal = await createSignal(page, await swingAlgoId(page), { process_signal: true });
    await openSignals(page, signal.algo_id, '?status=pending');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `TCS (EQ) long · #${signal.signal_id}` }) });
    await card.getByRole('button', { name: `Reject signal ${signal.signal_id}` }).tap();
    const dialog = modal(page, `Reject signal ${signal.signal_id}?`);
    await dialog.getByRole('button', { name: 'Keep signal' }).tap();
    await expect(dialog).toHaveCount(0);
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: `Reject signal ${signal.signal_id}` }).tap();
    const post = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith(`/api/signals/${signal.signal_id}/reject`),
    );
    await modal(page, `Reject signal ${signal.signal_id}?`).getByRole('button', { name: 'Reject', exact: true }).tap();
    expect((await post).postDataJSON()).toEqual({ expected_updated_at: signal.updated_at });
    await expect(page.getByText('Signal rejected')).toBeVisible();
    await expect(card).toHaveCount(0);
    const stored = (await (await page.request.get(`/api/algos/${signal.algo_id}/signals`)).json()) as Signal[];
    expect(stored.find((s) => s.signal_id === signal.signal_id)).toMatchObject({
      trade_status: 'cancelled',
      algo_process_ind: true,
      status_note: 'rejected by Trabot Admin',
    });
  });
});

test.describe('a stale Edit Levels', () => {
  // The browser logs the refused save (409) as a failed resource.
  test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\)/] });

  test('Edit Levels on a signal a colleague changed meanwhile: says so, shows the current signal, then saves', async ({
    page,
    login,
  }) => {
    await login({ role: 'superadmin' });
    const signal = await createSignal(page, await swingAlgoId(page), {
      entry_level: 4000,
      stop_loss_level: 3900,
      target_level: 4250,
    });
    await openSignals(page, signal.algo_id);
    await page.getByRole('button', { name: `Edit Levels, signal ${signal.signal_id}` }).click();
    const dialog = modal(page, `Edit Levels: signal ${signal.signal_id}`);
    await expect(dialog.getByLabel('Stop-loss Level')).toHaveValue('3900');

    // A colleague moves the stop-loss while this dialog is open.
    const colleague = await page.request.post(`/api/signals/${signal.signal_id}/update`, {
      data: {
        trade_gen_ts: '2026-11-20',
        entry_level: 4000,
        stop_loss_level: 3950,
        target_level: 4250,
        trade_status: 'pending',
        process_signal: false,
        expected_updated_at: signal.updated_at,
      },
    });
    expect(colleague.status(), await colleague.text()).toBe(200);

    await dialog.getByLabel('Target Level').fill('4300');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This signal changed since you opened it: review it again');
    // The dialog now holds the signal as stored: the colleague's stop-loss, the old target.
    await expect(dialog.getByLabel('Stop-loss Level')).toHaveValue('3950');
    await expect(dialog.getByLabel('Target Level')).toHaveValue('4250');

    await dialog.getByLabel('Target Level').fill('4300');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Values edited successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = rowOf(page, signal.signal_id);
    await expect(row.locator('td').nth(5)).toContainText('Stoploss3,950');
    await expect(row.locator('td').nth(5)).toContainText('Target4,300');
  });
});
