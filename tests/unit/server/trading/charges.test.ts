// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHARGE_RATES } from '@server/trading/charge-rates';
import { legCharges, productOf, tradeLegCharges } from '@server/trading/charges';

describe('legCharges', () => {
  it('charges a delivery buy (the worked example of docs/engine.md): no brokerage, STT both sides, stamp duty', () => {
    expect(legCharges({ product: 'delivery', side: 'buy', quantity: 400, price: 250 })).toEqual({
      brokerage_charges: 0,
      stt: 100,
      exchange_transaction_charges: 2.97,
      sebi_tax: 0.1,
      stamp_duty: 15,
      dp_charges: 0,
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
      dp_charges: 0,
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
      dp_charges: 0,
      // 18 % of 7.5 + 0.74 + 0.03 = 1.4886
      service_tax: 1.49,
    });
  });

  it('charges an intraday sell: brokerage capped at Rs 20, STT 0.025 % rounded to the rupee, no stamp duty', () => {
    expect(legCharges({ product: 'intraday', side: 'sell', quantity: 400, price: 262.5 })).toEqual({
      brokerage_charges: 20,
      // 0.025 % of 1,05,000 = 26.25, rounded as a contract note rounds STT.
      stt: 26,
      exchange_transaction_charges: 3.12,
      sebi_tax: 0.11,
      stamp_duty: 0,
      dp_charges: 0,
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
    expect(Object.values(legCharges({ product: 'intraday', side: 'sell', quantity: 0, price: 100 }))).toEqual([
      0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(() => legCharges({ product: 'delivery', side: 'buy', quantity: 1.5, price: 100 })).toThrow(RangeError);
    expect(() => legCharges({ product: 'delivery', side: 'buy', quantity: -1, price: 100 })).toThrow(RangeError);
    expect(() => legCharges({ product: 'delivery', side: 'buy', quantity: 1, price: Number.NaN })).toThrow(RangeError);
  });

  it('uses the rates it is given', () => {
    const flat = { ...CHARGE_RATES, gst: 0 };
    expect(legCharges({ product: 'intraday', side: 'sell', quantity: 400, price: 262.5 }, flat).service_tax).toBe(0);
  });
});

describe('STT rounding', () => {
  it('rounds STT half-up to the rupee: 26.25 -> 26, 26.5 -> 27, 0.30 -> 0', () => {
    expect(legCharges({ product: 'intraday', side: 'sell', quantity: 400, price: 262.5 }).stt).toBe(26);
    expect(legCharges({ product: 'intraday', side: 'sell', quantity: 424, price: 250 }).stt).toBe(27);
    expect(legCharges({ product: 'delivery', side: 'buy', quantity: 3, price: 101 }).stt).toBe(0);
  });
});

describe('tradeLegCharges: a trade as its contract notes charge it', () => {
  const leg = (side: 'buy' | 'sell', quantity: number, price: number, day: string) => ({ side, quantity, price, day });

  it('a delivery sell on a later day pays DP once for the day: Rs 13 + 18 % GST (docs/engine.md)', () => {
    const [buy, sell] = tradeLegCharges('delivery', [
      leg('buy', 400, 250, '2026-01-05'),
      leg('sell', 400, 262.5, '2026-01-06'),
    ]);
    expect(buy).toEqual(legCharges({ product: 'delivery', side: 'buy', quantity: 400, price: 250 }));
    // GST: 18 % of 3.12 + 0.11 + 13 = 2.9214.
    expect(sell).toEqual({
      brokerage_charges: 0,
      stt: 105,
      exchange_transaction_charges: 3.12,
      sebi_tax: 0.11,
      stamp_duty: 0,
      dp_charges: 13,
      service_tax: 2.92,
    });
  });

  it('a second delivery sell of the scrip the same day pays no second DP; another day pays again', () => {
    const charges = tradeLegCharges('delivery', [
      leg('buy', 300, 100, '2026-01-05'),
      leg('sell', 100, 101, '2026-01-06'),
      leg('sell', 100, 102, '2026-01-06'),
      leg('sell', 100, 103, '2026-01-07'),
    ]);
    expect(charges.map((c) => c.dp_charges)).toEqual([0, 13, 0, 13]);
  });

  it('a swing trade bought and sold the same day is charged as intraday on both legs', () => {
    const [buy, sell] = tradeLegCharges('delivery', [
      leg('buy', 400, 250, '2026-01-05'),
      leg('sell', 400, 262.5, '2026-01-05'),
    ]);
    // Buy: brokerage min(30, 20) = 20, no STT, stamp 0.003 % = 3, GST 18 % of 20 + 2.97 + 0.10 = 4.1526.
    expect(buy).toEqual({
      brokerage_charges: 20,
      stt: 0,
      exchange_transaction_charges: 2.97,
      sebi_tax: 0.1,
      stamp_duty: 3,
      dp_charges: 0,
      service_tax: 4.15,
    });
    // Sell: brokerage 20, STT 26.25 -> 26, no DP (nothing delivered), GST 18 % of 23.23 = 4.1814.
    expect(sell).toEqual({
      brokerage_charges: 20,
      stt: 26,
      exchange_transaction_charges: 3.12,
      sebi_tax: 0.11,
      stamp_duty: 0,
      dp_charges: 0,
      service_tax: 4.18,
    });
  });

  it('splits a day: only the quantity bought and sold that day is intraday, the rest delivery', () => {
    // 100 bought yesterday, 50 today, 120 sold today: 50 are a same-day round trip, 70 delivered.
    const [yesterday, today, sold] = tradeLegCharges('delivery', [
      leg('buy', 100, 100, '2026-01-05'),
      leg('buy', 50, 105, '2026-01-06'),
      leg('sell', 120, 110, '2026-01-06'),
    ]);
    expect(yesterday).toEqual(legCharges({ product: 'delivery', side: 'buy', quantity: 100, price: 100 }));
    expect(today).toEqual(legCharges({ product: 'intraday', side: 'buy', quantity: 50, price: 105 }));
    // Sell 5,500 intraday + 7,700 delivery: brokerage 1.65, STT 1.375 + 7.70 = 9.075 -> 9, exchange 0.39,
    // SEBI 0.01, DP 13 (shares left the demat account), GST 18 % of 15.05 = 2.709.
    expect(sold).toEqual({
      brokerage_charges: 1.65,
      stt: 9,
      exchange_transaction_charges: 0.39,
      sebi_tax: 0.01,
      stamp_duty: 0,
      dp_charges: 13,
      service_tax: 2.71,
    });
  });

  it('an intraday trade is intraday throughout, with no DP', () => {
    const charges = tradeLegCharges('intraday', [
      leg('sell', 125, 4000, '2026-01-05'),
      leg('buy', 125, 4041.5, '2026-01-05'),
    ]);
    expect(charges).toEqual([
      legCharges({ product: 'intraday', side: 'sell', quantity: 125, price: 4000 }),
      legCharges({ product: 'intraday', side: 'buy', quantity: 125, price: 4041.5 }),
    ]);
  });
});

describe('productOf', () => {
  it("reads intraday (and the exit form's intra) as intraday, swing as delivery", () => {
    expect(productOf('intraday')).toBe('intraday');
    expect(productOf('intra')).toBe('intraday');
    expect(productOf('swing')).toBe('delivery');
  });
});
