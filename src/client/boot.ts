/**
 * The only script a prerendered page names (scripts/prerender.ts puts it in place of the app's
 * own): the page paints from its HTML and CSS first, then the app's modules load and take the page
 * over (main.tsx). Requested with the page, the modules would share a phone's bandwidth and main
 * thread with its first paint. They are listed in <meta name="app-modules">: the app's entry
 * first, then the chunks it and the page's route import, preloaded a few at a time.
 */

declare global {
  interface Window {
    /** The buttons tapped on the prerendered page before the app took it over (prerendered-page.ts replays the last). */
    trabotEarlyTaps?: Element[];
  }
}

/**
 * Until the app takes over, a tap on a button is kept instead of lost (a "Contact Us"
 * tapped at once waited for the takeover), and the page's fields take typing. Its forms and buttons
 * are inert in the markup (scripts/prerender.ts) until these listeners stand: a native submit
 * would put the password in the URL.
 */
function keepEarlyInput(root: HTMLElement) {
  const taps: Element[] = (window.trabotEarlyTaps = []);
  const keep = (button: Element | null | undefined, event: Event) => {
    event.preventDefault();
    if (button) taps.push(button);
  };
  // Enter in a field clicks the form's default button: one path for both.
  root.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element).closest('button, [data-prerendered-tag="ion-button"]');
      if (button) keep(button, event);
    },
    true,
  );
  root.addEventListener('submit', (event) => keep(event.submitter, event), true);
  for (const element of root.querySelectorAll('[inert]')) element.removeAttribute('inert');
}

const prerendered = document.querySelector<HTMLElement>('#root[data-prerendered]');
if (prerendered) keepEarlyInput(prerendered);

const metaList = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(/\s+/).filter(Boolean) ?? [];
/** The app's entry, then the chunks it and the page's route import. */
const APP_MODULES = metaList('app-modules');
/**
 * The libraries' chunks among them, in the order they run (scripts/library-chunks.ts). Each runs in
 * a task of its own before the entry, which then runs only the app's own code: run as one module
 * graph, the three made one task of 50-110 ms at 4x CPU.
 */
const APP_LIBRARIES = metaList('app-libraries');

/** Should no paint be reported (a browser without paint timing, a tab hidden meanwhile), start anyway. */
const PAINT_WAIT_LIMIT_MS = 3000;

/** PerformanceObserver as old browsers have it: supportedEntryTypes came later (Safari 12.1, Chrome 73). */
type OlderPerformanceObserver = { readonly supportedEntryTypes?: readonly string[] };

function afterFirstPaint(): Promise<void> {
  // A hidden tab paints nothing until it is shown: there is no paint to wait for.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    setTimeout(resolve, PAINT_WAIT_LIMIT_MS);
    if (!(PerformanceObserver as OlderPerformanceObserver).supportedEntryTypes?.includes('paint')) {
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

/** lib/takeover-marks.ts's TAKEOVER_START_MARK, copied: an import would pull the app into this chunk. */
const TAKEOVER_START_MARK = 'trabot:takeover-start';

/**
 * Module fetches started in one task at most. Each started fetch costs the main thread up to 26 ms
 * on a slow phone (4x CPU, docs/performance.md): the 16 of the trades page, started together, made
 * one task of 37-232 ms, and four made tasks of 53-58 ms.
 */
export const PRELOADS_PER_TASK = 1;

/**
 * Preloads the modules in the list's order, PRELOADS_PER_TASK of them a task. Resolves once the last
 * has been started.
 */
export function preloadInTurns(hrefs: readonly string[]): Promise<void> {
  for (const href of hrefs.slice(0, PRELOADS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (hrefs.length <= PRELOADS_PER_TASK) return Promise.resolve();
  return new Promise((resolve) => setTimeout(() => resolve(preloadInTurns(hrefs.slice(PRELOADS_PER_TASK)))));
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

void afterFirstPaint().then(async () => {
  performance.mark(TAKEOVER_START_MARK);
  const [entry, ...chunks] = APP_MODULES;
  if (!entry) return;
  // The libraries and the entry first, the largest, then the other chunks the entry and the page's
  // route import, preloaded in turns long before the entry has arrived to ask for them.
  const preloaded = preloadInTurns([
    ...APP_LIBRARIES,
    entry,
    ...chunks.filter((chunk) => !APP_LIBRARIES.includes(chunk)),
  ]);
  for (const library of APP_LIBRARIES) {
    await import(/* @vite-ignore */ library);
    await nextTask();
  }
  // The entry imports the page's route with Vite's preload helper, which preloads whatever of the
  // route's chunks has no link yet, all in one task (20-50 ms at 4x CPU when it raced these turns):
  // the links all stand first.
  await preloaded;
  return import(/* @vite-ignore */ entry);
});
