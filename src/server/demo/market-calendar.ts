/**
 * Indian market time for dating demo trades: IST is UTC+05:30 all year, the NSE cash session runs
 * 09:15-15:30 on weekdays. Exchange holidays are not modelled.
 */
const IST_OFFSET_MS = 330 * 60_000;

/** A calendar day in IST as yyyy-MM-dd. */
export type IstDay = string;

export function istDay(at: Date): IstDay {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant of `hh:mm` IST on `day`. */
export function istTime(day: IstDay, hhmm: string): Date {
  return new Date(Date.parse(`${day}T${hhmm}:00Z`) - IST_OFFSET_MS);
}

function isWeekend(day: IstDay): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

function previousDay(day: IstDay): IstDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The trading day `count` sessions before the latest one (0: today, or the last weekday before a weekend). */
export function tradingDaysAgo(now: Date, count: number): IstDay {
  let day = istDay(now);
  while (isWeekend(day)) day = previousDay(day);
  for (let left = count; left > 0; left--) {
    do day = previousDay(day);
    while (isWeekend(day));
  }
  return day;
}
