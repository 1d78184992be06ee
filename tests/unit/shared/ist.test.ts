import { tzOffset } from '@date-fns/tz';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  IST_FIXED_OFFSET_SINCE,
  IST_TIME_ZONE,
  addDays,
  dayOfWeek,
  formatInIst,
  fromIstParts,
  indiaToday,
  istDay,
  istParts,
  istTime,
  istWallClock,
  nextIstTime,
} from '@shared/ist';

const utc = (iso: string) => new Date(iso);

describe('India clock and calendar', () => {
  afterEach(() => vi.useRealTimers());

  it("takes India's offset from the zone data: UTC+05:30 all year", () => {
    for (const at of ['1990-01-15T00:00:00Z', '2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2040-07-01T12:00:00Z']) {
      expect(tzOffset(IST_TIME_ZONE, utc(at))).toBe(330);
    }
  });

  it("keeps the zone data's offset on both sides of 1945, when India's became a constant", () => {
    const minute = 60_000;
    const instants = [
      IST_FIXED_OFFSET_SINCE - minute,
      IST_FIXED_OFFSET_SINCE,
      Date.UTC(1942, 6, 1),
      Date.UTC(1900, 0, 1),
    ];
    // Every 97 days from 1945 to 2100: the constant is the zone data's offset throughout.
    for (let at = IST_FIXED_OFFSET_SINCE; at < Date.UTC(2100, 0, 1); at += 97 * 86_400_000) instants.push(at);
    for (const at of instants) {
      const wall = new Date(at + tzOffset(IST_TIME_ZONE, new Date(at)) * minute);
      expect(istParts(at).hour, new Date(at).toISOString()).toBe(wall.getUTCHours());
      expect(istParts(at).minute, new Date(at).toISOString()).toBe(wall.getUTCMinutes());
    }
    // The war years' +06:30 still comes from the zone data.
    expect(istParts(Date.UTC(1943, 0, 1)).hour).toBe(6);
  });

  it('turns the day at midnight in India, 18:30 UTC', () => {
    expect(istDay(utc('2026-01-04T18:29:59.999Z'))).toBe('2026-01-04');
    expect(istDay(utc('2026-01-04T18:30:00.000Z'))).toBe('2026-01-05');
    expect(istDay(utc('2026-01-05T18:29:59.999Z'))).toBe('2026-01-05');
    expect(istDay(Date.parse('2026-01-05T00:00:00Z'))).toBe('2026-01-05');
  });

  it('turns the month and the year at midnight in India', () => {
    expect(istDay(utc('2026-01-31T18:30:00Z'))).toBe('2026-02-01');
    expect(istDay(utc('2024-02-28T18:30:00Z'))).toBe('2024-02-29');
    expect(istDay(utc('2025-12-31T18:29:59Z'))).toBe('2025-12-31');
    expect(istDay(utc('2025-12-31T18:30:00Z'))).toBe('2026-01-01');
  });

  it('refuses an invalid instant as Date#toISOString does', () => {
    expect(() => istDay(new Date(NaN))).toThrow(RangeError);
    expect(() => istParts(new Date(NaN))).toThrow(RangeError);
  });

  it('gives today in India from the clock it is given, else from the current time', () => {
    expect(indiaToday(utc('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
    expect(indiaToday(Date.parse('2026-03-31T18:29:00Z'))).toBe('2026-03-31');
    vi.useFakeTimers({ now: utc('2026-12-31T19:00:00Z'), toFake: ['Date'] });
    expect(indiaToday()).toBe('2027-01-01');
  });

  it("reads India's wall clock at an instant", () => {
    expect(istParts(utc('2026-01-05T03:45:03.123Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 5,
      hour: 9,
      minute: 15,
      second: 3,
      millisecond: 123,
    });
    expect(istParts(utc('2025-12-31T18:30:00Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 1,
      hour: 0,
      minute: 0,
      second: 0,
      millisecond: 0,
    });
    expect(istParts(utc('2026-02-28T18:29:59.999Z'))).toEqual({
      year: 2026,
      month: 2,
      day: 28,
      hour: 23,
      minute: 59,
      second: 59,
      millisecond: 999,
    });
  });

  it("finds the instant of India's wall clock, rolling fields over as Date.UTC does", () => {
    expect(fromIstParts({ year: 2026, month: 1, day: 5, hour: 9, minute: 15, second: 3 })).toEqual(
      utc('2026-01-05T03:45:03Z'),
    );
    expect(fromIstParts({ year: 2026, month: 1, day: 1 })).toEqual(utc('2025-12-31T18:30:00Z'));
    expect(fromIstParts({ year: 2026, month: 3, day: 1, minute: 615 })).toEqual(utc('2026-03-01T04:45:00Z'));
    expect(fromIstParts({ year: 2026, month: 2, day: 29 })).toEqual(utc('2026-02-28T18:30:00Z'));
    expect(fromIstParts({ year: NaN, month: 1, day: 1 }).getTime()).toBeNaN();
    const at = utc('2026-07-14T22:05:09.042Z');
    expect(fromIstParts(istParts(at))).toEqual(at);
  });

  it('finds a time of day in India on a day', () => {
    expect(istTime('2026-01-05', '09:15')).toEqual(utc('2026-01-05T03:45:00Z'));
    expect(istTime('2026-01-01', '00:00')).toEqual(utc('2025-12-31T18:30:00Z'));
    expect(istTime('2026-01-01', '05:29')).toEqual(utc('2025-12-31T23:59:00Z'));
    expect(istTime('2026-01-05', '9:15').getTime()).toBeNaN();
    expect(istTime('2026-13-01', '09:15').getTime()).toBeNaN();
  });

  it('finds the next time of day in India after an instant', () => {
    expect(nextIstTime(utc('2026-01-05T00:29:59Z'), '06:00')).toEqual(utc('2026-01-05T00:30:00Z'));
    expect(nextIstTime(utc('2026-01-05T00:30:00Z'), '06:00')).toEqual(utc('2026-01-06T00:30:00Z'));
    expect(nextIstTime(utc('2025-12-31T19:00:00Z'), '00:00')).toEqual(utc('2026-01-01T18:30:00Z'));
    expect(nextIstTime(utc('2026-01-31T22:00:00Z'), '03:30')).toEqual(utc('2026-02-01T22:00:00Z'));
  });

  it('adds days across month and year ends and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-01-05', 0)).toBe('2026-01-05');
    expect(addDays('2025-04-01', 365)).toBe('2026-04-01');
    expect(addDays('2026-11-15', 60)).toBe('2027-01-14');
  });

  it('names the day of the week, Sunday first', () => {
    expect(dayOfWeek('2026-01-04')).toBe(0);
    expect(dayOfWeek('2026-01-05')).toBe(1);
    expect(dayOfWeek('2026-01-10')).toBe(6);
    expect(dayOfWeek('2024-02-29')).toBe(4);
  });

  it('formats an instant in India', () => {
    expect(formatInIst(utc('2026-11-22T00:30:00Z'), 'dd/MM/yyyy HH:mm IST')).toBe('22/11/2026 06:00 IST');
    expect(formatInIst(Date.UTC(2026, 2, 31, 18, 30, 0, 5), 'dd/MM/yyyy HH:mm:ss.SSS')).toBe('01/04/2026 00:00:00.005');
    expect(formatInIst(utc('2026-01-05T03:45:03Z'), 'yyyy-MM-dd')).toBe('2026-01-05');
  });

  it("reads brokers' wall-clock text as India's", () => {
    const fallback = utc('2026-01-01T00:00:00Z');
    expect(istWallClock('2026-01-05 09:15:03', fallback)).toEqual(utc('2026-01-05T03:45:03Z'));
    expect(istWallClock('2026-01-05T00:10:00', fallback)).toEqual(utc('2026-01-04T18:40:00Z'));
    expect(istWallClock('05-Jan-2026 09:15:03', fallback)).toEqual(utc('2026-01-05T03:45:03Z'));
    expect(istWallClock('01-Jan-2026 00:00:00', fallback)).toEqual(utc('2025-12-31T18:30:00Z'));
    expect(istWallClock('05-Foo-2026 09:15:03', fallback)).toBe(fallback);
    expect(istWallClock('2026-01-05T09:15:03+05:30', fallback)).toBe(fallback);
    expect(istWallClock(null, fallback)).toBe(fallback);
  });

  it("answers the same whatever the machine's own zone", () => {
    const answers = () => [
      istDay(utc('2026-03-08T18:30:00Z')),
      istTime('2026-03-08', '12:30').toISOString(),
      istTime('2026-11-01', '11:30').toISOString(),
      formatInIst(utc('2026-03-29T01:30:00Z'), 'dd/MM/yyyy HH:mm'),
      nextIstTime(utc('2026-10-25T00:00:00Z'), '06:00').toISOString(),
    ];
    try {
      vi.stubEnv('TZ', 'UTC');
      const inUtc = answers();
      for (const other of ['America/New_York', 'Europe/London', 'Pacific/Kiritimati', 'Asia/Kolkata']) {
        vi.stubEnv('TZ', other);
        if (other === 'America/New_York') expect(new Date('2026-01-05T00:00:00Z').getTimezoneOffset()).toBe(300);
        expect(answers()).toEqual(inUtc);
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
