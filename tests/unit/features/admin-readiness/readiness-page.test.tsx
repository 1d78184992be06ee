import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sortReadiness } from '@client/features/admin-readiness/lib/sort-readiness';
import type { ReadinessRow } from '@shared/schemas/admin/readiness';
import { ADMIN, renderApp, setViewportWidth, stubApi } from '../render-app';

const row = (over: Partial<ReadinessRow>): ReadinessRow => ({
  trabot_account_id: 1,
  trabot_client_id: 5,
  member_name: 'Asha Rao',
  broker_name: 'zerodha',
  mode: 'live',
  session_expires_at: '2026-11-26T00:30:00.000Z',
  session_checked_at: '2026-11-25T03:00:00.000Z',
  funds_available: 500000,
  capital_required: 200000,
  halted: false,
  order_address: '127.0.0.2',
  order_ip_refusal: null,
  verdict: 'ready',
  ...over,
});

const ROWS = [
  row({ trabot_account_id: 1 }),
  row({
    trabot_account_id: 2,
    verdict: 'paper',
    mode: 'paper',
    session_expires_at: null,
    session_checked_at: null,
    funds_available: null,
  }),
  row({ trabot_account_id: 3, verdict: 'insufficient funds', funds_available: 120000 }),
  row({ trabot_account_id: 4, verdict: 'reconnect needed', session_expires_at: '2026-11-25T00:30:00.000Z' }),
];

describe('sortReadiness', () => {
  it('puts what needs attention first, or the largest shortfall, or the session ending first; ties by account', () => {
    const ids = (sort: Parameters<typeof sortReadiness>[1]) =>
      sortReadiness(ROWS, sort).map((r) => r.trabot_account_id);
    expect(ids('verdict')).toEqual([4, 3, 1, 2]);
    expect(ids('account')).toEqual([1, 2, 3, 4]);
    expect(ids('shortfall')).toEqual([2, 3, 1, 4]);
    expect(ids('session')).toEqual([2, 4, 1, 3]);
  });
});

describe('readiness page', () => {
  it('lists each subscribed account with its verdict, needs-attention first, and sorts on request', async () => {
    setViewportWidth(1024);
    stubApi(ADMIN, { 'GET /api/admin/readiness': () => ({ body: ROWS }) });
    renderApp('/dashboard/admin/readiness');
    const table = await screen.findByRole('table');
    const firstCells = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent);
    expect(firstCells()).toEqual(['4', '3', '1', '2']);
    const [reconnect] = within(table).getAllByRole('row').slice(1);
    expect(reconnect!.textContent).toContain('reconnect needed');
    expect(reconnect!.textContent).toContain('LIVE');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'account' } });
    await waitFor(() => expect(firstCells()).toEqual(['1', '2', '3', '4']));
  });

  it('shows cards on a phone', async () => {
    setViewportWidth(390);
    stubApi(ADMIN, { 'GET /api/admin/readiness': () => ({ body: [ROWS[2]] }) });
    renderApp('/dashboard/admin/readiness');
    expect(await screen.findByText('Account 3')).toBeTruthy();
    expect(screen.getByText('insufficient funds')).toBeTruthy();
  });
});
