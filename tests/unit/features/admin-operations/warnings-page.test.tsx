import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Warning } from '@shared/schemas/admin/operations';
import { findRowButton } from '../admin-test-kit';
import { ADMIN, renderApp, setViewportWidth, stubApi } from '../render-app';

const open: Warning = {
  warning_id: 8,
  warning_message: 'Broker token expired',
  warning_data: '{"account":3}',
  warning_timestamp: '2026-11-20T06:00:00',
  delete_ind: false,
};
const deleted: Warning = { ...open, warning_id: 7, warning_message: 'Feed reconnected', delete_ind: true };

const dialog = () => document.querySelector('ion-modal') as HTMLElement;

describe('warnings page', () => {
  beforeEach(() => setViewportWidth(1024));

  it('lists warnings with the spec columns; Show Deleted asks for the deleted ones too', async () => {
    const api = stubApi(ADMIN, {
      'GET /api/admin/warnings?showDeleted=false': () => ({ body: [open] }),
      'GET /api/admin/warnings?showDeleted=true': () => ({ body: [open, deleted] }),
    });
    renderApp('/dashboard/admin/warnings');
    const table = await screen.findByRole('table', { name: 'Last 50 warnings' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Warning ID', 'Message', 'Data', 'Timestamp', 'Deleted', 'Delete']);
    expect(within(table).getByText('{"account":3}')).toBeTruthy();
    const checkbox = document.querySelector('ion-checkbox') as HTMLElement;
    fireEvent(checkbox, new CustomEvent('ionChange', { detail: { checked: true }, bubbles: true }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    const deletedRow = within(screen.getByRole('table')).getAllByRole('row')[2] as HTMLElement;
    expect(deletedRow.textContent).toContain('Yes');
    expect(within(deletedRow).queryByText('Delete', { selector: 'ion-button' })).toBeNull();
    expect(api.callsTo('GET', '/api/admin/warnings?showDeleted=true')).toHaveLength(1);
  });

  it('deletes after the confirmation showing the warning, then refreshes the list', async () => {
    let current = [open];
    const api = stubApi(ADMIN, {
      'GET /api/admin/warnings?showDeleted=false': () => ({ body: current }),
      'DELETE /api/admin/warnings/8': () => {
        current = [];
        return { body: { status: 'success' } };
      },
    });
    renderApp('/dashboard/admin/warnings');
    fireEvent.click(await findRowButton('8', 'Delete'));
    await waitFor(() => expect(within(dialog()).getByText('Broker token expired')).toBeTruthy());
    expect(within(dialog()).getByText('{"account":3}')).toBeTruthy();
    // Nothing is deleted before the confirmation.
    expect(api.callsTo('DELETE', '/api/admin/warnings/8')).toHaveLength(0);
    fireEvent.click(within(dialog()).getByText('Delete this warning', { selector: 'ion-button' }));
    expect(await screen.findByText('Warning deleted successfully')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/admin/warnings/8')).toHaveLength(1);
    expect(await screen.findByText('No warnings found')).toBeTruthy();
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const api = stubApi(ADMIN, { 'GET /api/admin/warnings?showDeleted=false': () => ({ body: [open] }) });
    renderApp('/dashboard/admin/warnings');
    fireEvent.click(await findRowButton('8', 'Delete'));
    await waitFor(() => expect(within(dialog()).getByText('Broker token expired')).toBeTruthy());
    fireEvent.click(within(dialog()).getByText('Cancel', { selector: 'ion-button' }));
    await waitFor(() => expect(within(dialog()).queryByText('Broker token expired')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
  });

  it("keeps the confirmation open with the server's reason when the delete is refused", async () => {
    stubApi(ADMIN, {
      'GET /api/admin/warnings?showDeleted=false': () => ({ body: [open] }),
      'DELETE /api/admin/warnings/8': () => ({ status: 409, body: { error: 'Warning already deleted' } }),
    });
    renderApp('/dashboard/admin/warnings');
    fireEvent.click(await findRowButton('8', 'Delete'));
    await waitFor(() => expect(within(dialog()).getByText('Broker token expired')).toBeTruthy());
    fireEvent.click(within(dialog()).getByText('Delete this warning', { selector: 'ion-button' }));
    expect(await screen.findByText('Warning already deleted')).toBeTruthy();
    expect(within(dialog()).getByText('Broker token expired')).toBeTruthy();
  });

  it('shows "Error" when the warnings cannot be loaded', async () => {
    stubApi(ADMIN, {
      'GET /api/admin/warnings?showDeleted=false': () => ({ status: 403, body: { error: 'Forbidden' } }),
    });
    renderApp('/dashboard/admin/warnings');
    expect(await screen.findByText('Error')).toBeTruthy();
  });
});
