import { describe, expect, it } from 'vitest';
import { customRangeErrors, monthRange, periodRange } from '@client/features/trades/lib/pnl-periods';
import { addDays, indiaToday } from '@shared/ist';

describe('P&L periods', () => {
  it('Today is the one day', () => {
    expect(periodRange('today', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
  });

  it('Week runs Monday to Sunday around today', () => {
    // 25 November 2026 is a Wednesday; 29th a Sunday; 30th a Monday.
    expect(periodRange('week', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodRange('week', '2026-11-30')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(periodRange('week', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it('Month is the calendar month, leap Februaries included', () => {
    expect(periodRange('month', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthRange('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2027-12-31')).toEqual({ from: '2027-12-01', to: '2027-12-31' });
  });

  it('FY runs 1 April to 31 March', () => {
    expect(periodRange('fy', '2026-11-25')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(periodRange('fy', '2027-03-31')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(periodRange('fy', '2027-04-01')).toEqual({ from: '2027-04-01', to: '2028-03-31' });
  });

  it('checks custom days as the server does: both given, real dates, in order, at most 800 days', () => {
    expect(customRangeErrors({ from: '2026-04-01', to: '2026-11-25' })).toEqual({});
    expect(customRangeErrors({ from: '', to: '' })).toEqual({ from: 'Enter the first day', to: 'Enter the last day' });
    expect(customRangeErrors({ from: '2026-02-30', to: '2026-03-01' })).toEqual({ from: 'Enter a date as YYYY-MM-DD' });
    expect(customRangeErrors({ from: '2026-11-26', to: '2026-11-25' })).toEqual({
      from: 'The first day must not be after the last',
    });
    expect(customRangeErrors({ from: '2026-01-01', to: addDays('2026-01-01', 799) })).toEqual({});
    expect(customRangeErrors({ from: '2026-01-01', to: addDays('2026-01-01', 800) })).toEqual({
      to: 'The range may span at most 800 days',
    });
  });

  it('today in India turns at midnight IST (18:30 UTC)', () => {
    expect(indiaToday(Date.parse('2026-11-25T18:29:59Z'))).toBe('2026-11-25');
    expect(indiaToday(Date.parse('2026-11-25T18:30:00Z'))).toBe('2026-11-26');
  });
});
