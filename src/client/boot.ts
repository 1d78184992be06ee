/**
 * The only script a prerendered page names (scripts/prerender.ts puts it in place of the app's
 * own): the page paints from its HTML and CSS first, then the app's modules load and take the page
 * over (main.tsx). Requested with the page, the modules would share a phone's bandwidth and main
 * thread with its first paint. They are listed in <meta name="app-modules">: the app's entry
 * first, then the chunks it and the page's route import, preloaded side by side.
 */
export {};

const APP_MODULES = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content.split(/\s+/).filter(Boolean) ?? [];

/** Should no paint be reported (a browser without paint timing, a tab hidden meanwhile), start anyway. */
const PAINT_WAIT_LIMIT_MS = 3000;

function afterFirstPaint(): Promise<void> {
  // A hidden tab paints nothing until it is shown: there is no paint to wait for.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, PAINT_WAIT_LIMIT_MS);
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      // A frame after the next one: the next has been painted by then.
      requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

void afterFirstPaint().then(() => {
  // In the list's order: the entry, the largest, first.
  for (const href of APP_MODULES) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const entry = APP_MODULES[0];
  if (entry) return import(/* @vite-ignore */ entry);
});
