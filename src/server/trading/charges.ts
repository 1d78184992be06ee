/**
 * The statutory and broker charges of order legs, named as the trade entry and exit rows store them,
 * as a contract note computes them (docs/engine.md, "Charges"). Each charge is rounded half-up to
 * the paisa, STT to the rupee; GST is 18 % of the rounded charges it taxes.
 */
import { CHARGE_RATES, type ChargeRates, type Product, type Side } from './charge-rates';
import { round2 } from './money';

export interface LegCharges {
  brokerage_charges: number;
  stt: number;
  exchange_transaction_charges: number;
  sebi_tax: number;
  stamp_duty: number;
  dp_charges: number;
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

/** Half-up to the rupee, binary noise dropped first (as round2 does for paise). */
const round0 = (value: number): number => Math.round(Number(value.toPrecision(12)));

/** One order's charges when `intraday` of its shares are charged as intraday and `delivery` as delivery. */
function chargesOf(
  side: Side,
  price: number,
  shares: Record<Product, number>,
  dp: number,
  rates: ChargeRates,
): LegCharges {
  const turnover = (product: Product) => shares[product] * price;
  const total = turnover('intraday') + turnover('delivery');
  const sum = (rate: (r: (typeof rates.products)[Product]) => number) =>
    turnover('intraday') * rate(rates.products.intraday) + turnover('delivery') * rate(rates.products.delivery);
  const intraday = rates.products.intraday;
  const brokerage = round2(
    Math.min(turnover('intraday') * intraday.brokerage, intraday.brokerageCap) +
      turnover('delivery') * rates.products.delivery.brokerage,
  );
  const exchange = round2(total * rates.exchangeTransaction);
  const sebi = round2((total / 1e7) * rates.sebiPerCrore);
  return {
    brokerage_charges: brokerage,
    stt: round0(sum((r) => (side === 'buy' ? r.sttBuy : r.sttSell))),
    exchange_transaction_charges: exchange,
    sebi_tax: sebi,
    stamp_duty: side === 'buy' ? round2(sum((r) => r.stampBuy)) : 0,
    dp_charges: dp,
    service_tax: round2((brokerage + exchange + sebi + dp) * rates.gst),
  };
}

function checked(quantity: number, price: number) {
  if (!Number.isInteger(quantity) || quantity < 0 || !Number.isFinite(price) || price < 0) {
    throw new RangeError(`Cannot charge ${quantity} at ${price}`);
  }
}

/** One leg on its own at its product's rates (no DP: that is per scrip and day, see tradeLegCharges). */
export function legCharges({ product, side, quantity, price }: Leg, rates: ChargeRates = CHARGE_RATES): LegCharges {
  checked(quantity, price);
  const shares = { intraday: product === 'intraday' ? quantity : 0, delivery: product === 'delivery' ? quantity : 0 };
  return chargesOf(side, price, shares, 0, rates);
}

export interface ChargeableLeg {
  side: Side;
  quantity: number;
  price: number;
  /** The IST trading day of the fill, yyyy-MM-dd. */
  day: string;
}

/**
 * Charges of every leg of one trade (same order as `legs`, which come in the order they filled), as
 * a contract note shows them. An intraday trade is intraday throughout. A delivery (swing) trade's
 * shares bought and sold on the same day are charged as intraday (the day's matched quantity, the
 * earliest legs of each side first); the rest is delivery, and a day on which delivery shares are
 * sold pays DP once, on its first such sell.
 */
export function tradeLegCharges(
  product: Product,
  legs: readonly ChargeableLeg[],
  rates: ChargeRates = CHARGE_RATES,
): LegCharges[] {
  for (const leg of legs) checked(leg.quantity, leg.price);
  if (product === 'intraday')
    return legs.map((leg) => chargesOf(leg.side, leg.price, { intraday: leg.quantity, delivery: 0 }, 0, rates));

  const sideTotal = (day: string, side: Side) =>
    legs.filter((l) => l.day === day && l.side === side).reduce((n, l) => n + l.quantity, 0);
  const matchedLeft = new Map<string, number>();
  const dpPaid = new Set<string>();
  return legs.map((leg) => {
    const key = `${leg.day}:${leg.side}`;
    if (!matchedLeft.has(key)) matchedLeft.set(key, Math.min(sideTotal(leg.day, 'buy'), sideTotal(leg.day, 'sell')));
    const intraday = Math.min(leg.quantity, matchedLeft.get(key)!);
    matchedLeft.set(key, matchedLeft.get(key)! - intraday);
    const delivery = leg.quantity - intraday;
    const paysDp = leg.side === 'sell' && delivery > 0 && !dpPaid.has(leg.day);
    if (paysDp) dpPaid.add(leg.day);
    return chargesOf(leg.side, leg.price, { intraday, delivery }, paysDp ? rates.dpPerScripPerDay : 0, rates);
  });
}
