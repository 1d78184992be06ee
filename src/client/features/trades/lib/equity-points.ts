/** The equity curve's points: the running total of net P&L, one point per day with a leg. */
import type { AccountPnl } from '@shared/schemas/pnl';

export interface EquityPoint {
  /** YYYY-MM-DD, a day in India. */
  time: string;
  value: number;
}

export function equityPoints(byDay: AccountPnl['by_day']): EquityPoint[] {
  let total = 0;
  return (
    [...byDay]
      // Plain comparison: the dates are YYYY-MM-DD, and localeCompare would load the locale's collation.
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
      .map((day) => {
        total += day.net;
        return { time: day.date, value: total };
      })
  );
}
