/**
 * A stop leg's limit beyond its trigger (engine/stop-limit.ts; docs/decisions/2026-12-07-stop-
 * limits-beyond-the-trigger.md): the broker's buffer below a sell stop and above a buy stop, on the
 * tick against the trader unless that passes NSE's SL range (3 %, Rs 1.5 at Rs 50 or less), inside
 * the day's band; none without a buffer. And the exit chase's wait, backing off after the escalation.
 */
import { describe, expect, it } from 'vitest';
import { chaseLimit, chaseWait, EXIT_CHASE_MAX_WAIT_MS } from '@server/engine/exit-chase';
import { exchangeStopRange, stopLimitBeyond, stopLimitBuffers } from '@server/engine/stop-limit';

const quote = (previousClose: number, tick?: number) => ({ ltp: previousClose, previousClose, tick });

describe('stopLimitBeyond', () => {
  it('puts a sell stop 3 % below its trigger, a buy stop 3 % above, on the tick against the trader', () => {
    // 890 * 0.97 = 863.30, on the 0.05 tick of Rs 250-1,000.
    expect(stopLimitBeyond('sell', 890, 3, quote(900))).toBe(863.3);
    expect(stopLimitBeyond('buy', 890, 3, quote(880))).toBe(916.7);
    // On the 0.10 tick of Rs 1,000-5,000: 1406.79 down is 1406.70, past the 3 % range (43.51): 1406.80.
    expect(stopLimitBeyond('sell', 1450.3, 3, quote(1500))).toBe(1406.8);
    expect(stopLimitBeyond('sell', 245, 0.5, quote(250))).toBe(243.75);
  });

  it("steps back a tick rather than pass NSE's 3 % SL range", () => {
    // 246 * 0.97 = 238.62: down on the 0.05 tick is 238.60, 7.40 from the trigger (beyond 7.38).
    expect(stopLimitBeyond('sell', 246, 3, quote(250))).toBe(238.65);
    expect(stopLimitBeyond('sell', 246, 10, quote(250))).toBe(238.65);
    // A trigger of Rs 50 or less: at most Rs 1.5 away.
    expect(exchangeStopRange(40)).toBe(1.5);
    expect(stopLimitBeyond('sell', 40, 5, quote(42))).toBe(38.5);
    expect(stopLimitBeyond('buy', 40, 5, quote(38))).toBe(41.5);
  });

  it("stays inside the day's price band and never on the wrong side of the trigger", () => {
    // Previous close 1000: band 800-1200. A stop at 805 would get 780.85: held at 800.
    expect(stopLimitBeyond('sell', 805, 3, quote(1000))).toBe(800);
    expect(stopLimitBeyond('buy', 1195, 3, quote(1000))).toBe(1200);
    expect(stopLimitBeyond('sell', 800, 3, quote(1000))).toBe(800);
  });

  it("is none without a buffer (the broker's own idiom), and takes NSE's tick without a quote", () => {
    expect(stopLimitBeyond('sell', 890, 0, quote(900))).toBeNull();
    expect(stopLimitBeyond('sell', 890, undefined, quote(900))).toBeNull();
    expect(stopLimitBeyond('sell', 1500, 3)).toBe(1455);
  });

  it("takes each broker's default unless STOP_LIMIT_BUFFER_PERCENT names it", () => {
    expect(stopLimitBuffers()).toEqual({ zerodha: 3, upstock: 3, fyers: 3, angelone: 0.5, dhan: 3 });
    expect(stopLimitBuffers({ angelone: 1, dhan: 0 })).toMatchObject({ angelone: 1, dhan: 0, zerodha: 3 });
    expect(stopLimitBuffers().paper).toBeUndefined();
  });
});

describe('the exit chase after the escalation', () => {
  it('waits 10 s between the first three modifications, then twice as long each time, at most a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map((count) => chaseWait(10_000, 3, count))).toEqual([
      10_000, 10_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
    expect(EXIT_CHASE_MAX_WAIT_MS).toBe(60_000);
  });

  it("modifies a triggered stop's limit to the market, never past its trigger", () => {
    const q = { symbol: 'X', ltp: 870, previousClose: 900, timestamp: new Date(0) };
    expect(chaseLimit({ side: 'sell', orderType: 'trigger', triggerPrice: 890 }, q)).toBe(870);
    expect(chaseLimit({ side: 'sell', orderType: 'trigger', triggerPrice: 890 }, { ...q, ltp: 895 })).toBe(890);
    expect(chaseLimit({ side: 'buy', orderType: 'trigger', triggerPrice: 910 }, { ...q, ltp: 905 })).toBe(910);
    expect(chaseLimit({ side: 'sell', orderType: 'limit' }, { ...q, ltp: 895 })).toBe(895);
  });
});
