/** Live lists refetch every 5 s while the tab is visible and the device online, and not otherwise. */
import { focusManager, onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REFRESH_MS, liveRefresh } from '@client/lib/live-refresh';

describe('liveRefresh', () => {
  let client: QueryClient;
  let fetches: number;
  let unsubscribe: () => void;

  beforeEach(async () => {
    vi.useFakeTimers();
    onlineManager.setOnline(true);
    focusManager.setFocused(true);
    client = new QueryClient();
    fetches = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['live'],
      queryFn: async () => ++fetches,
      staleTime: Infinity,
      ...liveRefresh,
    });
    unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(1);
  });

  afterEach(() => {
    unsubscribe();
    client.clear();
    focusManager.setFocused(undefined);
    onlineManager.setOnline(true);
    vi.useRealTimers();
  });

  it('refetches every 5 s while visible and online, even when the data is fresh', async () => {
    expect(LIVE_REFRESH_MS).toBe(5_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetches).toBe(4);
  });

  it('does not refetch while the tab is hidden', async () => {
    focusManager.setFocused(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetches).toBe(1);
  });

  it('does not refetch offline', async () => {
    onlineManager.setOnline(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetches).toBe(1);
    expect(liveRefresh.refetchInterval()).toBe(false);
  });
});
