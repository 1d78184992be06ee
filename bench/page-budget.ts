/**
 * A page's Lighthouse figures judged against the peer's of the same run (bench/lighthouse.ts): the
 * ratios and the verdict, apart from Lighthouse itself so they are unit-tested.
 */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Page budgets, as ratios to the peer's median of the same run (and one absolute LCP, the issue's). */
export interface PageBudget {
  /** Page TBT / peer TBT at most this. */
  tbtRatio?: number;
  /** Page LCP / peer LCP at most this. */
  lcpRatio?: number;
  /** LCP at most this many ms (the issue's own target for the trades page). */
  lcpMs?: number;
}

export interface LighthouseResult {
  page: string;
  /** 'trabot' or the peer's name. */
  site: string;
  loggedIn: boolean;
  budget: PageBudget;
  /** The peer's row has no verdict (null); every other row is judged against it. */
  pass: boolean | null;
  /** Scores of the median-TBT round. */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  /** Medians over the rounds. */
  lcpMs: number;
  tbtMs: number;
  cls: number | null;
  /** Each round's figures, in order. */
  runs: { lcpMs: number; tbtMs: number }[];
  /** Median LCP and TBT over the peer's (null on the peer's row). */
  lcpRatio: number | null;
  tbtRatio: number | null;
}

/** A page against the peer: the ratios (TBT of 0 against 0 is a ratio of 1) and the verdict. */
export function judge(page: LighthouseResult, peer: Pick<LighthouseResult, 'lcpMs' | 'tbtMs'>): LighthouseResult {
  const ratio = (mine: number, theirs: number) => (theirs === 0 ? (mine === 0 ? 1 : Infinity) : mine / theirs);
  const lcpRatio = ratio(page.lcpMs, peer.lcpMs);
  const tbtRatio = ratio(page.tbtMs, peer.tbtMs);
  const { budget, scores } = page;
  const pass =
    scores.accessibility === 100 &&
    scores['best-practices'] === 100 &&
    scores.seo === 100 &&
    (budget.tbtRatio === undefined || tbtRatio <= budget.tbtRatio) &&
    (budget.lcpRatio === undefined || lcpRatio <= budget.lcpRatio) &&
    (budget.lcpMs === undefined || page.lcpMs <= budget.lcpMs);
  return { ...page, lcpRatio, tbtRatio, pass };
}
