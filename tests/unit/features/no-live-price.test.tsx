/** A live trade without a fresh price from its broker: its LTP says "no live price · <age>", its MTM "unknown". */
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRADE_FIELDS } from '@client/features/trades/components/trade-fields';
import { makeTrade } from './trades-fixtures';

const NOW = new Date('2026-11-20T10:02:05.000Z');

describe('trade fields of a live trade', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  const cell = (field: 'ltp' | 'mtm', over: Parameters<typeof makeTrade>[0]) =>
    render(<>{TRADE_FIELDS[field].render(makeTrade(over))}</>).container.textContent;

  it('says "no live price" with the age of its last one, and an unknown MTM, when stale', () => {
    const stale = { broker: 'fyers', ltp_stale: true, ltp_at: '2026-11-20T10:00:00.000Z', current_mtm: null };
    expect(cell('ltp', stale)).toBe('no live price · 2 min');
    expect(cell('mtm', stale)).toBe('unknown');
    expect(cell('ltp', { ...stale, ltp_at: null })).toBe('no live price');
  });

  it('shows the price and MTM of a fresh live trade, and of a paper trade', () => {
    expect(cell('ltp', { broker: 'fyers', ltp_stale: false, ltp: 2499 })).toContain('2,499');
    expect(cell('mtm', { broker: 'fyers', ltp_stale: false, current_mtm: 500 })).toContain('500');
    expect(cell('ltp', { broker: 'paper', ltp_stale: true, ltp: 2499 })).toContain('2,499');
  });
});
