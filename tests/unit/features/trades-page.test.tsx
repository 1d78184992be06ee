import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { indiaToday } from '@shared/ist';
import type { Trade } from '@shared/schemas/trades';
import { ADMIN, MEMBER, renderApp, setOnline, setViewportWidth, stubApi } from './render-app';
import { makeAccount } from './account-fixtures';
import { makeTrade } from './trades-fixtures';
import { memberKeys } from '@client/features/session/api/check-session';

const TRADES_PATH = '/api/account-trades?status=active';

const running = makeTrade({
  trabot_trade_id: 1,
  trade_instrument: 'RELIANCE',
  avg_entry_price: 2000,
  ltp: 2050,
  current_mtm: 500,
});
const short = makeTrade({
  trabot_trade_id: 2,
  trade_instrument: 'INFY',
  trade_direction: 'short',
  avg_entry_price: 1500,
  ltp: 1530,
  current_mtm: -300,
});
const completed = makeTrade({
  trabot_trade_id: 3,
  trade_instrument: 'TCS',
  trade_status: 'completed',
  ltp: 3900,
  avg_exit_price: 3950,
});
const pending = makeTrade({
  trabot_trade_id: 4,
  trade_instrument: 'HDFCBANK',
  trade_status: 'pending',
  remaining_quantity: 5,
});

function serveTrades(trades: Trade[], user = MEMBER) {
  return stubApi(user, { [`GET ${TRADES_PATH}`]: () => ({ body: trades }) });
}

describe('trades page', () => {
  it('shows "Loading trades..." until the trades arrive', async () => {
    setViewportWidth(1024);
    let release: (trades: Trade[]) => void = () => undefined;
    stubApi(MEMBER, {
      [`GET ${TRADES_PATH}`]: () => new Promise((resolve) => (release = (body) => resolve({ body }))),
    });
    renderApp('/dashboard/trades');
    expect(await screen.findByText('Loading trades...')).toBeTruthy();
    act(() => release([running]));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByText('Loading trades...')).toBeNull();
  });

  it('offers the tax P&L statement of this financial year or one of the two before, as a download; offline it waits', async () => {
    setViewportWidth(1024);
    serveTrades([running]);
    renderApp('/dashboard/trades');
    const link = await screen.findByRole('link', { name: 'Download tax P&L' });
    const year = screen.getByLabelText('Financial year') as HTMLSelectElement;
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const start = Number(today.slice(0, 4)) - (today.slice(5) < '04-01' ? 1 : 0);
    const fy = (y: number) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
    expect([...year.options].map((o) => o.value)).toEqual([fy(start), fy(start - 1), fy(start - 2)]);
    expect(link.getAttribute('href')).toBe(`/api/account-tax-statement?fy=${fy(start)}`);
    expect(link.hasAttribute('download')).toBe(true);
    fireEvent.change(year, { target: { value: fy(start - 1) } });
    expect(screen.getByRole('link', { name: 'Download tax P&L' }).getAttribute('href')).toBe(
      `/api/account-tax-statement?fy=${fy(start - 1)}`,
    );
    act(() => setOnline(false));
    await waitFor(() => expect(screen.getByText('Download tax P&L').getAttribute('aria-disabled')).toBe('true'));
    act(() => setOnline(true));
  });

  it('downloads the shown (filtered) trades as a CSV made in the browser, named by the filter and the day', async () => {
    setViewportWidth(1024);
    serveTrades([running, short, completed]);
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = (blob: Blob) => (blobs.push(blob), 'blob:trades');
        static revokeObjectURL = () => undefined;
      },
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { router } = renderApp('/dashboard/trades?status=completed');
    await screen.findByRole('table');
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'completed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(names).toEqual([`trades-completed-${indiaToday()}.csv`]);
    const lines = (await blobs[0]!.text()).split('\r\n');
    expect(lines[0]).toMatch(/^Trade ID,Date,Instrument,/);
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(['3']);
  });

  it('tells a member whose membership has expired, above their trades, which they still read', async () => {
    setViewportWidth(1024);
    stubApi(MEMBER, {
      [`GET ${TRADES_PATH}`]: () => ({ body: [running] }),
      'GET /api/membership': () => ({ body: { expiry_date: '2025-03-31', expired: true } }),
    });
    renderApp('/dashboard/trades');
    expect(await screen.findByText('Membership expired on 31/03/2025')).toBeTruthy();
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it("tells a member whose account trades live that today's broker session has ended, with the way to connect", async () => {
    setViewportWidth(1024);
    stubApi(MEMBER, {
      [`GET ${TRADES_PATH}`]: () => ({ body: [running] }),
      'GET /api/account-details': () => ({
        body: makeAccount({
          paper_trading: false,
          broker_login: 'available',
          broker_session_expires_at: '2001-01-01T00:30:00.000Z',
        }),
      }),
    });
    renderApp('/dashboard/trades');
    const notice = await screen.findByText(/Your Zerodha session has ended/);
    expect(notice.textContent).toBe('Your Zerodha session has ended: connect Zerodha to trade today.');
    expect(within(notice).getByRole('link', { name: 'connect Zerodha' }).getAttribute('href')).toBe(
      '/dashboard/account-settings',
    );
  });

  it('says nothing of the session while it holds', async () => {
    setViewportWidth(1024);
    stubApi(MEMBER, {
      [`GET ${TRADES_PATH}`]: () => ({ body: [running] }),
      'GET /api/account-details': () => ({
        body: makeAccount({
          paper_trading: false,
          broker_login: 'available',
          broker_session_expires_at: '2099-01-01T00:30:00.000Z',
        }),
      }),
    });
    renderApp('/dashboard/trades');
    expect(await screen.findByRole('table')).toBeTruthy();
    // The account's answer (and the P&L summary's) renders within act, then nothing about the session is shown.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(/session has ended/)).toBeNull();
  });

  it('shows "Error loading trades" when the request fails', async () => {
    setViewportWidth(1024);
    stubApi(MEMBER, { [`GET ${TRADES_PATH}`]: () => ({ status: 500, body: { error: 'boom' } }) });
    renderApp('/dashboard/trades');
    expect(await screen.findByText('Error loading trades', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows "No trades found" when no trade has the chosen status', async () => {
    setViewportWidth(1024);
    serveTrades([completed]);
    renderApp('/dashboard/trades');
    expect(await screen.findByText('No trades found')).toBeTruthy();
  });

  it('renders a table with headers on a wide screen, running trades by default', async () => {
    setViewportWidth(1024);
    serveTrades([running, short, completed, pending]);
    renderApp('/dashboard/trades');
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    // The glance fits a laptop; the order numbers, algo, signal and times open under each row.
    expect(headers).toEqual([
      'Trade ID',
      'Date',
      'Instrument',
      'Direction',
      'Status',
      'Qty',
      'Remaining Qty',
      'Avg Entry',
      'Avg Exit',
      'LTP',
      'MTM',
      'Trade Risk',
      'Details',
    ]);
    expect(headers).not.toContain('Edit');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['1', '2']);
    expect(screen.queryByRole('list', { name: 'Trades' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Dashboard');
  });

  it('marks each trade LIVE (orders at a real broker) or PAPER, in the table and on the phone cards', async () => {
    setViewportWidth(1024);
    serveTrades([{ ...running, broker: 'zerodha' }, short]);
    renderApp('/dashboard/trades');
    const table = await screen.findByRole('table');
    const [liveRow, paperRow] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(liveRow).getByText('LIVE').title).toBe('Orders go to zerodha');
    expect(within(paperRow).getByText('PAPER')).toBeTruthy();
    cleanup();
    setViewportWidth(390);
    serveTrades([{ ...running, broker: 'zerodha' }]);
    renderApp('/dashboard/trades');
    expect(within(await screen.findByRole('article')).getByText('LIVE')).toBeTruthy();
  });

  it('applies the display rules: % change (sign-aware), rupees, dates, MTM colour', async () => {
    setViewportWidth(1024);
    serveTrades([running, short]);
    renderApp('/dashboard/trades');
    const table = await screen.findByRole('table');
    const [longRow, shortRow] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(longRow.textContent).toContain('₹2,050.00+2.50%');
    expect(longRow.textContent).toContain('20/11/2026');
    expect(longRow.textContent).toContain('RELIANCE NSE');
    expect(within(longRow).getByText('₹500.00').className).toContain('rupee--gain');
    // Short: the price rose 2%, which is a loss for the trade.
    expect(shortRow.textContent).toContain('₹1,530.00-2.00%');
    expect(within(shortRow).getByText('-₹300.00').className).toContain('rupee--loss');
  });

  it('switches the filter in the browser without a new request and keeps it in the URL', async () => {
    setViewportWidth(1024);
    const api = serveTrades([running, completed, pending]);
    const { router } = renderApp('/dashboard/trades');
    await screen.findByRole('table');
    const filter = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(filter.value).toBe('running');
    expect([...filter.options].map((o) => o.textContent)).toEqual([
      'Pending (1)',
      'Approved (0)',
      'Running (1)',
      'Cancelled (0)',
      'Completed (1)',
    ]);

    fireEvent.change(filter, { target: { value: 'completed' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'completed' }));
    const completedRow = within(screen.getByRole('table')).getAllByRole('row')[1] as HTMLElement;
    expect(within(completedRow).getByRole('rowheader').textContent).toBe('3');
    // LTP is N.A. for a completed trade.
    expect(completedRow.textContent).toContain('N.A.');
    expect(completedRow.textContent).not.toContain('₹3,900.00');

    fireEvent.change(filter, { target: { value: 'pending' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'pending' }));
    const pendingRow = within(screen.getByRole('table')).getAllByRole('row')[1] as HTMLElement;
    // Remaining quantity and average entry are N.A. for a pending trade.
    const cells = within(pendingRow)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[6]).toBe('N.A.');
    expect(cells[7]).toBe('N.A.');

    fireEvent.change(filter, { target: { value: 'approved' } });
    expect(await screen.findByText('No trades found')).toBeTruthy();
    expect(api.callsTo('GET', TRADES_PATH)).toHaveLength(1);
  });

  it('lists open trades under running and closed ones under completed, with their own badge', async () => {
    setViewportWidth(1024);
    serveTrades([
      makeTrade({ trabot_trade_id: 21, trade_status: 'open' }),
      makeTrade({ trabot_trade_id: 22, trade_status: 'closed' }),
      running,
    ]);
    renderApp('/dashboard/trades');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['21', '1']);
    expect(within(table).getByText('open')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'completed' } });
    await waitFor(() =>
      expect(
        within(screen.getByRole('table'))
          .getAllByRole('rowheader')
          .map((th) => th.textContent),
      ).toEqual(['22']),
    );
    expect(within(screen.getByRole('table')).getByText('closed')).toBeTruthy();
  });

  it('reads the filter from the URL and falls back to running for an unknown status', async () => {
    setViewportWidth(1024);
    serveTrades([running, completed]);
    renderApp('/dashboard/trades?status=completed');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['3']);
    cleanup();
    renderApp('/dashboard/trades?status=bogus');
    const table2 = await screen.findByRole('table');
    expect(
      within(table2)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['1']);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('running');
  });

  it('renders one card per trade on a phone, key numbers first', async () => {
    setViewportWidth(375);
    serveTrades([running, short, completed]);
    renderApp('/dashboard/trades');
    const list = await screen.findByRole('list', { name: 'Trades' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['RELIANCE NSE', 'INFY NSE']);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('running')).toBeTruthy();
    expect(within(first).getByText('long')).toBeTruthy();
    const keys = [...first.querySelectorAll('.trade-card-keys dt')].map((dt) => dt.textContent);
    expect(keys).toEqual(['Qty', 'Avg Entry', 'LTP', 'MTM']);
    expect(first.textContent).toContain('+2.50%');
    // Details are on demand.
    expect(within(first).queryByText('Broker Trade No.')).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'Details, entries and exits' }));
    expect(within(first).getByText('Broker Trade No.')).toBeTruthy();
    expect(within(first).getByText('BRK-1')).toBeTruthy();
  });

  it('a partly exited trade shows on its card what remains, the average exit and that MTM is on the open part', async () => {
    setViewportWidth(390);
    const partly = makeTrade({
      trabot_trade_id: 7,
      trade_instrument: 'LT',
      trade_quantity: 20,
      remaining_quantity: 10,
      avg_entry_price: 3842,
      avg_exit_price: 3933,
      ltp: 3968.4,
      current_mtm: 1264,
      trade_exits: [
        {
          trade_exit_sequence: 1,
          trade_exit_quantity: 10,
          trade_exit_price: 3933,
          trade_exit_timestamp: '2026-11-24T11:06:00',
          order_id: 'ORD-X1',
          exchange_order_id: 'EX-X1',
          sebi_tax: null,
          stt: null,
          brokerage_charges: null,
          service_tax: null,
          exchange_transaction_charges: null,
          stamp_duty: null,
          dp_charges: null,
        },
      ],
    });
    serveTrades([partly]);
    renderApp('/dashboard/trades');
    const card = await screen.findByRole('article');
    const keys = card.querySelector('.trade-card-keys') as HTMLElement;
    const value = (label: string) => within(keys).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
    expect([...keys.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Qty',
      'Remaining Qty',
      'Avg Entry',
      'Avg Exit',
      'LTP',
      'MTM',
    ]);
    expect(value('Qty')).toBe('20');
    expect(value('Remaining Qty')).toBe('10');
    expect(value('Avg Exit')).toBe('₹3,933.00');
    expect(value('MTM')).toBe('₹1,264.00');
    expect(card.textContent).toContain('10 of 20 exited at ₹3,933.00 on average; MTM is on the 10 still open.');
    // The ids behind Details: the trade's, the broker's order numbers, each exit's order ids.
    fireEvent.click(within(card).getByRole('button', { name: 'Details, entries and exits' }));
    const fields = card.querySelector('.trade-fields') as HTMLElement;
    expect([...fields.querySelectorAll('dt')].slice(0, 3).map((dt) => dt.textContent)).toEqual([
      'Trade ID',
      'Broker Trade No.',
      'Stoploss Trade No.',
    ]);
    // Already among the key numbers: not twice.
    expect(within(fields).queryByText('Remaining Qty', { selector: 'dt' })).toBeNull();
    expect(card.textContent).toContain('ORD-X1');
    expect(within(card).getByRole('link', { name: 'View trade 7' }).getAttribute('href')).toBe('/dashboard/trades/7');
  });

  it('keeps a saved copy the server fails to refresh, saying of when it is, with a Retry', async () => {
    setViewportWidth(1024);
    let failing = true;
    stubApi(MEMBER, {
      [`GET ${TRADES_PATH}`]: () => (failing ? { status: 500, body: { error: 'down' } } : { body: [running, short] }),
    });
    // As the persister restores it: fetched before this page loaded.
    renderApp('/dashboard/trades', (queryClient) =>
      queryClient.setQueryData(memberKeys.trades(MEMBER.id), [running], { updatedAt: performance.timeOrigin - 1 }),
    );
    const table = await screen.findByRole('table');
    // After the request and its one retry.
    await screen.findByText(
      /^Showing your trades as of (\d{2}\/\d{2}\/\d{4} )?\d{2}:\d{2}; the server did not answer$/,
      undefined,
      { timeout: 5000 },
    );
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['1']);
    expect(screen.queryByText('Error loading trades')).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table'))
          .getAllByRole('rowheader')
          .map((th) => th.textContent),
      ).toEqual(['1', '2']),
    );
    expect(screen.queryByText(/the server did not answer/)).toBeNull();
  });

  it('renders the first 20 trades of a long list and more on demand', async () => {
    setViewportWidth(1024);
    serveTrades(Array.from({ length: 45 }, (_, i) => makeTrade({ trabot_trade_id: 1000 - i })));
    renderApp('/dashboard/trades');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('rowheader')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Show more trades (25 more)' }));
    expect(within(table).getAllByRole('rowheader')).toHaveLength(40);
    fireEvent.click(screen.getByRole('button', { name: 'Show more trades (5 more)' }));
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent)
        .at(-1),
    ).toBe('956');
    expect(screen.queryByRole('button', { name: /^Show more trades/ })).toBeNull();
  });

  it('renders 8 cards at first on a phone and 8 more on demand', async () => {
    setViewportWidth(390);
    serveTrades(Array.from({ length: 12 }, (_, i) => makeTrade({ trabot_trade_id: 1000 - i })));
    renderApp('/dashboard/trades');
    const list = await screen.findByRole('list', { name: 'Trades' });
    expect(within(list).getAllByRole('article')).toHaveLength(8);
    fireEvent.click(screen.getByRole('button', { name: 'Show more trades (4 more)' }));
    expect(within(list).getAllByRole('article')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: /^Show more trades/ })).toBeNull();
  });

  it('follows a filter changed from outside the page (back, a link)', async () => {
    setViewportWidth(1024);
    serveTrades([running, completed]);
    const { router } = renderApp('/dashboard/trades');
    await screen.findByRole('table');
    await act(() => router.navigate({ to: '/dashboard/trades', search: { status: 'completed' } }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table'))
          .getAllByRole('rowheader')
          .map((th) => th.textContent),
      ).toEqual(['3']),
    );
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('completed');
  });

  it('lists the entries and exits of a trade with order ids and charges', async () => {
    setViewportWidth(1024);
    const withLegs = makeTrade({
      trabot_trade_id: 9,
      trade_entries: [
        {
          trade_entry_sequence: 1,
          trade_entry_quantity: 10,
          trade_entry_price: 2450.5,
          trade_entry_timestamp: '2026-11-20T09:20:00',
          order_id: 'ORD-1',
          exchange_order_id: 'EX-1',
          sebi_tax: 0.5,
          stt: 12,
          brokerage_charges: 20,
          service_tax: 3.6,
          exchange_transaction_charges: 1.4,
          stamp_duty: null,
          dp_charges: null,
        },
      ],
    });
    serveTrades([withLegs]);
    renderApp('/dashboard/trades');
    const toggle = await screen.findByRole('button', { name: 'Details, entries and exits of trade 9' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById('trade-9-details') as HTMLElement;
    for (const label of ['Type', 'Broker Trade No.', 'Stoploss Trade No.', 'Algo ID', 'Signal ID', 'Last Updated']) {
      expect(within(details).getByText(label, { selector: 'dt' })).toBeTruthy();
    }
    expect(within(details).getByText('BRK-1')).toBeTruthy();
    const legs = screen.getByRole('heading', { name: 'Entries (1)' }).parentElement as HTMLElement;
    expect(legs.textContent).toContain('Entry 1: 10 @ ₹2,450.50, 20/11/2026 09:20:00');
    expect(legs.textContent).toContain('ORD-1');
    expect(legs.textContent).toContain('EX-1');
    expect(legs.textContent).toContain('Total charges₹37.50');
    expect(screen.getByRole('heading', { name: 'Exits (0)' })).toBeTruthy();
  });

  it('gives a superadmin the Edit column, opening the trade edit form', async () => {
    setViewportWidth(1024);
    serveTrades([running], ADMIN);
    renderApp('/dashboard/trades');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toContain('Edit');
    fireEvent.click(within(table).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Edit Trade 1')).toBeTruthy();
    expect(document.querySelector('ion-modal form')).not.toBeNull();
  });

  it('shows the offline notice with the data time and disables Edit while offline', async () => {
    setViewportWidth(1024);
    serveTrades([running], ADMIN);
    renderApp('/dashboard/trades');
    const table = await screen.findByRole('table');
    expect(screen.queryByText(/^Offline, as of/)).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByText(/^Offline, as of/).textContent).toMatch(/^Offline, as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect((within(table).getByRole('button', { name: 'Edit' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
