import { describe, expect, it } from 'vitest';
import { judge, type LighthouseResult } from '../../bench/page-budget';

const page = (over: Partial<LighthouseResult>): LighthouseResult => ({
  page: '/',
  site: 'trabot',
  loggedIn: false,
  budget: { tbtRatio: 1, lcpRatio: 0.45 },
  pass: null,
  scores: { performance: 80, accessibility: 100, 'best-practices': 100, seo: 100 },
  lcpMs: 1000,
  tbtMs: 150,
  cls: 0,
  runs: [],
  lcpRatio: null,
  tbtRatio: null,
  ...over,
});
const peer = { lcpMs: 4000, tbtMs: 200 };

describe('a page judged against the peer of the same run', () => {
  it('passes within both ratios and gives them', () => {
    const judged = judge(page({}), peer);
    expect(judged).toMatchObject({ pass: true, lcpRatio: 0.25, tbtRatio: 0.75 });
  });

  it('fails when its TBT is over the peer’s, whatever its score', () => {
    expect(judge(page({ tbtMs: 201 }), peer).pass).toBe(false);
  });

  it('fails an LCP over its ratio, or over an absolute budget', () => {
    expect(judge(page({ lcpMs: 1801 }), peer).pass).toBe(false);
    const trades = page({ budget: { tbtRatio: 1, lcpMs: 2000 }, lcpMs: 2001 });
    expect(judge(trades, peer)).toMatchObject({ pass: false, lcpRatio: 2001 / 4000 });
    expect(judge({ ...trades, lcpMs: 2000 }, peer).pass).toBe(true);
  });

  it('fails an accessibility, best-practices or SEO score under 100', () => {
    for (const key of ['accessibility', 'best-practices', 'seo'] as const)
      expect(judge(page({ scores: { ...page({}).scores, [key]: 99 } }), peer).pass).toBe(false);
  });

  it('takes a peer without blocking time: 0 against 0 is even, anything more is over', () => {
    expect(judge(page({ tbtMs: 0 }), { ...peer, tbtMs: 0 })).toMatchObject({ tbtRatio: 1, pass: true });
    expect(judge(page({ tbtMs: 1 }), { ...peer, tbtMs: 0 }).pass).toBe(false);
  });
});
