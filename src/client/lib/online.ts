/**
 * Online state as hooks (re-rendered on changes): `useOnline` is the browser's own flag;
 * `useConnected` also needs our server to have answered the app's last API call, so a stopped or
 * unreachable server (while the device itself is online) shows the same offline state.
 */
import { useSyncExternalStore } from 'react';

const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** Statuses a proxy or the API gives when the server or its database is down. */
export const isGatewayStatus = (status: number): boolean => GATEWAY_STATUSES.has(status);

let serverReachable = true;
const reachabilityListeners = new Set<() => void>();

/** Called by apiFetch with every outcome: a network failure or a gateway status means unreachable. */
export function reportServerOutcome(outcome: { status: number } | 'network-error'): void {
  const reachable = outcome !== 'network-error' && !isGatewayStatus(outcome.status);
  if (reachable === serverReachable) return;
  serverReachable = reachable;
  for (const listener of reachabilityListeners) listener();
}

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  reachabilityListeners.add(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    reachabilityListeners.delete(listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export function useConnected(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && serverReachable,
    () => true,
  );
}
