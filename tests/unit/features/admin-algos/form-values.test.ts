import { describe, expect, it } from 'vitest';
import { typedRiskReward } from '@client/features/admin-algos/lib/add-signal-form';
import { parseDecimal } from '@client/features/admin-algos/lib/parse-decimal';
import { dateInputValue, formatSignalDate, tradeGenTsToSend } from '@client/features/admin-algos/lib/signal-date';

describe('form values', () => {
  it('reads plain decimals only', () => {
    expect(parseDecimal('12')).toBe(12);
    expect(parseDecimal(' -3.5 ')).toBe(-3.5);
    expect(parseDecimal('.25')).toBe(0.25);
    for (const bad of ['', '  ', 'abc', '1e3', '0x10', '1,000', '1.2.3', null, undefined])
      expect(parseDecimal(bad)).toBeNaN();
  });

  it('computes risk-reward only when all three levels are numbers and entry differs from stop-loss', () => {
    expect(typedRiskReward('100', '95', '110')).toBe(2);
    expect(typedRiskReward('100', '90', '133.33')).toBe(3.33);
    expect(typedRiskReward('100', '105', '90')).toBe(2); // short
    expect(typedRiskReward('100', '100', '110')).toBeNull();
    expect(typedRiskReward('100', '', '110')).toBeNull();
    expect(typedRiskReward('abc', '95', '110')).toBeNull();
  });

  it("reads signal dates as market days in India, whatever the device's time zone", () => {
    // The server stores a bare date as that day's 00:00 in India (18:30 UTC the day before).
    expect(dateInputValue('2026-11-19T18:30:00.000Z')).toBe('2026-11-20');
    expect(formatSignalDate('2026-11-19T18:30:00.000Z')).toBe('20/11/2026');
    expect(dateInputValue('2026-11-20T18:29:59.000Z')).toBe('2026-11-20');
    expect(dateInputValue('2026-11-20')).toBe('2026-11-20');
    expect(formatSignalDate(null)).toBe('N.A.');
    expect(formatSignalDate('garbage')).toBe('N.A.');
  });

  it('keeps a stored timestamp while its day is unchanged, else sends the new date', () => {
    const stored = '2026-11-20T09:15:00+05:30';
    const day = dateInputValue(stored);
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(tradeGenTsToSend(stored, day)).toBe(stored);
    expect(tradeGenTsToSend(stored, '2026-11-22')).toBe('2026-11-22');
    expect(tradeGenTsToSend(null, '2026-11-22')).toBe('2026-11-22');
    expect(dateInputValue(null)).toBe('');
    expect(dateInputValue('not a date')).toBe('');
  });
});
