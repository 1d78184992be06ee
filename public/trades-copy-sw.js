/*
 * The member's trades saved by the service worker when a trade push arrives (issue 47), loaded into
 * Workbox's generated sw.js before push-sw.js (importScripts, vite.config.ts). A trade push (opened,
 * closed, stopped, exit pending: kinds trade_opened and trade_closed) fetches the member's trades
 * as the app does (same-origin cookie) and keeps them in Cache Storage with whose they are and
 * when, so the app opened offline right after the push shows what the push said
 * (src/client/lib/trades-copy.ts, which reads it; decision 2026-12-07-trades-copy-from-a-push).
 * Logged out, the copy is deleted; the server unreachable, it stays as it was.
 */
/* global self */

// The same strings as src/client/lib/trades-copy.ts.
const TRADES_COPY_CACHE = 'trabot-trades-copy';
const TRADES_COPY_URL = '/trabot-trades-copy.json';
const COPY_HEADERS = { backendKey: 'x-backend-key', userId: 'x-user-id', savedAt: 'x-saved-at' };
const TRADE_PUSH_KINDS = ['trade_opened', 'trade_closed'];

async function answerOf(path) {
  const res = await fetch(path, { credentials: 'same-origin', cache: 'no-store' });
  return res.ok ? res.json() : null;
}

/** The copy to keep, null when there is nothing to keep (logged out), undefined when unknown. */
async function fetchTradesCopy() {
  const [session, backend] = await Promise.all([answerOf('/api/check-session'), answerOf('/api/backend-key')]);
  if (session && session.status === 'error') return null;
  if (!session || session.status !== 'success' || !backend || typeof backend.key !== 'string') return undefined;
  const trades = await answerOf('/api/account-trades?status=active');
  if (!Array.isArray(trades)) return undefined;
  // The trades are the checked user's account's: an answer for another login (one that changed
  // between the two requests) is not kept under this user's name.
  if (trades.some((trade) => trade.trabot_account_id !== session.user.account_id)) return undefined;
  return { backendKey: backend.key, userId: session.user.id, savedAt: Date.now(), trades };
}

async function saveTradesCopy() {
  let copy;
  try {
    copy = await fetchTradesCopy();
  } catch {
    return; // the server cannot be reached: the copy stays as it was
  }
  if (copy === null) await self.caches.delete(TRADES_COPY_CACHE);
  if (!copy) return;
  const cache = await self.caches.open(TRADES_COPY_CACHE);
  // Whose and when in headers: the app reads the trades only when it takes them.
  const headers = {
    'content-type': 'application/json',
    [COPY_HEADERS.backendKey]: copy.backendKey,
    [COPY_HEADERS.userId]: String(copy.userId),
    [COPY_HEADERS.savedAt]: String(copy.savedAt),
  };
  await cache.put(TRADES_COPY_URL, new Response(JSON.stringify(copy.trades), { headers }));
}

self.trabotTradesCopy = {
  /** Refreshes the copy when `message` is a trade push; resolves when done (never rejects). */
  afterPush: (message) => (TRADE_PUSH_KINDS.includes(message.kind) ? saveTradesCopy().catch(() => undefined) : null),
};
