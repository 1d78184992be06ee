import { describe, expect, it } from 'vitest';
import { signalsSearch } from '@client/features/admin-algos/lib/signal-filter';
import { tradesSearch } from '@client/features/trades/lib/filter-status-from-search';
import { idFromPath, idsFromPath, idToPath } from '@client/lib/route-params';

describe('ids in paths', () => {
  it('a positive whole number of up to 9 digits', () => {
    expect(idFromPath('1')).toBe(1);
    expect(idFromPath('007')).toBe(7);
    expect(idFromPath('999999999')).toBe(999_999_999);
    for (const bad of [undefined, '', '0', '-1', '1.5', '1e3', 'abc', ' 1', '1234567890'])
      expect(idFromPath(bad), String(bad)).toBeNull();
  });

  it('a route of ids gets them all as numbers, or false (the router passes it over) when one is not an id', () => {
    expect(idsFromPath({ id: '4', accountId: '42' })).toEqual({ id: 4, accountId: 42 });
    expect(idsFromPath({ id: '4', accountId: 'x' })).toBe(false);
    expect(idsFromPath({ id: '0' })).toBe(false);
    expect(idToPath(42)).toBe('42');
  });
});

describe('search parameters of the list pages', () => {
  it('trades: a known filter; the default (running) and anything unknown are left out of the URL', () => {
    expect(tradesSearch({ status: 'completed' })).toEqual({ status: 'completed' });
    for (const status of [undefined, 'running', 'bogus', 3, ['completed']])
      expect(tradesSearch({ status }), String(status)).toEqual({ status: undefined });
  });

  it('signals: a known filter; "all" and anything unknown are left out of the URL', () => {
    expect(signalsSearch({ status: 'pending' })).toEqual({ status: 'pending' });
    for (const status of [undefined, 'all', 'bogus'])
      expect(signalsSearch({ status }), String(status)).toEqual({ status: undefined });
  });
});
