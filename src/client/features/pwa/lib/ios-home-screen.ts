/**
 * iOS Safari has no install prompt, and Web Push (so approving a signal from the lock screen) works
 * there only for an app added to the Home Screen. On iOS Safari outside the Home Screen app, and
 * until the member dismisses it once, a hint says how to add Trabot; its code loads only then, so no
 * other browser pays for it (docs/decisions/2026-12-07-the-member-s-phone-offline-and-after-a-push.md).
 */
import { storage } from '@client/lib/storage';

const IOS_HINT_DISMISSED_KEY = 'trabot-ios-home-screen-hint';

/** Safari on an iPhone or iPad (an iPad asks for the desktop site: a Mac with a touch screen). */
function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  // Chrome, Firefox, Edge and others on iOS name themselves; Safari does not.
  return ios && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(ua);
}

const standalone = () =>
  (navigator as Navigator & { standalone?: boolean }).standalone === true ||
  matchMedia('(display-mode: standalone)').matches;

function dismissed(): boolean {
  const store = storage();
  // Storage disabled: a hint that cannot stay dismissed is not shown.
  return !store || store.getItem(IOS_HINT_DISMISSED_KEY) !== null;
}

export function offerHomeScreenOnIos(): void {
  if (!isIosSafari() || standalone() || dismissed()) return;
  void import('../components/ios-home-screen-hint').then(({ showIosHomeScreenHint }) =>
    showIosHomeScreenHint(() => storage()?.setItem(IOS_HINT_DISMISSED_KEY, new Date().toISOString())),
  );
}
