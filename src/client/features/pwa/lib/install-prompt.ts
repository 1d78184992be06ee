/**
 * The browser's install offer (`beforeinstallprompt`, Chromium only), captured from start-up so a
 * page rendered later can still show "Install app". Cleared once used or once the app is installed.
 */
import { useSyncExternalStore } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function set(event: BeforeInstallPromptEvent | null) {
  deferred = event;
  for (const listener of listeners) listener();
}

export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // keep the offer for our own button instead of the mini-infobar
    set(event as BeforeInstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => set(null));
}

export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  set(null); // a prompt can be shown only once
  await event.prompt();
  await event.userChoice;
}

export function useCanInstall(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => deferred !== null,
    () => false,
  );
}
