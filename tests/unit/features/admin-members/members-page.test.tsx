import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Member } from '@shared/schemas/admin/members';
import type { Collection } from '@shared/schemas/membership';
import { ADMIN, renderApp, setViewportWidth, stubApi, type ApiCall } from '../render-app';
import { clickButton, ionInput, modalForm, typeInto, findRowButton } from '../admin-test-kit';

const asha: Member = {
  trabot_client_id: 5,
  name: 'Asha Rao',
  phone_no: '+919800000001',
  email_id: 'asha@example.com',
  activation_date: '2026-01-01',
  expiry_date: '2026-12-31',
  last_updated_timestamp: '2026-11-20T10:00:00.000Z',
  membership_status: 'active',
  paid_until: null,
  fee_currency: 'INR',
};

const collection: Collection = {
  month: '2026-11',
  gateway: false,
  billing: true,
  deadline: '2026-11-25',
  paid: 0,
  due: 0,
  cancelled: 0,
  collected_inr: 0,
  collected_usd: 0,
  members: [],
};
/** The membership panel beside the list (applications and the month's collection), loaded. */
const membershipPanel = {
  'GET /api/admin/membership/applications': () => ({ body: [] }),
  'GET /api/admin/membership/collection': () => ({ body: collection }),
};

function serveMembers(members: Member[], save?: (call: ApiCall) => { status?: number; body: unknown }) {
  return stubApi(ADMIN, {
    ...membershipPanel,
    'GET /api/members': () => ({ body: members }),
    ...(save ? { 'PUT /api/members': save, 'POST /api/members/5': save } : {}),
  });
}

describe('members page', () => {
  beforeEach(() => setViewportWidth(1024));

  it('lists members with every column, dates as dd/MM/yyyy and links to users and accounts', async () => {
    serveMembers([asha]);
    renderApp('/dashboard/admin/members');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Client ID',
      'Name',
      'Phone',
      'Email',
      'Activation Date',
      'Expiry Date',
      'Last Updated',
      'Edit',
      'Users',
      'Accounts',
    ]);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('01/01/2026');
    expect(row.textContent).toContain('31/12/2026');
    expect(within(row).getByRole('link', { name: 'Users of Asha Rao' }).getAttribute('href')).toBe(
      '/dashboard/admin/members/5/users',
    );
    expect(within(row).getByRole('link', { name: 'Accounts of Asha Rao' }).getAttribute('href')).toBe(
      '/dashboard/admin/members/5/accounts',
    );
    expect(screen.getByText('Back', { selector: 'ion-button' })).toBeTruthy();
  });

  it('shows "No members found" for an empty list', async () => {
    serveMembers([]);
    renderApp('/dashboard/admin/members');
    expect(await screen.findByText('No members found')).toBeTruthy();
  });

  it('shows "Unauthorized" when the list cannot be loaded', async () => {
    stubApi(ADMIN, { ...membershipPanel, 'GET /api/members': () => ({ status: 403, body: { error: 'Forbidden' } }) });
    renderApp('/dashboard/admin/members');
    expect(await screen.findByText('Unauthorized')).toBeTruthy();
  });

  it('requires every field and a valid email before sending anything', async () => {
    const api = serveMembers([], () => ({ status: 201, body: asha }));
    renderApp('/dashboard/admin/members');
    await screen.findByText('No members found');
    clickButton('Add Member');
    await waitFor(() => expect(modalForm()).not.toBeNull());
    clickButton('Save');
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Phone is required')).toBeTruthy();
    expect(screen.getByText('Activation date must be a date (yyyy-mm-dd)')).toBeTruthy();
    typeInto('Email', 'not-an-email');
    clickButton('Save');
    expect(await screen.findByText('Enter a valid email')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/members')).toHaveLength(0);
  });

  it('shows a year the product cannot hold at its field, keeping what was typed, and sends nothing', async () => {
    const api = serveMembers([], () => ({ status: 201, body: asha }));
    renderApp('/dashboard/admin/members');
    await screen.findByText('No members found');
    clickButton('Add Member');
    await waitFor(() => expect(modalForm()).not.toBeNull());
    typeInto('Name', 'Asha Rao');
    typeInto('Phone', '+919800000001');
    typeInto('Email', 'asha@example.com');
    typeInto('Activation Date', '1999-12-31');
    typeInto('Expiry Date', '2026-12-31');
    clickButton('Save');
    expect(await screen.findByText('Activation date must be in the years 2000 to 2100')).toBeTruthy();
    expect(ionInput('Activation Date').value).toBe('1999-12-31');
    expect(api.callsTo('PUT', '/api/members')).toHaveLength(0);
  });

  it('adds a member with the dates as yyyy-mm-dd, closes the modal and refreshes the list', async () => {
    const api = serveMembers([], () => ({ status: 201, body: asha }));
    renderApp('/dashboard/admin/members');
    await screen.findByText('No members found');
    clickButton('Add Member');
    await waitFor(() => expect(modalForm()).not.toBeNull());
    typeInto('Name', 'Asha Rao');
    typeInto('Phone', '+919800000001');
    typeInto('Email', 'asha@example.com');
    typeInto('Activation Date', '2026-01-01');
    typeInto('Expiry Date', '2026-12-31');
    clickButton('Save');
    expect(await screen.findByText('Member updated successfully')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/members')[0]?.body).toEqual({
      name: 'Asha Rao',
      phone_no: '+919800000001',
      email_id: 'asha@example.com',
      activation_date: '2026-01-01',
      expiry_date: '2026-12-31',
    });
    await waitFor(() => expect(modalForm()).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', '/api/members')).toHaveLength(2));
  });

  it('edits a member through POST /api/members/{id} starting from its values', async () => {
    const api = serveMembers([asha], (call) => ({ body: { ...asha, ...(call.body as object) } }));
    renderApp('/dashboard/admin/members');
    fireEvent.click(await findRowButton('5', 'Edit'));
    await waitFor(() => expect(ionInput('Name').value).toBe('Asha Rao'));
    expect(ionInput('Activation Date').value).toBe('2026-01-01');
    typeInto('Phone', '+919811111111');
    clickButton('Save');
    await screen.findByText('Member updated successfully');
    expect(api.callsTo('POST', '/api/members/5')[0]?.body).toMatchObject({
      phone_no: '+919811111111',
      expiry_date: '2026-12-31',
    });
  });

  it('keeps the modal open with the typed values when the save fails', async () => {
    serveMembers([asha], () => ({ status: 500, body: { error: 'boom' } }));
    renderApp('/dashboard/admin/members');
    fireEvent.click(await findRowButton('5', 'Edit'));
    await waitFor(() => expect(ionInput('Name').value).toBe('Asha Rao'));
    typeInto('Name', 'Asha R.');
    clickButton('Save');
    expect(await screen.findByText('Failed to update member', {}, { timeout: 4000 })).toBeTruthy();
    expect(modalForm()).not.toBeNull();
    expect(ionInput('Name').value).toBe('Asha R.');
  });
});
