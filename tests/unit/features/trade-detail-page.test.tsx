/** The trade detail page rendered in the real app: the story, its states, where it is kept. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TimelineItem, TradeDetail } from '@shared/schemas/trade-detail';
import { memberKeys } from '@client/features/session/api/check-session';
import { ADMIN, MEMBER, renderApp, setViewportWidth, stubApi } from './render-app';
import { makeTrade } from './trades-fixtures';

const step = (over: Partial<TimelineItem> & Pick<TimelineItem, 'at' | 'kind' | 'title'>): TimelineItem => ({
  by: null,
  client_order_id: null,
  order_id: null,
  order_type: null,
  quantity: null,
  price: null,
  charges: null,
  changes: [],
  note: null,
  ...over,
});

const DETAIL: TradeDetail = {
  trade: makeTrade({ trabot_trade_id: 5, trade_instrument: 'RELIANCE', trade_status: 'completed' }),
  algo_desc: 'Breakout swing',
  signal: { signal_id: 9, source: 'webhook', entry_level: 2950.5, stop_loss_level: 2920, target_level: 3080 },
  timeline: [
    step({
      at: '2026-11-20T04:45:00.000Z',
      kind: 'signal_received',
      title: 'Signal received',
      note: "From the algo's webhook",
    }),
    step({ at: '2026-11-20T04:50:00.000Z', kind: 'signal_approved', title: 'Approved', by: 'Ops Admin' }),
    step({
      at: '2026-11-20T04:51:00.000Z',
      kind: 'levels_changed',
      title: 'Stop-loss moved',
      by: 'Ops Admin',
      changes: [{ field: 'stop_loss_level', from: 2890, to: 2920 }],
    }),
    step({
      at: '2026-11-20T04:52:00.000Z',
      kind: 'order_filled',
      title: 'Entry filled',
      client_order_id: 'TB5L1',
      quantity: 40,
      price: 2951,
      charges: 41.3,
    }),
  ],
  pnl: { realized: 4560, charges: 123.87, net: 4436.13 },
};

describe('trade detail page', () => {
  it('tells the story: the trade, its P&L after charges and the timeline in order', async () => {
    setViewportWidth(390);
    stubApi(MEMBER, { 'GET /api/account-trades/5': () => ({ body: DETAIL }) });
    renderApp('/dashboard/trades/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trade 5' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getByRole('link', { name: 'Trades' })
        .getAttribute('href'),
    ).toBe('/dashboard/trades');
    const pnl = await screen.findByRole('region', { name: 'P&L after charges' });
    expect([...pnl.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['₹4,560.00', '₹123.87', '₹4,436.13']);
    const steps = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('.trade-timeline-title')!.textContent)).toEqual([
      'Signal received',
      'Approved',
      'Stop-loss moved',
      'Entry filled',
    ]);
    expect(steps[2]!.textContent).toContain('Stop-loss₹2,890.00 → ₹2,920.00');
    expect(steps[3]!.textContent).toContain('Client order IDTB5L1');
    expect(steps[3]!.textContent).toContain('Charges₹41.30');
    expect(steps[0]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-20T04:45:00.000Z');
  });

  it("keeps a member's trade under the member's keys, saved for offline", async () => {
    stubApi(MEMBER, { 'GET /api/account-trades/5': () => ({ body: DETAIL }) });
    const { queryClient } = renderApp('/dashboard/trades/5');
    await screen.findByText('Stop-loss moved');
    expect(queryClient.getQueryData(['member', MEMBER.id, 'trade', 5])).toEqual(DETAIL);
  });

  it("keeps the superadmin's view under admin (never saved), with a Back button", async () => {
    stubApi(ADMIN, { 'GET /api/account-trades/5': () => ({ body: DETAIL }) });
    const { queryClient } = renderApp('/dashboard/trades/5');
    await screen.findByText('Stop-loss moved');
    expect(await screen.findByText('Back', { selector: 'ion-button' })).toBeTruthy();
    expect(queryClient.getQueryData(['admin', 'trades', 5])).toEqual(DETAIL);
  });

  it('says not found for a trade the API does not show', async () => {
    const api = stubApi(MEMBER, {
      'GET /api/account-trades/6': () => ({ status: 404, body: { error: 'Trade not found' } }),
    });
    renderApp('/dashboard/trades/6');
    expect(await screen.findByText('Trade not found')).toBeTruthy();
    expect(api.callsTo('GET', '/api/account-trades/6')).toHaveLength(1);
  });

  it('says not found for an id no trade can have, without asking', async () => {
    const api = stubApi(MEMBER, {});
    renderApp('/dashboard/trades/0');
    expect(await screen.findByText('Trade not found')).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith('/api/account-trades'))).toEqual([]);
  });

  it('says "Error loading trade" when the server fails', async () => {
    stubApi(MEMBER, { 'GET /api/account-trades/5': () => ({ status: 500, body: { error: 'down' } }) });
    renderApp('/dashboard/trades/5');
    expect(await screen.findByText('Error loading trade', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('keeps a saved copy the server fails to refresh, saying of when it is, with a Retry', async () => {
    setViewportWidth(390);
    let failing = true;
    stubApi(MEMBER, {
      'GET /api/account-trades/5': () => (failing ? { status: 500, body: { error: 'down' } } : { body: DETAIL }),
    });
    // As the persister restores it: fetched before this page loaded.
    renderApp('/dashboard/trades/5', (queryClient) =>
      queryClient.setQueryData(memberKeys.trade(MEMBER.id, 5), DETAIL, { updatedAt: performance.timeOrigin - 1 }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Trade 5' })).toBeTruthy();
    // After the request and its one retry.
    await screen.findByText(
      /^Showing your trade as of (\d{2}\/\d{2}\/\d{4} )?\d{2}:\d{2}; the server did not answer$/,
      undefined,
      { timeout: 5000 },
    );
    expect(screen.queryByText('Error loading trade')).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/the server did not answer/)).toBeNull());
  });
});
