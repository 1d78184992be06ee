/** useConnected: the browser's flag and whether our server answered the last API call. */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../src/client/lib/api';
import { reportServerOutcome, useConnected, useOnline } from '../../../src/client/lib/online';

describe('useConnected', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    reportServerOutcome({ status: 200 });
  });

  it('turns false when the server cannot be reached or answers a gateway status, and true again on any other answer', async () => {
    const { result } = renderHook(() => ({ connected: useConnected(), online: useOnline() }));
    expect(result.current).toEqual({ connected: true, online: true });

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await act(() => expect(apiFetch('/api/check-session')).rejects.toThrow(TypeError));
    expect(result.current).toEqual({ connected: false, online: true });

    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"Database unavailable"}', { status: 503 })));
    await act(() => expect(apiFetch('/api/check-session')).rejects.toThrow('HTTP error 503'));
    expect(result.current.connected).toBe(false);

    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"Not logged in"}', { status: 401 })));
    await act(() => expect(apiFetch('/api/check-session')).rejects.toThrow('HTTP error 401'));
    expect(result.current.connected).toBe(true);
  });

  it('does not count an aborted request as unreachable', async () => {
    const { result } = renderHook(() => useConnected());
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))));
    await act(() => expect(apiFetch('/api/check-session')).rejects.toThrow('aborted'));
    expect(result.current).toBe(true);
  });
});
