import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { memberKeys } from '@client/features/session/api/check-session';
import type { AccountSettings } from '@shared/schemas/account';
import { MEMBER, renderApp, setOnline, stubApi, type ApiCall } from './render-app';
import { makeAccount } from './account-fixtures';

const DETAILS_PATH = '/api/account-details';
const UPDATE_PATH = '/api/update-broker-details';

const account: AccountSettings = makeAccount({
  broker_access_key: 'ab••••••••wxyz',
  equity_amount_balance: 150000.5,
  currency_amount_balance: 2500,
});

function serveAccount(details: AccountSettings | null, update?: (call: ApiCall) => { status?: number; body: unknown }) {
  return stubApi(MEMBER, {
    [`GET ${DETAILS_PATH}`]: () => ({ body: details }),
    ...(update ? { [`POST ${UPDATE_PATH}`]: update } : {}),
  });
}

/** The value of a definition list entry, by its term. */
function valueOf(term: string): HTMLElement {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

/** The native input an ion-input renders, found by its label like a user would. */
const ionInput = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

function typeInto(label: string, value: string) {
  fireEvent.input(ionInput(label), { target: { value } });
}

function chooseBroker(value: string) {
  // ion-select draws its label and picker in its shadow root; the element itself fires ionChange.
  const select = document.querySelector('form.broker-form ion-select');
  if (!select) throw new Error('no broker select');
  fireEvent(select, new CustomEvent('ionChange', { detail: { value }, bubbles: true }));
}

async function openBrokerForm() {
  fireEvent.click(await screen.findByText('Edit Broker Details', { selector: 'ion-button' }));
  await waitFor(() => expect(ionInput('Broker Client ID').value).toBe('ZR1234'));
}

const save = () => fireEvent.click(screen.getByText('Save', { selector: 'ion-button' }));
const modalOpen = () => document.querySelector('ion-modal form.broker-form') !== null;

describe('account settings page', () => {
  it('shows "Loading account settings..." and then the account', async () => {
    let release: () => void = () => undefined;
    stubApi(MEMBER, {
      [`GET ${DETAILS_PATH}`]: () => new Promise((resolve) => (release = () => resolve({ body: account }))),
    });
    renderApp('/dashboard/account-settings');
    expect(await screen.findByText('Loading account settings...')).toBeTruthy();
    act(() => release());
    expect(await screen.findByText('Broker Client ID', { selector: 'dt' })).toBeTruthy();
    expect(screen.queryByText('Loading account settings...')).toBeNull();
  });

  it('shows a copy restored from the device at once, then refreshes it from the server', async () => {
    let release: () => void = () => undefined;
    const api = stubApi(MEMBER, {
      [`GET ${DETAILS_PATH}`]: () =>
        new Promise((resolve) => (release = () => resolve({ body: { ...account, broker_client_id: 'NEW-1' } }))),
    });
    // As the persister restores it: fetched just before this page loaded (seconds ago).
    renderApp('/dashboard/account-settings', (queryClient) =>
      queryClient.setQueryData(memberKeys.accountDetails(MEMBER.id), account, {
        updatedAt: performance.timeOrigin - 1,
      }),
    );
    expect(await screen.findByText('ZR1234')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', DETAILS_PATH)).toHaveLength(1));
    act(() => release());
    expect(await screen.findByText('NEW-1')).toBeTruthy();
  });

  it('a copy restored from the device that the server fails to refresh says so, with its time and a Retry', async () => {
    let failing = true;
    stubApi(MEMBER, {
      [`GET ${DETAILS_PATH}`]: () =>
        failing ? { status: 500, body: { error: 'down' } } : { body: { ...account, broker_client_id: 'NEW-2' } },
    });
    const savedAt = performance.timeOrigin - 1;
    renderApp('/dashboard/account-settings', (queryClient) =>
      queryClient.setQueryData(memberKeys.accountDetails(MEMBER.id), account, { updatedAt: savedAt }),
    );
    expect(await screen.findByText('ZR1234')).toBeTruthy();
    // After the request and its one retry.
    const notice = await screen.findByText(
      /^Showing your account settings as of (\d{2}\/\d{2}\/\d{4} )?\d{2}:\d{2}; the server did not answer$/,
      undefined,
      { timeout: 5000 },
    );
    expect(notice.textContent).toContain(format(savedAt, 'HH:mm'));
    expect(screen.getByText('ZR1234')).toBeTruthy();
    expect(screen.queryByText('Error loading account settings')).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('NEW-2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/the server did not answer/)).toBeNull());
  });

  it('shows "No account settings found" when the user has no account', async () => {
    serveAccount(null);
    renderApp('/dashboard/account-settings');
    expect(await screen.findByText('No account settings found')).toBeTruthy();
  });

  it('shows statuses uppercased in green or red, broker details and balances in rupees', async () => {
    serveAccount(account);
    renderApp('/dashboard/account-settings');
    await screen.findByText('Account Status', { selector: 'dt' });
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard/trades');
    expect(within(breadcrumb).getByText('Account Settings').getAttribute('aria-current')).toBe('page');

    const status = within(valueOf('Account Status')).getByText('ACTIVE');
    expect(status.className).toContain('status-badge--success');
    expect(within(valueOf('Access Key Status')).getByText('VALID').className).toContain('status-badge--success');
    // Not live: the account runs on the paper broker, and says so in words.
    expect(valueOf('Broker Name').textContent).toBe('Zerodha');
    expect(valueOf('Trading Mode').textContent).toBe('Paper trading: orders are simulated');
    expect(valueOf('Daily Login').textContent).toBe('Not needed for paper trading');
    expect(valueOf('Broker Client ID').textContent).toBe('ZR1234');
    expect(valueOf('Equity').textContent).toBe('₹1,50,000.50');
    expect(valueOf('Commodity').textContent).toBe('₹0.00');
    expect(valueOf('Currency').textContent).toBe('₹2,500.00');
  });

  it('shows a non-active account and an invalid key in red', async () => {
    serveAccount({ ...account, account_status: 'suspended', access_key_valid: false });
    renderApp('/dashboard/account-settings');
    const status = await screen.findByText('SUSPENDED');
    expect(status.className).toContain('status-badge--danger');
    expect(within(valueOf('Access Key Status')).getByText('INVALID').className).toContain('status-badge--danger');
  });

  it('masks the access key until the eye toggle reveals the masked view', async () => {
    serveAccount(account);
    renderApp('/dashboard/account-settings');
    const toggle = await screen.findByRole('button', { name: 'Show access key' });
    const key = valueOf('Broker Access Key');
    expect(key.textContent).toBe('••••••••');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(key.textContent).toBe('ab••••••••wxyz');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Hide access key');
    fireEvent.click(toggle);
    expect(key.textContent).toBe('••••••••');
  });

  it('closes the broker form without a call when nothing changed', async () => {
    const api = serveAccount(account, () => ({ body: account }));
    renderApp('/dashboard/account-settings');
    await openBrokerForm();
    expect(ionInput('Broker Client ID').value).toBe('ZR1234');
    expect(ionInput('Broker Access Key').value).toBe('');
    expect(ionInput('Broker Access Key').type).toBe('password');
    // Typed and reverted is still unchanged (the id is trimmed like the server does).
    typeInto('Broker Client ID', ' ZR1234 ');
    save();
    await waitFor(() => expect(modalOpen()).toBe(false));
    expect(api.callsTo('POST', UPDATE_PATH)).toHaveLength(0);
  });

  it('saves changed details, toasts success, closes the modal and shows the new values', async () => {
    const api = serveAccount(account, (call) => ({
      body: { ...account, ...(call.body as object), broker_access_key: 'ne••••••••2345', access_key_valid: false },
    }));
    renderApp('/dashboard/account-settings');
    await openBrokerForm();
    chooseBroker('dhan');
    typeInto('Broker Client ID', 'DH-77');
    typeInto('Broker Access Key', 'new-secret-key-2345');
    save();
    expect(await screen.findByText('Broker details updated successfully')).toBeTruthy();
    expect(api.callsTo('POST', UPDATE_PATH).map((c) => c.body)).toEqual([
      { broker_name: 'dhan', broker_client_id: 'DH-77', broker_access_key: 'new-secret-key-2345' },
    ]);
    await waitFor(() => expect(modalOpen()).toBe(false));
    expect(valueOf('Broker Name').textContent).toBe('Dhan');
    expect(valueOf('Broker Client ID').textContent).toBe('DH-77');
    expect(within(valueOf('Access Key Status')).getByText('INVALID')).toBeTruthy();
    // The page was refreshed from the answer, not by a second request.
    expect(api.callsTo('GET', DETAILS_PATH)).toHaveLength(1);
  });

  it('keeps the modal open with the typed values when the save fails', async () => {
    serveAccount(account, () => ({ status: 400, body: { error: 'broker_name: Choose a broker from the list' } }));
    renderApp('/dashboard/account-settings');
    await openBrokerForm();
    typeInto('Broker Client ID', 'TYPED-1');
    typeInto('Broker Access Key', 'typed-key');
    save();
    expect(
      await screen.findByText('Failed to update broker details, please try again or contact support'),
    ).toBeTruthy();
    expect(modalOpen()).toBe(true);
    expect(ionInput('Broker Client ID').value).toBe('TYPED-1');
    expect(ionInput('Broker Access Key').value).toBe('typed-key');
  });

  it('refuses a save attempted offline with the "Offline" toast and keeps the typed values', async () => {
    const api = serveAccount(account, () => ({ body: account }));
    renderApp('/dashboard/account-settings');
    await openBrokerForm();
    typeInto('Broker Client ID', 'OFF-1');
    act(() => setOnline(false));
    save();
    expect(await screen.findByText('Offline', { selector: '.toaster *' })).toBeTruthy();
    expect(modalOpen()).toBe(true);
    expect(ionInput('Broker Client ID').value).toBe('OFF-1');
    expect(api.callsTo('POST', UPDATE_PATH)).toHaveLength(0);
  });

  it('disables Edit Broker Details and shows the offline notice while offline', async () => {
    serveAccount(account);
    renderApp('/dashboard/account-settings');
    const edit = await screen.findByText('Edit Broker Details', { selector: 'ion-button' });
    expect(edit.getAttribute('disabled')).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByText(/^Offline, as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeTruthy();
    await waitFor(() => expect(edit.getAttribute('aria-disabled') ?? edit.getAttribute('disabled')).not.toBeNull());
  });

  describe('daily broker login', () => {
    const zerodha: AccountSettings = { ...account, broker_login: 'available', broker_session_expires_at: null };

    it('offers "Connect Zerodha" when there is no session today and asks the server for the login page on a tap', async () => {
      const api = stubApi(MEMBER, {
        [`GET ${DETAILS_PATH}`]: () => ({ body: zerodha }),
        // On this page's own address, so that jsdom can follow it (it cannot load another document).
        'GET /api/brokers/zerodha/login-url': () => ({ body: { url: `${window.location.origin}/#kite-login` } }),
      });
      renderApp('/dashboard/account-settings');
      await screen.findByText('Daily Login', { selector: 'dt' });
      expect(valueOf('Daily Login').textContent).toContain('Not connected today');
      const connect = within(valueOf('Daily Login')).getByText('Connect Zerodha', { selector: 'ion-button' });
      fireEvent.click(connect);
      await waitFor(() => expect(window.location.hash).toBe('#kite-login'));
      expect(api.callsTo('GET', '/api/brokers/zerodha/login-url')).toHaveLength(1);
      window.history.replaceState(null, '', '/');
    });

    it("says until when today's session holds", async () => {
      serveAccount({ ...zerodha, broker_session_expires_at: '2099-01-01T00:30:00.000Z' });
      renderApp('/dashboard/account-settings');
      await screen.findByText('Daily Login', { selector: 'dt' });
      expect(valueOf('Daily Login').textContent).toMatch(/Connected until \d{2}\/\d{2}\/2099 \d{2}:\d{2}:\d{2}/);
    });

    it('says a paper account needs no daily login, and may connect ahead of trading live', async () => {
      serveAccount({ ...account, broker_name: 'groww', broker_login: 'paper_only' });
      renderApp('/dashboard/account-settings');
      await screen.findByText('Daily Login', { selector: 'dt' });
      expect(valueOf('Daily Login').textContent).toBe('Not needed for paper trading');
      expect(valueOf('Trading Mode').textContent).toBe('Paper trading: orders are simulated');
    });

    it('tells a paper account that could connect: each morning to trade live, not needed for paper', async () => {
      serveAccount(zerodha);
      renderApp('/dashboard/account-settings');
      await screen.findByText('Daily Login', { selector: 'dt' });
      expect(valueOf('Daily Login').textContent).toMatch(
        /^Connect Zerodha each morning to trade live \(not needed for paper trading\)\. Not connected today/,
      );
    });

    it('a live account reads "Live at Zerodha" and needs the login each morning', async () => {
      serveAccount({ ...zerodha, paper_trading: false });
      renderApp('/dashboard/account-settings');
      await screen.findByText('Daily Login', { selector: 'dt' });
      expect(valueOf('Trading Mode').textContent).toBe('Live at Zerodha');
      expect(valueOf('Daily Login').textContent).toMatch(
        /^Connect Zerodha each morning to trade live\. Not connected today/,
      );
      expect(within(valueOf('Daily Login')).getByText('Connect Zerodha', { selector: 'ion-button' })).toBeTruthy();
    });

    it('toasts the outcome of the login the page came back from, by its code, then drops it from the address', async () => {
      serveAccount(zerodha);
      const { router } = renderApp(
        '/dashboard/account-settings?broker_login=failed&broker=zerodha&reason=expired&message=Call%20us%20at%20%2B91%2090000',
      );
      expect(
        await screen.findByText('This Zerodha login took too long: connect again', { selector: '.toaster *' }),
      ).toBeTruthy();
      await waitFor(() => expect(router.state.location.searchStr).toBe(''));
      expect(router.state.location.pathname).toBe('/dashboard/account-settings');
      // A sentence written into the address is never shown.
      expect(screen.queryByText(/Call us/)).toBeNull();
    });

    it('toasts "Zerodha connected" after a successful login', async () => {
      serveAccount(zerodha);
      renderApp('/dashboard/account-settings?broker_login=connected&broker=zerodha');
      expect(await screen.findByText('Zerodha connected', { selector: '.toaster *' })).toBeTruthy();
    });
  });
});
