import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MemberAccount, MemberUser } from '@shared/schemas/admin/members';
import { choose, clickButton, ionInput, ionSelect, modalForm, typeInto, findRowButton } from '../admin-test-kit';
import { ADMIN, renderApp, setViewportWidth, stubApi, type ApiCall } from '../render-app';

const PAGE = '/dashboard/admin/members/5/users';

const ravi: MemberUser = {
  id: 31,
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  account_id: 12,
  created_at: '2026-10-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};
const account = (id: number, broker_name: string): MemberAccount => ({
  trabot_account_id: id,
  account_status: 'active',
  broker_name,
  broker_client_id: '',
  broker_access_key: '',
  access_key_valid: false,
  access_key_updated_timestamp: null,
  paper_trading: true,
  broker_login: 'not_configured',
  broker_session_expires_at: null,
  trading_mode: 'paper',
  order_source: null,
});

type Handler = (call: ApiCall) => { status?: number; body: unknown };

function serve(users: MemberUser[], { create, update }: { create?: Handler; update?: Handler } = {}) {
  return stubApi(ADMIN, {
    'GET /api/members/5/users': () => ({ body: users }),
    'GET /api/admin/members/5/accounts': () => ({ body: [account(12, 'zerodha'), account(13, 'none')] }),
    ...(create ? { 'POST /api/members/5/users': create } : {}),
    ...(update ? { 'PUT /api/members/5/users/31': update } : {}),
  });
}

async function openAdd() {
  await screen.findByText(/No users found|Ravi Kumar/);
  clickButton('Add User');
  await waitFor(() => expect(modalForm()).not.toBeNull());
}

describe('member users page', () => {
  beforeEach(() => setViewportWidth(1024));

  it('lists the users with their columns', async () => {
    serve([ravi]);
    renderApp(PAGE);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['User ID', 'Name', 'Email', 'Created At', 'Updated At', 'Edit']);
    expect(within(table).getByText('ravi@example.com')).toBeTruthy();
  });

  it('shows "No users found" for a member without logins', async () => {
    serve([]);
    renderApp(PAGE);
    expect(await screen.findByText('No users found')).toBeTruthy();
  });

  it("checks a new user's fields and sends the chosen account", async () => {
    const api = serve([], { create: (call) => ({ status: 201, body: { ...ravi, ...(call.body as object) } }) });
    renderApp(PAGE);
    await openAdd();
    expect(ionSelect('account_id').value).toBe(12);
    typeInto('Name', 'Ravi Kumar');
    typeInto('Email', 'ravi@example');
    clickButton('Save');
    expect(await screen.findByText('Enter a valid email')).toBeTruthy();
    typeInto('Email', 'ravi@example.com');
    typeInto('Password', 'short');
    clickButton('Save');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    typeInto('Password', 'a-long-password');
    choose('account_id', 13);
    clickButton('Save');
    expect(await screen.findByText('User saved successfully')).toBeTruthy();
    expect(api.callsTo('POST', '/api/members/5/users')[0]?.body).toEqual({
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      password: 'a-long-password',
      account_id: 13,
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/members/5/users')).toHaveLength(2));
  });

  it('keeps the old password of an existing user when the field is left blank', async () => {
    const api = serve([ravi], { update: (call) => ({ body: { ...ravi, ...(call.body as object) } }) });
    renderApp(PAGE);
    fireEvent.click(await findRowButton('31', 'Edit'));
    await waitFor(() => expect(ionInput('Name').value).toBe('Ravi Kumar'));
    expect(screen.getByText('Leave blank to keep the current password')).toBeTruthy();
    expect(ionInput('Password').value).toBe('');
    typeInto('Name', 'Ravi K.');
    clickButton('Save');
    expect(await screen.findByText('User saved successfully')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/members/5/users/31')[0]?.body).toEqual({
      name: 'Ravi K.',
      email: 'ravi@example.com',
      password: '',
      account_id: 12,
    });
    await waitFor(() => expect(modalForm()).toBeNull());
  });

  it('reports a duplicate email with the spec text and keeps the typed values', async () => {
    serve([ravi], {
      create: () => ({ status: 409, body: { error: 'Failed to update member, please check if user already exists' } }),
    });
    renderApp(PAGE);
    await openAdd();
    typeInto('Name', 'Second Ravi');
    typeInto('Email', 'RAVI@example.com');
    typeInto('Password', 'another-password');
    clickButton('Save');
    expect(await screen.findByText('Failed to update member, please check if user already exists')).toBeTruthy();
    expect(modalForm()).not.toBeNull();
    expect(ionInput('Email').value).toBe('RAVI@example.com');
  });
});
