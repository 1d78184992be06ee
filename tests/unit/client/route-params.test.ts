import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { signalsSearch } from '@client/features/admin-algos/lib/signal-filter';
import { tradesSearch } from '@client/features/trades/lib/filter-status-from-search';
import { idFromPath, idToPath, requiredIdFromPath } from '@client/lib/route-params';

describe('ids in paths', () => {
  it('a positive whole number of up to 9 digits', () => {
    expect(idFromPath('1')).toBe(1);
    expect(idFromPath('007')).toBe(7);
    expect(idFromPath('999999999')).toBe(999_999_999);
    for (const bad of [undefined, '', '0', '-1', '1.5', '1e3', 'abc', ' 1', '1234567890']) expect(idFromPath(bad), String(bad)).toBeNull();
  });

  it('a required one makes a bad segment not found; the id is its own path segment', () => {
    expect(requiredIdFromPath('42')).toBe(42);
    let thrown: unknown;
    try {
      requiredIdFromPath('abc');
    } catch (error) {
      thrown = error;
    }
    expect(isNotFound(thrown)).toBe(true);
    expect(idToPath(42)).toBe('42');
  });
});

describe('search parameters of the list pages', () => {
  it('trades: a known filter; the default (running) and anything unknown are left out of the URL', () => {
    expect(tradesSearch({ status: 'completed' })).toEqual({ status: 'completed' });
    for (const status of [undefined, 'running', 'bogus', 3, ['completed']]) expect(tradesSearch({ status }), String(status)).toEqual({ status: undefined });
  });

  it('signals: a known filter; "all" and anything unknown are left out of the URL', () => {
    expect(signalsSearch({ status: 'pending' })).toEqual({ status: 'pending' });
    for (const status of [undefined, 'all', 'bogus']) expect(signalsSearch({ status }), String(status)).toEqual({ status: undefined });
  });
});
