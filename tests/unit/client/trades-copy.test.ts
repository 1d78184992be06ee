/**
 * The trades the service worker saves on a push (lib/trades-copy.ts): which copy the app shows at
 * start, and that logout and another user delete it. Cache Storage is an in-memory stand-in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@client/lib/query-client';
import { setPersistScope } from '@client/lib/query-persistence';
import {
  COPY_HEADERS,
  stampOf,
  takesTradesCopy,
  TRADES_COPY_CACHE,
  TRADES_COPY_URL,
  type CopyStamp,
} from '@client/lib/trades-copy';
import WORKER from '/public/trades-copy-sw.js?raw';
import { adoptTradesCopy } from '@client/features/trades/lib/adopt-trades-copy';
import { LAST_USER_STORAGE_KEY } from '@client/features/session/lib/last-user';
import { applySessionAnswer, forgetUserData } from '@client/features/session/lib/session-persistence';
import type { SessionUser } from '@shared/schemas/session';

const scope = { backendKey: 'backend-1', userId: 7 };
const TRADES = [{ trabot_trade_id: 1, trade_status: 'completed' }];
type Copy = CopyStamp & { trades: unknown[] };
const copy = (over: Partial<Copy> = {}): Copy => ({ ...scope, savedAt: 2_000, trades: TRADES, ...over });

describe('which copy the app shows', () => {
  it("the service worker's, when it is this user's on this backend and newer than the app's", () => {
    expect(takesTradesCopy(copy(), scope, 1_000)).toBe(true);
    expect(takesTradesCopy(copy(), scope, 0)).toBe(true); // the app has none
  });

  it("the app's own, when the service worker's is not newer", () => {
    expect(takesTradesCopy(copy(), scope, 2_000)).toBe(false);
    expect(takesTradesCopy(copy(), scope, 3_000)).toBe(false);
  });

  it("never another user's, another backend's, or without a last user", () => {
    expect(takesTradesCopy(copy({ userId: 8 }), scope, 0)).toBe(false);
    expect(takesTradesCopy(copy({ backendKey: 'backend-2' }), scope, 0)).toBe(false);
    expect(takesTradesCopy(copy(), null, 0)).toBe(false);
    expect(takesTradesCopy(null, scope, 0)).toBe(false);
  });

  it('reads only a well-formed stamp', () => {
    const headers = (over: Record<string, string> = {}) =>
      new Headers({
        [COPY_HEADERS.backendKey]: 'backend-1',
        [COPY_HEADERS.userId]: '7',
        [COPY_HEADERS.savedAt]: '2000',
        ...over,
      });
    expect(stampOf(headers())).toEqual({ ...scope, savedAt: 2_000 });
    expect(stampOf(headers({ [COPY_HEADERS.backendKey]: '' }))).toBeNull();
    expect(stampOf(headers({ [COPY_HEADERS.userId]: '7.5' }))).toBeNull();
    expect(stampOf(headers({ [COPY_HEADERS.savedAt]: 'soon' }))).toBeNull();
    expect(stampOf(new Headers())).toBeNull();
  });

  it('names the cache and entry the service worker writes', () => {
    expect(WORKER).toContain(`const TRADES_COPY_CACHE = '${TRADES_COPY_CACHE}';`);
    expect(WORKER).toContain(`const TRADES_COPY_URL = '${TRADES_COPY_URL}';`);
    expect(WORKER).toContain(
      `const COPY_HEADERS = { backendKey: '${COPY_HEADERS.backendKey}', userId: '${COPY_HEADERS.userId}', savedAt: '${COPY_HEADERS.savedAt}' };`,
    );
  });
});

/** Cache Storage in memory: one entry per cache name and URL. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Copy>>();
  return {
    stores,
    /** As the service worker stores it: the trades, and whose and when in headers. */
    put(name: string, url: string, value: Copy) {
      if (!stores.has(name)) stores.set(name, new Map());
      stores.get(name)!.set(url, value);
    },
    caches: {
      match: async (url: string, options?: { cacheName?: string }) => {
        const value = stores.get(options?.cacheName ?? '')?.get(url);
        if (!value) return undefined;
        const headers = {
          [COPY_HEADERS.backendKey]: value.backendKey,
          [COPY_HEADERS.userId]: String(value.userId),
          [COPY_HEADERS.savedAt]: String(value.savedAt),
        };
        return new Response(JSON.stringify(value.trades), { headers });
      },
      delete: async (name: string) => stores.delete(name),
    },
  };
}

describe('at start and at logout', () => {
  let storage: ReturnType<typeof memoryCaches>;
  beforeEach(() => {
    storage = memoryCaches();
    vi.stubGlobal('caches', storage.caches);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the app takes the newer copy with its time, and keeps its own when it is newer', async () => {
    const client = createQueryClient();
    const key = ['member', 7, 'trades'];
    client.setQueryData(key, [{ trabot_trade_id: 1, trade_status: 'running' }], { updatedAt: 1_000 });
    storage.put(TRADES_COPY_CACHE, TRADES_COPY_URL, copy());
    await adoptTradesCopy(client, scope);
    expect(client.getQueryData(key)).toEqual(copy().trades);
    expect(client.getQueryState(key)?.dataUpdatedAt).toBe(2_000);

    storage.put(TRADES_COPY_CACHE, TRADES_COPY_URL, copy({ savedAt: 1_500, trades: [] }));
    await adoptTradesCopy(client, scope);
    expect(client.getQueryData(key)).toEqual(copy().trades);
  });

  it("another user's copy is not taken", async () => {
    const client = createQueryClient();
    storage.put(TRADES_COPY_CACHE, TRADES_COPY_URL, copy({ userId: 8 }));
    await adoptTradesCopy(client, scope);
    expect(client.getQueryData(['member', 7, 'trades'])).toBeUndefined();
  });

  it('logout and a change of user delete it', async () => {
    const asha: SessionUser = { id: 7, name: 'A', email: 'a@example.com', role: 'member', member_id: 1, account_id: 3 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ key: 'backend-1' }))),
    );
    const client = createQueryClient();
    await applySessionAnswer(client, { status: 'success', user: asha });
    storage.put(TRADES_COPY_CACHE, TRADES_COPY_URL, copy());
    await forgetUserData(client);
    expect(storage.stores.has(TRADES_COPY_CACHE)).toBe(false);

    await applySessionAnswer(client, { status: 'success', user: asha });
    storage.put(TRADES_COPY_CACHE, TRADES_COPY_URL, copy());
    await applySessionAnswer(client, { status: 'success', user: { ...asha, id: 8 } });
    expect(storage.stores.has(TRADES_COPY_CACHE)).toBe(false);
    localStorage.removeItem(LAST_USER_STORAGE_KEY);
    setPersistScope(null);
  });
});
