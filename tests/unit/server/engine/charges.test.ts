// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHARGE_RATES } from '../../../../src/server/engine/charge-rates';
import { legCharges, productOf } from '../../../../src/server/engine/charges';

describe('legCharges', () => {
  it('charges a delivery buy (the worked example of docs/engine.md): no brokerage, STT both sides, stamp duty', () => {
    expect(legCharges({ product: 'delivery', side: 'buy', quantity: 400, price: 250 })).toEqual({
      brokerage_charges: 0,
      stt: 100,
      exchange_transaction_charges: 2.97,
      sebi_tax: 0.1,
      stamp_duty: 15,
      service_tax: 0.55,
    });
  });

  it('charges a delivery sell: STT again, no stamp duty', () => {
    expect(legCharges({ product: 'delivery', side: 'sell', quantity: 400, price: 262.5 })).toEqual({
      brokerage_charges: 0,
      stt: 105,
      exchange_transaction_charges: 3.12,
      sebi_tax: 0.11,
      stamp_duty: 0,
      service_tax: 0.58,
    });
  });

  it('charges an intraday buy: 0.03 % brokerage under the cap, no STT, 0.003 % stamp duty', () => {
    expect(legCharges({ product: 'intraday', side: 'buy', quantity: 100, price: 250 })).toEqual({
      brokerage_charges: 7.5,
      stt: 0,
      exchange_transaction_charges: 0.74,
      sebi_tax: 0.03,
      stamp_duty: 0.75,
      // 18 % of 7.5 + 0.74 + 0.03 = 1.4886
      service_tax: 1.49,
    });
  });

  it('charges an intraday sell: brokerage capped at Rs 20, STT 0.025 %, no stamp duty', () => {
    expect(legCharges({ product: 'intraday', side: 'sell', quantity: 400, price: 262.5 })).toEqual({
      brokerage_charges: 20,
      stt: 26.25,
      exchange_transaction_charges: 3.12,
      sebi_tax: 0.11,
      stamp_duty: 0,
      // 18 % of 20 + 3.12 + 0.11 = 4.1814
      service_tax: 4.18,
    });
  });

  it('rounds half-up to paise despite binary noise', () => {
    // Turnover 105,000: the SEBI fee is exactly 0.105 -> 0.11; 1,000 x 0.35 x 0.00015 = 0.0525 -> 0.05.
    expect(legCharges({ product: 'delivery', side: 'buy', quantity: 3, price: 35_000 }).sebi_tax).toBe(0.11);
    expect(legCharges({ product: 'delivery', side: 'buy', quantity: 1_000, price: 0.35 }).stamp_duty).toBe(0.05);
  });

  it('charges nothing on a zero leg and refuses impossible ones', () => {
    expect(Object.values(legCharges({ product: 'intraday', side: 'sell', quantity: 0, price: 100 }))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(() => legCharges({ product: 'delivery', side: 'buy', quantity: 1.5, price: 100 })).toThrow(RangeError);
    expect(() => legCharges({ product: 'delivery', side: 'buy', quantity: -1, price: 100 })).toThrow(RangeError);
    expect(() => legCharges({ product: 'delivery', side: 'buy', quantity: 1, price: Number.NaN })).toThrow(RangeError);
  });

  it('uses the rates it is given', () => {
    const flat = { ...CHARGE_RATES, gst: 0 };
    expect(legCharges({ product: 'intraday', side: 'sell', quantity: 400, price: 262.5 }, flat).service_tax).toBe(0);
  });
});

describe('productOf', () => {
  it('reads intraday (and the exit form\'s intra) as intraday, swing as delivery', () => {
    expect(productOf('intraday')).toBe('intraday');
    expect(productOf('intra')).toBe('intraday');
    expect(productOf('swing')).toBe('delivery');
  });
});
