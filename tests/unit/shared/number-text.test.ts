import { describe, expect, it } from 'vitest';
import { indianNumberText, rupeesText, usNumberText, wholeDollarsText } from '@shared/number-text';

// The written-out formats must read exactly as Intl writes them (Node carries the same CLDR data).
const intl = {
  indian: new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }),
  rupees: new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }),
  signedRupees: new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', signDisplay: 'exceptZero' }),
  dollars: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
};

const EDGES = [
  0,
  -0,
  0.004,
  -0.004,
  0.005,
  -0.005,
  0.01,
  1.005,
  1.015,
  2.675,
  99.995,
  -99.995,
  999.995,
  1234.5,
  -1234.567,
  99999.999,
  100000,
  12345678.9,
  9999999.995,
  1e-7,
  -1e-7,
  123456789012345.67,
  1e21,
  1.5e22,
  5900,
  75,
  1500,
  7500,
  0.1 + 0.2,
  248.35,
  -80,
];

/** Values of every size and paisa, from a fixed seed so a failure can be replayed. */
function seeded(count: number): number[] {
  let state = 20261128;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => {
    const magnitude = 10 ** Math.floor(next() * 12 - 3);
    const value = Math.round(next() * magnitude * 1e4) / 1e4;
    return next() < 0.3 ? -value : value;
  });
}

describe('numbers written as Intl writes them', () => {
  const values = [...EDGES, ...seeded(5000)];

  it('en-IN with at most two decimals, as formatNumber shows quantities', () => {
    for (const value of values) expect(indianNumberText(value), String(value)).toBe(intl.indian.format(value));
  });

  it('rupees, and signed rupees with no sign on what rounds to zero', () => {
    for (const value of values) {
      expect(rupeesText(value), String(value)).toBe(intl.rupees.format(value));
      expect(rupeesText(value, true), String(value)).toBe(intl.signedRupees.format(value));
    }
  });

  it('whole dollars and en-US numbers, as the membership terms write them', () => {
    for (const value of [...EDGES, 1500, 7500, 75, 1234567]) {
      expect(wholeDollarsText(value), String(value)).toBe(intl.dollars.format(value));
      expect(usNumberText(value), String(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('reads the examples the screens show', () => {
    expect(rupeesText(123456.78)).toBe('₹1,23,456.78');
    expect(rupeesText(-80, true)).toBe('-₹80.00');
    expect(rupeesText(0.004, true)).toBe('₹0.00');
    expect(indianNumberText(1234567)).toBe('12,34,567');
    expect(wholeDollarsText(1500)).toBe('$1,500');
  });
});
