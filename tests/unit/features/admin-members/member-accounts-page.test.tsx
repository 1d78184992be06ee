import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AccountSettings } from '@shared/schemas/account';
import type { MemberAccount } from '@shared/schemas/admin/members';
import { choose, clickButton, ionInput, ionSelect, modalForm, typeInto, findRowButton } from '../admin-test-kit';
import { ADMIN, renderApp, setViewportWidth, stubApi, type ApiCall } from '../render-app';
import { makeAccount } from '../account-fixtures';

const PAGE = '/dashboard/admin/members/5/accounts';
const LIST = '/api/admin/members/5/accounts';

const live: MemberAccount = {
  trabot_account_id: 12,
  account_status: 'active',
  broker_name: 'zerodha',
  broker_client_id: 'ZR1234',
  broker_access_key: 'ab••••wxyz',
  access_key_valid: true,
  access_key_updated_timestamp: '2026-11-01T10:00:00',
  paper_trading: true,
  broker_login: 'not_configured',
  broker_session_expires_at: null,
  trading_mode: 'paper',
  order_source: null,
};
const blank: MemberAccount = {
  ...live,
  trabot_account_id: 13,
  account_status: 'suspended',
  broker_name: 'none',
  broker_client_id: '',
  access_key_valid: false,
  access_key_updated_timestamp: null,
};
const details: AccountSettings = makeAccount({
  trabot_account_id: 12,
  access_key_updated_timestamp: '2026-11-01T10:00:00',
  broker_access_key: 'ab••••wxyz',
});

function serve(
  detailsAnswer: () => { status?: number; body: unknown },
  update?: (call: ApiCall) => { status?: number; body: unknown },
) {
  return stubApi(ADMIN, {
    [`GET ${LIST}`]: () => ({ body: [live, blank] }),
    'GET /api/12/account-details': detailsAnswer,
    ...(update ? { 'POST /api/12/update-broker-details': update } : {}),
  });
}

/**
 * The modal stays mounted while closed, so Ionic presents it a microtask after the click and its
 * React wrapper updates then (ionMount): the click is awaited inside act for that update.
 */
async function openBrokerModal() {
  const edit = await findRowButton('12', 'Edit');
  await act(async () => {
    fireEvent.click(edit);
  });
}

describe('member accounts page', () => {
  beforeEach(() => setViewportWidth(1024));

  it('lists the accounts: badges, N.A. for a missing key time, links to algos and trades', async () => {
    serve(() => ({ body: details }));
    renderApp(PAGE);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'ID',
      'Status',
      'Broker Name',
      'Mode',
      'Broker Client ID',
      'Broker Key Valid',
      'Broker Key Update time',
      'Halt',
      'Daily Login',
      'Edit',
      'Subscribed Algos',
      'Trades',
    ]);
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('ACTIVE').className).toContain('success');
    expect(within(first).getByText('VALID').className).toContain('success');
    expect(first.textContent).toContain('01/11/2026 10:00:00');
    expect(within(second).getByText('SUSPENDED').className).toContain('danger');
    expect(within(second).getByText('INVALID').className).toContain('danger');
    expect(within(second).getAllByText('N.A.')).toHaveLength(2);
    expect(within(first).getByRole('link', { name: 'Subscribed algos of account 12' }).getAttribute('href')).toBe(
      '/dashboard/admin/members/5/accounts/12/algos',
    );
    expect(within(first).getByRole('link', { name: 'Trades of account 12' }).getAttribute('href')).toBe(
      '/dashboard/admin/members/5/accounts/12/trades',
    );
  });

  it('shows "No account found" for a member without accounts', async () => {
    stubApi(ADMIN, { [`GET ${LIST}`]: () => ({ body: [] }) });
    renderApp(PAGE);
    expect(await screen.findByText('No account found')).toBeTruthy();
  });

  it('opens the broker modal titled with the account, with the admin broker list including angelone', async () => {
    serve(() => ({ body: details }));
    renderApp(PAGE);
    await openBrokerModal();
    await waitFor(() => expect(ionInput('Broker Client ID').value).toBe('ZR1234'));
    expect(screen.getByText('Broker details of account 12')).toBeTruthy();
    const options = [...ionSelect('broker_name').querySelectorAll('ion-select-option')].map((o) => o.textContent);
    expect(options).toEqual(['none', 'fyers', 'angelone', 'dhan', 'zerodha', '5paisa', 'upstock', 'groww']);
  });

  it('shows "Failed to load account details" when the account cannot be loaded', async () => {
    serve(() => ({ status: 404, body: { error: 'Account not found' } }));
    renderApp(PAGE);
    await openBrokerModal();
    expect(await screen.findByText('Failed to load account details')).toBeTruthy();
    expect(modalForm()).toBeNull();
  });

  it('closes without a call when nothing changed', async () => {
    const api = serve(
      () => ({ body: details }),
      () => ({ body: details }),
    );
    renderApp(PAGE);
    await openBrokerModal();
    await waitFor(() => expect(ionInput('Broker Client ID').value).toBe('ZR1234'));
    clickButton('Save');
    await waitFor(() => expect(modalForm()).toBeNull());
    expect(api.callsTo('POST', '/api/12/update-broker-details')).toHaveLength(0);
  });

  it('saves angelone for the account and refreshes the accounts list', async () => {
    const api = serve(
      () => ({ body: details }),
      (call) => ({ body: { ...details, ...(call.body as object) } }),
    );
    renderApp(PAGE);
    await openBrokerModal();
    await waitFor(() => expect(ionInput('Broker Client ID').value).toBe('ZR1234'));
    choose('broker_name', 'angelone');
    typeInto('Broker Client ID', 'AO-77');
    typeInto('Broker Access Key', 'secret-key-1');
    clickButton('Save');
    expect(await screen.findByText('Broker details updated successfully')).toBeTruthy();
    expect(api.callsTo('POST', '/api/12/update-broker-details')[0]?.body).toEqual({
      broker_name: 'angelone',
      broker_client_id: 'AO-77',
      broker_access_key: 'secret-key-1',
    });
    await waitFor(() => expect(modalForm()).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(2));
  });
});

describe('trading mode of an account', () => {
  beforeEach(() => setViewportWidth(1024));

  it("switches paper/live through the API and says what it means; a broker without configuration is refused in the server's words", async () => {
    let mode: 'paper' | 'live' = 'paper';
    const api = stubApi(ADMIN, {
      [`GET ${LIST}`]: () => ({ body: [{ ...live, trading_mode: mode }, blank] }),
      'POST /api/admin/accounts/12/trading-mode': (call) => {
        mode = (call.body as { mode: 'paper' | 'live' }).mode;
        return { body: { trabot_account_id: 12, trading_mode: mode, paper_trading: true } };
      },
      'POST /api/admin/accounts/13/trading-mode': () => ({
        status: 409,
        body: { error: 'none is not configured on this server: its accounts stay on paper' },
      }),
    });
    renderApp(PAGE);
    const select = (await screen.findByLabelText('Trading mode of account 12')) as HTMLSelectElement;
    expect(select.value).toBe('paper');
    fireEvent.change(select, { target: { value: 'live' } });
    expect(
      await screen.findByText('Account 12 set to live: it trades on paper until the server runs with LIVE_TRADING'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/accounts/12/trading-mode').map((c) => c.body)).toEqual([{ mode: 'live' }]);
    await waitFor(() =>
      expect((screen.getByLabelText('Trading mode of account 12') as HTMLSelectElement).value).toBe('live'),
    );

    fireEvent.change(screen.getByLabelText('Trading mode of account 13'), { target: { value: 'live' } });
    expect(await screen.findByText('none is not configured on this server: its accounts stay on paper')).toBeTruthy();
  });
});
