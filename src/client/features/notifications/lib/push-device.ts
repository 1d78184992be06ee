/**
 * This device's Web Push subscription: asks the browser's permission (only when the user taps),
 * subscribes with the server's VAPID key, and tells the server which events the device wants.
 */
import { formatDate } from '@shared/format';
import type { PushDeviceState, PushKind, PushSubscribeResult } from '@shared/schemas/push';
import { apiJson, HttpError, jsonBody } from '@client/lib/api';

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

/** The notice of devices a subscription dropped to stay within the per-user limit, or null. */
export function droppedDevicesNotice(result: PushDeviceState | PushSubscribeResult): string | null {
  if (!('dropped' in result) || !result.dropped.length) return null;
  const lastUsed = result.dropped.map((d) => formatDate(d.last_seen_at)).join(', ');
  return result.dropped.length === 1
    ? `Notifications are now off on your device unused the longest (last used ${lastUsed}): at most ${result.devices_max} devices get them`
    : `Notifications are now off on ${result.dropped.length} devices unused the longest (last used ${lastUsed}): at most ${result.devices_max} devices get them`;
}

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
export async function turnOn(kinds: readonly PushKind[], current: readonly PushKind[]): Promise<PushSubscribeResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushRefused('Notifications are blocked for this site: allow them in the browser settings');
  const reg = await registration();
  if (!reg) throw new PushRefused('The app is still installing: try again in a moment');
  const { publicKey } = await apiJson<{ publicKey: string }>('/api/push/public-key');
  const subscribe = () => reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const wanted = [...new Set([...current, ...kinds])];
  const save = (subscription: PushSubscription) =>
    apiJson<PushSubscribeResult>(
      '/api/push/subscriptions',
      jsonBody('POST', { subscription: subscription.toJSON(), kinds: wanted }),
    );
  // A subscription made with another key (the server's changed) can never be delivered: made anew.
  let existing = await reg.pushManager.getSubscription();
  if (existing && !madeWith(existing, publicKey)) {
    await existing.unsubscribe();
    existing = null;
  }
  if (!existing) return save(await subscribe());
  try {
    return await save(existing);
  } catch (error) {
    // The endpoint is another login's (someone else used this browser): a new endpoint is this user's.
    if (!(error instanceof HttpError && error.status === 409)) throw error;
    await existing.unsubscribe();
    return save(await subscribe());
  }
}

/** Removes `kinds`; with none left the device is unsubscribed. */
export async function turnOff(kinds: readonly PushKind[], current: readonly PushKind[]): Promise<PushDeviceState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return { subscribed: false, kinds: [] };
  const left = current.filter((k) => !kinds.includes(k));
  if (left.length)
    return apiJson<PushSubscribeResult>(
      '/api/push/subscriptions',
      jsonBody('POST', { subscription: subscription.toJSON(), kinds: left }),
    );
  await apiJson('/api/push/subscriptions', jsonBody('DELETE', { endpoint: subscription.endpoint }));
  await subscription.unsubscribe();
  return { subscribed: false, kinds: [] };
}
