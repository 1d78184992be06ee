/**
 * Prerendering, the last step of `vite build` (the plugin in vite.config.ts): the public pages are
 * rendered by the freshly built client in headless Chromium, as an anonymous visitor sees them, and
 * their markup is written into the build (index.html for `/`, <route>.html for the others), so the
 * first visit paints the page from the HTML without waiting for any script. Once it has painted,
 * src/client/boot.ts loads the app, which renders the live page next to it and swaps it in once
 * the route has rendered (src/client/main.tsx).
 *
 * The shell is kept as app.html, the server's SPA fallback and the service worker's navigation
 * fallback for every other address (the dashboard), with the pages' frame (header, empty content)
 * as its prerendered markup: it paints while the app loads and renders the page.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  CHECK_SESSION_PATH,
  HOME_AFTER_LOGIN,
  MEMBER_TRADES_PAGE_FILE,
  OWN_TRADES_PATH,
} from '../src/shared/dashboard-start';
import { LIVE_DATA_END, LIVE_DATA_START, LOADING_SELECTOR_ATTR } from '../src/shared/live-data-markers';
import type { SessionUser } from '../src/shared/schemas/session';
import { ROUTE_HEAD_TAGS } from '../src/shared/route-head-tags';
import { libraryChunksIn } from './library-chunks';

export const APP_SHELL_FILE = 'app.html';

/**
 * Pages whose content needs no data of a visitor's own (only the anonymous session state). A page
 * with live data (`loading`) is prerendered in its loading state: its API requests are held
 * unanswered and the snapshot is taken once the `loading` selector shows. That element is marked
 * (src/shared/live-data-markers.ts) for the server, which answers the page with the data's markup
 * in its place; the live page fetches the data itself.
 *
 * A `member` page is a dashboard page as a member sees it, rendered for FIXTURE_MEMBER (never a real
 * member's data): the server answers it only to a member's live session, with that member's data
 * in place of its loading state (src/server/pages/member-trades-markup.ts), and the plain shell to
 * anyone else. Every API request of such a page but the session check is held, so that its other
 * parts (the P&L, the notices) show loading rather than an error or "offline"; its `preloads` are
 * requested by its HTML.
 */
export const PRERENDERED_PAGES: readonly {
  route: string;
  file: string;
  loading?: { api: string; selector: string };
  member?: { preloads: string[] };
}[] = [
  { route: '/', file: 'index.html' },
  {
    route: '/workshops',
    file: 'workshops.html',
    loading: { api: '/api/workshops', selector: '.workshop-list-loading' },
  },
  { route: '/trabot-membership', file: 'trabot-membership.html' },
  { route: '/login', file: 'login.html' },
  {
    route: HOME_AFTER_LOGIN,
    file: MEMBER_TRADES_PAGE_FILE,
    loading: { api: new URL(OWN_TRADES_PATH, 'http://x').pathname, selector: '.trades-loading' },
    member: { preloads: [CHECK_SESSION_PATH, OWN_TRADES_PATH] },
  },
];

/** Who a member page is rendered for: no one's real account (its data is never in the snapshot). */
export const FIXTURE_MEMBER: SessionUser = {
  id: 1,
  name: 'Member',
  email: 'member@example.invalid',
  role: 'member',
  member_id: 1,
  account_id: 1,
};

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const READY_TIMEOUT_MS = 30_000;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

interface StaticServer {
  url: string;
  /** Who /api/check-session says is signed in: nobody (public pages) or FIXTURE_MEMBER. */
  signIn: (user: SessionUser | null) => void;
  /** Answers the held requests so far with an empty list (once a page's loading state is taken). */
  answerHeld: () => void;
  close: () => Promise<void>;
}

/**
 * The build's files; the shell for any other path; the API as it answers a visitor without a
 * session, except the held paths, which answer only when told (the pages' loading states).
 */
function startStaticServer(outDir: string, heldApiPaths: string[]): Promise<StaticServer> {
  let held: http.ServerResponse[] = [];
  let sessionUser: SessionUser | null = null;
  const signIn = (user: SessionUser | null) => (sessionUser = user);
  const answerHeld = () => {
    for (const res of held) res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    held = [];
  };
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const memberApi = sessionUser !== null && pathname.startsWith('/api/') && pathname !== '/api/check-session';
    if (heldApiPaths.includes(pathname) || memberApi) {
      held.push(res);
      return;
    }
    if (pathname === '/api/check-session') {
      const body = sessionUser ? { status: 'success', user: sessionUser } : { status: 'error' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    if (pathname.startsWith('/api/')) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"Not available while prerendering"}');
      return;
    }
    const file = path.join(outDir, path.posix.normalize(pathname));
    const isFile = file.startsWith(outDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile();
    const served = isFile ? file : path.join(outDir, APP_SHELL_FILE);
    res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(served)] ?? 'application/octet-stream' });
    fs.createReadStream(served).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const close = () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections(); // the held requests
        });
      resolve({ url: `http://127.0.0.1:${port}`, signIn, answerHeld, close });
    });
  });
}

interface Snapshot {
  rootHtml: string;
  /**
   * The page's title, description, canonical link and share tags as its routes' `head` rendered
   * them (src/client/lib/page-head.ts); the live app replaces them with its own (useHtmlHeadTakeover).
   */
  headTags: string[];
  /** Stylesheets and scripts the page loaded beyond the shell's own (its route chunks). */
  stylesheets: string[];
  scripts: string[];
  /** <style> elements components injected (Ionic's scoped styles, the captcha widget's). */
  styles: string[];
  /** The markup without the page's content and the header's links: app.html's frame. */
  frameHtml: string;
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The shell's module script and modulepreload tags (Vite writes each on a line of its own). */
const MODULE_TAG =
  /^\s*<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"[^>]*>(?:<\/script>)?\n/gm;

/** A page's head tags once each (a crawler reads the first), with a title and a description. */
export function checkHeadTags(route: string, headTags: readonly string[]): void {
  const keys = headTags.map((tag) => {
    const [, element = ''] = /^<(\w+)/.exec(tag) ?? [];
    const [, key = ''] = /\s(?:name|property|rel)="([^"]*)"/.exec(tag) ?? [];
    return `${element} ${key}`.trim();
  });
  const twice = keys.filter((key, i) => keys.indexOf(key) !== i);
  const missing = ['title', 'meta description'].filter((key) => !keys.includes(key));
  if (twice.length || missing.length) {
    throw new Error(
      `${route}: head tags ${twice.length ? `twice: ${twice.join(', ')}` : ''} ${missing.length ? `missing: ${missing.join(', ')}` : ''}`.trim(),
    );
  }
}

/**
 * The shell with the page's head (its routes' tags, its route's stylesheets) and rendered
 * markup. The page names one small script, `bootScript` (src/client/boot.ts), which loads the
 * app's modules, listed in <meta name="app-modules">, once the page has painted; the libraries
 * among them (<meta name="app-libraries">) run first.
 * `apiPreloads`: the live data the page will fetch, requested by the HTML so that it arrives with
 * the scripts instead of after them. `loadingSelector`: the page's loading state, where the server
 * puts its live data (the takeover waits for the live page's data when it did, prerendered-page.ts).
 */
export function pageHtml(
  shell: string,
  snapshot: Snapshot,
  bootScript: string,
  apiPreloads: readonly string[] = [],
  loadingSelector?: string,
): string {
  const title = /^( *)<title>[^<]*<\/title>\n/m;
  const indent = title.exec(shell)?.[1];
  if (indent === undefined) throw new Error('the shell has no <title> on a line of its own');
  let html = shell.replace(title, () => snapshot.headTags.map((tag) => `${indent}${tag}\n`).join(''));
  const shellModules = Array.from(html.matchAll(MODULE_TAG), (match) => match[1]!);
  if (!shellModules.length) throw new Error('the shell has no module script');
  html = html.replace(MODULE_TAG, '');
  const modules = [...new Set([...shellModules, ...snapshot.scripts])];
  const head = [
    `<meta name="app-modules" content="${escapeAttr(modules.join(' '))}">`,
    `<meta name="app-libraries" content="${escapeAttr(libraryChunksIn(shellModules).join(' '))}">`,
    `<script type="module" crossorigin src="${escapeAttr(bootScript)}"></script>`,
    ...snapshot.stylesheets
      .filter((href) => !shell.includes(href))
      .map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}">`),
    ...snapshot.styles,
    ...apiPreloads.map((href) => `<link rel="preload" href="${escapeAttr(href)}" as="fetch" crossorigin>`),
  ];
  html = html.replace('</head>', `${head.map((line) => `    ${line}\n`).join('')}  </head>`);
  return withPrerenderedRoot(html, snapshot.rootHtml, loadingSelector);
}

function withPrerenderedRoot(html: string, rootHtml: string, loadingSelector?: string): string {
  if (!html.includes('<div id="root"></div>')) throw new Error('the shell has no empty <div id="root"></div>');
  const loading = loadingSelector ? ` ${LOADING_SELECTOR_ATTR}="${escapeAttr(loadingSelector)}"` : '';
  return html.replace('<div id="root"></div>', () => `<div id="root" data-prerendered=""${loading}>${rootHtml}</div>`);
}

/**
 * app.html: the shell with the pages' frame. Its modules load as the shell names them (a dashboard
 * page needs them at once), at low priority so that the frame paints from the HTML and CSS first.
 */
export function frameShellHtml(shell: string, frameHtml: string): string {
  const html = shell
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
  return withPrerenderedRoot(html, frameHtml);
}

async function snapshotPage(
  browser: import('playwright-core').Browser,
  server: StaticServer,
  route: string,
  loadingSelector?: string,
): Promise<Snapshot> {
  const url = `${server.url}${route}`;
  // A phone-sized window: the markup does not depend on it (layout is CSS), but images load as there.
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A held request keeps the network busy: such a page is ready when its loading state shows.
    await page.goto(url, { waitUntil: loadingSelector ? 'load' : 'networkidle', timeout: READY_TIMEOUT_MS });
    await page.locator(loadingSelector ?? '#main-content').waitFor({ timeout: READY_TIMEOUT_MS });
    if (errors.length) throw new Error(`${url}: ${errors.join('; ')}`);
    const body = await page.evaluate(
      ({ liveDataSelector, liveDataStart, liveDataEnd }) => {
        // Custom elements (Ionic's, the captcha's) become plain elements with the same markup and box,
        // so that the scripts defining them, once loaded, do not upgrade and re-render the static copy.
        const root = document.getElementById('root')!;
        const copy = root.cloneNode(true) as HTMLElement;
        const live = Array.from(root.querySelectorAll('*'));
        const copies = Array.from(copy.querySelectorAll('*'));
        // A select's choice is a property React sets, not markup: the copy would show its first option.
        live.forEach((el, i) => {
          if (el instanceof HTMLSelectElement && el.selectedIndex >= 0) {
            copies[i]!.querySelectorAll('option')[el.selectedIndex]?.setAttribute('selected', '');
          }
        });
        live.forEach((el, i) => {
          if (!el.localName.includes('-')) return;
          const source = copies[i]!;
          const style = getComputedStyle(el);
          const parentStyle = getComputedStyle(el.parentElement ?? root);
          const inert = document.createElement(style.display === 'inline' ? 'span' : 'div');
          for (const { name, value } of Array.from(source.attributes)) inert.setAttribute(name, value);
          inert.setAttribute('data-prerendered-tag', el.localName);
          inert.style.display = style.display;
          inert.style.margin = style.margin;
          for (const property of Array.from(style)) {
            if (
              property.startsWith('--') &&
              style.getPropertyValue(property) !== parentStyle.getPropertyValue(property)
            ) {
              inert.style.setProperty(property, style.getPropertyValue(property));
            }
          }
          inert.append(...Array.from(source.childNodes));
          source.replaceWith(inert);
        });
        // Until the live page takes over, a click on a button or a key in a form would be lost (or submit
        // the form natively, the password in the URL): they are inert until boot.ts stands ready to keep
        // them for the live page (src/client/boot.ts, keepEarlyInput); links stay live.
        for (const el of Array.from(copy.querySelectorAll('form, button'))) el.setAttribute('inert', '');
        // The loading state is marked: the server puts the live data there when it answers the page.
        const loadingState = liveDataSelector ? copy.querySelector(liveDataSelector) : null;
        loadingState?.before(document.createComment(liveDataStart));
        loadingState?.after(document.createComment(liveDataEnd));
        // Paths: the links Vite adds for a lazy chunk's CSS carry absolute URLs (of this server).
        const stylesheets = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))
          .map((link) => new URL(link.href).pathname)
          .filter((pathname) => pathname.startsWith('/assets/'));
        const loadedScripts = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((pathname) => pathname.startsWith('/assets/') && pathname.endsWith('.js'));
        const frame = copy.cloneNode(true) as HTMLElement;
        frame.querySelector('.app-scroll')?.replaceChildren();
        for (const list of Array.from(frame.querySelectorAll('.nav-list'))) list.replaceChildren();
        return {
          rootHtml: copy.innerHTML,
          frameHtml: frame.innerHTML,
          stylesheets,
          scripts: [...new Set(loadedScripts)],
          styles: Array.from(document.head.querySelectorAll('style')).map((style) => style.outerHTML),
        };
      },
      { liveDataSelector: loadingSelector ?? null, liveDataStart: LIVE_DATA_START, liveDataEnd: LIVE_DATA_END },
    );
    // The router runs the routes' `head` once their loaders are done, which a loading state's are
    // not: its data is answered now (the markup is taken), and the tags are read once in.
    server.answerHeld();
    await page.locator('head meta[name="description"]').waitFor({ state: 'attached', timeout: READY_TIMEOUT_MS });
    const headTags = await page.evaluate(
      (selector) => Array.from(document.head.querySelectorAll(selector), (tag) => tag.outerHTML),
      ROUTE_HEAD_TAGS,
    );
    if (errors.length) throw new Error(`${url}: ${errors.join('; ')}`);
    return { ...body, headTags };
  } finally {
    await context.close();
  }
}

/** Copies the build's index.html, still the plain shell, to app.html (before prerender() replaces it). */
export function writeAppShell(outDir: string): void {
  fs.copyFileSync(path.join(outDir, 'index.html'), path.join(outDir, APP_SHELL_FILE));
}

/**
 * Prerenders PRERENDERED_PAGES into outDir (a finished client build, app.html written); `bootScript`
 * is the path of the build's src/client/boot.ts.
 */
export async function prerender(
  outDir: string,
  bootScript: string,
  log: (line: string) => void = console.log,
): Promise<void> {
  // A fresh machine may have no Chromium: the build still works, the pages then render in the browser.
  if (!fs.existsSync(CHROMIUM)) {
    log(`prerender: skipped, no Chromium at ${CHROMIUM} (set CHROMIUM_PATH; on Debian: apt-get install chromium)`);
    return;
  }
  const root = path.resolve(outDir);
  const shell = fs.readFileSync(path.join(root, APP_SHELL_FILE), 'utf8');
  const server = await startStaticServer(
    root,
    PRERENDERED_PAGES.flatMap(({ loading }) => (loading ? [loading.api] : [])),
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    let frameHtml = '';
    for (const { route, file, loading, member } of PRERENDERED_PAGES) {
      server.signIn(member ? FIXTURE_MEMBER : null);
      const snapshot = await snapshotPage(browser, server, route, loading?.selector);
      checkHeadTags(route, snapshot.headTags);
      const preloads = member?.preloads ?? (loading ? [loading.api] : []);
      fs.writeFileSync(path.join(root, file), pageHtml(shell, snapshot, bootScript, preloads, loading?.selector));
      frameHtml ||= snapshot.frameHtml;
      log(`prerendered ${route} -> ${file} (${(snapshot.rootHtml.length / 1024).toFixed(1)} KB of markup)`);
    }
    // Last: the pages above were rendered from the plain shell.
    fs.writeFileSync(path.join(root, APP_SHELL_FILE), frameShellHtml(shell, frameHtml));
    log(`prerendered the frame -> ${APP_SHELL_FILE} (${(frameHtml.length / 1024).toFixed(1)} KB of markup)`);
  } finally {
    await browser.close();
    await server.close();
  }
}
