import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AccountPnl } from '@shared/schemas/pnl';
import { accountPnlQueryOptions } from '@client/features/trades/api/get-account-pnl';
import { PnlSummary } from '@client/features/trades/components/pnl-summary';
import { createQueryClient } from '@client/lib/query-client';
import { MEMBER, setOnline, stubApi } from './render-app';

// The chart itself is a canvas, drawn in the browser tests; here it stands in as its label.
vi.mock('@client/features/trades/components/equity-curve', () => ({
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const TODAY = '2026-11-25'; // a Wednesday
const path = (from: string, to: string) => `GET /api/account-pnl?from=${from}&to=${to}`;
const MONTH = path('2026-11-01', '2026-11-30');

function summary(over: Partial<AccountPnl> = {}): AccountPnl {
  return {
    from: '2026-11-01',
    to: '2026-11-30',
    realized: 1500,
    unrealized: -250.5,
    unpriced_trades: 0,
    charges: 120.25,
    net: 1379.75,
    trades: 5,
    wins: 3,
    losses: 2,
    by_day: [
      { date: '2026-11-24', realized: 1000, charges: 60, net: 940 },
      { date: TODAY, realized: 500, charges: 60.25, net: 439.75 },
    ],
    by_algo: [
      {
        algo_id: 2,
        algo_desc: 'Swing momentum, NSE cash. Buys 20-day highs.',
        realized: 1200,
        charges: 100,
        net: 1100,
        trades: 4,
      },
      { algo_id: 3, algo_desc: null, realized: 300, charges: 20.25, net: 279.75, trades: 1 },
    ],
    ...over,
  };
}

function renderSummary({ periodsOpen = false } = {}) {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <PnlSummary pnl={accountPnlQueryOptions(MEMBER.id)} today={TODAY} periodsOpen={periodsOpen} />
    </QueryClientProvider>,
  );
  return queryClient;
}

/** The tap that opens the periods, breakdown and curve (their code loads then). */
async function openPeriods() {
  fireEvent.click(screen.getByRole('button', { name: 'Periods, by algo and equity curve' }));
  await screen.findByRole('radio', { name: 'Month' });
}

const figure = (label: string) => {
  const term = screen.getAllByText(label, { selector: 'dt' });
  return term.at(-1)!.nextElementSibling!.textContent;
};

describe('P&L summary', () => {
  it('says beside the open MTM how many running trades it leaves out for want of a live price', async () => {
    stubApi(MEMBER, { [MONTH]: () => ({ body: summary({ unrealized: 1600, unpriced_trades: 2 }) }) });
    renderSummary();
    await waitFor(() => expect(figure('Open MTM')).toBe('+₹1,600.002 trades without a live price'));
    expect(screen.getByText('2 trades without a live price')).toBeTruthy();
  });

  it('names one trade without a live price in the singular', async () => {
    stubApi(MEMBER, { [MONTH]: () => ({ body: summary({ unpriced_trades: 1 }) }) });
    renderSummary();
    expect(await screen.findByText('1 trade without a live price')).toBeTruthy();
  });

  it('is compact at first: today, the month and open MTM; the periods a tap away, their code loaded then', async () => {
    stubApi(MEMBER, { [MONTH]: () => ({ body: summary() }) });
    renderSummary();
    await waitFor(() => expect(figure('This month')).toBe('+₹1,379.75'));
    expect([...document.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Today',
      'This month',
      'Open MTM',
    ]);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show equity curve' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Periods, by algo and equity curve' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await openPeriods();
    expect(
      screen.getByRole('button', { name: 'Hide periods, by algo and equity curve' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(screen.getByRole('button', { name: 'Show equity curve' })).toBeTruthy();
  });

  it("shows today's and this month's net and the open MTM from one request for the month, signed", async () => {
    const api = stubApi(MEMBER, { [MONTH]: () => ({ body: summary() }) });
    renderSummary();
    await openPeriods();
    await waitFor(() => expect(figure('This month')).toBe('+₹1,379.75'));
    expect(figure('Today')).toBe('+₹439.75');
    expect(figure('Open MTM')).toBe('-₹250.50');
    expect(screen.getByText('-₹250.50').className).toContain('rupee--loss');
    // The month is the period chosen at first: the same answer, asked once.
    expect((screen.getByRole('radio', { name: 'Month' }) as HTMLInputElement).checked).toBe(true);
    expect(figure('Net P&L')).toBe('+₹1,379.75');
    expect(figure('Charges')).toBe('₹120.25');
    expect(figure('Win rate')).toBe('60% (3 of 5)');
    expect(screen.getByText('01/11/2026 to 30/11/2026')).toBeTruthy();
    expect(screen.getByText(/^As of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith('/api/account-pnl'))).toHaveLength(1);
  });

  it('today without a leg reads ₹0.00; no closed trade, a win rate of N.A.', async () => {
    stubApi(MEMBER, {
      [MONTH]: () => ({ body: summary({ net: 0, trades: 0, wins: 0, losses: 0, by_day: [], by_algo: [] }) }),
    });
    renderSummary();
    await openPeriods();
    await waitFor(() => expect(figure('Today')).toBe('₹0.00'));
    expect(figure('Win rate')).toBe('N.A.');
    fireEvent.click(screen.getByRole('button', { name: 'Show by algo' }));
    expect(screen.getByText('No trades closed in these days')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show equity curve' }));
    expect(screen.getByText('No P&L in these days')).toBeTruthy();
  });

  it('asks for the range of each chip: Today, the week from Monday, the financial year', async () => {
    const api = stubApi(MEMBER, {
      [MONTH]: () => ({ body: summary() }),
      [path(TODAY, TODAY)]: () => ({ body: summary({ net: 439.75, charges: 60.25, trades: 1, wins: 1, losses: 0 }) }),
      [path('2026-11-23', '2026-11-29')]: () => ({
        body: summary({ net: -80, charges: 80, trades: 2, wins: 0, losses: 2 }),
      }),
      [path('2026-04-01', '2027-03-31')]: () => ({
        body: summary({ net: 25000, charges: 900, trades: 40, wins: 25, losses: 15 }),
      }),
    });
    renderSummary();
    await openPeriods();
    await waitFor(() => expect(figure('Win rate')).toBe('60% (3 of 5)'));

    fireEvent.click(screen.getByRole('radio', { name: 'Today' }));
    await waitFor(() => expect(figure('Win rate')).toBe('100% (1 of 1)'));
    expect(screen.getByText('25/11/2026')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(figure('Net P&L')).toBe('-₹80.00'));
    expect(figure('Win rate')).toBe('0% (0 of 2)');
    expect(screen.getByText('23/11/2026 to 29/11/2026')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'FY' }));
    await waitFor(() => expect(figure('Net P&L')).toBe('+₹25,000.00'));
    expect(figure('Win rate')).toBe('63% (25 of 40)');
    // The headline figures stay the month's.
    expect(figure('This month')).toBe('+₹1,379.75');
    expect(api.calls.map((c) => c.path).filter((p) => p.startsWith('/api/account-pnl'))).toEqual([
      '/api/account-pnl?from=2026-11-01&to=2026-11-30',
      '/api/account-pnl?from=2026-11-25&to=2026-11-25',
      '/api/account-pnl?from=2026-11-23&to=2026-11-29',
      '/api/account-pnl?from=2026-04-01&to=2027-03-31',
    ]);
  });

  it('custom days: told what is wrong, the typed days kept; then asked for', async () => {
    const api = stubApi(MEMBER, {
      [MONTH]: () => ({ body: summary() }),
      [path('2026-10-01', '2026-10-15')]: () => ({ body: summary({ net: 700, trades: 4, wins: 1, losses: 3 }) }),
    });
    renderSummary();
    await openPeriods();
    await waitFor(() => expect(figure('This month')).toBe('+₹1,379.75'));
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    expect(screen.getByText('Choose the first and last day')).toBeTruthy();
    expect(figure('Net P&L')).toBe('…');

    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('Enter the first day')).toBeTruthy();
    expect(screen.getByText('Enter the last day')).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(from, { target: { value: '2026-10-15' } });
    fireEvent.change(to, { target: { value: '2026-10-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    const error = screen.getByText('The first day must not be after the last');
    expect(from.getAttribute('aria-describedby')).toBe(error.id);
    expect(from.value).toBe('2026-10-15');
    expect(to.value).toBe('2026-10-01');
    expect(api.calls.filter((c) => c.path.includes('2026-10'))).toHaveLength(0);

    fireEvent.change(from, { target: { value: '2026-10-01' } });
    fireEvent.change(to, { target: { value: '2026-10-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(figure('Win rate')).toBe('25% (1 of 4)'));
    expect(screen.queryByText('The first day must not be after the last')).toBeNull();
    expect(screen.getByText('01/10/2026 to 15/10/2026')).toBeTruthy();
  });

  it('breaks the period down by algo, and draws the equity curve, each when asked; the curve labelled in words', async () => {
    let release: () => void = () => undefined;
    stubApi(MEMBER, { [MONTH]: () => new Promise((resolve) => (release = () => resolve({ body: summary() }))) });
    // Open from the start, as on a wide screen.
    renderSummary({ periodsOpen: true });
    const byAlgo = await screen.findByRole('button', { name: 'Show by algo' });
    // There before the figures (nothing moves when they arrive), usable once they have.
    expect(byAlgo.hasAttribute('disabled')).toBe(true);
    act(() => release());
    await waitFor(() => expect(byAlgo.hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('list')).toBeNull();
    fireEvent.click(byAlgo);
    expect(byAlgo.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('list', { name: 'By algo' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((item) => [...item.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Swing momentum, NSE cash', '4 trades', '+₹1,100.00'],
      ['Algo 3', '1 trade', '+₹279.75'],
    ]);
    // An algo is named by the first sentence of its description, the whole of it on hover.
    expect(within(list).getByText('Swing momentum, NSE cash').title).toBe(
      'Swing momentum, NSE cash. Buys 20-day highs.',
    );
    expect(screen.queryByRole('img')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show equity curve' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Equity curve: cumulative net P&L from 01/11/2026 to 30/11/2026, ending at +₹1,379.75',
    );
    expect(screen.getByRole('button', { name: 'Hide equity curve' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('says so when the summary cannot be loaded', async () => {
    stubApi(MEMBER, { [MONTH]: () => ({ status: 500, body: { error: 'down' } }) });
    renderSummary();
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveProperty(
      'textContent',
      'Error loading the P&L',
    );
  });

  it('offline, a period not saved on the device says so instead of waiting', async () => {
    stubApi(MEMBER, { [MONTH]: () => ({ body: summary() }) });
    renderSummary();
    await openPeriods();
    await waitFor(() => expect(figure('This month')).toBe('+₹1,379.75'));
    act(() => setOnline(false));
    fireEvent.click(screen.getByRole('radio', { name: 'FY' }));
    expect(await screen.findByText('Offline: these days are not saved on this device')).toBeTruthy();
    expect(figure('This month')).toBe('+₹1,379.75');
    act(() => setOnline(true));
  });
});
