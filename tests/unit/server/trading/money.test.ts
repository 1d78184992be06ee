// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { capitalBandInr } from '@server/services/subscriptions';
import { gstSplit } from '@server/services/membership-payments';
import { minorUnits, round2 } from '@server/trading/money';

describe('round2 and minorUnits: half-up to the paisa, binary noise dropped first', () => {
  it('rounds x.xx5 up where the float lies just below it (1.005 * 100 = 100.49999999999999)', () => {
    expect([1.005, 10.075, 2.675, 1.115, 8.345].map(round2)).toEqual([1.01, 10.08, 2.68, 1.12, 8.35]);
    expect([1.005, 10.075, 8.345].map(minorUnits)).toEqual([101, 1008, 835]);
  });

  it('keeps two-decimal amounts whose float lies just below them (0.29 * 100 = 28.999999999999996)', () => {
    expect([0.29, 19.99, 5900, 75, 0.1 + 0.2].map(minorUnits)).toEqual([29, 1999, 590000, 7500, 30]);
    expect([0.1 + 0.2, 1.1 + 2.2, 10.499999999999998].map(round2)).toEqual([0.3, 3.3, 10.5]);
  });

  it('rounds below the half down', () => {
    expect([1.004, 10.0749, 2.6749999].map(round2)).toEqual([1, 10.07, 2.67]);
  });
});

describe('the membership GST split', () => {
  it('splits the fee as the tax invoice shows it: Rs 5,900 = Rs 5,000 + 18 %', () => {
    expect(gstSplit(5900)).toEqual({ taxable: 5000, tax: 900 });
    expect(gstSplit(999)).toEqual({ taxable: 846.61, tax: 152.39 });
  });

  it('adds up to the fee, to the paisa, for every amount from Rs 0.01 to Rs 1,000', () => {
    for (let paise = 1; paise <= 100_000; paise++) {
      const amount = paise / 100;
      const { taxable, tax } = gstSplit(amount);
      if (minorUnits(taxable) + minorUnits(tax) !== paise) throw new Error(`${amount} splits as ${taxable} + ${tax}`);
    }
  });
});

describe('the testing capital band in rupees', () => {
  it('converts USD 1,500-7,500 to the paisa, half-up: 1,500 x 83.00017 = 1,24,500.255 -> 1,24,500.26', () => {
    expect(capitalBandInr(83.00017)).toEqual({ min: 124_500.26, max: 622_501.28 });
    expect(capitalBandInr(84)).toEqual({ min: 126_000, max: 630_000 });
  });
});
