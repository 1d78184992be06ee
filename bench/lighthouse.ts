/**
 * Lighthouse 12 (default mobile emulation and throttling) on the public pages, in Debian's
 * Chromium: the four category scores and LCP, TBT and CLS.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';

export const LIGHTHOUSE_PAGES = ['/', '/workshops', '/trabot-membership', '/login'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseResult {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
}

/** One page in a fresh Chromium; a trace Lighthouse failed to record (NO_NAVSTART and the like) is tried once more. */
async function audit(url: string, attemptsLeft = 2): Promise<RunnerResult['lhr']> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!run.lhr.runtimeError) return run.lhr;
    if (attemptsLeft <= 1) throw new Error(`Lighthouse on ${url}: ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}`);
  } finally {
    chrome.kill();
  }
  return audit(url, attemptsLeft - 1);
}

export async function measureLighthouse(baseUrl: string): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const page of LIGHTHOUSE_PAGES) {
    const { categories, audits } = await audit(`${baseUrl}${page}`);
    const score = (id: string) => (categories[id]?.score == null ? null : Math.round(categories[id].score * 100));
    const metric = (id: string) => audits[id]?.numericValue ?? null;
    results.push({
      page,
      scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    });
  }
  return results;
}
