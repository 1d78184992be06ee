import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../admin-test-kit';
import { ADMIN, renderApp, setViewportWidth, stubApi } from '../render-app';

describe('tokens page', () => {
  beforeEach(() => setViewportWidth(1024));

  it('shows "Loading..." until the tokens arrive, then a key/value table; Refresh Tokens asks again', async () => {
    let release: () => void = () => undefined;
    let answers = 0;
    const api = stubApi(ADMIN, {
      'GET /api/admin/tokens': () =>
        answers++ === 0
          ? new Promise(
              (resolve) =>
                (release = () =>
                  resolve({
                    body: { 'zerodha.access_token (account 3)': 'ab••••wxyz (expires 22/11/2026 06:00 IST)' },
                  })),
            )
          : { body: { 'feed.state': 'connected' } },
    });
    renderApp('/dashboard/admin/tokens');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    act(() => release());
    const table = await screen.findByRole('table', { name: 'Tokens' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Key', 'Value']);
    expect(within(table).getByText('ab••••wxyz (expires 22/11/2026 06:00 IST)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Tokens' }));
    expect(await screen.findByText('connected')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/tokens')).toHaveLength(2));
  });

  it("lists the algos' webhook tokens masked, with when they were made and last used", async () => {
    stubApi(ADMIN, {
      'GET /api/admin/tokens': () => ({ body: {} }),
      'GET /api/webhook-tokens': () => ({
        body: [
          { token_id: 4, algo_id: 2, masked: 'tbw_…x9Qa', created_at: '2026-11-20T04:45:00.000Z', last_used_at: null },
          {
            token_id: 5,
            algo_id: 3,
            masked: 'tbw_…B7c1',
            created_at: '2026-11-21T04:45:00.000Z',
            last_used_at: '2026-11-24T05:00:00.000Z',
          },
        ],
      }),
    });
    renderApp('/dashboard/admin/tokens');
    const table = await screen.findByRole('table', { name: 'Webhook tokens' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Webhook token', 'Algo', 'Made', 'Last used']);
    expect(within(table).getByText('tbw_…x9Qa')).toBeTruthy();
    expect(within(table).getByText('never')).toBeTruthy();
  });
});
