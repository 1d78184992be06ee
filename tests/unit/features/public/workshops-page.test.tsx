/**
 * Online Workshops: the stored list, Register vs Completed, the registration payload (no phone;
 * "title plus date" or N.A.), its toasts, and the offline copy of the list.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, format } from 'date-fns';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_COPY_STORAGE_KEY } from '@client/features/workshops/api/public-offline-copy';
import type { Workshop } from '@shared/schemas/public-forms';
import { expectConsoleError } from '@tests/support/console-errors';
import { renderApp, setOnline, stubApi, type ApiCall } from '../render-app';
import {
  choose,
  fieldErrors,
  isModalOpen,
  modalForm,
  pageButton,
  pressButton,
  textControl,
  toastText,
  typeInto,
} from './public-form-kit';

const upcoming: Workshop = {
  workshop_id: 5,
  title: 'Options Strategies for Nifty Expiry Weeks',
  description: 'Spreads and their risk on weekly expiries.',
  workshop_date: format(addDays(new Date(), 21), 'yyyy-MM-dd'),
  time_label: '10:00AM IST',
  level: 'Intermediate',
};
const past: Workshop = {
  workshop_id: 1,
  title: 'Building Your First Algorithmic Strategy for NSE Stocks',
  description: 'Turn a trading idea into exact rules.',
  workshop_date: '2025-03-09',
  time_label: '10:00AM IST',
  level: 'Beginner',
};

const ENQUIRY = 'POST /api/workshop-enquiry';

/**
 * A fresh localStorage per test: the offline copy's writer stays subscribed to its app's query
 * client, and a throttled write from an earlier test must not land in this one's storage.
 */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
});

function serve(workshops: Workshop[], register?: (call: ApiCall) => { status?: number; body: unknown }) {
  return stubApi(null, {
    'GET /api/workshops': () => ({ body: workshops }),
    ...(register ? { [ENQUIRY]: register } : {}),
  });
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('article') as HTMLElement;

async function openRegistration(title: string) {
  await screen.findByRole('heading', { name: title });
  fireEvent.click(within(card(title)).getByText('Register', { selector: 'button' }));
  await waitFor(() => expect(modalForm()).toBeTruthy());
}

function fillRegistration(phone = '+91 98765 43210') {
  typeInto('Full name', 'Kiran Shah');
  typeInto('Email address', 'kiran@example.com');
  typeInto('Phone number (with country code)', phone);
  choose('source', 'youtube');
  fireEvent.input(textControl('comments'), { target: { value: 'Iron condors please' } });
}

describe('online workshops', { timeout: 30_000 }, () => {
  it('lists each workshop with its date, time and level; a past one shows a disabled Completed button', async () => {
    serve([upcoming, past]);
    renderApp('/workshops');
    await screen.findByRole('heading', { level: 1, name: 'Online Workshops' });
    const done = card(past.title);
    expect(within(done).getByText('Sun, 9 Mar 2025').getAttribute('dateTime')).toBe('2025-03-09');
    expect(within(done).getByText('10:00AM IST')).toBeTruthy();
    expect(within(done).getByText('Beginner')).toBeTruthy();
    const completed = within(done).getByText('Completed', { selector: 'button' }) as HTMLButtonElement;
    expect(completed.disabled).toBe(true);
    expect(within(done).queryByText('Register', { selector: 'button' })).toBeNull();

    const open = card(upcoming.title);
    expect(within(open).getByText(format(addDays(new Date(), 21), 'EEE, d MMM yyyy'))).toBeTruthy();
    expect(within(open).getByText('Intermediate')).toBeTruthy();
    expect(within(open).queryByText('Completed', { selector: 'button' })).toBeNull();
    expect(within(open).getByText('Register', { selector: 'button' })).toBeTruthy();
    expect(document.title).toBe('Online Workshops | Trabot');
  });

  it('shows the page with placeholder cards while the list loads (the prerendered frame), then the list', async () => {
    let answer = (_: Workshop[]) => {};
    stubApi(null, { 'GET /api/workshops': () => new Promise((resolve) => (answer = (body) => resolve({ body }))) });
    renderApp('/workshops');
    const loading = await screen.findByRole('status', { name: 'Loading workshops' }, { timeout: 5_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Online Workshops' })).toBeTruthy();
    expect(screen.getByText(/Free, expert-led workshops on technical analysis/)).toBeTruthy();
    expect(loading.querySelectorAll('.workshop-card-placeholder').length).toBeGreaterThan(0);
    answer([upcoming]);
    await screen.findByRole('heading', { name: upcoming.title });
    expect(screen.queryByRole('status', { name: 'Loading workshops' })).toBeNull();
  });

  it('registers without sending the phone, naming the workshop by title and date, then closes', async () => {
    const api = serve([upcoming, past], () => ({ status: 201, body: { status: 'success', id: 3 } }));
    renderApp('/workshops');
    await openRegistration(upcoming.title);
    const label = `${upcoming.title} (${format(addDays(new Date(), 21), 'd MMMM yyyy')})`;
    expect(modalForm().textContent).toContain(label);
    expect(modalForm().textContent).toContain('The joining link is sent to this email 24 hours before the workshop.');
    fillRegistration();
    pressButton('Register');
    expect(await toastText('Request sent successfully')).toBeTruthy();
    await waitFor(() => expect(isModalOpen()).toBe(false));
    expect(api.callsTo('POST', '/api/workshop-enquiry').map((c) => c.body)).toEqual([
      {
        name: 'Kiran Shah',
        email: 'kiran@example.com',
        source: 'youtube',
        comments: 'Iron condors please',
        workshop: label,
      },
    ]);
  });

  it('requires the phone it does not send, with a country code', async () => {
    const api = serve([upcoming], () => ({ status: 201, body: { status: 'success', id: 3 } }));
    renderApp('/workshops');
    await openRegistration(upcoming.title);
    fillRegistration('');
    pressButton('Register');
    await waitFor(() => expect(fieldErrors()).toEqual(['phone']));
    typeInto('Phone number (with country code)', '98765 43210');
    pressButton('Register');
    await waitFor(() => expect(modalForm().textContent).toContain('Include your country code, e.g. +91 98765 43210'));
    expect(api.callsTo('POST', '/api/workshop-enquiry')).toHaveLength(0);
  });

  it('keeps the form open with the answers when registering fails: "Failed to register, please try again later"', async () => {
    serve([upcoming], () => ({ status: 429, body: { error: 'Too many submissions, try again in 10 minutes' } }));
    renderApp('/workshops');
    await openRegistration(upcoming.title);
    fillRegistration();
    pressButton('Register');
    expect(await toastText('Failed to register, please try again later')).toBeTruthy();
    expect(isModalOpen()).toBe(true);
    expect(textControl('name').value).toBe('Kiran Shah');
    expect(textControl('comments').value).toBe('Iron condors please');
  });

  it('with no upcoming workshop, offers to register interest, sent with the workshop N.A.', async () => {
    const api = serve([past], () => ({ status: 201, body: { status: 'success', id: 4 } }));
    renderApp('/workshops');
    fireEvent.click(await pageButton('Register Interest'));
    await waitFor(() => expect(modalForm()).toBeTruthy());
    fillRegistration();
    pressButton('Register');
    expect(await toastText('Request sent successfully')).toBeTruthy();
    expect(api.callsTo('POST', '/api/workshop-enquiry').map((c) => (c.body as { workshop: string }).workshop)).toEqual([
      'N.A.',
    ]);
  });

  it('keeps a copy of the list on the device and shows it offline, with the "as of" notice', async () => {
    serve([upcoming, past]);
    renderApp('/workshops');
    await screen.findByRole('heading', { name: past.title });
    await waitFor(() => expect(localStorage.getItem(PUBLIC_COPY_STORAGE_KEY)).toContain(past.title), { timeout: 3000 });

    cleanup(); // a reload...
    const api = serve([]);
    act(() => setOnline(false)); // ...while offline
    renderApp('/workshops');
    expect(await screen.findByRole('heading', { name: past.title })).toBeTruthy();
    expect(screen.getByRole('heading', { name: upcoming.title })).toBeTruthy();
    expect(screen.getByText(/^Offline, as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeTruthy();
    expect(api.callsTo('GET', '/api/workshops')).toHaveLength(0);
  });

  it('offline with no saved copy, explains that the list needs one visit online', async () => {
    const api = serve([past]);
    act(() => setOnline(false));
    // The loader's OfflineError is shown by the route's error view; React logs every error an error boundary catches.
    expectConsoleError(/^OfflineError: Offline\n[\s\S]*error boundary you provided, CatchBoundary/);
    renderApp('/workshops');
    expect(
      await screen.findByText(/You are offline and the workshop list has not been saved on this device yet/),
    ).toBeTruthy();
    expect(api.callsTo('GET', '/api/workshops')).toHaveLength(0);
  });
});
