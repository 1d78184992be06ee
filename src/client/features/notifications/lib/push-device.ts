/**
 * This device's Web Push subscription: asks the browser's permission (only when the user taps),
 * subscribes with the server's VAPID key, and tells the server which events the device wants.
 */
import type { PushDeviceState, PushKind } from '@shared/schemas/push';
import { apiJson, jsonBody } from '@client/lib/api';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The service worker's registration, or null when none is active within a few seconds (dev server, first load). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 4_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function deviceState(): Promise<PushDeviceState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return { subscribed: false, kinds: [] };
  return apiJson<PushDeviceState>(`/api/push/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`);
}

export class PushRefused extends Error {}

/** Whether the subscription was made with this VAPID public key (base64url); unknown counts as yes. */
function madeWith(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return true;
  const bytes = new Uint8Array(key);
  const base64url = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return base64url === publicKey.replace(/=+$/, '');
}

/** Adds `kinds` to this device's notifications; throws PushRefused with a reason a person can act on. */
export async function turnOn(kinds: readonly PushKind[], current: readonly PushKind[]): Promise<PushDeviceState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushRefused('Notifications are blocked for this site: allow them in the browser settings');
  const reg = await registration();
  if (!reg) throw new PushRefused('The app is still installing: try again in a moment');
  const { publicKey } = await apiJson<{ publicKey: string }>('/api/push/public-key');
  // A subscription made with another key (the server's changed) can never be delivered: made anew.
  const existing = await reg.pushManager.getSubscription();
  if (existing && !madeWith(existing, publicKey)) await existing.unsubscribe();
  const subscription =
    existing && madeWith(existing, publicKey)
      ? existing
      : await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const wanted = [...new Set([...current, ...kinds])];
  return apiJson<PushDeviceState>(
    '/api/push/subscriptions',
    jsonBody('POST', { subscription: subscription.toJSON(), kinds: wanted }),
  );
}

/** Removes `kinds`; with none left the device is unsubscribed. */
export async function turnOff(kinds: readonly PushKind[], current: readonly PushKind[]): Promise<PushDeviceState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return { subscribed: false, kinds: [] };
  const left = current.filter((k) => !kinds.includes(k));
  if (left.length)
    return apiJson<PushDeviceState>(
      '/api/push/subscriptions',
      jsonBody('POST', { subscription: subscription.toJSON(), kinds: left }),
    );
  await apiJson('/api/push/subscriptions', jsonBody('DELETE', { endpoint: subscription.endpoint }));
  await subscription.unsubscribe();
  return { subscribed: false, kinds: [] };
}
