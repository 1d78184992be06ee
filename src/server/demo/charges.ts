/**
 * Statutory and broker charges on one NSE cash-equity order, at a discount broker's published
 * rates (2025): STT, NSE transaction charges, SEBI turnover fee, stamp duty (buy side only),
 * brokerage, and GST at 18% on brokerage + transaction charges + SEBI fee (stored as service_tax).
 */
export type Product = 'delivery' | 'intraday';
export type Side = 'buy' | 'sell';

export interface OrderCharges {
  brokerage_charges: number;
  stt: number;
  exchange_transaction_charges: number;
  sebi_tax: number;
  stamp_duty: number;
  service_tax: number;
}

const RATES = {
  // Delivery: no brokerage; STT 0.1% on both sides; stamp duty 0.015% on buys.
  delivery: { brokerage: 0, brokerageCap: 0, sttBuy: 0.001, sttSell: 0.001, stampBuy: 0.00015 },
  // Intraday: 0.03% or Rs 20 per order, whichever is lower; STT 0.025% on sells; stamp 0.003% on buys.
  intraday: { brokerage: 0.0003, brokerageCap: 20, sttBuy: 0, sttSell: 0.00025, stampBuy: 0.00003 },
} as const;
const NSE_TRANSACTION_CHARGES = 0.0000297;
const SEBI_FEE_PER_CRORE = 10;
const GST = 0.18;

const paise = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

export function orderCharges(product: Product, side: Side, quantity: number, price: number): OrderCharges {
  const rate = RATES[product];
  const turnover = quantity * price;
  const brokerage = paise(Math.min(turnover * rate.brokerage, rate.brokerageCap));
  const transaction = paise(turnover * NSE_TRANSACTION_CHARGES);
  const sebi = paise((turnover / 1e7) * SEBI_FEE_PER_CRORE);
  return {
    brokerage_charges: brokerage,
    // Contract notes round STT to the rupee.
    stt: Math.round(turnover * (side === 'buy' ? rate.sttBuy : rate.sttSell)),
    exchange_transaction_charges: transaction,
    sebi_tax: sebi,
    stamp_duty: side === 'buy' ? paise(turnover * rate.stampBuy) : 0,
    service_tax: paise((brokerage + transaction + sebi) * GST),
  };
}
