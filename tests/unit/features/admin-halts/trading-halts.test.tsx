import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Halt } from '@shared/schemas/admin/halts';
import { clickButton, modalForm, typeInto } from '../admin-test-kit';
import { ADMIN, renderApp, stubApi, type ApiCall } from '../render-app';

const GLOBAL: Halt = {
  id: 4,
  account_id: null,
  reason: 'exchange glitch',
  square_off: false,
  halted_by: 'root@example.com',
  halted_at: '2026-11-25T04:00:00.000Z',
};
const ACCOUNT: Halt = {
  id: 5,
  account_id: 12,
  reason: 'margin call',
  square_off: true,
  halted_by: 'root@example.com',
  halted_at: '2026-11-25T04:05:00.000Z',
};

function serve(halts: Halt[], writes: Record<string, (call: ApiCall) => { status?: number; body: unknown }> = {}) {
  return stubApi(ADMIN, {
    'GET /api/admin/halts': () => ({ body: halts }),
    'GET /api/signals/pending': () => ({ body: [] }),
    ...writes,
  });
}

const panel = async () =>
  (await screen.findByRole('heading', { name: 'Kill switch' })).closest('section') as HTMLElement;

describe('Admin home kill switch', () => {
  it('halts all trading: the reason is required, then sent with square-off as chosen', async () => {
    const api = serve([], {
      'POST /api/admin/halt': (call) => ({
        status: 201,
        body: { ...GLOBAL, reason: (call.body as { reason: string }).reason },
      }),
    });
    renderApp('/dashboard/admin');
    await waitFor(async () => expect((await panel()).textContent).toContain('Trading is on'));
    clickButton('Halt');
    await waitFor(() => expect(modalForm()).not.toBeNull());
    fireEvent.submit(modalForm()!);
    expect(await screen.findByText('Reason is required')).toBeTruthy();
    typeInto('Reason', 'exchange glitch');
    fireEvent.submit(modalForm()!);
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/halt')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/halt')[0]!.body).toEqual({ reason: 'exchange glitch', square_off: false });
    expect(await screen.findByText('Trading halted: no new entries', { selector: '.toaster *' })).toBeTruthy();
  });

  it('shows who halted, when and why, the halted accounts, and resumes after a confirmation', async () => {
    const api = serve([GLOBAL, ACCOUNT], { 'DELETE /api/admin/halt': () => ({ body: { resumed: true } }) });
    renderApp('/dashboard/admin');
    const section = await panel();
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toMatch(
        /^HALTED exchange glitch by root@example.com at \d{2}\/\d{2}\/2026 \d{2}:\d{2}:\d{2}$/,
      ),
    );
    expect(within(section).getByRole('list', { name: 'Halted accounts' }).textContent).toContain(
      'Account 12: HALTED margin call',
    );
    fireEvent.click(within(section).getAllByText('Resume', { selector: 'ion-button' })[0]!);
    expect(await screen.findByText('Resume all trading?')).toBeTruthy();
    fireEvent.click(
      within(document.querySelector('.confirm-dialog-actions') as HTMLElement).getByText('Resume', {
        selector: 'ion-button',
      }),
    );
    await waitFor(() => expect(api.callsTo('DELETE', '/api/admin/halt')).toHaveLength(1));
    expect(await screen.findByText('Trading resumed', { selector: '.toaster *' })).toBeTruthy();
  });
});
