import { describe, expect, it } from 'vitest';
import { TRADE_FILTER_STATUSES } from '@shared/constants';
import { tradeFilterSchema } from '@shared/schemas/trades';
import { filterStatusFromSearch } from '@client/features/trades/lib/filter-status-from-search';

describe('filterStatusFromSearch', () => {
  it('reads the URL filter exactly as tradeFilterSchema does', () => {
    const inputs: unknown[] = [
      ...TRADE_FILTER_STATUSES,
      undefined,
      '',
      'Running',
      'closed',
      'running ',
      'toString',
      '__proto__',
      3,
      null,
      ['running'],
    ];
    for (const status of inputs) {
      expect(filterStatusFromSearch(status), String(status)).toBe(tradeFilterSchema.parse({ status }).status);
    }
  });

  it('keeps a known status and shows running trades for anything else', () => {
    expect(filterStatusFromSearch('completed')).toBe('completed');
    expect(filterStatusFromSearch('hacked')).toBe('running');
  });
});
