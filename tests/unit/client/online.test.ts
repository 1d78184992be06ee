/** useOnline: the browser's flag and whether our server answered the last API call; the fetch helper's side of it. */
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANSWER_TIMEOUT_MS, apiFetch, jsonBody, OfflineError } from '@client/lib/api';
import { followConnectivity, PROBE_INTERVAL_MS, reportServerOutcome, useOnline } from '@client/lib/online';

const answer = (status: number, body = '{}') => vi.fn(async () => new Response(body, { status }));
const unreachable = () => vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));

describe('useOnline', () => {
  beforeAll(() => followConnectivity());
  afterEach(() => {
    cleanup(); // unmounted first: resetting the module's state below must not re-render a test's hook
    vi.useRealTimers();
    vi.unstubAllGlobals();
    reportServerOutcome({ status: 200 });
  });

  it('turns false when the server cannot be reached or answers a gateway status, and true again on any other answer', async () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);

    vi.stubGlobal('fetch', unreachable());
    await act(() => expect(apiFetch('/api/check-session')).rejects.toThrow(OfflineError));
    expect(result.current).toBe(false);
    expect(onlineManager.isOnline()).toBe(false); // queries pause instead of failing

    vi.stubGlobal('fetch', answer(503, '{"error":"Database unavailable"}'));
    await act(() => expect(apiFetch('/api/check-session')).rejects.toThrow('HTTP error 503'));
    expect(result.current).toBe(false);

    vi.stubGlobal('fetch', answer(401, '{"error":"Not logged in"}'));
    await act(() => expect(apiFetch('/api/check-session')).rejects.toThrow('HTTP error 401'));
    expect(result.current).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('does not count an aborted request as unreachable', async () => {
    const { result } = renderHook(() => useOnline());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    await act(() => expect(apiFetch('/api/check-session')).rejects.toThrow('aborted'));
    expect(result.current).toBe(true);
  });

  it('a server that does not answer in time is unreachable: the caller gets "Offline"', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useOnline());
    // A fetch that never answers, except to its signal.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
      ),
    );
    const pending = apiFetch('/api/account-trades?status=active');
    const failed = expect(pending).rejects.toThrow('Offline');
    await act(() => vi.advanceTimersByTimeAsync(ANSWER_TIMEOUT_MS));
    await failed;
    expect(result.current).toBe(false);
  });

  it('while the server is unreachable writes are refused with "Offline" without a request; reads still ask', async () => {
    vi.stubGlobal('fetch', unreachable());
    await expect(apiFetch('/api/account-trades?status=active')).rejects.toThrow(OfflineError);
    const fetch = answer(200);
    vi.stubGlobal('fetch', fetch);
    await expect(apiFetch('/api/account-details', jsonBody('PUT', { broker_name: 'zerodha' }))).rejects.toThrow(
      'Offline',
    );
    expect(fetch).not.toHaveBeenCalled();
    await apiFetch('/api/check-session');
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(apiFetch('/api/account-details', jsonBody('PUT', { broker_name: 'zerodha' }))).resolves.toBeInstanceOf(
      Response,
    );
  });

  it('asks GET /api/health every few seconds until the server answers, then is online again by itself', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useOnline());
    vi.stubGlobal('fetch', unreachable());
    await act(() => expect(apiFetch('/api/check-session')).rejects.toThrow(OfflineError));

    const health = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', health);
    await act(() => vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS));
    expect(health).toHaveBeenCalledTimes(1);
    expect(health.mock.calls[0]).toEqual(['/api/health', expect.objectContaining({ cache: 'no-store' })]);
    expect(result.current).toBe(false);

    vi.stubGlobal('fetch', answer(200, '{"status":"ok"}'));
    await act(() => vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS));
    expect(result.current).toBe(true);
  });
});
