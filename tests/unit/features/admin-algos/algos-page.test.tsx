import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, MEMBER, renderApp, setViewportWidth, stubApi } from '../render-app';
import { ALGOS } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

const toggle = (id: number) => screen.getByRole('switch', { name: `Algo ${id} switch` });
const isOn = (id: number) => toggle(id).getAttribute('aria-checked') === 'true';
/** A tap on the switch asks first; the dialog's confirm button switches. */
async function flip(id: number, to: 'On' | 'Off') {
  fireEvent.click(toggle(id));
  expect(await screen.findByText(`Switch algo ${id} ${to}?`)).toBeTruthy();
  fireEvent.click(
    within(document.querySelector('.confirm-dialog-actions') as HTMLElement).getByText(`Switch ${to}`, {
      selector: 'ion-button',
    }),
  );
}

beforeEach(() => setViewportWidth(1280));

describe('algos page', () => {
  it('lists Algo ID, Description, Switch, a Signals link, Approval and Webhook, with a Back button', async () => {
    stubApi(ADMIN, { 'GET /api/algos': () => ({ body: ALGOS }) });
    renderApp('/dashboard/admin/algos');
    const table = await screen.findByRole('table', { name: 'Algos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Algo ID', 'Description', 'Switch', 'Signals', 'Testers', 'Approval', 'Exchange Algo ID', 'Webhook']);
    expect(within(table).getByText('Breakout swing')).toBeTruthy();
    expect(isOn(2)).toBe(true);
    expect(toggle(2).textContent).toBe('On');
    expect(isOn(3)).toBe(false);
    expect(toggle(3).textContent).toBe('Off');
    expect(within(table).getByRole('link', { name: 'Signals of algo 3' }).getAttribute('href')).toBe(
      '/dashboard/admin/algos/3/signals',
    );
    expect(screen.getByText('Back', { selector: 'ion-button' })).toBeTruthy();
  });

  it('asks first, naming the algo and what changes; Cancel changes nothing', async () => {
    const api = stubApi(ADMIN, { 'GET /api/algos': () => ({ body: ALGOS }) });
    renderApp('/dashboard/admin/algos');
    await screen.findByRole('table', { name: 'Algos' });
    fireEvent.click(toggle(2));
    expect(await screen.findByText('Switch algo 2 Off?')).toBeTruthy();
    expect(screen.getByText(/Switch algo 2 \(.+\) Off: no new trades from its signals\./)).toBeTruthy();
    fireEvent.click(
      within(document.querySelector('.confirm-dialog-actions') as HTMLElement).getByText('Cancel', {
        selector: 'ion-button',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Switch algo 2 Off?')).toBeNull());
    expect(isOn(2)).toBe(true);
    expect(api.callsTo('POST', '/api/algos/2/switch')).toHaveLength(0);
  });

  it('switches an algo once confirmed, at once, keeps it when the server agrees and says so', async () => {
    let release: () => void = () => undefined;
    let algos = ALGOS;
    const api = stubApi(ADMIN, {
      'GET /api/algos': () => ({ body: algos }),
      'POST /api/algos/3/switch': (call) =>
        new Promise((resolve) => {
          release = () => {
            algos = algos.map((a) => (a.algo_id === 3 ? { ...a, algo_switch: true } : a));
            resolve({ body: { ...ALGOS[1], ...(call.body as object) } });
          };
        }),
    });
    renderApp('/dashboard/admin/algos');
    await screen.findByRole('table', { name: 'Algos' });
    await flip(3, 'On');
    // Optimistic: On before the server has answered.
    await waitFor(() => expect(toggle(3).textContent).toBe('On'));
    expect(api.callsTo('POST', '/api/algos/3/switch').map((c) => c.body)).toEqual([{ algo_switch: true }]);
    release();
    await waitFor(() => expect(api.callsTo('GET', '/api/algos')).toHaveLength(2));
    expect(isOn(3)).toBe(true);
    expect(await screen.findByText('Algo 3 switched On: its approved signals are traded again')).toBeTruthy();
  });

  it('goes back to the old position with an error toast when the switch fails', async () => {
    stubApi(ADMIN, {
      'GET /api/algos': () => ({ body: ALGOS }),
      'POST /api/algos/2/switch': () => ({ status: 403, body: { error: 'Forbidden' } }),
    });
    renderApp('/dashboard/admin/algos');
    await screen.findByRole('table', { name: 'Algos' });
    await flip(2, 'Off');
    expect(await screen.findByText('Failed to switch algo 2')).toBeTruthy();
    await waitFor(() => expect(toggle(2).textContent).toBe('On'));
    expect(isOn(2)).toBe(true);
  });

  it('says "No algos found" for an empty list', async () => {
    stubApi(ADMIN, { 'GET /api/algos': () => ({ body: [] }) });
    renderApp('/dashboard/admin/algos');
    expect(await screen.findByText('No algos found')).toBeTruthy();
  });

  it('says "Unauthorized" when the list cannot be loaded', async () => {
    stubApi(ADMIN, { 'GET /api/algos': () => ({ status: 401, body: { error: 'Not logged in' } }) });
    renderApp('/dashboard/admin/algos');
    expect(await screen.findByText('Unauthorized')).toBeTruthy();
  });

  it('reads as cards on a phone', async () => {
    setViewportWidth(390);
    stubApi(ADMIN, { 'GET /api/algos': () => ({ body: ALGOS }) });
    renderApp('/dashboard/admin/algos');
    const list = await screen.findByRole('list', { name: 'Algos' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Algo 2', 'Algo 3']);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is not for members: they land on their trades', async () => {
    stubApi(MEMBER, { 'GET /api/account-trades?status=active': () => ({ body: [] }) });
    const { router } = renderApp('/dashboard/admin/algos');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/trades'));
  });
});

describe('webhook and approval of an algo', () => {
  const TOKENS = [
    { token_id: 4, algo_id: 2, masked: 'tbw_…x9Qa', created_at: '2026-11-20T04:45:00.000Z', last_used_at: null },
  ];

  function serve() {
    let tokens = TOKENS;
    return stubApi(ADMIN, {
      'GET /api/algos': () => ({ body: ALGOS }),
      'GET /api/algos/2/webhook-tokens': () => ({ body: tokens }),
      'POST /api/algos/2/webhook-tokens': () => {
        tokens = [
          ...tokens,
          { token_id: 5, algo_id: 2, masked: 'tbw_…Zz99', created_at: '2026-11-25T04:45:00.000Z', last_used_at: null },
        ];
        return { status: 201, body: { token_id: 5, token: 'tbw_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGZz99' } };
      },
      'DELETE /api/algos/2/webhook-tokens/4': () => {
        tokens = tokens.filter((t) => t.token_id !== 4);
        return { body: { token_id: 4, revoked: true } };
      },
      'POST /api/algos/2/approval': (call) => ({ body: { ...ALGOS[0], ...(call.body as object) } }),
    });
  }

  it('saves the approval mode and validity, refusing a validity that is not whole minutes', async () => {
    const api = serve();
    renderApp('/dashboard/admin/algos');
    fireEvent.click(await screen.findByRole('button', { name: 'Webhook and approval of algo 2' }));
    const form = await screen.findByRole('form', { name: 'Approval' });
    const mode = within(form).getByLabelText('Approval mode') as HTMLSelectElement;
    fireEvent.change(mode, { target: { value: 'auto' } });
    const validity = within(form).getByLabelText('Pending signals expire after (minutes, blank: never)');
    fireEvent.change(validity, { target: { value: '2.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save approval settings' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'signal_validity_minutes must be a whole number of minutes, or null',
    );
    expect(api.callsTo('POST', '/api/algos/2/approval')).toHaveLength(0);
    expect((validity as HTMLInputElement).value).toBe('2.5');
    fireEvent.change(validity, { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save approval settings' }));
    expect(await screen.findByText('Approval settings saved')).toBeTruthy();
    expect(api.callsTo('POST', '/api/algos/2/approval').map((c) => c.body)).toEqual([
      { approval_mode: 'auto', signal_validity_minutes: 30 },
    ]);
  });

  it('shows a new token once, lists tokens masked and revokes one', async () => {
    const api = serve();
    renderApp('/dashboard/admin/algos');
    fireEvent.click(await screen.findByRole('button', { name: 'Webhook and approval of algo 2' }));
    const section = await screen.findByRole('region', { name: 'Webhook tokens' });
    expect(await within(section).findByText('tbw_…x9Qa')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'New token' }));
    const shown = await within(section).findByLabelText('New token (shown once: copy it now)');
    expect((shown as HTMLInputElement).value).toBe('tbw_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGZz99');
    expect(await within(section).findByText('tbw_…Zz99')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Revoke token tbw_…x9Qa' }));
    expect(await screen.findByText('Token revoked')).toBeTruthy();
    await waitFor(() => expect(within(section).queryByText('tbw_…x9Qa')).toBeNull());
    expect(api.callsTo('DELETE', '/api/algos/2/webhook-tokens/4')).toHaveLength(1);
  });
});
