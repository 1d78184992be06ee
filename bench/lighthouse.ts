/**
 * Lighthouse 12 (default mobile emulation and throttling) on the public pages and, logged in as the
 * bench member (session cookie sent with every request), on the trades page, in Debian's Chromium:
 * the four category scores, LCP, TBT and CLS, against their budgets.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';

/**
 * Performance budget per page; accessibility, best practices and SEO must be 100 everywhere.
 * Pages with a Total Blocking Time budget (the takeover of a prerendered page) are audited
 * TBT_RUNS times and judged by the median run, TBT being the noisiest of the figures.
 */
export const LIGHTHOUSE_PAGES: readonly {
  path: string;
  performanceBudget: number;
  tbtBudgetMs?: number;
  loggedIn?: boolean;
}[] = [
  { path: '/', performanceBudget: 95, tbtBudgetMs: 50 },
  { path: '/workshops', performanceBudget: 95, tbtBudgetMs: 50 },
  { path: '/trabot-membership', performanceBudget: 95 },
  { path: '/login', performanceBudget: 95, tbtBudgetMs: 50 },
  { path: '/dashboard/trades', performanceBudget: 90, loggedIn: true },
];
const TBT_RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseResult {
  page: string;
  loggedIn: boolean;
  performanceBudget: number;
  tbtBudgetMs: number | null;
  pass: boolean;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  /** Every run's TBT, when the page was audited more than once (its figures are the median run's). */
  tbtRunsMs: number[];
  cls: number | null;
}

/** One page in a fresh Chromium; a trace Lighthouse failed to record (NO_NAVSTART and the like) is tried once more. */
async function audit(url: string, cookie: string | undefined, attemptsLeft = 2): Promise<RunnerResult['lhr']> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const run = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!run.lhr.runtimeError) return run.lhr;
    if (attemptsLeft <= 1)
      throw new Error(`Lighthouse on ${url}: ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}`);
  } finally {
    chrome.kill();
  }
  return audit(url, cookie, attemptsLeft - 1);
}

/** `memberCookie`: the Cookie header of the bench member's session, for the logged-in pages. */
export async function measureLighthouse(baseUrl: string, memberCookie: string): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const { path, performanceBudget, tbtBudgetMs, loggedIn = false } of LIGHTHOUSE_PAGES) {
    const runs: RunnerResult['lhr'][] = [];
    for (let run = 0; run < (tbtBudgetMs ? TBT_RUNS : 1); run++)
      runs.push(await audit(`${baseUrl}${path}`, loggedIn ? memberCookie : undefined));
    const tbtOf = (lhr: RunnerResult['lhr']) => lhr.audits['total-blocking-time']?.numericValue ?? Infinity;
    runs.sort((a, b) => tbtOf(a) - tbtOf(b));
    const { categories, audits, finalDisplayedUrl } = runs[Math.floor(runs.length / 2)]!;
    // A logged-in page that showed the login form instead would measure the wrong page.
    if (new URL(finalDisplayedUrl).pathname !== path)
      throw new Error(`Lighthouse on ${path} ended on ${finalDisplayedUrl}`);
    const score = (id: string) => (categories[id]?.score == null ? null : Math.round(categories[id].score * 100));
    const metric = (id: string) => audits[id]?.numericValue ?? null;
    const scores = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    };
    results.push({
      page: path,
      loggedIn,
      performanceBudget,
      tbtBudgetMs: tbtBudgetMs ?? null,
      pass:
        (scores.performance ?? 0) >= performanceBudget &&
        scores.accessibility === 100 &&
        scores['best-practices'] === 100 &&
        scores.seo === 100 &&
        (tbtBudgetMs === undefined || (metric('total-blocking-time') ?? Infinity) <= tbtBudgetMs),
      scores,
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      tbtRunsMs: runs.length > 1 ? runs.map((lhr) => Math.round(tbtOf(lhr))) : [],
      cls: metric('cumulative-layout-shift'),
    });
  }
  return results;
}
