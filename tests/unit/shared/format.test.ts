import { describe, expect, it } from 'vitest';
import {
  HIDDEN_SECRET,
  NA,
  accessKeyStatusView,
  brokerLabel,
  accountStatusView,
  filterStatusOf,
  formatAvgEntry,
  formatDate,
  formatNumber,
  formatOfflineAsOf,
  formatPercent,
  formatRemainingQuantity,
  formatRupees,
  formatTimestamp,
  lastPriceChangePercent,
  lastPriceView,
  toneOf,
} from '@shared/format';
import type { Trade } from '@shared/schemas/trades';

type PriceFields = Pick<Trade, 'trade_status' | 'trade_direction' | 'avg_entry_price' | 'ltp'>;
const priced = (over: Partial<PriceFields> = {}): PriceFields => ({
  trade_status: 'running',
  trade_direction: 'long',
  avg_entry_price: 100,
  ltp: 110,
  ...over,
});

describe('formatRupees', () => {
  it('formats Indian rupees with Indian digit grouping and two decimals', () => {
    expect(formatRupees(1234567.8)).toBe('₹12,34,567.80');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(-2500.5)).toBe('-₹2,500.50');
  });
  it('shows N.A. for null, undefined and non-finite values', () => {
    expect(formatRupees(null)).toBe(NA);
    expect(formatRupees(undefined)).toBe(NA);
    expect(formatRupees(Number.NaN)).toBe(NA);
  });
});

describe('formatNumber', () => {
  it('groups digits the Indian way and keeps at most two decimals', () => {
    expect(formatNumber(150000)).toBe('1,50,000');
    expect(formatNumber(12.345)).toBe('12.35');
  });
  it('shows N.A. for a missing value', () => {
    expect(formatNumber(null)).toBe(NA);
  });
});

describe('toneOf', () => {
  it('is gain above zero, loss below, flat at zero or missing', () => {
    expect(toneOf(0.01)).toBe('gain');
    expect(toneOf(-3)).toBe('loss');
    expect(toneOf(0)).toBe('flat');
    expect(toneOf(null)).toBe('flat');
  });
});

describe('dates', () => {
  it('formats a calendar date as dd/MM/yyyy', () => {
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
  });
  it('formats a local timestamp as dd/MM/yyyy HH:mm:ss', () => {
    expect(formatTimestamp('2026-11-21T14:05:09')).toBe('21/11/2026 14:05:09');
  });
  it('shows N.A. for missing or invalid dates', () => {
    expect(formatDate(null)).toBe(NA);
    expect(formatDate('')).toBe(NA);
    expect(formatDate('not a date')).toBe(NA);
    expect(formatTimestamp(undefined)).toBe(NA);
    expect(formatTimestamp('2026-13-45')).toBe(NA);
  });
  it('writes the offline notice from a dataUpdatedAt in ms', () => {
    expect(formatOfflineAsOf(new Date(2026, 10, 21, 14, 5, 59).getTime())).toBe('Offline, as of 21/11/2026 14:05');
  });
});

describe('formatPercent', () => {
  it('shows the sign and two decimals', () => {
    expect(formatPercent(1.234)).toBe('+1.23%');
    expect(formatPercent(-0.5)).toBe('-0.50%');
  });
  it('shows no sign for zero, including values that round to zero', () => {
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(-0.001)).toBe('0.00%');
  });
});

describe('filterStatusOf', () => {
  it('lists the admin statuses open and closed under running and completed', () => {
    expect(filterStatusOf('open')).toBe('running');
    expect(filterStatusOf('closed')).toBe('completed');
  });
  it('lists every filter status under itself', () => {
    for (const status of ['pending', 'approved', 'running', 'cancelled', 'completed'] as const) {
      expect(filterStatusOf(status)).toBe(status);
    }
  });
});

describe('lastPriceChangePercent', () => {
  it('is the change from the average entry price for a long trade', () => {
    expect(lastPriceChangePercent(priced({ avg_entry_price: 200, ltp: 210 }))).toBeCloseTo(5);
    expect(lastPriceChangePercent(priced({ avg_entry_price: 200, ltp: 190 }))).toBeCloseTo(-5);
  });
  it('flips the sign for a short trade: a price fall is a gain', () => {
    expect(lastPriceChangePercent(priced({ trade_direction: 'short', avg_entry_price: 200, ltp: 190 }))).toBeCloseTo(5);
    expect(lastPriceChangePercent(priced({ trade_direction: 'SHORT', avg_entry_price: 200, ltp: 210 }))).toBeCloseTo(
      -5,
    );
  });
  it('is null without an ltp, without an entry price, or with an entry price of zero', () => {
    expect(lastPriceChangePercent(priced({ ltp: null }))).toBeNull();
    expect(lastPriceChangePercent(priced({ avg_entry_price: null }))).toBeNull();
    expect(lastPriceChangePercent(priced({ avg_entry_price: 0 }))).toBeNull();
  });
});

describe('lastPriceView', () => {
  it('shows price and signed % change for a running trade', () => {
    expect(lastPriceView(priced({ avg_entry_price: 100, ltp: 101.5 }))).toEqual({
      price: '₹101.50',
      change: { text: '+1.50%', tone: 'gain' },
    });
    expect(lastPriceView(priced({ trade_direction: 'short', avg_entry_price: 100, ltp: 101.5 }))).toEqual({
      price: '₹101.50',
      change: { text: '-1.50%', tone: 'loss' },
    });
  });
  it('treats an open trade (admin status) like a running one', () => {
    expect(lastPriceView(priced({ trade_status: 'open' })).change).toEqual({ text: '+10.00%', tone: 'gain' });
  });
  it('shows the price without a change when the change cannot be computed', () => {
    expect(lastPriceView(priced({ avg_entry_price: null }))).toEqual({ price: '₹110.00', change: null });
    expect(lastPriceView(priced({ ltp: null }))).toEqual({ price: NA, change: null });
  });
  it('shows the plain price for pending and approved trades', () => {
    expect(lastPriceView(priced({ trade_status: 'pending' }))).toEqual({ price: '₹110.00', change: null });
    expect(lastPriceView(priced({ trade_status: 'approved' }))).toEqual({ price: '₹110.00', change: null });
  });
  it('shows N.A. for completed, closed and cancelled trades', () => {
    for (const trade_status of ['completed', 'closed', 'cancelled'] as const) {
      expect(lastPriceView(priced({ trade_status }))).toEqual({ price: NA, change: null });
    }
  });
});

describe('remaining quantity and average entry', () => {
  it('are N.A. for pending and cancelled trades', () => {
    for (const trade_status of ['pending', 'cancelled'] as const) {
      expect(formatRemainingQuantity({ trade_status, remaining_quantity: 10 })).toBe(NA);
      expect(formatAvgEntry({ trade_status, avg_entry_price: 100 })).toBe(NA);
    }
  });
  it('show the values for other statuses', () => {
    for (const trade_status of ['approved', 'running', 'completed'] as const) {
      expect(formatRemainingQuantity({ trade_status, remaining_quantity: 1500 })).toBe('1,500');
      expect(formatAvgEntry({ trade_status, avg_entry_price: 2450.5 })).toBe('₹2,450.50');
    }
  });
  it('show N.A. for nulls', () => {
    expect(formatRemainingQuantity({ trade_status: 'running', remaining_quantity: null })).toBe(NA);
    expect(formatAvgEntry({ trade_status: 'running', avg_entry_price: null })).toBe(NA);
  });
});

describe('account statuses', () => {
  it('uppercases the account status; only ACTIVE is positive', () => {
    expect(accountStatusView('active')).toEqual({ text: 'ACTIVE', positive: true });
    expect(accountStatusView(' Active ')).toEqual({ text: 'ACTIVE', positive: true });
    expect(accountStatusView('suspended')).toEqual({ text: 'SUSPENDED', positive: false });
    expect(accountStatusView('inactive')).toEqual({ text: 'INACTIVE', positive: false });
    expect(accountStatusView('')).toEqual({ text: NA, positive: false });
  });
  it('reads the access key flag as VALID or INVALID', () => {
    expect(accessKeyStatusView(true)).toEqual({ text: 'VALID', positive: true });
    expect(accessKeyStatusView(false)).toEqual({ text: 'INVALID', positive: false });
  });
  it('hides a secret behind a fixed number of dots', () => {
    expect(HIDDEN_SECRET).toMatch(/^•{8}$/);
  });
  it('names brokers as people write them, whatever the stored value', () => {
    expect(['zerodha', 'fyers', 'upstock', 'angelone', 'dhan', '5paisa', 'groww'].map(brokerLabel)).toEqual([
      'Zerodha',
      'Fyers',
      'Upstox',
      'Angel One',
      'Dhan',
      '5paisa',
      'Groww',
    ]);
  });
});
