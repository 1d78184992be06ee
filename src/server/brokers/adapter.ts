/**
 * What the engine needs from a broker. The paper broker implements it now; real brokers (zerodha,
 * fyers, dhan, ...) plug in through the same interface (see select-adapter.ts).
 */
import type { ORDER_TYPES } from '@shared/constants';
import type { Product, Side } from '../trading/charge-rates';
import type { OrderRoute } from './order-route';

export type OrderType = (typeof ORDER_TYPES)[number];

/** The account's broker login as the adapter needs it; the key is decrypted only for the call. */
export interface BrokerCredentials {
  clientId: string;
  accessKey: string;
  /**
   * Where the account's order requests (place, modify, cancel) leave from: the address registered
   * with the broker (order-route.ts); absent or null, the operating system's choice.
   */
  orderRoute?: OrderRoute;
}

export interface OrderRequest {
  exchange: string;
  symbol: string;
  side: Side;
  product: Product;
  orderType: OrderType;
  quantity: number;
  /** Required for limit and trigger orders: the price the order may fill at, or better. */
  limitPrice?: number | null;
  /** Required for trigger (stop-loss limit) orders: the price that activates the order. */
  triggerPrice?: number | null;
  /**
   * The engine's own id of the order (the broker's order tag, e.g. Kite's `tag`): derived from the
   * trade and the leg, so the order can be found in the broker's order book after a crash.
   */
  clientOrderId?: string;
  /**
   * The exchange-issued Algo ID of the algo the order is for (SEBI's retail algo framework), sent
   * where the broker's API takes it (Kite's `algo_id`); absent for manual and paper orders.
   */
  exchangeAlgoId?: string | null;
}

/**
 * A modification of a resting order. `orderType` changes its type too: the exit chase makes a market
 * exit left open (clipped by its market protection, or filled in part) a limit at `limitPrice`,
 * sent as the broker's own LIMIT type rather than a price on a market order, which brokers ignore.
 */
export type OrderChanges = Partial<Pick<OrderRequest, 'quantity' | 'limitPrice' | 'triggerPrice' | 'orderType'>>;

/** open: resting at its limit; trigger_pending: waiting for its trigger price. */
export type OrderState = 'open' | 'trigger_pending' | 'filled' | 'cancelled' | 'rejected';

export interface Order {
  orderId: string;
  /** The request's clientOrderId as the broker keeps it; null when none was sent. */
  clientOrderId: string | null;
  exchangeOrderId: string | null;
  request: OrderRequest;
  state: OrderState;
  filledQuantity: number;
  averagePrice: number | null;
  /** Why the broker rejected the order (state rejected). */
  rejectReason: string | null;
  updatedAt: Date;
}

export interface Funds {
  /** Cash the account started the day with. */
  opening: number;
  /** Cash tied up by filled orders (buys less sells). */
  used: number;
  available: number;
}

/** The account's net holding of a symbol today, as the broker reports it. */
export interface Position {
  exchange: string;
  symbol: string;
  product: Product;
  /** Net shares: bought less sold (negative when short). */
  quantity: number;
  /** The average price of the shares held (0 when flat). */
  averagePrice: number;
  lastPrice: number | null;
}

/** The trading session a broker opens for a valid key (e.g. Zerodha's access token, valid until 06:00 IST). */
export interface BrokerSession {
  token: string;
  expiresAt: Date;
}

export interface BrokerAdapter {
  readonly name: string;
  validateAccessKey(credentials: BrokerCredentials): Promise<boolean>;
  /** Opens a session for the account; a BrokerError when the key is refused. */
  openSession(credentials: BrokerCredentials): Promise<BrokerSession>;
  /** Answers the order even when rejected (state rejected, with its reason); throws only when the broker cannot be reached. */
  placeOrder(credentials: BrokerCredentials, request: OrderRequest): Promise<Order>;
  /**
   * `exchangeAlgoId`: the Algo ID of the algo the order was placed for (as on its OrderRequest), for
   * a broker that names the algo on every order request, not only the place (Upstox's X-Algo-Name).
   */
  modifyOrder(
    credentials: BrokerCredentials,
    orderId: string,
    changes: OrderChanges,
    exchangeAlgoId?: string | null,
  ): Promise<Order>;
  cancelOrder(credentials: BrokerCredentials, orderId: string, exchangeAlgoId?: string | null): Promise<Order>;
  orderStatus(credentials: BrokerCredentials, orderId: string): Promise<Order>;
  /** The account's orders of the day, every state, each with its clientOrderId (reconciliation after a crash). */
  orderBook(credentials: BrokerCredentials): Promise<Order[]>;
  funds(credentials: BrokerCredentials): Promise<Funds>;
  positions(credentials: BrokerCredentials): Promise<Position[]>;
  /** The last traded price of each NSE symbol the broker knows (others are left out). */
  lastPrices(credentials: BrokerCredentials, symbols: readonly string[]): Promise<Map<string, number>>;
}

/**
 * Resting exit orders at the broker that protect a filled position: a stop-loss and a target, so
 * the stop holds while Trabot is down (docs/decisions/2026-11-27-protective-orders-at-zerodha.md).
 */
export interface ProtectionRequest {
  exchange: string;
  symbol: string;
  /** The exit's side: sell for a long position, buy for a short one. */
  side: Side;
  product: Product;
  /** The position's filled quantity (what remains of it). */
  quantity: number;
  /** The stop-loss trigger price. */
  stop: number;
  /**
   * The stop leg's limit price once triggered; null: at market where the broker takes a stop-loss
   * market order (sent with its market protection), else at the trigger itself.
   */
  stopLimit: number | null;
  /** The target: the price the target leg sells (or buys) at, or better. */
  target: number;
  /** The last price the levels were set against (a GTT's direction is decided by it). */
  lastPrice: number;
  /**
   * Each leg's order tag where the broker keeps one (the engine's client order ids of the two legs),
   * and the protection's own tag where the broker keeps one for an OCO as a whole (Dhan's forever
   * order takes one correlationId): the order its trigger places carries it.
   */
  clientOrderIds: { stop: string; target: string; whole?: string };
  exchangeAlgoId?: string | null;
}

/** `exchangeAlgoId` names the algo on the modify where the broker asks it on every order request (Upstox). */
export type ProtectionChanges = Partial<
  Pick<ProtectionRequest, 'quantity' | 'stop' | 'stopLimit' | 'target' | 'lastPrice' | 'exchangeAlgoId'>
>;

/** A protection's terms as the broker holds them (tags and the last price are not kept by every broker). */
export type ProtectionTerms = Omit<ProtectionRequest, 'clientOrderIds' | 'exchangeAlgoId' | 'lastPrice'>;

/**
 * oco: one broker object whose legs cancel each other (Kite's two-leg GTT); orders: two plain
 * orders (a stop-loss and a target limit) the engine keeps one-cancels-other itself; stop: the
 * stop-loss order alone, its target watched by Trabot (a delivery position where the broker has
 * no OCO for it: never two sells of the whole holding).
 */
export type ProtectionKind = 'oco' | 'orders' | 'stop';

/**
 * active: both legs resting; triggered: a leg went to the exchange (see `executed`); cancelled:
 * withdrawn (by Trabot or at the broker); expired: past the broker's validity; rejected: refused
 * by the broker or its leg's order rejected (see `rejectReason`); disabled: suspended by the broker
 * (a corporate action); failed: a leg triggered but the order it places failed or was rejected
 * (Kite's `order_result.status` "failed", e.g. a CNC sell without CDSL TPIN authorisation; see
 * `rejectReason` and `executed`): nothing rests at the broker and the position is still open.
 */
export type ProtectionState = 'active' | 'triggered' | 'cancelled' | 'expired' | 'rejected' | 'disabled' | 'failed';

export type ProtectionLeg = 'stop' | 'target';

export interface Protection {
  /** The broker's id of the protection: the GTT's trigger id, or "<stop order id>/<target order id>". */
  protectionId: string;
  kind: ProtectionKind;
  /** The levels and quantity as the broker holds them now. */
  terms: ProtectionTerms;
  state: ProtectionState;
  /** The leg's orders in the broker's order book, where they exist (an OCO's only once triggered). */
  orders: Record<ProtectionLeg, Order | null>;
  /** The leg the broker executed or sent to the exchange, with its order (fill quantity and price); null while none. */
  executed: { leg: ProtectionLeg; order: Order | null } | null;
  rejectReason: string | null;
  updatedAt: Date;
}

/**
 * A broker that rests protective orders (optional: without it the engine watches the levels
 * itself, as before). Placing answers the protection even when refused (state rejected, with the
 * broker's words); throws only when the broker cannot be reached.
 */
export interface ProtectiveOrders {
  placeProtection(credentials: BrokerCredentials, request: ProtectionRequest): Promise<Protection>;
  /** New levels or quantity for an active protection; a BrokerError when the broker refuses. */
  modifyProtection(
    credentials: BrokerCredentials,
    protectionId: string,
    changes: ProtectionChanges,
  ): Promise<Protection>;
  /** Withdraws what still rests of it; a BrokerError when the broker refuses (a GTT already triggered). */
  cancelProtection(
    credentials: BrokerCredentials,
    protectionId: string,
    exchangeAlgoId?: string | null,
  ): Promise<Protection>;
  protectionStatus(credentials: BrokerCredentials, protectionId: string): Promise<Protection>;
  /**
   * The account's protections the broker lists as such (Kite's GTTs, every status it still shows),
   * each with its executed leg's order: reconciliation reads them once per account. Protections
   * made of plain orders are found in the order book by their legs' tags instead.
   */
  protectionBook(credentials: BrokerCredentials): Promise<Protection[]>;
  /**
   * True where a position of this product rests its stop alone (kind `stop`) and Trabot watches
   * its target; absent: both legs rest at the broker.
   */
  watchesTarget?(product: Product): boolean;
}

export const hasProtectiveOrders = (adapter: BrokerAdapter): adapter is BrokerAdapter & ProtectiveOrders =>
  typeof (adapter as Partial<ProtectiveOrders>).placeProtection === 'function';

/** The account a daily login is for, as the broker knows it. */
export interface LoginAccount {
  /** The member's client id at the broker (the account's broker_client_id). */
  brokerClientId: string;
}

/**
 * A broker whose session of the day comes from the member logging in on the broker's own page,
 * which then sends the browser back to this server's callback with `state` untouched.
 */
export interface DailyLogin {
  /** The broker's login page for this app and account, carrying `state` back to the callback. */
  loginUrl(state: string, account: LoginAccount): string | Promise<string>;
  /** The callback's query to the session of the day; a BrokerError when the broker says no. */
  completeLogin(query: Record<string, string>, account: LoginAccount): Promise<BrokerSession>;
  /**
   * The broker's redirect does not carry `state` back (Dhan): the callback takes the user's latest
   * pending login for the broker instead, and completeLogin checks the session is the account's own.
   */
  readonly stateless?: boolean;
}

export const hasDailyLogin = (adapter: BrokerAdapter): adapter is BrokerAdapter & DailyLogin =>
  typeof (adapter as Partial<DailyLogin>).loginUrl === 'function';

/** A broker's refusal of an order before it became one (bad input, an unknown symbol), as a rejected order with the broker's words. */
export function rejectedOrder(request: OrderRequest, reason: string, now: Date): Order {
  return {
    orderId: `rejected-${request.clientOrderId ?? now.getTime()}`,
    clientOrderId: request.clientOrderId ?? null,
    exchangeOrderId: null,
    request,
    state: 'rejected',
    filledQuantity: 0,
    averagePrice: null,
    rejectReason: reason,
    updatedAt: now,
  };
}

/**
 * A broker's refusal of a protection before it rested, as a rejected protection with the broker's
 * words, the stop leg already placed if any, and an id naming the tag it was asked under.
 */
export function rejectedProtection(
  request: ProtectionRequest,
  kind: Protection['kind'],
  reason: string,
  now: Date,
  stop: Order | null = null,
  tag = request.clientOrderIds.stop,
): Protection {
  const { clientOrderIds: _tags, exchangeAlgoId: _algo, lastPrice: _price, ...terms } = request;
  return {
    protectionId: `rejected-${tag}`,
    kind,
    terms,
    state: 'rejected',
    orders: { stop, target: null },
    executed: null,
    rejectReason: reason,
    updatedAt: now,
  };
}

/** A session check: true when the broker answers it, false when it refuses (a BrokerError); no answer is thrown. */
export async function acceptedBy(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (err) {
    if (err instanceof BrokerError) return false;
    throw err;
  }
}

/** A broker's order as the engine's request: prices only where the order type has them. */
export function requestOf(order: {
  exchange: string;
  symbol: string;
  side: OrderRequest['side'];
  product: OrderRequest['product'];
  orderType: OrderType;
  quantity: number;
  price: number;
  triggerPrice: number;
  tag: string | null;
}): OrderRequest {
  return {
    exchange: order.exchange,
    symbol: order.symbol,
    side: order.side,
    product: order.product,
    orderType: order.orderType,
    quantity: order.quantity,
    limitPrice: order.orderType === 'market' ? null : order.price,
    triggerPrice: order.orderType === 'trigger' ? order.triggerPrice : null,
    clientOrderId: order.tag ?? undefined,
  };
}

/** A call the broker refused outright (unknown order, invalid key on a query...). */
export class BrokerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrokerError';
  }
}
