/**
 * Bundle weight: what a first visit to `/` downloads (index.html's script, modulepreload and
 * stylesheet tags and the app modules its boot script loads, and what Chromium really fetches, the service worker blocked so its precache is
 * not counted), gzip-compressed, plus every other JS/CSS chunk of dist/client/assets.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const FIRST_VISIT_JS_BUDGET_BYTES = 150 * 1024;
const CHROMIUM = '/usr/bin/chromium';

export interface BundleResult {
  firstVisit: {
    /** Files index.html names: its module script, modulepreloads, stylesheets and app modules. */
    declared: { jsGzip: number; cssGzip: number; files: string[] };
    /** JS and CSS responses Chromium received while loading `/` until the network was idle. */
    fetched: { jsGzip: number; cssGzip: number; files: string[] };
    budgetBytes: number;
    pass: boolean;
  };
  chunks: { file: string; gzip: number; raw: number }[];
}

const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

function declaredAssets(clientDir: string): string[] {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const wanted = tags.filter((tag) => /^<script/.test(tag) || /rel="(modulepreload|stylesheet)"/.test(tag));
  const named = wanted.map((tag) => /(?:src|href)="([^"]+)"/.exec(tag)?.[1]);
  // A prerendered page's boot script loads the modules its <meta name="app-modules"> lists.
  const appModules = /<meta name="app-modules" content="([^"]*)"/.exec(html)?.[1]?.split(/\s+/) ?? [];
  return [...new Set([...named, ...appModules])].filter(
    (href): href is string => !!href && href.startsWith('/assets/'),
  );
}

function sumBy(files: { file: string; gzip: number }[], ext: string): number {
  return files.filter((f) => f.file.endsWith(ext)).reduce((sum, f) => sum + f.gzip, 0);
}

async function fetchedOnFirstVisit(baseUrl: string): Promise<{ file: string; gzip: number }[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const pending: Promise<{ file: string; gzip: number } | null>[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (!/\.(js|css)$/.test(pathname)) return;
      pending.push(
        response.body().then(
          (body) => ({ file: pathname, gzip: gzipSize(body) }),
          () => null,
        ),
      );
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    return (await Promise.all(pending)).filter((f): f is { file: string; gzip: number } => f !== null);
  } finally {
    await browser.close();
  }
}

export async function measureBundle(clientDir: string, baseUrl: string): Promise<BundleResult> {
  const assetsDir = path.join(clientDir, 'assets');
  const chunks = fs
    .readdirSync(assetsDir)
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => {
      const bytes = fs.readFileSync(path.join(assetsDir, file));
      return { file: `/assets/${file}`, gzip: gzipSize(bytes), raw: bytes.length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const byFile = new Map(chunks.map((c) => [c.file, c]));

  const declaredFiles = declaredAssets(clientDir);
  const declared = declaredFiles.map((file) => {
    const chunk = byFile.get(file);
    if (!chunk) throw new Error(`index.html names ${file}, which is not in ${assetsDir}`);
    return chunk;
  });
  const fetched = await fetchedOnFirstVisit(baseUrl);
  const fetchedJs = sumBy(fetched, '.js');
  return {
    firstVisit: {
      declared: { jsGzip: sumBy(declared, '.js'), cssGzip: sumBy(declared, '.css'), files: declaredFiles },
      fetched: { jsGzip: fetchedJs, cssGzip: sumBy(fetched, '.css'), files: fetched.map((f) => f.file) },
      budgetBytes: FIRST_VISIT_JS_BUDGET_BYTES,
      pass: fetchedJs < FIRST_VISIT_JS_BUDGET_BYTES,
    },
    chunks: chunks.filter((c) => !fetched.some((f) => f.file === c.file)),
  };
}
