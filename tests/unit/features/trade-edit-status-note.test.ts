/** Edit Trade says why a status of the spec's four is not offered (issue 46): the guards stay. */
import { describe, expect, it } from 'vitest';
import { tradeEditStatuses, tradeEditStatusNote } from '@client/features/trades/lib/trade-edit-form';

describe('the Trade Status choices and their note', () => {
  it('a running trade: open and closed offered, pending and cancelled explained', () => {
    expect(tradeEditStatuses('running')).toEqual(['running', 'open', 'closed']);
    expect(tradeEditStatusNote('running')).toBe(
      'Not offered: pending and cancelled, which a running trade cannot move to.',
    );
  });

  it('a pending trade: open and cancelled offered, closed explained', () => {
    expect(tradeEditStatuses('pending')).toEqual(['pending', 'open', 'cancelled']);
    expect(tradeEditStatusNote('pending')).toBe('Not offered: closed, which a pending trade cannot move to.');
  });

  it('a final trade keeps its status, and says so', () => {
    expect(tradeEditStatuses('completed')).toEqual(['completed']);
    expect(tradeEditStatusNote('completed')).toBe('A completed trade is final: its status stays completed.');
    expect(tradeEditStatusNote('cancelled')).toBe('A cancelled trade is final: its status stays cancelled.');
  });
});
