/**
 * The statutory and broker charges of one order leg, named as the trade entry and exit rows store
 * them. Each charge is rounded half-up to the paisa; GST is 18 % of the rounded taxable charges.
 */
import { CHARGE_RATES, type ChargeRates, type Product, type Side } from './charge-rates';
import { round2 } from './money';

export interface LegCharges {
  brokerage_charges: number;
  stt: number;
  exchange_transaction_charges: number;
  sebi_tax: number;
  stamp_duty: number;
  service_tax: number;
}

export interface Leg {
  product: Product;
  side: Side;
  quantity: number;
  price: number;
}

/** A signal or manual order's trade_type as a product: 'intraday' (or 'intra') is intraday, the rest delivery. */
export const productOf = (tradeType: string): Product =>
  tradeType === 'intraday' || tradeType === 'intra' ? 'intraday' : 'delivery';

export function legCharges({ product, side, quantity, price }: Leg, rates: ChargeRates = CHARGE_RATES): LegCharges {
  if (!Number.isInteger(quantity) || quantity < 0 || !Number.isFinite(price) || price < 0) {
    throw new RangeError(`Cannot charge ${quantity} at ${price}`);
  }
  const rate = rates.products[product];
  const turnover = quantity * price;
  const brokerage = round2(Math.min(turnover * rate.brokerage, rate.brokerageCap));
  const exchange = round2(turnover * rates.exchangeTransaction);
  const sebi = round2((turnover / 1e7) * rates.sebiPerCrore);
  return {
    brokerage_charges: brokerage,
    stt: round2(turnover * (side === 'buy' ? rate.sttBuy : rate.sttSell)),
    exchange_transaction_charges: exchange,
    sebi_tax: sebi,
    stamp_duty: side === 'buy' ? round2(turnover * rate.stampBuy) : 0,
    service_tax: round2((brokerage + exchange + sebi) * rates.gst),
  };
}
