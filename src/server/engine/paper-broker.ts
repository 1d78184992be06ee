/**
 * The paper broker: a complete broker in memory, priced by the feed. Market orders fill at the
 * current price; limit orders fill at once at the current price when it is already at the limit or
 * better, else rest and fill at their limit when the price crosses it; trigger (stop-loss limit)
 * orders wait until the price reaches the trigger (at or above it for a buy, at or below for a
 * sell) and then act as limit orders. Fills are on the instrument's tick (the quote's: its
 * master's, else NSE's price band), rounded against the trader
 * (a buy up, a sell down). It rejects what a real broker rejects: an invalid key, a quantity that
 * is not a whole number above 0, a missing or non-positive price, a price off the tick or outside
 * the day's band, a trigger already crossed, and symbols it has no price for. Funds are reported,
 * not enforced: paper accounts have no margin to run out of.
 *
 * Its book lives in memory; what rests in it (protections, open legs) is also in the engine's
 * records, and after a restart the engine puts it back with `restore` (paper-book.ts): the same
 * order ids and tags, so a price that crossed a level meanwhile fills it at the first tick.
 */
import { randomBytes } from 'node:crypto';
import { formatTick, isOnTick, roundToTick } from '@shared/ticks';
import { round2 } from '../trading/money';
import { dayBand, quoteTick, type Quote, type QuoteSource } from './feed/price-feed';
import {
  BrokerError,
  type BrokerAdapter,
  type BrokerCredentials,
  type BrokerSession,
  type Funds,
  type Order,
  type OrderChanges,
  type OrderRequest,
  type Position,
  type Protection,
  type ProtectionChanges,
  type ProtectionLeg,
  type ProtectionRequest,
  type ProtectiveOrders,
} from '../brokers/adapter';

export interface PaperBrokerOptions {
  prices: QuoteSource;
  /** Cash a client starts with (the account's equity balance). */
  openingFunds?: (clientId: string) => number;
  now?: () => Date;
  /** Order ids are `${idPrefix}${n}`; the default prefix is unique per broker (a time and random bytes). */
  idPrefix?: string;
}

/** An order the engine's records say rests at the paper broker, put back after a restart. */
export interface RestingPaperOrder {
  clientId: string;
  orderId: string;
  request: OrderRequest;
  /**
   * `trigger_pending` for a trigger order not yet reached; `open` for a limit, or for a protection's
   * stop-market already triggered (`stopMarket`: it then sells at market at the next match);
   * `filled` for a fill of a position still open (positions and funds count it).
   */
  state: 'open' | 'trigger_pending' | 'filled';
  stopMarket?: boolean;
  filledQuantity?: number;
  averagePrice?: number | null;
  updatedAt: Date;
}

/** A protection the engine's records say rests at the paper broker: its id `<stop>/<target>` and terms. */
export interface RestingPaperProtection {
  clientId: string;
  protectionId: string;
  terms: Protection['terms'];
  clientOrderIds: { stop: string; target: string };
  updatedAt: Date;
}

interface PaperOrder extends Order {
  clientId: string;
  /** A protective stop leg: once its trigger is reached it sells (or buys) at market, as an SL-M. */
  stopMarket?: boolean;
  /** The other leg of the protection this order is part of: cancelled when this one fills (OCO). */
  sibling?: string;
}

/** A protection at the paper broker: its two orders, and its terms as last placed or modified. */
interface PaperProtection {
  clientId: string;
  stop: string;
  target: string;
  terms: Protection['terms'];
  updatedAt: Date;
}

export const PAPER_REJECTIONS = {
  invalidKey: 'Invalid broker access key',
  quantity: 'Quantity must be a whole number above 0',
  noPrice: 'No price for the instrument',
  limitPrice: 'Limit price is required and must be above 0',
  triggerPrice: 'Trigger price is required and must be above 0',
  band: "Price is outside the day's price band",
  tick: (tick: number) => `Price must be a multiple of the tick size ${formatTick(tick)}`,
  triggerCrossed: 'Trigger price is already crossed by the last price',
} as const;

const isPrice = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** The paper broker has no one to ask: any key that is not blank is valid. */
const keyIsValid = (credentials: BrokerCredentials) => credentials.accessKey.trim() !== '';

export class PaperBroker implements BrokerAdapter, ProtectiveOrders {
  readonly name = 'paper';
  private readonly orders = new Map<string, PaperOrder>();
  private readonly protections = new Map<string, PaperProtection>();
  private sequence = 0;
  private readonly now: () => Date;
  private readonly idPrefix: string;

  constructor(private readonly options: PaperBrokerOptions) {
    this.now = options.now ?? (() => new Date());
    this.idPrefix = options.idPrefix ?? `paper-${Date.now().toString(36)}${randomBytes(2).toString('hex')}-`;
  }

  /**
   * Puts back what rested before a restart, as the engine's records hold it: each protection as its
   * two orders (a trigger stop, SL-M unless it has a stop limit, and a target limit, each the
   * other's OCO partner), each open order and the fills of open positions, under their old ids and tags. Unchecked (a stop the
   * price crossed meanwhile is not refused: it fills at the next match, at the market price, as a
   * gap does); an id the book already holds is left as it is, so restoring twice adds nothing.
   * `replace` empties the book first (the records are newer: another process led meanwhile).
   * Answers the number of orders added.
   */
  restore(
    resting: { protections: readonly RestingPaperProtection[]; orders: readonly RestingPaperOrder[] },
    { replace = false }: { replace?: boolean } = {},
  ): number {
    if (replace) {
      this.orders.clear();
      this.protections.clear();
    }
    let added = 0;
    const put = (
      order: Omit<PaperOrder, 'clientOrderId' | 'exchangeOrderId' | 'filledQuantity' | 'averagePrice' | 'rejectReason'>,
    ) => {
      this.orders.set(order.orderId, {
        ...order,
        request: { ...order.request },
        clientOrderId: order.request.clientOrderId ?? null,
        exchangeOrderId: `NSE-${order.orderId}`,
        filledQuantity: 0,
        averagePrice: null,
        rejectReason: null,
      });
      added++;
    };
    for (const p of resting.protections) {
      const [stop, target, ...rest] = p.protectionId.split('/');
      if (!stop || !target || rest.length || this.protections.has(p.protectionId)) continue;
      if (this.orders.has(stop) || this.orders.has(target)) continue;
      const { stop: trigger, stopLimit, target: limit, ...common } = p.terms;
      put({
        orderId: stop,
        clientId: p.clientId,
        request: {
          ...common,
          orderType: 'trigger',
          triggerPrice: trigger,
          limitPrice: stopLimit ?? trigger,
          clientOrderId: p.clientOrderIds.stop,
        },
        state: 'trigger_pending',
        stopMarket: stopLimit === null,
        sibling: target,
        updatedAt: p.updatedAt,
      });
      put({
        orderId: target,
        clientId: p.clientId,
        request: { ...common, orderType: 'limit', limitPrice: limit, clientOrderId: p.clientOrderIds.target },
        state: 'open',
        sibling: stop,
        updatedAt: p.updatedAt,
      });
      this.protections.set(p.protectionId, {
        clientId: p.clientId,
        stop,
        target,
        terms: { ...p.terms },
        updatedAt: p.updatedAt,
      });
    }
    for (const { filledQuantity, averagePrice, stopMarket, ...o } of resting.orders) {
      if (this.orders.has(o.orderId)) continue;
      put({ ...o, ...(stopMarket ? { stopMarket: true } : {}) });
      if (o.state === 'filled') Object.assign(this.orders.get(o.orderId)!, { filledQuantity, averagePrice });
    }
    return added;
  }

  async validateAccessKey(credentials: BrokerCredentials): Promise<boolean> {
    return keyIsValid(credentials);
  }

  /** A generated session id, valid like a real broker's until the next 06:00 IST (00:30 UTC). */
  async openSession(credentials: BrokerCredentials): Promise<BrokerSession> {
    if (!keyIsValid(credentials)) throw new BrokerError('Invalid access key');
    const now = this.now();
    const expiresAt = new Date(now);
    expiresAt.setUTCHours(0, 30, 0, 0);
    if (expiresAt <= now) expiresAt.setUTCDate(expiresAt.getUTCDate() + 1);
    return { token: `paper-session-${randomBytes(16).toString('hex')}`, expiresAt };
  }

  async placeOrder(credentials: BrokerCredentials, request: OrderRequest): Promise<Order> {
    const order = this.newOrder(credentials, request);
    const id = order.orderId;
    const reason = keyIsValid(credentials) ? this.rejection(order.request) : PAPER_REJECTIONS.invalidKey;
    if (reason) {
      order.state = 'rejected';
      order.rejectReason = reason;
      return this.publish(order);
    }
    order.exchangeOrderId = `NSE-${id}`;
    if (order.request.orderType === 'trigger') order.state = 'trigger_pending';
    this.match(order, true);
    return this.publish(order);
  }

  async modifyOrder(credentials: BrokerCredentials, orderId: string, changes: OrderChanges): Promise<Order> {
    const order = this.owned(credentials, orderId);
    if (order.state !== 'open' && order.state !== 'trigger_pending') {
      throw new BrokerError(`Order ${orderId} is ${order.state} and cannot be modified`);
    }
    const request = { ...order.request, ...changes };
    const reason = this.rejection(request);
    if (reason) throw new BrokerError(reason);
    order.request = request;
    order.updatedAt = this.now();
    this.match(order, true);
    return this.publish(order);
  }

  async cancelOrder(credentials: BrokerCredentials, orderId: string): Promise<Order> {
    const order = this.owned(credentials, orderId);
    if (order.state !== 'open' && order.state !== 'trigger_pending') {
      throw new BrokerError(`Order ${orderId} is ${order.state} and cannot be cancelled`);
    }
    order.state = 'cancelled';
    order.updatedAt = this.now();
    return this.publish(order);
  }

  async orderStatus(credentials: BrokerCredentials, orderId: string): Promise<Order> {
    return this.publish(this.owned(credentials, orderId));
  }

  async orderBook(credentials: BrokerCredentials): Promise<Order[]> {
    if (!keyIsValid(credentials)) throw new BrokerError(PAPER_REJECTIONS.invalidKey);
    return [...this.orders.values()]
      .filter((order) => order.clientId === credentials.clientId)
      .map((order) => this.publish(order));
  }

  async funds(credentials: BrokerCredentials): Promise<Funds> {
    if (!keyIsValid(credentials)) throw new BrokerError(PAPER_REJECTIONS.invalidKey);
    const opening = this.options.openingFunds?.(credentials.clientId) ?? 0;
    let used = 0;
    for (const order of this.orders.values()) {
      if (order.clientId !== credentials.clientId || order.averagePrice === null) continue;
      const value = order.filledQuantity * order.averagePrice;
      used += order.request.side === 'buy' ? value : -value;
    }
    return { opening, used: round2(used), available: round2(opening - used) };
  }

  /** Net shares and their average buy (or short-sale) price per symbol and product, from the fills. */
  async positions(credentials: BrokerCredentials): Promise<Position[]> {
    if (!keyIsValid(credentials)) throw new BrokerError(PAPER_REJECTIONS.invalidKey);
    const held = new Map<string, Position & { cost: number; opened: number }>();
    for (const order of this.orders.values()) {
      if (order.clientId !== credentials.clientId || !order.filledQuantity || order.averagePrice === null) continue;
      const { exchange, symbol, product, side } = order.request;
      const key = `${exchange}:${symbol}:${product}`;
      const position = held.get(key) ?? {
        exchange,
        symbol,
        product,
        quantity: 0,
        averagePrice: 0,
        lastPrice: null,
        cost: 0,
        opened: 0,
      };
      const signed = side === 'buy' ? order.filledQuantity : -order.filledQuantity;
      // The average is of the side that opened the position (buys for a long, sells for a short).
      if (Math.sign(signed) === Math.sign(position.quantity + signed) || position.quantity === 0) {
        position.cost += order.filledQuantity * order.averagePrice;
        position.opened += order.filledQuantity;
      }
      position.quantity += signed;
      held.set(key, position);
    }
    return [...held.values()].map(({ cost, opened, ...position }) => ({
      ...position,
      averagePrice: position.quantity === 0 || !opened ? 0 : round2(cost / opened),
      lastPrice: this.options.prices.quote(position.symbol)?.ltp ?? null,
    }));
  }

  async lastPrices(credentials: BrokerCredentials, symbols: readonly string[]): Promise<Map<string, number>> {
    if (!keyIsValid(credentials)) throw new BrokerError(PAPER_REJECTIONS.invalidKey);
    return new Map(
      symbols.flatMap((symbol) => {
        const quote = this.options.prices.quote(symbol);
        return quote ? [[symbol, quote.ltp] as const] : [];
      }),
    );
  }

  /** Fills the resting orders the current prices reach; answers the orders that changed. */
  matchOpenOrders(): Order[] {
    const changed: Order[] = [];
    for (const order of this.orders.values()) {
      if ((order.state === 'open' || order.state === 'trigger_pending') && this.match(order, false)) {
        changed.push(this.publish(order));
        const other = this.filledSibling(order);
        if (other) changed.push(this.publish(other));
      }
    }
    return changed;
  }

  /**
   * A protection as two resting orders (kind `orders`): the stop a trigger order that acts at market
   * once its trigger is reached (an SL-M; a limit at `stopLimit` when one is given), the target a
   * limit; one filling cancels the other here, as a broker's OCO does. Refused as a real broker
   * refuses (a stop already crossed, a price off the tick or outside the band): state rejected.
   */
  async placeProtection(credentials: BrokerCredentials, request: ProtectionRequest): Promise<Protection> {
    const common = {
      exchange: request.exchange,
      symbol: request.symbol,
      side: request.side,
      product: request.product,
      quantity: request.quantity,
    };
    const stop = this.newOrder(credentials, {
      ...common,
      orderType: 'trigger',
      triggerPrice: request.stop,
      limitPrice: request.stopLimit ?? request.stop,
      clientOrderId: request.clientOrderIds.stop,
    });
    stop.stopMarket = request.stopLimit === null;
    const target = this.newOrder(credentials, {
      ...common,
      orderType: 'limit',
      limitPrice: request.target,
      clientOrderId: request.clientOrderIds.target,
    });
    stop.sibling = target.orderId;
    target.sibling = stop.orderId;
    const reason = keyIsValid(credentials)
      ? (this.rejection(stop.request) ?? this.rejection(target.request))
      : PAPER_REJECTIONS.invalidKey;
    const id = `${stop.orderId}/${target.orderId}`;
    this.protections.set(id, {
      clientId: credentials.clientId,
      stop: stop.orderId,
      target: target.orderId,
      terms: { ...common, stop: request.stop, stopLimit: request.stopLimit, target: request.target },
      updatedAt: this.now(),
    });
    if (reason) {
      for (const order of [stop, target]) {
        order.state = 'rejected';
        order.rejectReason = reason;
      }
      return this.protectionOf(id);
    }
    for (const order of [stop, target]) order.exchangeOrderId = `NSE-${order.orderId}`;
    stop.state = 'trigger_pending';
    // A target the price is already at fills at once (a marketable limit), and withdraws the stop.
    if (this.match(target, true)) this.filledSibling(target);
    return this.protectionOf(id);
  }

  async modifyProtection(
    credentials: BrokerCredentials,
    protectionId: string,
    changes: ProtectionChanges,
  ): Promise<Protection> {
    const protection = this.ownedProtection(credentials, protectionId);
    const stop = this.orders.get(protection.stop)!;
    const target = this.orders.get(protection.target)!;
    const resting = (o: PaperOrder) => o.state === 'open' || o.state === 'trigger_pending';
    if (!resting(stop) || !resting(target)) {
      const status = this.protectionOf(protectionId);
      if (status.state === 'triggered') return status;
      throw new BrokerError(`Protection ${protectionId} is ${status.state} and cannot be modified`);
    }
    const terms = { ...protection.terms };
    if (changes.quantity !== undefined) terms.quantity = changes.quantity;
    if (changes.stop !== undefined) terms.stop = changes.stop;
    if (changes.stopLimit !== undefined) terms.stopLimit = changes.stopLimit;
    if (changes.target !== undefined) terms.target = changes.target;
    const stopRequest = {
      ...stop.request,
      quantity: terms.quantity,
      triggerPrice: terms.stop,
      limitPrice: terms.stopLimit ?? terms.stop,
    };
    const targetRequest = { ...target.request, quantity: terms.quantity, limitPrice: terms.target };
    const reason = this.rejection(stopRequest) ?? this.rejection(targetRequest);
    if (reason) throw new BrokerError(reason);
    stop.request = stopRequest;
    stop.stopMarket = terms.stopLimit === null;
    target.request = targetRequest;
    protection.terms = terms;
    protection.updatedAt = stop.updatedAt = target.updatedAt = this.now();
    if (this.match(target, true)) this.filledSibling(target);
    return this.protectionOf(protectionId);
  }

  /** Withdraws both resting orders; a leg already filled answers the protection triggered instead. */
  async cancelProtection(credentials: BrokerCredentials, protectionId: string): Promise<Protection> {
    const protection = this.ownedProtection(credentials, protectionId);
    const legs = [this.orders.get(protection.stop)!, this.orders.get(protection.target)!];
    if (!legs.some((o) => o.state === 'filled'))
      for (const order of legs)
        if (order.state === 'open' || order.state === 'trigger_pending') {
          order.state = 'cancelled';
          order.updatedAt = this.now();
        }
    return this.protectionOf(protectionId);
  }

  async protectionStatus(credentials: BrokerCredentials, protectionId: string): Promise<Protection> {
    this.ownedProtection(credentials, protectionId);
    return this.protectionOf(protectionId);
  }

  async protectionBook(credentials: BrokerCredentials): Promise<Protection[]> {
    if (!keyIsValid(credentials)) throw new BrokerError(PAPER_REJECTIONS.invalidKey);
    return [...this.protections.entries()]
      .filter(([, p]) => p.clientId === credentials.clientId)
      .map(([id]) => this.protectionOf(id));
  }

  /** The order's OCO partner, cancelled once the order filled; answers it when it was. */
  private filledSibling(order: PaperOrder): PaperOrder | null {
    const other = order.sibling ? this.orders.get(order.sibling) : undefined;
    if (order.state !== 'filled' || !other || (other.state !== 'open' && other.state !== 'trigger_pending'))
      return null;
    other.state = 'cancelled';
    other.rejectReason = null;
    other.updatedAt = this.now();
    return other;
  }

  private ownedProtection(credentials: BrokerCredentials, protectionId: string): PaperProtection {
    if (!keyIsValid(credentials)) throw new BrokerError(PAPER_REJECTIONS.invalidKey);
    const protection = this.protections.get(protectionId);
    if (!protection || protection.clientId !== credentials.clientId)
      throw new BrokerError(`Unknown protection ${protectionId}`);
    return protection;
  }

  /** The protection as the adapter interface tells it, from its two orders. */
  private protectionOf(id: string): Protection {
    const protection = this.protections.get(id)!;
    const stop = this.orders.get(protection.stop)!;
    const target = this.orders.get(protection.target)!;
    const filled = [stop, target].find((o) => o.state === 'filled');
    const rejected = [stop, target].find((o) => o.state === 'rejected');
    // A stop triggered but not yet filled (a limit stop) is at the exchange: triggered too.
    const sent = stop.state === 'open' ? stop : null;
    const executed = filled ?? sent;
    const leg: ProtectionLeg | null = executed ? (executed === stop ? 'stop' : 'target') : null;
    const state: Protection['state'] = executed
      ? 'triggered'
      : rejected
        ? 'rejected'
        : stop.state === 'cancelled' || target.state === 'cancelled'
          ? 'cancelled'
          : 'active';
    return {
      protectionId: id,
      kind: 'orders',
      terms: { ...protection.terms },
      state,
      orders: { stop: this.publish(stop), target: this.publish(target) },
      executed: leg ? { leg, order: this.publish(executed!) } : null,
      rejectReason: rejected?.rejectReason ?? null,
      updatedAt: protection.updatedAt,
    };
  }

  private newOrder(credentials: BrokerCredentials, request: OrderRequest): PaperOrder {
    const id = `${this.idPrefix}${++this.sequence}`;
    const order: PaperOrder = {
      orderId: id,
      clientOrderId: request.clientOrderId ?? null,
      exchangeOrderId: null,
      request: { ...request },
      state: 'open',
      filledQuantity: 0,
      averagePrice: null,
      rejectReason: null,
      updatedAt: this.now(),
      clientId: credentials.clientId,
    };
    this.orders.set(id, order);
    return order;
  }

  private rejection(request: OrderRequest): string | null {
    if (!Number.isInteger(request.quantity) || request.quantity <= 0) return PAPER_REJECTIONS.quantity;
    const quote = this.options.prices.quote(request.symbol);
    if (!quote) return PAPER_REJECTIONS.noPrice;
    if (request.orderType === 'market') return null;
    if (!isPrice(request.limitPrice)) return PAPER_REJECTIONS.limitPrice;
    const prices = [request.limitPrice];
    if (request.orderType === 'trigger') {
      if (!isPrice(request.triggerPrice)) return PAPER_REJECTIONS.triggerPrice;
      prices.push(request.triggerPrice);
    }
    const tick = quoteTick(quote);
    if (prices.some((p) => !isOnTick(p, tick))) return PAPER_REJECTIONS.tick(tick);
    const { lower, upper } = dayBand(quote.previousClose);
    if (prices.some((p) => p < lower || p > upper)) return PAPER_REJECTIONS.band;
    if (request.orderType === 'trigger' && this.triggered(request, quote)) return PAPER_REJECTIONS.triggerCrossed;
    return null;
  }

  private triggered(request: OrderRequest, quote: Quote): boolean {
    const trigger = request.triggerPrice as number;
    return request.side === 'buy' ? quote.ltp >= trigger : quote.ltp <= trigger;
  }

  /**
   * Moves one live order on at the current price. `arriving` is true when the order has just been
   * placed or modified: a limit then fills at the last price (it is marketable), while a resting
   * limit that the price crosses later fills at its own limit.
   */
  private match(order: PaperOrder, arriving: boolean): boolean {
    const quote = this.options.prices.quote(order.request.symbol);
    if (!quote) return false;
    const { request } = order;
    // The last price on the tick, rounded against the trader: a buy up, a sell down.
    const market = roundToTick(quote.ltp, request.side === 'buy' ? 'up' : 'down', quoteTick(quote));
    if (request.orderType === 'market') return this.fill(order, market);
    let activated = false;
    if (order.state === 'trigger_pending') {
      if (arriving || !this.triggered(request, quote)) return false;
      order.state = 'open';
      order.updatedAt = this.now();
      activated = true;
    }
    // A protective stop (SL-M) goes at market once triggered: a gap through it fills at the gap's price.
    // (One open already was triggered before a restart and put back so: it fills now.)
    if (order.stopMarket && (activated || order.state === 'open')) return this.fill(order, market);
    const limit = request.limitPrice as number;
    const reached = request.side === 'buy' ? quote.ltp <= limit : quote.ltp >= limit;
    // A marketable limit gets the market price, never beyond its own limit; a resting one its limit.
    const marketable = request.side === 'buy' ? Math.min(market, limit) : Math.max(market, limit);
    if (reached) return this.fill(order, arriving || activated ? marketable : limit);
    return activated;
  }

  private fill(order: PaperOrder, price: number): true {
    order.state = 'filled';
    order.filledQuantity = order.request.quantity;
    order.averagePrice = price;
    order.updatedAt = this.now();
    return true;
  }

  private owned(credentials: BrokerCredentials, orderId: string): PaperOrder {
    if (!keyIsValid(credentials)) throw new BrokerError(PAPER_REJECTIONS.invalidKey);
    const order = this.orders.get(orderId);
    if (!order || order.clientId !== credentials.clientId) throw new BrokerError(`Unknown order ${orderId}`);
    return order;
  }

  /** A copy, so callers never hold the broker's own record. */
  private publish(order: PaperOrder): Order {
    const { clientId: _clientId, stopMarket: _stopMarket, sibling: _sibling, ...copy } = order;
    return { ...copy, request: { ...copy.request } };
  }
}
