import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { choose, clickButton, ionInput, ionSelect, modalForm, typeInto } from '../admin-test-kit';
import { ADMIN, renderApp, setViewportWidth, stubApi, type ApiCall } from '../render-app';
import { makeTrade } from '../trades-fixtures';
import { monthRange } from '@client/features/trades/lib/pnl-periods';
import { indiaToday } from '@shared/ist';

const PAGE = '/dashboard/admin/members/5/accounts/12/trades';
const LIST = '/api/account-trades?status=active&adminAccountId=12';

const trade = makeTrade({
  trabot_trade_id: 77,
  trabot_account_id: 12,
  trade_instrument: 'INFY',
  trade_date: '2026-11-18',
  trade_status: 'running',
  trade_quantity: 10,
  current_mtm: 250.5,
  trade_risk: 900,
  remaining_quantity: 10,
  ltp: 1510,
  broker_trade_number: 'BRK-9',
  stoploss_trade_number: 'SL-9',
});

function serve(save?: (call: ApiCall) => { status?: number; body: unknown }) {
  return stubApi(ADMIN, {
    [`GET ${LIST}`]: () => ({ body: [trade] }),
    ...(save ? { 'POST /api/admin/trades/77': save } : {}),
  });
}

async function openEdit() {
  const table = await screen.findByRole('table');
  fireEvent.click(within(table).getByRole('button', { name: 'Edit' }));
  await waitFor(() => expect(ionInput('Quantity').value).toBe('10'));
}

describe('account trades (admin)', () => {
  beforeEach(() => setViewportWidth(1024));

  it("shows that account's trades with the Edit column and a Back button, persisting nothing", async () => {
    const api = serve();
    const { queryClient } = renderApp(PAGE);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toContain('Edit');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Trades of account 12');
    expect(screen.getByText('Back', { selector: 'ion-button' })).toBeTruthy();
    expect(api.callsTo('GET', LIST)).toHaveLength(1);
    expect(queryClient.getQueryCache().findAll({ queryKey: ['member'] })).toHaveLength(0);
    expect(queryClient.getQueryData(['admin', 'accounts', 12, 'trades'])).toEqual([trade]);
  });

  it("shows that account's P&L summary, asked with adminAccountId and kept under admin (not persisted)", async () => {
    const month = monthRange(indiaToday());
    const pnlPath = `/api/account-pnl?from=${month.from}&to=${month.to}&adminAccountId=12`;
    const pnl = {
      ...month,
      realized: 900,
      unrealized: 250.5,
      unpriced_trades: 0,
      charges: 40,
      net: 860,
      trades: 2,
      wins: 1,
      losses: 1,
      by_day: [],
      by_algo: [],
    };
    stubApi(ADMIN, { [`GET ${LIST}`]: () => ({ body: [trade] }), [`GET ${pnlPath}`]: () => ({ body: pnl }) });
    const { queryClient } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Profit & loss' });
    await waitFor(() => expect(within(section).getByText('Open MTM').nextElementSibling!.textContent).toBe('+₹250.50'));
    expect(within(section).getByText('This month').nextElementSibling!.textContent).toBe('+₹860.00');
    // The period's figures: a tap away where the screen is narrow (their code loads then).
    const toggle = within(section).getByRole('button', { name: /periods, by algo and equity curve$/i });
    if (toggle.getAttribute('aria-expanded') === 'false') fireEvent.click(toggle);
    const winRate = await within(section).findByText('Win rate');
    await waitFor(() => expect(winRate.nextElementSibling!.textContent).toBe('50% (1 of 2)'));
    expect(queryClient.getQueryData(['admin', 'accounts', 12, 'pnl', month.from, month.to])).toEqual(pnl);
    expect(queryClient.getQueryCache().findAll({ queryKey: ['member'] })).toHaveLength(0);
  });

  it('starts from the trade: yyyy-MM-dd date, its own status (running) first and chosen, then the moves allowed', async () => {
    serve();
    renderApp(PAGE);
    await openEdit();
    expect(ionInput('Trade Date').value).toBe('2026-11-18');
    expect(ionSelect('trade_status').value).toBe('running');
    expect([...ionSelect('trade_status').querySelectorAll('ion-select-option')].map((o) => o.textContent)).toEqual([
      'running',
      'open',
      'closed',
    ]);
    const facts = screen.getByRole('region', { name: 'Trade (read-only)' });
    expect(within(facts).getByText('INFY')).toBeTruthy();
    expect(facts.querySelector('input')).toBeNull();
    expect(ionInput('Broker Trade Number').value).toBe('BRK-9');
  });

  it('sends numbers as numbers, empty optional fields as null and the date as yyyy-MM-dd, then refreshes', async () => {
    const api = serve((call) => ({ body: { ...trade, ...(call.body as object) } }));
    renderApp(PAGE);
    await openEdit();
    typeInto('Trade Date', '2026-11-19');
    choose('trade_status', 'closed');
    typeInto('Quantity', '12');
    typeInto('Current MTM', '-40.25');
    typeInto('Trade Risk', '1000');
    typeInto('Remaining Quantity', '');
    typeInto('LTP', '');
    typeInto('Broker Trade Number', '  ');
    typeInto('Stoploss Trade Number', '');
    clickButton('Save');
    expect(await screen.findByText('Trade updated successfully')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/trades/77')[0]?.body).toEqual({
      trade_date: '2026-11-19',
      trade_status: 'closed',
      trade_quantity: 12,
      current_mtm: -40.25,
      trade_risk: 1000,
      remaining_quantity: null,
      ltp: null,
      broker_trade_number: null,
      stoploss_trade_number: null,
      expected_updated_at: trade.updated_at,
    });
    await waitFor(() => expect(modalForm()).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(2));
  });

  it('says the trade changed since it was opened (a fill), shows the current trade and saves against it', async () => {
    const current = { ...trade, remaining_quantity: 4, updated_at: '2026-11-20T10:00:05.000Z' };
    const api = serve((call) =>
      (call.body as { expected_updated_at: string }).expected_updated_at === trade.updated_at
        ? { status: 409, body: { error: 'This trade changed since you opened it: review it again', current } }
        : { body: { ...current, ...(call.body as object) } },
    );
    renderApp(PAGE);
    await openEdit();
    typeInto('Quantity', '12');
    clickButton('Save');
    await waitFor(() =>
      expect(modalForm()?.querySelector('[role="alert"]')?.textContent).toBe(
        'This trade changed since you opened it: review it again',
      ),
    );
    // The form now holds the current trade: the fill's remaining quantity, the typed value dropped.
    await waitFor(() => expect(ionInput('Remaining Quantity').value).toBe('4'));
    expect(ionInput('Quantity').value).toBe('10');
    clickButton('Save');
    expect(await screen.findByText('Trade updated successfully')).toBeTruthy();
    expect(
      api
        .callsTo('POST', '/api/admin/trades/77')
        .map((c) => (c.body as { expected_updated_at: string }).expected_updated_at),
    ).toEqual([trade.updated_at, current.updated_at]);
  });

  it('leaves the status out when the admin did not change it, so the stored one (e.g. completed) is kept', async () => {
    const api = serve((call) => ({ body: { ...trade, ...(call.body as object) } }));
    renderApp(PAGE);
    await openEdit();
    typeInto('Quantity', '12');
    clickButton('Save');
    expect(await screen.findByText('Trade updated successfully')).toBeTruthy();
    const body = api.callsTo('POST', '/api/admin/trades/77')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ trade_quantity: 12 });
    expect(body).not.toHaveProperty('trade_status');
  });

  it('refuses a fractional quantity and keeps the modal open with the typed values on failure', async () => {
    const api = serve(() => ({
      status: 400,
      body: { error: 'trade_status must be one of: open, closed, pending, cancelled' },
    }));
    renderApp(PAGE);
    await openEdit();
    typeInto('Quantity', '2.5');
    clickButton('Save');
    expect(await screen.findByText('Quantity must be a whole number')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/trades/77')).toHaveLength(0);
    typeInto('Quantity', '3');
    clickButton('Save');
    expect(await screen.findByText('Failed to update trade')).toBeTruthy();
    expect(modalForm()).not.toBeNull();
    expect(ionInput('Quantity').value).toBe('3');
  });
});
