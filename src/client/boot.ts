/**
 * The only script a prerendered page names (scripts/prerender.ts puts it in place of the app's
 * own): the page paints from its HTML and CSS first, then the app's modules load and take the page
 * over (main.tsx). Requested with the page, the modules would share a phone's bandwidth and main
 * thread with its first paint. They are listed in <meta name="app-modules">: the app's entry
 * first, then the chunks it and the page's route import, preloaded side by side.
 */
export {};

const APP_MODULES = document.querySelector<HTMLMetaElement>('meta[name="app-modules"]')?.content.split(/\s+/).filter(Boolean) ?? [];

function afterFirstPaint(): Promise<void> {
  // A hidden tab runs no animation frames until it is shown: there is no paint to wait for.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  // An animation frame runs just before a paint; a task queued from it runs after that paint.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
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
