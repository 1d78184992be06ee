// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  alwaysOpenCalendar,
  holidaysOutdated,
  intradayEntryAllowed,
  isTradingDay,
  nextSessionOpen,
  nseCalendar,
  sessionState,
} from '@server/engine/market-hours';
import { HOLIDAYS_KNOWN_THROUGH, NSE_HOLIDAYS } from '@server/engine/nse-holidays';

/** An instant given in IST (UTC+05:30). */
const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);

describe("NSE's session (injected time, never the machine's)", () => {
  it('opens at 09:15:00 and closes at 15:30:00 IST on a weekday', () => {
    expect(sessionState(ist('2026-01-05', '09:14:59'), nseCalendar)).toEqual({ open: false, reason: 'before_open' });
    expect(sessionState(ist('2026-01-05', '09:15:00'), nseCalendar)).toEqual({ open: true });
    expect(sessionState(ist('2026-01-05', '15:29:59'), nseCalendar)).toEqual({ open: true });
    expect(sessionState(ist('2026-01-05', '15:30:00'), nseCalendar)).toEqual({ open: false, reason: 'after_close' });
  });

  it('is closed on Saturdays, Sundays and the listed holidays of 2025 and 2026', () => {
    expect(sessionState(ist('2026-01-03', '11:00:00'), nseCalendar)).toEqual({ open: false, reason: 'weekend' });
    expect(sessionState(ist('2026-01-04', '11:00:00'), nseCalendar)).toEqual({ open: false, reason: 'weekend' });
    expect(sessionState(ist('2025-10-21', '11:00:00'), nseCalendar)).toEqual({
      open: false,
      reason: 'holiday',
      holiday: 'Diwali Laxmi Pujan (Muhurat trading only)',
    });
    expect(sessionState(ist('2026-01-26', '11:00:00'), nseCalendar)).toEqual({
      open: false,
      reason: 'holiday',
      holiday: 'Republic Day',
    });
    expect(isTradingDay('2026-01-27', nseCalendar)).toBe(true);
    expect(isTradingDay('2026-11-24', nseCalendar)).toBe(false);
  });

  it('names the next open: later today, across a weekend, and across a holiday followed by a weekend', () => {
    expect(nextSessionOpen(ist('2026-01-05', '08:00:00'), nseCalendar)).toEqual(ist('2026-01-05', '09:15:00'));
    expect(nextSessionOpen(ist('2026-01-09', '16:00:00'), nseCalendar)).toEqual(ist('2026-01-12', '09:15:00'));
    // Good Friday 3 April 2026, then the weekend: Monday the 6th.
    expect(nextSessionOpen(ist('2026-04-02', '15:45:00'), nseCalendar)).toEqual(ist('2026-04-06', '09:15:00'));
    const open = ist('2026-01-05', '10:00:00');
    expect(nextSessionOpen(open, nseCalendar)).toBe(open);
  });

  it('allows intraday entries only in the session and before 15:15 IST', () => {
    expect(intradayEntryAllowed(ist('2026-01-05', '09:14:00'), nseCalendar)).toBe(false);
    expect(intradayEntryAllowed(ist('2026-01-05', '15:14:59'), nseCalendar)).toBe(true);
    expect(intradayEntryAllowed(ist('2026-01-05', '15:15:00'), nseCalendar)).toBe(false);
    expect(intradayEntryAllowed(ist('2026-01-04', '11:00:00'), nseCalendar)).toBe(false);
  });

  it('MARKET_HOURS=always: open every day, around the clock', () => {
    expect(sessionState(ist('2026-01-04', '02:00:00'), alwaysOpenCalendar)).toEqual({ open: true });
    expect(intradayEntryAllowed(ist('2026-01-26', '23:00:00'), alwaysOpenCalendar)).toBe(true);
    expect(isTradingDay('2026-01-26', alwaysOpenCalendar)).toBe(true);
  });

  it('says when the holiday lists run out', () => {
    expect(holidaysOutdated(ist(HOLIDAYS_KNOWN_THROUGH, '23:59:00'))).toBe(false);
    expect(holidaysOutdated(ist('2027-01-01', '00:00:00'))).toBe(true);
  });
});

describe("NSE's holiday lists", () => {
  it.each(Object.entries(NSE_HOLIDAYS))('%s: weekdays of that year, in order, none twice', (year, holidays) => {
    const days = holidays.map((h) => h.day);
    expect(days.every((d) => d.startsWith(`${year}-`))).toBe(true);
    expect(days).toEqual([...new Set(days)].sort());
    for (const day of days) expect([0, 6]).not.toContain(new Date(`${day}T00:00:00Z`).getUTCDay());
  });
});
