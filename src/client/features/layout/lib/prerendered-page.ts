/**
 * Taking over a prerendered page (scripts/prerender.ts writes its markup into #root, marked
 * data-prerendered): the app renders into a hidden container next to it and replaces it in one step
 * once the router has rendered the route, so the page never flashes blank or shifts while the
 * route's code and data load. What the visitor typed or tapped meanwhile is carried over. A page
 * whose HTML holds the visitor's own data (the member's trade cards, marked SERVER_DATA_ATTR) is
 * swapped once the live page shows its data too, not while it is still loading: the cards would
 * otherwise give way to "Loading trades..." and back, shifting the page.
 */
import type { AnyRouter } from '@tanstack/react-router';
import { LIVE_PAGE_MARK } from '@client/lib/takeover-marks';
import { LOADING_SELECTOR_ATTR, SERVER_DATA_ATTR } from '@shared/live-data-markers';
import { carryEarlyInput } from './early-input';

/** Should the router never report a rendered route, the live app shows after this anyway. */
const TAKE_OVER_FALLBACK_MS = 10_000;

let livePageShown: () => void = () => {};
const shown = new Promise<void>((resolve) => (livePageShown = resolve));

/** Resolves once the live app is what the visitor sees (at once on a page that was not prerendered). */
export const whenLivePageShown = (): Promise<void> => shown;

/** The element the app renders into: #root, or a hidden sibling of a prerendered #root. */
export function appContainer(router: AnyRouter): HTMLElement {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  if (!root.hasAttribute('data-prerendered')) {
    livePageShown();
    return root;
  }

  const live = document.createElement('div');
  live.hidden = true;
  root.after(live);
  let unsubscribe = () => {};
  const takeOver = () => {
    unsubscribe();
    clearTimeout(fallback);
    if (!root.isConnected) return;
    const scrolled = root.querySelector('.app-scroll')?.scrollTop ?? 0;
    const early = carryEarlyInput(root, live);
    root.remove();
    live.id = 'root';
    live.hidden = false;
    if (scrolled > 0) live.querySelector('.app-scroll')?.scrollTo({ top: scrolled });
    early.afterSwap();
    performance.mark(LIVE_PAGE_MARK);
    livePageShown();
  };
  const loadingSelector = root.getAttribute(LOADING_SELECTOR_ATTR);
  const waitForData = loadingSelector !== null && root.querySelector(`[${SERVER_DATA_ATTR}]`) !== null;
  const takeOverOnceLoaded = () => {
    if (!waitForData || !live.querySelector(loadingSelector)) return takeOver();
    const observer = new MutationObserver(() => {
      if (live.querySelector(loadingSelector)) return;
      observer.disconnect();
      takeOver();
    });
    observer.observe(live, { childList: true, subtree: true });
    const stopObserving = unsubscribe;
    unsubscribe = () => {
      stopObserving();
      observer.disconnect();
    };
  };
  unsubscribe = router.subscribe('onRendered', takeOverOnceLoaded);
  const fallback = setTimeout(takeOver, TAKE_OVER_FALLBACK_MS);
  return live;
}
