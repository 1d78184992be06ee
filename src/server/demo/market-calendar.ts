/**
 * Trading days for dating demo trades: the NSE cash session runs on weekdays; exchange holidays
 * are not modelled here (the engine's calendar, engine/market-hours.ts, knows them).
 */
import { addDays, dayOfWeek, istDay, type IstDay } from '@shared/ist';

const isWeekend = (day: IstDay) => dayOfWeek(day) === 0 || dayOfWeek(day) === 6;

/** The trading day `count` sessions before the latest one (0: today, or the last weekday before a weekend). */
export function tradingDaysAgo(now: Date, count: number): IstDay {
  let day = istDay(now);
  while (isWeekend(day)) day = addDays(day, -1);
  for (let left = count; left > 0; left--) {
    do day = addDays(day, -1);
    while (isWeekend(day));
  }
  return day;
}
