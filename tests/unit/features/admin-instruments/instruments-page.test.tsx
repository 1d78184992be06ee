import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '@shared/schemas/admin/algos';
import '../admin-test-kit';
import { ADMIN, renderApp, setOnline, setViewportWidth, stubApi } from '../render-app';

const PATH = '/api/admin/nse/bhav-copy';

const instrument = (SYMBOL: string, TIMESTAMP: string | null): Instrument => ({
  SYMBOL,
  SERIES: 'EQ',
  NAME: null,
  ISIN: null,
  OPEN: null,
  HIGH: null,
  LOW: null,
  CLOSE: null,
  LAST: null,
  PREVCLOSE: null,
  TOTTRDQTY: null,
  TIMESTAMP,
});

const csv = () => new File(['SYMBOL,SERIES\n'], 'cm01JUL2024bhav.csv', { type: 'text/csv' });

function chooseAndImport(file: File) {
  expect((screen.getByRole('button', { name: 'Import bhavcopy' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.change(screen.getByLabelText(/Bhavcopy file/), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: 'Import bhavcopy' }));
}

/** The init of the POST fetch was called with: what the browser would send. */
function uploadRequest(): RequestInit {
  const call = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST');
  if (!call?.[1]) throw new Error('no upload sent');
  return call[1];
}

describe('instruments page', () => {
  beforeEach(() => setViewportWidth(1024));

  it('shows the count and last bhavcopy date; an upload sends the file as multipart, toasts the result and refetches the list', async () => {
    let finish: () => void = () => undefined;
    let lists = 0;
    const api = stubApi(ADMIN, {
      [`GET ${PATH}`]: () =>
        lists++ === 0
          ? { body: [instrument('ABB', null), instrument('TCS', '2024-06-28'), instrument('INFY', '2024-07-01')] }
          : {
              body: [
                instrument('ABB', '2024-07-08'),
                instrument('TCS', '2024-07-08'),
                instrument('INFY', '2024-07-01'),
                instrument('RELIANCE', '2024-07-08'),
              ],
            },
      [`POST ${PATH}`]: () =>
        new Promise(
          (resolve) => (finish = () => resolve({ body: { imported: 3, format: 'udiff', date: '2024-07-08' } })),
        ),
    });
    renderApp('/dashboard/admin/instruments');
    expect(await screen.findByRole('heading', { name: 'Instruments' })).toBeTruthy();
    expect(await screen.findByText('2024-07-01')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();

    const file = csv();
    chooseAndImport(file);
    const pending = await screen.findByRole('button', { name: 'Importing...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    const request = uploadRequest();
    expect(request.body).toBeInstanceOf(FormData);
    expect((request.body as FormData).get('file')).toBe(file);
    expect(new Headers(request.headers).has('content-type')).toBe(false);

    finish();
    expect(
      await within(screen.getByRole('status', { name: 'Notifications' })).findByText(
        'Imported 3 instruments (udiff, 2024-07-08)',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('2024-07-08')).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
    expect(api.callsTo('GET', PATH)).toHaveLength(2);
    // The form is cleared: the next import needs a new file.
    expect((screen.getByRole('button', { name: 'Import bhavcopy' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('"none yet" before any bhavcopy; a refused file toasts the server\'s reason and keeps the list', async () => {
    const api = stubApi(ADMIN, {
      [`GET ${PATH}`]: () => ({ body: [instrument('ABB', null)] }),
      [`POST ${PATH}`]: () => ({
        status: 400,
        body: { error: 'Not an NSE bhavcopy: no SYMBOL column', fields: { file: 'x' } },
      }),
    });
    renderApp('/dashboard/admin/instruments');
    expect(await screen.findByText('none yet')).toBeTruthy();
    chooseAndImport(csv());
    expect(
      await within(screen.getByRole('status', { name: 'Notifications' })).findByText(
        'Not an NSE bhavcopy: no SYMBOL column',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST', PATH)).toHaveLength(1);
    expect(api.callsTo('GET', PATH)).toHaveLength(1);
  });

  it('offline: the upload is refused before sending, with "Offline"', async () => {
    const api = stubApi(ADMIN, { [`GET ${PATH}`]: () => ({ body: [] }) });
    renderApp('/dashboard/admin/instruments');
    expect(await screen.findByText('none yet')).toBeTruthy();
    act(() => setOnline(false)); // the header shows it
    chooseAndImport(csv());
    expect(await within(screen.getByRole('status', { name: 'Notifications' })).findByText('Offline')).toBeTruthy();
    expect(api.callsTo('POST', PATH)).toHaveLength(0);
  });
});
