/**
 * Serves the built PWA (env.CLIENT_DIR, vite's output) for every non-API GET: hashed files under
 * /assets/ are cached for a year, the app shell and service-worker files are revalidated on every
 * load (so a deployment is picked up), other static files get a short cache. A path with a
 * prerendered page of its own answers it (`/workshops` -> workshops.html, `/` -> index.html), with
 * its live data rendered in place of its loading state when `liveData` has a renderer for the path;
 * any other path that is not a file answers the plain shell app.html (with the preload links
 * `shellPreloads` asks for this request), or index.html in a build without one (SPA fallback: the
 * client routes it, unknown paths show home). A dashboard page in `memberPages` answers its
 * prerendered file with the visitor's own data in place of its loading state when its renderer
 * has markup for this visitor (a member's live session), privately and never stored; the shell
 * otherwise.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { LIVE_DATA_END, LIVE_DATA_START } from '@shared/live-data-markers';
import type { AppEnv } from '../context';
import { isApiPath } from '../security/request-info';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';
const REVALIDATED_FILES = /^\/([\w-]+\.html|sw\.js|registerSW\.js|manifest\.webmanifest|workbox-[\w.-]+\.js)$/;

const NOT_BUILT = 'The client is not built yet. Run `npm run build` (npm start does it for you), then reload.';

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  if (REVALIDATED_FILES.test(urlPath)) return REVALIDATE;
  return SHORT;
}

/** The file under root a URL path names, or null for anything that would leave root. */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const file = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

async function fileStat(file: string) {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

async function sendFile(c: Context<AppEnv>, file: string, urlPath: string): Promise<Response | null> {
  const stat = await fileStat(file);
  if (!stat) return null;
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    'Content-Type': getMimeType(file) ?? 'application/octet-stream',
    'Cache-Control': cacheControlFor(urlPath),
    ETag: etag,
    'Last-Modified': stat.mtime.toUTCString(),
  });
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(stat.size));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

export interface ServeClientOptions {
  /** Markup of a prerendered page's live data, by the page's URL path. */
  liveData?: Readonly<Record<string, () => Promise<string>>>;
  /** Same-origin API paths the shell should preload for this request (it depends on the visitor). */
  shellPreloads?: (c: Context<AppEnv>) => Promise<string[]>;
  /**
   * Prerendered pages of a visitor's own, by URL path: the build's file, and the markup of this
   * visitor's data (null: not for this visitor, who gets the shell).
   */
  memberPages?: Readonly<Record<string, { file: string; render: (c: Context<AppEnv>) => Promise<string | null> }>>;
}

const START_MARK = `<!--${LIVE_DATA_START}-->`;
const END_MARK = `<!--${LIVE_DATA_END}-->`;

async function readHtml(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * What a page gets from the database (its live data, its preloads) is an extra, worth this long
 * at most: a slow, stopped or frozen database must not fail or hold back the page itself.
 */
export const PAGE_EXTRAS_WAIT_MS = 1000;

const LATE = Symbol('late');

/** `work`'s answer, or null (logged with `without`) when it fails or takes too long. */
async function pageExtra<T>(c: Context<AppEnv>, without: string, work: () => Promise<T>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((resolve) => (timer = setTimeout(() => resolve(LATE), PAGE_EXTRAS_WAIT_MS)));
  try {
    const answer = await Promise.race([work(), late]);
    if (answer !== LATE) return answer;
    c.get('deps').log.warn({ path: c.req.path, waitedMs: PAGE_EXTRAS_WAIT_MS }, without);
  } catch (err) {
    c.get('deps').log.warn({ err, path: c.req.path }, without);
  } finally {
    clearTimeout(timer);
  }
  return null;
}

/** A page of one visitor's own data: kept by no cache, the browser's included (a shared device, logout). */
const PRIVATE_PAGE = 'private, no-store';

/** A page built for this request: never stored (no ETag), revalidated like the files it comes from. */
function builtPage(c: Context<AppEnv>, html: string, cacheControl: string): Response {
  const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheControl };
  return new Response(c.req.method === 'HEAD' ? null : html, { status: 200, headers });
}

/**
 * A prerendered page with `render`'s markup between its live-data marks. Null when the file is
 * missing or has no marks; the file as built (its loading state, the live page then fetches the
 * data and shows any error) when rendering fails or is late, the database being down for instance.
 */
async function sendLivePage(c: Context<AppEnv>, file: string, render: () => Promise<string>): Promise<Response | null> {
  const html = await readHtml(file);
  const marks = html === null ? null : liveDataMarks(html);
  if (!html || !marks) return null;
  const markup = await pageExtra(c, 'page served without its live data', render);
  return builtPage(c, markup === null ? html : withLiveData(html, marks, markup), REVALIDATE);
}

function liveDataMarks(html: string): { start: number; end: number } | null {
  const start = html.indexOf(START_MARK);
  const end = start < 0 ? -1 : html.indexOf(END_MARK, start);
  return start < 0 || end < 0 ? null : { start, end };
}

const withLiveData = (html: string, { start, end }: { start: number; end: number }, markup: string) =>
  html.slice(0, start) + markup + html.slice(end + END_MARK.length);

/**
 * A member page with this visitor's data, or null (the shell answers) when the renderer has none
 * for this visitor, fails or is late, or the build has no such page.
 */
async function sendMemberPage(
  c: Context<AppEnv>,
  file: string,
  render: (c: Context<AppEnv>) => Promise<string | null>,
): Promise<Response | null> {
  const html = await readHtml(file);
  const marks = html === null ? null : liveDataMarks(html);
  if (!html || !marks) return null;
  const markup = await pageExtra(c, 'member page served as the shell', () => render(c));
  return markup === null ? null : builtPage(c, withLiveData(html, marks, markup), PRIVATE_PAGE);
}

/** The shell with a preload link per path; private: it depends on the visitor's session. */
async function sendShellWithPreloads(c: Context<AppEnv>, file: string, preloads: string[]): Promise<Response | null> {
  const html = await readHtml(file);
  if (!html) return null;
  const links = preloads.map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin>`).join('');
  return builtPage(
    c,
    html.replace('</head>', () => `${links}</head>`),
    `private, ${REVALIDATE}`,
  );
}

export function serveClient(
  clientDir: string,
  { liveData = {}, shellPreloads, memberPages = {} }: ServeClientOptions = {},
): MiddlewareHandler<AppEnv> {
  const root = path.resolve(clientDir);
  const indexFile = path.join(root, 'index.html');
  const shellFile = path.join(root, 'app.html');
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isApiPath(c.req.path)) {
      return next();
    }
    const file = resolveInside(root, c.req.path);
    if (!file) return c.text('Not found', 404);
    const found = await sendFile(c, file, c.req.path);
    if (found) return found;
    // A missing hashed asset is a stale reference, not a page: answering HTML would break the script.
    if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    if (c.req.path === '/') {
      const home = await sendFile(c, indexFile, '/index.html');
      if (home) return home;
    } else if (/^\/[\w-]+$/.test(c.req.path)) {
      const render = Object.hasOwn(liveData, c.req.path) ? liveData[c.req.path] : undefined;
      const page =
        (render && (await sendLivePage(c, `${file}.html`, render))) ||
        (await sendFile(c, `${file}.html`, `${c.req.path}.html`));
      if (page) return page;
    }
    const memberPage = Object.hasOwn(memberPages, c.req.path) ? memberPages[c.req.path] : undefined;
    if (memberPage) {
      const page = await sendMemberPage(c, path.join(root, memberPage.file), memberPage.render);
      if (page) return page;
    }
    const preloads =
      (shellPreloads && (await pageExtra(c, 'shell served without its preloads', () => shellPreloads(c)))) || [];
    const shell = preloads.length
      ? await sendShellWithPreloads(c, shellFile, preloads)
      : await sendFile(c, shellFile, '/app.html');
    if (shell) return shell;
    const index = await sendFile(c, indexFile, '/index.html');
    if (index) return index;
    return c.text(NOT_BUILT, 503);
  };
}
