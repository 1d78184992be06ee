/**
 * NSE's equity cash-market session: 09:15-15:30 IST, Monday to Friday, closed on NSE's trading
 * holidays (nse-holidays.ts). Pure: the time is always passed in, never read from the machine.
 * `MARKET_HOURS=always` swaps in a calendar open around the clock (demos at night, tests).
 */
import { addDays, dayOfWeek, istDay, istTime, type IstDay } from '@shared/ist';
import { HOLIDAYS_KNOWN_THROUGH, NSE_HOLIDAYS } from './nse-holidays';
import { SQUARE_OFF_IST } from '../trading/trade-math';

export const SESSION_OPEN_IST = '09:15';
export const SESSION_CLOSE_IST = '15:30';

export interface MarketCalendar {
  /** Holiday names by day (yyyy-MM-dd); null for a market open around the clock. */
  holidays: ReadonlyMap<IstDay, string> | null;
}

export const nseCalendar: MarketCalendar = {
  holidays: new Map(Object.values(NSE_HOLIDAYS).flatMap((year) => year.map((h) => [h.day, h.name] as const))),
};
export const alwaysOpenCalendar: MarketCalendar = { holidays: null };

export function marketCalendar(mode: 'nse' | 'always'): MarketCalendar {
  return mode === 'always' ? alwaysOpenCalendar : nseCalendar;
}

/** True when `now` is past the last day the holiday lists cover (the server says so at start-up). */
export const holidaysOutdated = (now: Date) => istDay(now) > HOLIDAYS_KNOWN_THROUGH;

const isWeekend = (day: IstDay) => dayOfWeek(day) === 0 || dayOfWeek(day) === 6;

export function isTradingDay(day: IstDay, calendar: MarketCalendar): boolean {
  if (!calendar.holidays) return true;
  return !isWeekend(day) && !calendar.holidays.has(day);
}

export interface SessionState {
  open: boolean;
  reason?: 'weekend' | 'holiday' | 'before_open' | 'after_close';
  /** The holiday's name when closed for one. */
  holiday?: string;
}

export function sessionState(now: Date, calendar: MarketCalendar): SessionState {
  if (!calendar.holidays) return { open: true };
  const day = istDay(now);
  if (isWeekend(day)) return { open: false, reason: 'weekend' };
  const holiday = calendar.holidays.get(day);
  if (holiday) return { open: false, reason: 'holiday', holiday };
  if (now < istTime(day, SESSION_OPEN_IST)) return { open: false, reason: 'before_open' };
  if (now >= istTime(day, SESSION_CLOSE_IST)) return { open: false, reason: 'after_close' };
  return { open: true };
}

/** The next 09:15 IST of a trading day at or after `now` (now itself while the session is open). */
export function nextSessionOpen(now: Date, calendar: MarketCalendar): Date {
  if (sessionState(now, calendar).open) return now;
  let day = istDay(now);
  if (now >= istTime(day, SESSION_OPEN_IST)) day = addDays(day, 1);
  while (!isTradingDay(day, calendar)) day = addDays(day, 1);
  return istTime(day, SESSION_OPEN_IST);
}

/** Intraday entries: only while the session is open and before the 15:15 IST square-off. */
export function intradayEntryAllowed(now: Date, calendar: MarketCalendar): boolean {
  if (!calendar.holidays) return true;
  return sessionState(now, calendar).open && now < istTime(istDay(now), SQUARE_OFF_IST);
}
