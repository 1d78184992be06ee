/**
 * Whether the app can reach its server. Online means the browser says so AND our server answered
 * the last API call: a weak signal, a captive portal or a restarting server (while the phone
 * reports itself online) is offline like airplane mode. While offline, TanStack Query pauses its
 * queries (nothing fails, nothing saved is replaced), the fetch helper refuses writes, and a probe
 * asks the server again every few seconds, so a returning connection refreshes the data by itself.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const GATEWAY_STATUSES = new Set([502, 503, 504]);
/** How often an unreachable server is asked again (GET /api/health). */
export const PROBE_INTERVAL_MS = 5_000;
/** A request with no answer in this time counts as a network failure. */
const PROBE_TIMEOUT_MS = 5_000;

/** Statuses a proxy or the API gives when the server or its database is down. */
export const isGatewayStatus = (status: number): boolean => GATEWAY_STATUSES.has(status);

let serverReachable = true;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The browser is online and the server answered the last call. */
export const isOnline = (): boolean => browserOnline() && serverReachable;

function notify() {
  for (const listener of listeners) listener();
}

/** Asks the server until it answers; each answer (or failure) goes through reportServerOutcome. */
function scheduleProbe(delay = PROBE_INTERVAL_MS) {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    if (serverReachable) return;
    if (!browserOnline()) return scheduleProbe(); // airplane mode: the 'online' event probes
    fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
      (res) => reportServerOutcome(res),
      () => reportServerOutcome('network-error'),
    );
  }, delay);
}

/** Called by apiFetch (and the probe) with every outcome: a network failure or a gateway status means unreachable. */
export function reportServerOutcome(outcome: { status: number } | 'network-error'): void {
  const reachable = outcome !== 'network-error' && !isGatewayStatus(outcome.status);
  if (!reachable) scheduleProbe();
  if (reachable === serverReachable) return;
  serverReachable = reachable;
  notify();
}

function onBrowserOnline() {
  if (!serverReachable) scheduleProbe(0);
  notify();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('online', onBrowserOnline);
    window.addEventListener('offline', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', onBrowserOnline);
      window.removeEventListener('offline', notify);
    }
  };
}

/**
 * TanStack Query follows the same state: its queries pause while offline and resume when the
 * server answers again. (Its own listener knows only the browser's online/offline events.)
 */
export function followConnectivity(): void {
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(isOnline());
    update(); // a cold start offline must know at once
    return subscribe(update);
  });
}

/** Online state as a hook, re-rendered on changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
