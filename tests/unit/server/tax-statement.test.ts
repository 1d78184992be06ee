// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { financialYear, financialYearOf, taxClassOf, taxStatementCsv } from '@server/services/tax-statement';

describe('the tax statement: years and classes', () => {
  it('reads "2026-27" as 1 April 2026 to 31 March 2027, and refuses anything else', () => {
    expect(financialYear('2026-27')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(financialYear('2099-00')).toEqual({ from: '2099-04-01', to: '2100-03-31' });
    for (const bad of ['2026-28', '2026', '26-27', '2026-2027']) expect(financialYear(bad)).toBeNull();
  });

  it('names the year a day falls in: 31 March closes it, 1 April opens the next', () => {
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2027-04-01')).toBe('2027-28');
    expect(financialYearOf('2026-01-15')).toBe('2025-26');
  });

  it('intraday is speculative; delivery is long-term from a year to the day (29 February counts from 1 March)', () => {
    expect(taxClassOf('intraday', '2026-06-10', '2026-06-10')).toBe('Speculative business income (intraday)');
    expect(taxClassOf('swing', '2025-04-15', '2026-04-14')).toBe('Short-term capital gain');
    expect(taxClassOf('swing', '2025-04-15', '2026-04-15')).toBe('Long-term capital gain');
    expect(taxClassOf('swing', '2028-02-29', '2029-02-28')).toBe('Short-term capital gain');
    expect(taxClassOf('swing', '2028-02-29', '2029-03-01')).toBe('Long-term capital gain');
  });

  it('quotes a symbol with a comma; an empty year still has its totals', () => {
    const csv = taxStatementCsv('2026-27', [
      {
        tradeId: 1,
        symbol: 'M&M,X',
        buyDate: '2026-05-01',
        sellDate: '2026-05-02',
        quantity: 1,
        buyValue: 10,
        sellValue: 12,
        charges: 0.5,
        pnl: 1.5,
        taxClass: 'Short-term capital gain',
      },
    ]);
    expect(csv.split('\n')[1]).toBe('1,"M&M,X",2026-05-01,2026-05-02,1,10.00,12.00,0.50,1.50,Short-term capital gain');
    expect(taxStatementCsv('2026-27', []).trimEnd().split('\n').at(-1)).toBe(
      'Intraday turnover (sum of absolute P&L),0.00',
    );
  });
});
