import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, serverErrorText, whileEndingSession } from '@client/lib/api';

function stubFetch() {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{}', { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () => new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
}

describe('apiFetch content-type', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks a string body as JSON', async () => {
    const sentHeaders = stubFetch();
    await apiFetch('/api/x', { method: 'POST', body: '{"a":1}' });
    expect(sentHeaders().get('content-type')).toBe('application/json');
  });

  it('leaves a FormData body to fetch, which adds the multipart boundary', async () => {
    const sentHeaders = stubFetch();
    const body = new FormData();
    body.append('file', new File(['a,b'], 'bhav.csv'));
    await apiFetch('/api/x', { method: 'POST', body });
    expect(sentHeaders().has('content-type')).toBe(false);
  });

  it('sends no content-type without a body', async () => {
    const sentHeaders = stubFetch();
    await apiFetch('/api/x');
    expect(sentHeaders().has('content-type')).toBe(false);
  });
});

describe('whileEndingSession', () => {
  afterEach(() => vi.unstubAllGlobals());

  function deferred() {
    let settle!: (ok: boolean) => void;
    const done = new Promise<void>((resolve, reject) => {
      settle = (ok) => (ok ? resolve() : reject(new Error('logout failed')));
    });
    return { done, settle };
  }

  it('holds a request started during the logout and drops it once the session has ended', async () => {
    stubFetch();
    const logout = deferred();
    const ending = whileEndingSession(() => logout.done);
    const request = apiFetch('/api/membership');
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    logout.settle(true);
    await ending;
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetch).not.toHaveBeenCalled();
    // Later requests (the login page's) go out again.
    await apiFetch('/api/check-session');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends the held request when the logout fails: the member stays signed in', async () => {
    stubFetch();
    const logout = deferred();
    const ending = whileEndingSession(() => logout.done);
    const request = apiFetch('/api/membership');
    logout.settle(false);
    await expect(ending).rejects.toThrow('logout failed');
    await expect(request).resolves.toBeInstanceOf(Response);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('serverErrorText', () => {
  it('reads {error} JSON, else the raw body, else the fallback', () => {
    expect(serverErrorText('{"error":"Too many attempts"}', 'x')).toBe('Too many attempts');
    expect(serverErrorText('Bad Gateway', 'x')).toBe('Bad Gateway');
    expect(serverErrorText('  ', 'fallback')).toBe('fallback');
  });
});
