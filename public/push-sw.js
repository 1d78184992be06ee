/*
 * Web Push in the service worker (issue 11), loaded into Workbox's generated sw.js (importScripts,
 * vite.config.ts). A push shows its notification (one per tag: a resend replaces it); a signal's
 * notification has Approve and Reject, which call the API from here (same-origin cookie) and
 * replace the notification with the outcome; tapping the body opens the app at the push's url.
 * Offline, a decision is refused with "Offline": it is never queued. A trade push also refreshes
 * the member's saved trades (trades-copy-sw.js, imported before this file).
 */
/* global self */

const ICON = '/pwa-192.png';
const CHANGED_SINCE = 'This signal changed since you opened it: review it again';

function showMessage(message) {
  const options = {
    body: message.body,
    tag: message.tag,
    data: message,
    icon: ICON,
    badge: ICON,
    renotify: true,
    requireInteraction: message.kind === 'signals',
  };
  if (message.kind === 'signals' && message.signal) {
    options.actions = [
      { action: 'approve', title: 'Approve' },
      { action: 'reject', title: 'Reject' },
    ];
  }
  return self.registration.showNotification(message.title, options);
}

/** What the notification says after Approve or Reject: the outcome, or why not. */
async function decisionOutcome(message, action) {
  if (!self.navigator.onLine) return 'Offline';
  const { signal_id, updated_at } = message.signal;
  let res;
  try {
    res = await fetch(`/api/signals/${signal_id}/${action}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expected_updated_at: updated_at }),
    });
  } catch {
    return 'Offline';
  }
  const body = await res.json().catch(() => ({}));
  if (res.ok)
    return action === 'approve'
      ? `Approved: ${body.accounts} ${body.accounts === 1 ? 'account' : 'accounts'}`
      : 'Rejected';
  if (res.status === 401) return 'Logged out: open the app';
  if (body.error === CHANGED_SINCE) return 'Changed since: open the app';
  return body.error ? `Not done: ${body.error}` : `Not done (HTTP ${res.status}): open the app`;
}

async function decide(message, action) {
  const outcome = await decisionOutcome(message, action);
  await self.registration.showNotification(outcome, {
    body: message.title,
    tag: message.tag,
    data: { ...message, outcome },
    icon: ICON,
    badge: ICON,
  });
  return outcome;
}

async function openApp(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    await open.focus();
    return open.navigate(url);
  }
  return self.clients.openWindow(url);
}

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || !message.title) return;
  // A trade push also refreshes the saved copy of the member's trades (trades-copy-sw.js).
  event.waitUntil(Promise.all([showMessage(message), self.trabotTradesCopy.afterPush(message)]));
});

self.addEventListener('notificationclick', (event) => {
  const message = event.notification.data || {};
  event.notification.close();
  if ((event.action === 'approve' || event.action === 'reject') && message.signal) {
    event.waitUntil(decide(message, event.action));
    return;
  }
  if (message.url) event.waitUntil(openApp(message.url));
});

// The same steps, for the browser tests (a notification's button cannot be clicked headless).
self.trabotPush = { showMessage, decide };
