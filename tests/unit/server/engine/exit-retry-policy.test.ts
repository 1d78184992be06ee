/**
 * The retry policy of exits a broker refused (exit-retry-policy.ts; docs/engine.md, "Failed stops
 * and rejected exits"): standing refusals every 15 minutes, passing ones backing off from 15 s to
 * every 5 minutes, at most 3 tries in the first minute; the words say what is retried and when.
 */
import { describe, expect, it } from 'vitest';
import { nextExitTry, retryDelayMs, retryWords, standingRejection } from '@server/engine/exit-retry-policy';

const AT = new Date('2026-01-05T04:00:00Z'); // 09:30:00 IST

describe('the exit retry policy', () => {
  it.each([
    'Holdings not authorised for sale: authorise them through CDSL TPIN',
    'Insufficient stock holding or there are pending sell orders for this stock. Check the orderbook.',
    'RMS:Rule: Check holdings including T1 Holdings, EDIS authorisation pending',
    'Insufficient funds. Required margin is 80000.00 but available margin is 100.00.',
    'Security is in ban period',
    'IP not registered',
  ])('takes "%s" as standing: every 15 minutes', (reason) => {
    expect(standingRejection(reason)).not.toBeNull();
    for (const tries of [1, 2, 5]) expect(retryDelayMs(tries, reason)).toBe(15 * 60_000);
  });

  it('backs off a passing refusal: 15 s doubling to every 5 minutes, at most 3 tries in the first minute', () => {
    const busy = 'The exchange is busy, place the order again';
    expect(standingRejection(busy)).toBeNull();
    expect([1, 2, 3, 4, 5, 6, 10].map((n) => retryDelayMs(n, busy) / 1000)).toEqual([15, 30, 60, 120, 240, 300, 300]);
    // The first refusal at 0 s: tries at 0, 15 and 45 s in the first minute, the next at 105 s.
    let at = 0;
    const tries = [0];
    for (let n = 1; n <= 3; n++) tries.push((at += retryDelayMs(n, busy)));
    expect(tries.filter((s) => s < 60_000)).toHaveLength(3);
  });

  it('says what is retried and when, in IST', () => {
    expect(nextExitTry(1, AT, 'busy').toISOString()).toBe('2026-01-05T04:00:15.000Z');
    expect(retryWords(1, AT, 'busy')).toBe(
      'Trabot tries the exit again at 09:30:15 IST while the level holds, backing off (15 s doubling to every 5 minutes)',
    );
    expect(retryWords(1, AT, 'TPIN authorisation pending')).toMatch(
      /^The broker gives this until the account changes \(the holdings are not authorised for sale .*\); Trabot tries the exit again at 09:45:00 IST, then every 15 minutes while the level holds$/,
    );
  });
});
