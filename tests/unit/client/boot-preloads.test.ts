/** boot.ts: a prerendered page's modules are preloaded in turns, never all in one task. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadInTurns, PRELOADS_PER_TASK } from '@client/boot';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  vi.useRealTimers();
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
});

describe('preloadInTurns', () => {
  it(`starts at most ${PRELOADS_PER_TASK} a task, in the list's order, until all are started`, () => {
    vi.useFakeTimers();
    const hrefs = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);
    void preloadInTurns(hrefs);
    for (let started = PRELOADS_PER_TASK; started < hrefs.length; started += PRELOADS_PER_TASK) {
      expect(preloads()).toEqual(hrefs.slice(0, started));
      vi.advanceTimersToNextTimer();
    }
    expect(preloads()).toEqual(hrefs);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves once the last of them is started, not before', async () => {
    vi.useFakeTimers();
    const hrefs = Array.from({ length: 3 * PRELOADS_PER_TASK }, (_, i) => `/assets/chunk-${i}.js`);
    let done = false;
    void preloadInTurns(hrefs).then(() => (done = true));
    await vi.advanceTimersToNextTimerAsync();
    expect(done).toBe(false);
    await vi.runAllTimersAsync();
    expect(done).toBe(true);
    expect(preloads()).toEqual(hrefs);
  });

  it('preloads as a module script is fetched: CORS, no credentials to another site', () => {
    void preloadInTurns(['/assets/a.js']);
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]')!;
    expect(link.crossOrigin).toBe('');
    expect(link.getAttribute('href')).toBe('/assets/a.js');
  });

  it('leaves nothing pending for a list that fits in one task', () => {
    vi.useFakeTimers();
    const hrefs = Array.from({ length: PRELOADS_PER_TASK }, (_, i) => `/assets/chunk-${i}.js`);
    void preloadInTurns(hrefs);
    expect(preloads()).toEqual(hrefs);
    expect(vi.getTimerCount()).toBe(0);
  });
});
