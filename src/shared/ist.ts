/**
 * India's clock and calendar (IST), for the server and the client alike: the day and wall-clock
 * time in India of an instant, the instant of a wall-clock time in India, calendar days
 * (yyyy-MM-dd) and their arithmetic. Pure: the instant is always passed in (only indiaToday falls
 * back to the current time).
 *
 * India's offset is never the zone the machine or the browser is set to. Since 14 October 1945,
 * 17:30 UTC it has been UTC+05:30 all year (IANA's Asia/Kolkata), a constant here; older instants
 * ask the platform's time-zone data through @date-fns/tz's tzOffset. Asking it for every instant
 * would cost the client's start-up the browser's first Intl call, which loads its locale data
 * (docs/performance.md, "Intl at start-up"), and the engine an Intl call per tick.
 */
import { tzOffset } from '@date-fns/tz/tzOffset';

export const IST_TIME_ZONE = 'Asia/Kolkata';

/** A calendar day in India as yyyy-MM-dd. */
export type IstDay = string;

/** A wall-clock time in India. */
export interface IstParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** From this instant on, India's offset is UTC+05:30 (before it, +06:30 in the war years and older rules). */
export const IST_FIXED_OFFSET_SINCE = Date.UTC(1945, 9, 14, 17, 30);
const IST_OFFSET_MS = 330 * 60_000;

/** India's offset from UTC at an instant, in milliseconds (NaN for an invalid instant). */
const offsetMs = (ms: number) =>
  ms >= IST_FIXED_OFFSET_SINCE ? IST_OFFSET_MS : Math.round(tzOffset(IST_TIME_ZONE, new Date(ms)) * 60_000);

/** An instant as a Date whose UTC fields read India's wall clock at that instant. */
const wallClockOf = (at: Date | number) => new Date(+at + offsetMs(+at));

/** The instant at which India's wall clock reads the UTC fields of `wall` (epoch milliseconds). */
function instantOfWallClock(wall: number): Date {
  // The offset at the instant, found from the offset at the wall-clock time read as UTC.
  return new Date(wall - offsetMs(wall - offsetMs(wall)));
}

/** The wall-clock time in India at an instant. */
export function istParts(at: Date | number): IstParts {
  const wall = wallClockOf(at);
  if (Number.isNaN(wall.getTime())) throw new RangeError('Invalid time value');
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    millisecond: wall.getUTCMilliseconds(),
  };
}

/** The instant of a wall-clock time in India; fields out of range roll over as in `Date.UTC`. */
export function fromIstParts({
  year,
  month,
  day,
  hour = 0,
  minute = 0,
  second = 0,
  millisecond = 0,
}: Pick<IstParts, 'year' | 'month' | 'day'> & Partial<IstParts>): Date {
  return instantOfWallClock(Date.UTC(year, month - 1, day, hour, minute, second, millisecond));
}

/** The calendar day in India of an instant. */
export const istDay = (at: Date | number): IstDay => wallClockOf(at).toISOString().slice(0, 10);

/** Today in India. */
export const indiaToday = (now: Date | number = Date.now()): IstDay => istDay(now);

/** The instant of `hh:mm` in India on `day`; an Invalid Date when they do not read as a day and time. */
export const istTime = (day: IstDay, hhmm: string): Date => instantOfWallClock(Date.parse(`${day}T${hhmm}:00Z`));

/** The first `hh:mm` in India after `now`: today's, or tomorrow's once today's has come. */
export function nextIstTime(now: Date, hhmm: string): Date {
  const today = istDay(now);
  const at = istTime(today, hhmm);
  return at > now ? at : istTime(addDays(today, 1), hhmm);
}

/** The day `days` after (or before, when negative) a day. */
export const addDays = (day: IstDay, days: number): IstDay =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The day of the week of a day: 0 for Sunday to 6 for Saturday. */
export const dayOfWeek = (day: IstDay): number => new Date(`${day}T00:00:00Z`).getUTCDay();

const PATTERN_FIELDS = /yyyy|MM|dd|HH|mm|ss|SSS/g;

/**
 * An instant in India as `pattern`, with date-fns' letters yyyy MM dd HH mm ss SSS, e.g.
 * 'dd/MM/yyyy HH:mm' for "22/11/2026 06:00"; other characters are kept as they are.
 */
export function formatInIst(at: Date | number, pattern: string): string {
  const { year, month, day, hour, minute, second, millisecond } = istParts(at);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const fields: Record<string, string> = {
    yyyy: pad(year, 4),
    MM: pad(month),
    dd: pad(day),
    HH: pad(hour),
    mm: pad(minute),
    ss: pad(second),
    SSS: pad(millisecond, 3),
  };
  return pattern.replace(PATTERN_FIELDS, (letters) => fields[letters]!);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Indian brokers write order times as India's wall clock without an offset, as
 * "2026-01-05 09:15:03" (Upstox) or "05-Jan-2026 09:15:03" (Fyers, Angel One): read as IST,
 * whatever zone the server runs in; anything else is `fallback`.
 */
export function istWallClock(text: string | null | undefined, fallback: Date): Date {
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  const named = /^(\d{2})-([A-Za-z]{3})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  const parts = iso
    ? [iso[1], Number(iso[2]), iso[3], iso[4], iso[5], iso[6]]
    : named && MONTHS.includes(named[2]!)
      ? [named[3], MONTHS.indexOf(named[2]!) + 1, named[1], named[4], named[5], named[6]]
      : null;
  if (!parts) return fallback;
  const [year, month, day, hour, minute, second] = parts.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return fromIstParts({ year, month, day, hour, minute, second });
}
