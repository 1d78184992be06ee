import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '../admin-test-kit';
import { ADMIN, renderApp, setViewportWidth, stubApi, type ApiCall } from '../render-app';

/** Serves GET /api/logs for any query string: the handler sees the parsed search and lines. */
function serveLogs(answer: (query: { search: string; lines: string }) => { status?: number; body: unknown }) {
  const api = stubApi(ADMIN, {});
  const stubbed = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/logs') return stubbed(input, init);
    api.calls.push({ method: 'GET', path: url.pathname + url.search, body: undefined } satisfies ApiCall);
    const { status = 200, body } = answer({
      search: url.searchParams.get('search') ?? '',
      lines: url.searchParams.get('lines') ?? '',
    });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return api;
}

const logCalls = (api: { calls: ApiCall[] }) => api.calls.filter((c) => c.path.startsWith('/api/logs'));

const searchInput = () => screen.getByLabelText('Search', { selector: 'input' }) as HTMLInputElement;
const linesSelect = () => document.querySelector('ion-select.logs-lines') as HTMLElement;
const refresh = () => fireEvent.click(screen.getByText('Refresh Logs', { selector: 'ion-button' }));

describe('logs page', () => {
  beforeEach(() => setViewportWidth(1024));

  it('asks for the last 50 lines with no search by default, without static file requests, and reads each line', async () => {
    const lines = [
      '{"level":30,"time":1795617160373,"method":"GET","path":"/api/algos","status":200,"ms":3.1,"msg":"request"}',
      '{"level":50,"time":1795617161000,"err":{"message":"boom"},"msg":"engine tick failed"}',
      'not json at all',
    ];
    const api = serveLogs(() => ({ body: { lines } }));
    renderApp('/dashboard/admin/logs');
    const table = await screen.findByRole('table', { name: 'Log lines' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time (IST)', 'Level', 'Message', 'Fields', 'Raw']);
    const rows = within(table).getAllByRole('row').slice(1);
    // 1795617160373 ms is 2026-11-25 14:32:40.373 UTC: 20:02:40.373 in India.
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('25/11/2026 20:02:40.373');
    expect(rows[0]!.textContent).toContain('info');
    expect(rows[0]!.textContent).toContain('path /api/algos');
    expect(rows[1]!.querySelector('.status-badge--danger')?.textContent).toBe('error');
    expect(rows[1]!.textContent).toContain('err {"message":"boom"}');
    expect(rows[2]!.textContent).toContain('not json at all');
    expect(rows[1]!.querySelector('details pre')?.textContent).toBe(lines[1]);
    expect(logCalls(api).map((c) => c.path)).toEqual(['/api/logs?search=&lines=50']);
  });

  it('asks for the static file requests too once the filter is ticked', async () => {
    const api = serveLogs(() => ({ body: { lines: [] } }));
    renderApp('/dashboard/admin/logs');
    await screen.findByText('No logs to display');
    fireEvent.click(screen.getByLabelText('Show static file requests'));
    await waitFor(() =>
      expect(logCalls(api).map((c) => c.path)).toEqual([
        '/api/logs?search=&lines=50',
        '/api/logs?search=&lines=50&static=1',
      ]),
    );
  });

  it('sends the search text literally and the chosen line count; Refresh Logs asks again', async () => {
    const api = serveLogs(({ search, lines }) => ({ body: { lines: [`match[${search}] ${lines}`] } }));
    renderApp('/dashboard/admin/logs');
    await screen.findAllByText('match[] 50');
    fireEvent.input(searchInput(), { target: { value: 'user [7] & co' } });
    // Typing alone does not ask the server.
    expect(logCalls(api)).toHaveLength(1);
    refresh();
    expect(await screen.findAllByText('match[user [7] & co] 50')).not.toHaveLength(0);
    act(() => {
      fireEvent(linesSelect(), new CustomEvent('ionChange', { detail: { value: 200 }, bubbles: true }));
    });
    expect(await screen.findAllByText('match[user [7] & co] 200')).not.toHaveLength(0);
    const paths = logCalls(api).map((c) => new URL(c.path, 'http://x').searchParams);
    expect(paths.map((p) => [p.get('search'), p.get('lines')])).toEqual([
      ['', '50'],
      ['user [7] & co', '50'],
      ['user [7] & co', '200'],
    ]);
    refresh();
    await waitFor(() => expect(logCalls(api)).toHaveLength(4));
    expect(logCalls(api)[3]?.path).toBe(logCalls(api)[2]?.path);
  });

  it('offers 50, 100, 200 and 500 lines', async () => {
    serveLogs(() => ({ body: { lines: [] } }));
    renderApp('/dashboard/admin/logs');
    await screen.findByText('No logs to display');
    expect([...linesSelect().querySelectorAll('ion-select-option')].map((o) => o.textContent)).toEqual([
      '50',
      '100',
      '200',
      '500',
    ]);
  });

  it('shows "No logs to display" when nothing matches, and "Error" when the call fails', async () => {
    serveLogs(({ search }) => (search === 'boom' ? { status: 500, body: { error: 'x' } } : { body: { lines: [] } }));
    renderApp('/dashboard/admin/logs');
    expect(await screen.findByText('No logs to display')).toBeTruthy();
    fireEvent.input(searchInput(), { target: { value: 'boom' } });
    refresh();
    expect(await screen.findByText('Error', {}, { timeout: 5000 })).toBeTruthy();
  });
});
