/**
 * The market behind a local broker server: per-user order books, orders that fill at the last
 * price (market), rest at their limit, wait for their trigger, fill in part on request, are
 * clipped by their market protection on request (resting as a limit), or are rejected by the RMS
 * when a buy costs more than the cash left. Each fake broker keeps the wire format; this keeps the
 * orders.
 */
import { offTickPrice, offTickText } from './fake-tick-rule';
export type ExchangeOrderType = 'market' | 'limit' | 'sl' | 'sl-m';
export type ExchangeStatus = 'open' | 'trigger_pending' | 'filled' | 'cancelled' | 'rejected';

export interface ExchangeOrder {
  id: string;
  exchangeId: string | null;
  user: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: ExchangeOrderType;
  product: string;
  quantity: number;
  price: number;
  trigger: number;
  filled: number;
  averagePrice: number;
  status: ExchangeStatus;
  message: string | null;
  tag: string | null;
  placedAt: Date;
  updatedAt: Date;
}

export type NewOrder = Pick<
  ExchangeOrder,
  'user' | 'symbol' | 'side' | 'type' | 'product' | 'quantity' | 'price' | 'trigger' | 'tag'
>;

/**
 * The exchange's checks of a stop-loss order, answered as an RMS rejection as the brokers' OMS do:
 * a sell stop's trigger below the last price (a buy stop's above it), else it would trigger at
 * once; an SL sell's limit not above its trigger (an SL buy's not below it).
 */
export function stopOrderRule(
  o: Pick<ExchangeOrder, 'type' | 'side' | 'trigger' | 'price'>,
  ltp: number,
): string | null {
  if (o.type !== 'sl' && o.type !== 'sl-m') return null;
  if (o.side === 'sell' ? o.trigger >= ltp : o.trigger <= ltp)
    return `Trigger price for stop-loss ${o.side} orders should be ${o.side === 'sell' ? 'lower' : 'higher'} than the last traded price ${ltp}.`;
  if (o.type === 'sl' && (o.side === 'sell' ? o.price > o.trigger : o.price < o.trigger))
    return `Limit price of a stop-loss ${o.side} order should be ${o.side === 'sell' ? 'at or below' : 'at or above'} its trigger price.`;
  return null;
}

/** NSE's widest daily price band for cash equities: +-20 % of the reference price. */
export const PRICE_BAND = 0.2;

/** A modification as the exchange applies it (each broker's fields mapped onto these). */
export type OrderChange = Partial<Pick<ExchangeOrder, 'type' | 'quantity' | 'price' | 'trigger'>>;

/** Which of a modification's fields the exchange refuses, and its words. */
export interface ChangeProblem {
  field: 'quantity' | 'price' | 'trigger';
  /** missing: absent or not a valid value (each broker has its words for the field); tick, band: as the exchange says. */
  kind: 'missing' | 'tick' | 'band';
  message: string;
}

/**
 * The exchange's checks of a modification, as the order would stand after it: a whole quantity
 * above what has filled, a price for a LIMIT or SL order and a trigger for an SL or SL-M one, prices
 * on the tick and inside the day's price band (+-20 %; the fake's last price stands in for the
 * previous close, as for the tick). Each fake broker answers a problem in its own error shape.
 */
export function changeProblem(o: ExchangeOrder, change: OrderChange, ltp: number | undefined): ChangeProblem | null {
  const after = { ...o, ...definedOf(change) };
  if (!Number.isInteger(after.quantity) || after.quantity <= o.filled)
    return { field: 'quantity', kind: 'missing', message: `Quantity should be a whole number above ${o.filled}` };
  if ((after.type === 'limit' || after.type === 'sl') && !(after.price > 0))
    return { field: 'price', kind: 'missing', message: 'Price is required for a limit order' };
  if ((after.type === 'sl' || after.type === 'sl-m') && !(after.trigger > 0))
    return { field: 'trigger', kind: 'missing', message: 'Trigger price is required for a stop-loss order' };
  const priced = (after.type === 'limit' || after.type === 'sl' ? [['price', change.price]] : []) as [
    'price' | 'trigger',
    number | undefined,
  ][];
  if (after.type === 'sl' || after.type === 'sl-m') priced.push(['trigger', change.trigger]);
  for (const [field, value] of priced) {
    if (value === undefined) continue;
    const offTick = offTickPrice([value], ltp);
    if (offTick) return { field, kind: 'tick', message: offTickText(offTick) };
    if (ltp !== undefined && Math.abs(value - ltp) > ltp * PRICE_BAND + 1e-9)
      return {
        field,
        kind: 'band',
        message: `Price ${value} is outside the day's price band ${(ltp * (1 - PRICE_BAND)).toFixed(2)} - ${(ltp * (1 + PRICE_BAND)).toFixed(2)}`,
      };
  }
  return null;
}

const definedOf = (change: OrderChange): OrderChange =>
  Object.fromEntries(
    Object.entries<unknown>(change).filter(([, v]) => v !== undefined && !(typeof v === 'number' && Number.isNaN(v))),
  );

export class FakeExchange {
  readonly orders: ExchangeOrder[] = [];
  readonly ltp = new Map<string, number>();
  /** Symbols no one trades against (a fast market): their orders rest even when marketable. */
  readonly held = new Set<string>();
  /** Symbols whose sells the RMS refuses (e.g. holdings not authorised for sale), with its words. */
  readonly refusedSells = new Map<string, string>();
  cash = 10_000_000;
  /**
   * The broker's name of its delivery product, where its RMS refuses a delivery sell beyond the
   * shares free to sell (`sellable`); null: not checked.
   */
  deliveryProduct: string | null = null;
  /** Shares in the demat account from earlier days, per `${user}:${symbol}`. */
  readonly holdings = new Map<string, number>();
  private used = new Map<string, number>();
  private partly: number | null = null;
  private clipped: number | null = null;
  private seq = 0;

  constructor(private readonly idOf: (seq: number) => string) {}

  usedBy(user: string): number {
    return this.used.get(user) ?? 0;
  }

  /** The next market order fills only this many shares and stays open for the rest. */
  fillNextPartly(quantity: number): void {
    this.partly = quantity;
  }

  /**
   * The next market order is clipped by its market protection (the brokers' market price protection
   * since April 2026): it rests open as a LIMIT at this price, and fills only when the price reaches
   * it or when modified to a price the market has.
   */
  clipNextMarket(limit: number): void {
    this.clipped = limit;
  }

  place(order: NewOrder): ExchangeOrder {
    const now = new Date();
    const o: ExchangeOrder = {
      ...order,
      id: this.idOf(++this.seq),
      exchangeId: null,
      filled: 0,
      averagePrice: 0,
      status: 'open',
      message: null,
      placedAt: now,
      updatedAt: now,
    };
    this.orders.push(o);
    const price = this.ltp.get(o.symbol) ?? 0;
    const cost = o.quantity * (o.type === 'market' ? price : o.price || price);
    const stopRule = stopOrderRule(o, price);
    if (stopRule) {
      o.status = 'rejected';
      o.message = stopRule;
      return o;
    }
    const refusedSell = o.side === 'sell' ? this.refusedSells.get(o.symbol) : undefined;
    if (refusedSell !== undefined) {
      o.status = 'rejected';
      o.message = refusedSell;
      return o;
    }
    if (o.side === 'sell' && o.product === this.deliveryProduct && o.quantity > this.sellable(o.user, o.symbol, o)) {
      o.status = 'rejected';
      o.message = `Insufficient holdings: sell quantity ${o.quantity} exceeds the ${this.sellable(o.user, o.symbol, o)} shares of ${o.symbol} free to sell (held and bought today, less sold and pending sell orders).`;
      return o;
    }
    if (o.side === 'buy' && this.usedBy(o.user) + cost > this.cash) {
      o.status = 'rejected';
      o.message = `Insufficient funds. Required margin is ${cost.toFixed(2)} but available margin is ${(this.cash - this.usedBy(o.user)).toFixed(2)}.`;
      return o;
    }
    o.exchangeId = `1100000000${String(this.seq).padStart(6, '0')}`;
    o.status = o.type === 'sl' || o.type === 'sl-m' ? 'trigger_pending' : 'open';
    if (o.type === 'market' && this.clipped !== null) {
      // Its market protection clipped it: it rests as a LIMIT at the protection's price, as the book lists it.
      o.type = 'limit';
      o.price = this.clipped;
      this.clipped = null;
      this.match();
    } else if (o.type === 'market') {
      this.fill(o, this.partly !== null ? Math.min(this.partly, o.quantity) : o.quantity, price);
      this.partly = null;
    } else this.match(o);
    return o;
  }

  /**
   * Changes a resting order (its type too: a market or stop order made a LIMIT drops its trigger
   * and rests open); false when it no longer rests. Check it first with `changeProblem`.
   */
  modify(o: ExchangeOrder, changes: OrderChange): boolean {
    if (!this.rests(o)) return false;
    const defined = definedOf(changes);
    Object.assign(o, defined);
    if (o.type === 'limit' || o.type === 'market') {
      o.trigger = 0;
      o.status = 'open';
    }
    o.updatedAt = new Date();
    this.match();
    return true;
  }

  cancel(o: ExchangeOrder): boolean {
    if (!this.rests(o)) return false;
    o.status = 'cancelled';
    o.updatedAt = new Date();
    return true;
  }

  rests = (o: ExchangeOrder) => o.status === 'open' || o.status === 'trigger_pending';

  /**
   * The delivery shares a user may still sell, as the brokers' RMS counts them: held from earlier
   * days plus bought today, less sold, less what resting delivery sells (stops included) already
   * block. `except` is the order being checked.
   */
  sellable(user: string, symbol: string, except?: ExchangeOrder): number {
    let free = this.holdings.get(`${user}:${symbol}`) ?? 0;
    for (const o of this.orders) {
      if (o === except || o.user !== user || o.symbol !== symbol || o.product !== this.deliveryProduct) continue;
      if (o.side === 'buy') free += o.filled;
      else free -= this.rests(o) ? o.quantity : o.filled;
    }
    return free;
  }

  /**
   * Fills resting orders whose limit or trigger the current prices reach. An order arriving in the
   * book marketable (`arriving`, just placed; or a stop just triggered, which enters the book as its
   * limit) trades at the market's price, as the exchange matches it against the best bid or offer;
   * one resting (a stop triggered after a gap past its limit) fills only when the price reaches it.
   */
  match(arriving?: ExchangeOrder): void {
    for (const o of this.orders) {
      const price = this.ltp.get(o.symbol);
      if (price === undefined || this.held.has(o.symbol)) continue;
      const triggered = o.status === 'trigger_pending' && (o.side === 'buy' ? price >= o.trigger : price <= o.trigger);
      if (triggered) o.status = 'open';
      if (o.status !== 'open' || o.type === 'market') continue;
      if (o.type === 'sl-m') this.fill(o, o.quantity - o.filled, price);
      else if (o.side === 'buy' ? price <= o.price : price >= o.price)
        this.fill(o, o.quantity - o.filled, triggered || o === arriving ? price : o.price);
    }
  }

  /** Net shares per user, symbol and product, with the average buy price. */
  positions(user: string) {
    const net = new Map<
      string,
      { symbol: string; product: string; quantity: number; buyValue: number; bought: number }
    >();
    for (const o of this.orders.filter((o) => o.user === user && o.filled > 0)) {
      const key = `${o.symbol}:${o.product}`;
      const p = net.get(key) ?? { symbol: o.symbol, product: o.product, quantity: 0, buyValue: 0, bought: 0 };
      p.quantity += (o.side === 'buy' ? 1 : -1) * o.filled;
      if (o.side === 'buy') {
        p.buyValue += o.filled * o.averagePrice;
        p.bought += o.filled;
      }
      net.set(key, p);
    }
    return [...net.values()].map((p) => ({
      symbol: p.symbol,
      product: p.product,
      quantity: p.quantity,
      averagePrice: p.bought ? p.buyValue / p.bought : 0,
      ltp: this.ltp.get(p.symbol) ?? 0,
    }));
  }

  private fill(o: ExchangeOrder, quantity: number, price: number): void {
    const filled = o.filled + quantity;
    o.averagePrice = (o.averagePrice * o.filled + price * quantity) / filled;
    o.filled = filled;
    o.status = filled === o.quantity ? 'filled' : 'open';
    o.updatedAt = new Date();
    this.used.set(o.user, this.usedBy(o.user) + (o.side === 'buy' ? 1 : -1) * quantity * price);
  }
}

/** The controls every fake broker offers over its market. */
export interface ExchangeControls {
  /** The account's cash (buys beyond it are rejected by the RMS). */
  setCash(cash: number): void;
  /** The next market order fills only this many shares and stays open for the rest. */
  fillNextPartly(quantity: number): void;
  /** The next market order is clipped by its market protection: it rests open as a LIMIT at this price. */
  clipNextMarket(limit: number): void;
  /** No one takes the other side of the symbol's orders (a fast market): they rest even when marketable, until released. */
  holdFills(symbol: string, held: boolean): void;
  /** Fills resting orders whose limit or trigger the current prices reach. */
  match(): void;
  /** Shares of the symbol the user holds from earlier days (delivery sells beyond what is free are refused). */
  setHoldings(user: string, symbol: string, quantity: number): void;
  /** While a reason is set, the RMS rejects every sell of the symbol with it (a triggered forever leg's order too); null: no more. */
  refuseSells(symbol: string, reason: string | null): void;
  /** The session's end at the broker: the day's orders still resting lapse (DAY validity), listed cancelled. */
  closeSession(): void;
  exchange: FakeExchange;
}

export const exchangeControls = (exchange: FakeExchange): ExchangeControls => ({
  setCash: (cash) => void (exchange.cash = cash),
  fillNextPartly: (quantity) => exchange.fillNextPartly(quantity),
  clipNextMarket: (limit) => exchange.clipNextMarket(limit),
  holdFills: (symbol, held) => void (held ? exchange.held.add(symbol) : exchange.held.delete(symbol)),
  match: () => exchange.match(),
  setHoldings: (user, symbol, quantity) => void exchange.holdings.set(`${user}:${symbol}`, quantity),
  refuseSells: (symbol, reason) =>
    void (reason === null ? exchange.refusedSells.delete(symbol) : exchange.refusedSells.set(symbol, reason)),
  closeSession: () => {
    for (const o of exchange.orders) exchange.cancel(o);
  },
  exchange,
});
