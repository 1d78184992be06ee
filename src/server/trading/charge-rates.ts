/**
 * Indian equity (NSE cash segment) charges per order leg: the one place the engine's rates live.
 *
 * Source: NSE circular on transaction charges for the cash market (0.00297 % of turnover from
 * 1 Oct 2024), SEBI's turnover fee (Rs 10 per crore), Finance Act STT rates (delivery 0.1 % on buy
 * and sell; intraday 0.025 % on the sell side), Indian Stamp Act rates (0.015 % on delivery buys,
 * 0.003 % on intraday buys) and GST at 18 % on brokerage + exchange charges + SEBI fee + DP charges,
 * as published on Indian discount brokers' charge pages (zerodha.com/charges). Brokerage follows
 * the same pages: free for delivery, 0.03 % or Rs 20 per order, whichever is lower, for intraday.
 * DP charges (the depository's debit when delivery shares leave the demat account): Rs 13 + GST per
 * scrip per day on the sell side (Rs 3.50 CDSL + Rs 9.50 broker, zerodha.com/charges).
 * STT is rounded to the nearest rupee, as contract notes round it (Securities Transaction Tax Rules).
 * As of: 2025-06-01.
 */
export const CHARGE_RATES_AS_OF = '2025-06-01';

/** How long the position is held: swing trades settle as delivery, intraday ones square off the same day. */
export type Product = 'delivery' | 'intraday';
export type Side = 'buy' | 'sell';

export interface ProductRates {
  /** Fraction of turnover, capped at `brokerageCap` rupees per order. */
  brokerage: number;
  brokerageCap: number;
  sttBuy: number;
  sttSell: number;
  stampBuy: number;
}

export interface ChargeRates {
  products: Record<Product, ProductRates>;
  /** NSE transaction charges, fraction of turnover. */
  exchangeTransaction: number;
  /** SEBI turnover fee in rupees per crore (1e7) of turnover. */
  sebiPerCrore: number;
  /** Depository charge in rupees per scrip and day on which delivery shares are sold (before GST). */
  dpPerScripPerDay: number;
  /** GST on brokerage + exchange transaction charges + SEBI fee + DP charges. */
  gst: number;
}

export const CHARGE_RATES: ChargeRates = {
  products: {
    delivery: { brokerage: 0, brokerageCap: 0, sttBuy: 0.001, sttSell: 0.001, stampBuy: 0.00015 },
    intraday: { brokerage: 0.0003, brokerageCap: 20, sttBuy: 0, sttSell: 0.00025, stampBuy: 0.00003 },
  },
  exchangeTransaction: 0.0000297,
  sebiPerCrore: 10,
  dpPerScripPerDay: 13,
  gst: 0.18,
};
