import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, renderApp, setViewportWidth, stubApi, type ApiCall } from '../render-app';
import { makeSignal } from './fixtures';
import { ionButton } from './ionic-controls';

vi.setConfig({ testTimeout: 20_000 });

const path = (status = 'all') => `/api/algos/2/signals?status=${status}`;

const full = makeSignal({
  signal_id: 7,
  trade_gen_ts: '2026-11-20T09:15:00',
  instrument_symbol: 'TCS',
  instrument_type: 'EQ',
  trade_type: 'intraday',
  trade_direction: 'short',
  trade_status: 'running',
  algo_process_ind: true,
  portion_in_trade: 25,
  entry_level: 100,
  stop_loss_level: 105,
  target_level: 91.5,
  ltp: 98.25,
  max_fav_excursion: 2.5,
  max_adv_excursion: 1.25,
  ltp_timestamp: '2026-11-20T10:30:05',
});
const bare = makeSignal({
  signal_id: 8,
  trade_status: 'approved',
  status_note: 'waiting for market open',
  trade_gen_ts: null,
  entry_level: 50,
  stop_loss_level: 50,
  ltp: null,
  max_fav_excursion: null,
  max_adv_excursion: null,
  ltp_timestamp: null,
});

const cell = (row: HTMLElement, header: string) => {
  const headers = within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  return row.querySelectorAll<HTMLElement>('th, td')[headers.indexOf(header)]!;
};
const rowOf = (id: number) => screen.getByRole('rowheader', { name: String(id) }).closest('tr')!;
/** "Label value" pairs of a cell's value list. */
const pairs = (el: HTMLElement) =>
  Array.from(el.querySelectorAll('dl > div')).map((d) => `${d.children[0]!.textContent} ${d.children[1]!.textContent}`);

describe('signals page, wide screen', () => {
  beforeEach(() => setViewportWidth(1280));

  it('shows every column of the spec with its display rules', async () => {
    stubApi(ADMIN, { [`GET ${path()}`]: () => ({ body: [full, bare] }) });
    renderApp('/dashboard/admin/algos/2/signals');
    await screen.findByRole('table', { name: 'Signals of algo 2' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Signals of algo 2');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
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
    const row = rowOf(7);
    expect(cell(row, 'Signal Date').textContent).toBe('20/11/2026');
    expect(pairs(cell(row, 'Trade'))).toEqual(['Symbol TCS', 'Category EQ', 'Type intraday', 'Direction short']);
    expect(cell(row, 'Trade Status').textContent).toBe('running');
    expect(cell(row, 'Signal Process Indicator').textContent).toBe('Yes');
    expect(cell(row, 'Trade Portion').textContent).toBe('25%');
    expect(pairs(cell(row, 'Trade Level'))).toEqual(['Entry 100', 'Stoploss 105', 'Target 91.5', 'Risk-reward 1.70']);
    expect(pairs(cell(row, 'Trade Data'))).toEqual([
      'LTP 98.25',
      'Drift -1.75%',
      'MFE 2.5',
      'MAE 1.25',
      'Time 20/11/2026 10:30:05',
    ]);
    expect(
      within(cell(row, 'Actions'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit Levels', 'Manual Entry', 'Manual Exit']);
    expect(pairs(cell(row, 'Additional Data'))).toEqual(['Algo ID 2', 'Exchange NSE']);

    const other = rowOf(8);
    expect(cell(other, 'Signal Date').textContent).toBe('N.A.');
    expect(cell(other, 'Trade Status').textContent).toBe('approvedwaiting for market open');
    expect(cell(other, 'Signal Process Indicator').textContent).toBe('No');
    expect(pairs(cell(other, 'Trade Level'))).toContain('Risk-reward N.A.');
    expect(pairs(cell(other, 'Trade Data'))).toEqual(['LTP N.A.', 'Drift N.A.', 'MFE N.A.', 'MAE N.A.', 'Time N.A.']);
  });

  it('shows the whole signal as formatted text under Raw', async () => {
    stubApi(ADMIN, { [`GET ${path()}`]: () => ({ body: [full] }) });
    renderApp('/dashboard/admin/algos/2/signals');
    fireEvent.click(await screen.findByRole('button', { name: 'View, signal 7' }));
    const pre = await waitFor(() => {
      const el = document.querySelector('ion-modal pre.signal-raw');
      if (!el) throw new Error('no raw view');
      return el;
    });
    expect(pre.textContent).toBe(JSON.stringify(full, null, 2));
  });

  it('filters by status through the URL: All first, then the five statuses', async () => {
    const api = stubApi(ADMIN, {
      [`GET ${path()}`]: () => ({ body: [full, bare] }),
      [`GET ${path('pending')}`]: () => ({ body: [bare] }),
    });
    const { router } = renderApp('/dashboard/admin/algos/2/signals');
    const filter = (await screen.findByLabelText('Status')) as HTMLSelectElement;
    expect(Array.from(filter.options).map((o) => o.textContent)).toEqual([
      'All',
      'pending',
      'approved',
      'running',
      'cancelled',
      'completed',
    ]);
    await screen.findByRole('rowheader', { name: '7' });
    fireEvent.change(filter, { target: { value: 'pending' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'pending' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: '7' })).toBeNull());
    expect(screen.getByRole('rowheader', { name: '8' })).toBeTruthy();
    expect(api.callsTo('GET', path('pending'))).toHaveLength(1);
    fireEvent.change(filter, { target: { value: 'all' } });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('reads the filter from the URL and ignores an unknown one', async () => {
    const api = stubApi(ADMIN, {
      [`GET ${path('completed')}`]: () => ({ body: [] }),
      [`GET ${path()}`]: () => ({ body: [] }),
    });
    renderApp('/dashboard/admin/algos/2/signals?status=completed');
    expect(await screen.findByText('No signals found')).toBeTruthy();
    expect(((await screen.findByLabelText('Status')) as HTMLSelectElement).value).toBe('completed');
    expect(api.callsTo('GET', path('completed')).length).toBeGreaterThan(0);
  });

  it('says "No algo id" when the route has no valid algo id', async () => {
    const api = stubApi(ADMIN, {});
    renderApp('/dashboard/admin/algos/abc/signals');
    expect(await screen.findByText('No algo id')).toBeTruthy();
    expect(screen.getByText('Back', { selector: 'ion-button' })).toBeTruthy();
    expect(screen.queryByText('Add Signal', { selector: 'ion-button' })).toBeNull();
    expect(api.calls.filter((c) => c.path.startsWith('/api/algos'))).toHaveLength(0);
  });

  it('says "Unauthorized" when the list cannot be loaded', async () => {
    stubApi(ADMIN, { [`GET ${path()}`]: () => ({ status: 403, body: { error: 'Forbidden' } }) });
    renderApp('/dashboard/admin/algos/2/signals');
    expect(await screen.findByText('Unauthorized')).toBeTruthy();
  });
});

describe('signals page, phone', () => {
  beforeEach(() => setViewportWidth(390));

  const PREVIEW = {
    signal_id: 21,
    price: 100,
    price_source: 'entry_level',
    accounts: [
      {
        trabot_account_id: 7,
        account_name: 'Ravi Kumar',
        quantity: 80,
        capital_at_risk: 400,
        allocation: 8000,
        allocation_percent: 8,
        key_status: 'valid',
        skip_reason: null,
        skip_detail: null,
      },
      {
        trabot_account_id: 9,
        account_name: 'Asha Rao',
        quantity: 0,
        capital_at_risk: 0,
        allocation: 0,
        allocation_percent: 0,
        key_status: 'invalid',
        skip_reason: 'invalid_key',
        skip_detail: 'the broker access key is invalid',
      },
    ],
    totals: { accounts: 2, trading: 1, skipped: 1, quantity: 80, capital_at_risk: 400, allocation: 8000 },
  };

  /** The list, the preview, and approve / reject, whose answer `decide` gives (the list then shows the new status). */
  function serve(
    decide: (call: ApiCall, decision: string) => { status?: number; body: unknown } = (_call, decision) => ({
      body: { message: decision === 'approve' ? 'Signal approved: RELIANCE long, 2 accounts' : 'Signal rejected' },
    }),
  ) {
    let listed = [
      makeSignal({ signal_id: 21, algo_process_ind: false }),
      makeSignal({ signal_id: 22, trade_status: 'running' }),
    ];
    const decision = (name: string, status: 'approved' | 'cancelled') => (call: ApiCall) => {
      const answer = decide(call, name);
      if ((answer.status ?? 200) < 400)
        listed = listed.map((s) => (s.signal_id === 21 ? { ...s, trade_status: status } : s));
      return answer;
    };
    return stubApi(ADMIN, {
      [`GET ${path()}`]: () => ({ body: listed }),
      'GET /api/signals/21/preview': () => ({ body: PREVIEW }),
      'POST /api/signals/21/approve': decision('approve', 'approved'),
      'POST /api/signals/21/reject': decision('reject', 'cancelled'),
    });
  }

  const card = (id: number) => screen.getByRole('heading', { name: new RegExp(`#${id}$`) }).closest('li')!;

  it('lists signals as cards; only a pending one has Approve and Reject', async () => {
    serve();
    renderApp('/dashboard/admin/algos/2/signals');
    await screen.findByRole('list', { name: 'Signals of algo 2' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card(21)).getByRole('button', { name: 'Approve signal 21' })).toBeTruthy();
    expect(within(card(21)).getByRole('button', { name: 'Reject signal 21' })).toBeTruthy();
    expect(within(card(22)).queryByRole('button', { name: /Approve/ })).toBeNull();
    // Key fields first.
    expect(
      Array.from(card(21).querySelectorAll('dl.responsive-card-fields > div > dt'))
        .slice(0, 3)
        .map((d) => d.textContent),
    ).toEqual(['Signal Date', 'Trade Status', 'Trade Level']);
  });

  it('approves in one tap plus a confirmation showing the levels and what the approval trades, sent with the signal as shown', async () => {
    const api = serve();
    renderApp('/dashboard/admin/algos/2/signals');
    await screen.findByRole('list', { name: 'Signals of algo 2' });
    fireEvent.click(within(card(21)).getByRole('button', { name: 'Approve signal 21' }));
    const title = await screen.findByText('Approve signal 21?');
    const dialog = title.closest('ion-modal') as HTMLElement;
    expect(pairs(dialog)).toEqual([
      'Entry 100',
      'Stop-loss 95',
      'Target 110',
      'Risk-reward 2.00',
      'LTP 101.5 (+1.50% from entry)',
    ]);
    const preview = await within(dialog).findByRole('region', { name: 'What approving trades now' });
    expect(preview.textContent).toContain(
      '1 of 2 accounts trade 80 shares at 100 (entry level): allocation ₹8,000, capital at risk ₹400.',
    );
    expect(preview.textContent).toContain('Asha Rao (account 9): the broker access key is invalid');
    expect(api.callsTo('POST', '/api/signals/21/approve')).toHaveLength(0);
    fireEvent.click(ionButton('Approve', dialog));
    expect(await screen.findByText('Signal approved: RELIANCE long, 2 accounts')).toBeTruthy();
    expect(api.callsTo('POST', '/api/signals/21/approve').map((c) => c.body)).toEqual([
      { expected_updated_at: '2026-11-20T04:45:00.000Z' },
    ]);
    // The list refreshed: the card is no longer pending.
    await waitFor(() => expect(within(card(21)).queryByRole('button', { name: 'Approve signal 21' })).toBeNull());
    expect(within(card(21)).getByText('approved', { selector: '.status-badge' })).toBeTruthy();
    expect(api.callsTo('GET', path())).toHaveLength(2);
  });

  it('on a laptop a pending row has Approve and Reject in its Actions, with the same confirmation', async () => {
    setViewportWidth(1280);
    const api = serve();
    renderApp('/dashboard/admin/algos/2/signals');
    const table = await screen.findByRole('table', { name: 'Signals of algo 2' });
    expect(within(table).queryByRole('button', { name: 'Approve signal 22' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Approve signal 21' }));
    const dialog = (await screen.findByText('Approve signal 21?')).closest('ion-modal') as HTMLElement;
    fireEvent.click(ionButton('Approve', dialog));
    expect(await screen.findByText('Signal approved: RELIANCE long, 2 accounts')).toBeTruthy();
    expect(api.callsTo('POST', '/api/signals/21/approve')).toHaveLength(1);
  });

  it('rejects after a confirmation, and backing out sends nothing', async () => {
    const api = serve();
    renderApp('/dashboard/admin/algos/2/signals');
    await screen.findByRole('list', { name: 'Signals of algo 2' });
    fireEvent.click(within(card(21)).getByRole('button', { name: 'Reject signal 21' }));
    let dialog = (await screen.findByText('Reject signal 21?')).closest('ion-modal') as HTMLElement;
    // Shown (presented) before a user can back out of it.
    await waitFor(() => expect(dialog.classList.contains('overlay-hidden')).toBe(false));
    await act(async () => fireEvent.click(ionButton('Keep signal', dialog)));
    await waitFor(() => expect(screen.queryByText('Reject signal 21?')).toBeNull());
    // Until its closing animation ends the modal covers the page (a user cannot reach the card).
    await waitFor(() => expect(dialog.classList.contains('overlay-hidden')).toBe(true));
    expect(api.callsTo('POST', '/api/signals/21/reject')).toHaveLength(0);

    fireEvent.click(within(card(21)).getByRole('button', { name: 'Reject signal 21' }));
    dialog = (await screen.findByText('Reject signal 21?')).closest('ion-modal') as HTMLElement;
    fireEvent.click(ionButton('Reject', dialog));
    expect(await screen.findByText('Signal rejected')).toBeTruthy();
    expect(api.callsTo('POST', '/api/signals/21/reject').map((c) => c.body)).toEqual([
      { expected_updated_at: '2026-11-20T04:45:00.000Z' },
    ]);
  });

  it("shows the server's refusal (changed since) and keeps the confirmation open", async () => {
    serve(() => ({ status: 409, body: { error: 'This signal changed since you opened it: review it again' } }));
    renderApp('/dashboard/admin/algos/2/signals');
    await screen.findByRole('list', { name: 'Signals of algo 2' });
    fireEvent.click(within(card(21)).getByRole('button', { name: 'Approve signal 21' }));
    const dialog = (await screen.findByText('Approve signal 21?')).closest('ion-modal') as HTMLElement;
    fireEvent.click(ionButton('Approve', dialog));
    expect(await screen.findByText('This signal changed since you opened it: review it again')).toBeTruthy();
    expect(screen.getByText('Approve signal 21?')).toBeTruthy();
  });
});
