/**
 * The P&L summary's periods as ranges of days in India, from a given today: Today, the
 * week from Monday to Sunday, the calendar month, the financial year (1 April - 31 March), or a
 * custom range checked here as the server would (GET /api/account-pnl), so a mistake is told at once.
 */
import { PNL_MAX_DAYS } from '@shared/constants';
import { addDays, dayOfWeek } from '@shared/ist';

export interface DayRange {
  from: string;
  to: string;
}

export const PNL_PERIODS = [
  { id: 'today', label: 'Today' },
  { id: 'week', label: 'Week' },
  { id: 'month', label: 'Month' },
  { id: 'fy', label: 'FY' },
  { id: 'custom', label: 'Custom' },
] as const;

export type PnlPeriod = (typeof PNL_PERIODS)[number]['id'];

/** The calendar month of a day. */
export function monthRange(today: string): DayRange {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/** The range of a fixed period around today. */
export function periodRange(period: Exclude<PnlPeriod, 'custom'>, today: string): DayRange {
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'week': {
      // dayOfWeek: Sunday 0 ... Saturday 6; the week starts on Monday.
      const monday = addDays(today, -((dayOfWeek(today) + 6) % 7));
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'month':
      return monthRange(today);
    case 'fy': {
      const start = Number(today.slice(0, 4)) - (today.slice(5) < '04-01' ? 1 : 0);
      return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
    }
  }
}

const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

export type CustomRangeErrors = Partial<Record<keyof DayRange, string>>;

/** What is wrong with a typed custom range, by field (none: it can be asked for). */
export function customRangeErrors({ from, to }: DayRange): CustomRangeErrors {
  const errors: CustomRangeErrors = {};
  if (!from) errors.from = 'Enter the first day';
  else if (!isDay(from)) errors.from = 'Enter a date as YYYY-MM-DD';
  if (!to) errors.to = 'Enter the last day';
  else if (!isDay(to)) errors.to = 'Enter a date as YYYY-MM-DD';
  if (errors.from || errors.to) return errors;
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (days < 0) errors.from = 'The first day must not be after the last';
  else if (days >= PNL_MAX_DAYS) errors.to = `The range may span at most ${PNL_MAX_DAYS} days`;
  return errors;
}
