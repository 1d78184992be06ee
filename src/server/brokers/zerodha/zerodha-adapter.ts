/**
 * Zerodha through its official client, `kiteconnect` (Kite Connect v3), behind the engine's
 * BrokerAdapter. The firm's Kite app (api key and secret) is server configuration; an account's
 * credentials carry the member's access token of the day (from the daily login), which Kite
 * invalidates at 06:00 IST. Every call waits its turn in Kite's published rate limits (10 requests
 * a second per API key, orders included) and times out; only reads are retried, once, and never an
 * order (a lost answer to a placed order is found again through its tag in the order book).
 *
 * Errors, as Kite documents them (error_type): TokenException -> the session is gone (reconnect),
 * InputException / OrderException / MarginException / HoldingException (a CNC sell beyond the
 * holdings or the day's TPIN authorisation) -> the order is rejected with Kite's words,
 * NetworkException / a timeout / HTTP 429 -> the broker could not be reached (thrown, so the
 * engine retries later through the order book).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { KiteConnect, type Connect } from 'kiteconnect';
import type {
  BrokerAdapter,
  BrokerCredentials,
  BrokerSession,
  DailyLogin,
  Funds,
  Order,
  OrderChanges,
  OrderRequest,
  Position,
  Protection,
  ProtectionChanges,
  ProtectionRequest,
  ProtectiveOrders,
} from '../adapter';
import { acceptedBy, BrokerError, rejectedOrder, rejectedProtection } from '../adapter';
import { fromLegOrders } from '../order-protection';
import { routeAgent, type OrderRoute } from '../order-route';
import { RateLimiter } from '../rate-limiter';
import { nextSixAmIst } from '../session-expiry';
import { UserBuckets, type Limit } from '../user-buckets';
import { fromKiteOrder, KITE_DEFAULT_MARKET_PROTECTION, KITE_ORDER_TYPES, kiteOrderParams } from './kite-orders';
import {
  fromKiteTrigger,
  gttParams,
  gttTerms,
  ordersOfProtection,
  ordersProtectionId,
  protectionOrderForms,
  stopLegPrices,
} from './kite-protection';

export const KITE_DEFAULT_ROOT = 'https://api.kite.trade';
export const KITE_DEFAULT_LOGIN_URL = 'https://kite.zerodha.com/connect/login';
/** Kite: 10 requests a second per API key (https://kite.trade/docs/connect/v3/exceptions/#api-rate-limit). */
export const KITE_REQUESTS_PER_SECOND = 10;
/** Kite: quotes (LTP included) at 1 request a second, besides the 10. */
export const KITE_QUOTES_PER_SECOND = 1;
/**
 * Kite's order requests (place, modify, cancel), counted per Zerodha account whatever the app:
 * 10 a second (429 beyond, since 1 April 2026), 400 a minute, 5,000 a day
 * (docs/decisions/2026-11-27-broker-order-rate-limits.md).
 */
export const KITE_ORDER_LIMITS: readonly Limit[] = [
  { limit: 10, windowMs: 1_000 },
  { limit: 400, windowMs: 60_000 },
  { limit: 5_000, windowMs: 86_400_000 },
];

export interface ZerodhaConfig {
  apiKey: string;
  apiSecret: string;
  /** The API's root (tests: a local server speaking Kite's wire format). */
  root?: string;
  /** Kite's login page (tests: the local server's). */
  loginUrl?: string;
  timeoutMs?: number;
  /** The clock (the session's expiry is computed from it). */
  now?: () => Date;
  /** MARKET_PROTECTION: the band, in percent, a market order may fill within; -1 (default): Kite's own band. */
  marketProtection?: number;
}

interface KiteError {
  error_type?: string;
  message?: string;
}

const ORDER_REFUSALS = new Set([
  'InputException',
  'OrderException',
  'MarginException',
  'HoldingException',
  'PermissionException',
]);

/** Why Kite refused, from its error; `unreachable` for network failures, timeouts and rate limits. */
export function kiteFailure(err: unknown): { kind: 'token' | 'refused' | 'unreachable'; message: string } {
  const e = (err ?? {}) as KiteError;
  const message = e.message ?? String(err);
  if (e.error_type === 'TokenException')
    return { kind: 'token', message: `Zerodha session expired or invalid: ${message}` };
  if (e.error_type && ORDER_REFUSALS.has(e.error_type)) return { kind: 'refused', message };
  return { kind: 'unreachable', message: `Zerodha could not be reached: ${message}` };
}

/** Kite's access tokens end at 06:00 IST the next morning. */
export const kiteSessionExpiry = nextSixAmIst;

/** The checksum of Kite's token exchange: SHA-256 of api_key + request_token + api_secret, hex. */
export const kiteChecksum = (apiKey: string, requestToken: string, apiSecret: string) =>
  createHash('sha256')
    .update(apiKey + requestToken + apiSecret)
    .digest('hex');

/**
 * A Kite postback is genuine when its checksum is the SHA-256 of order_id + order_timestamp +
 * api_secret (https://kite.trade/docs/connect/v3/postbacks/).
 */
export function kitePostbackGenuine(
  body: { order_id?: unknown; order_timestamp?: unknown; checksum?: unknown },
  apiSecret: string,
): boolean {
  if (
    typeof body.order_id !== 'string' ||
    typeof body.order_timestamp !== 'string' ||
    typeof body.checksum !== 'string'
  )
    return false;
  const expected = createHash('sha256')
    .update(body.order_id + body.order_timestamp + apiSecret)
    .digest();
  const given = Buffer.from(body.checksum, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export class ZerodhaAdapter implements BrokerAdapter, DailyLogin, ProtectiveOrders {
  readonly name = 'zerodha';
  private readonly bucket = new RateLimiter(KITE_REQUESTS_PER_SECOND);
  private readonly quoteBucket = new RateLimiter(KITE_QUOTES_PER_SECOND);
  /** Order requests per Zerodha account (its access token of the day). */
  private readonly orderBuckets: UserBuckets;
  private readonly now: () => Date;

  constructor(private readonly config: ZerodhaConfig) {
    this.now = config.now ?? (() => new Date());
    this.orderBuckets = new UserBuckets(() => KITE_ORDER_LIMITS, this.now);
  }

  private client(accessToken?: string, route?: OrderRoute): Connect {
    const root = this.config.root ?? KITE_DEFAULT_ROOT;
    const kite = new KiteConnect({
      api_key: this.config.apiKey,
      root,
      timeout: this.config.timeoutMs ?? 7_000,
      ...(accessToken ? { access_token: accessToken } : {}),
    });
    const agent = routeAgent(route ?? null, new URL(root));
    if (agent) {
      // kiteconnect's axios instance: an order request leaves from the account's registered address.
      const { defaults } = (kite as unknown as { requestInstance: { defaults: Record<string, unknown> } })
        .requestInstance;
      defaults.httpAgent = agent;
      defaults.httpsAgent = agent;
      defaults.proxy = false;
    }
    return kite;
  }

  /**
   * An order request (place, modify, cancel): in the account's turn of Kite's order limits, its
   * slot counted until Kite answered; from the account's registered address.
   */
  private async orderRequest<T>(credentials: BrokerCredentials, work: (kite: Connect) => Promise<T>): Promise<T> {
    const release = await this.orderBuckets.take(credentials.accessKey);
    try {
      return await work(this.client(credentials.accessKey, credentials.orderRoute));
    } finally {
      release();
    }
  }

  /** One call in its turn of the rate limit; reads may be retried once when Kite could not be reached. */
  private async call<T>(work: () => Promise<T>, retry: boolean, quote = false): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      if (quote) await this.quoteBucket.take();
      await this.bucket.take();
      try {
        return await work();
      } catch (err) {
        const failure = kiteFailure(err);
        if (failure.kind === 'unreachable' && retry && attempt === 1) continue;
        if (failure.kind === 'unreachable') throw new Error(failure.message);
        throw new BrokerError(failure.message);
      }
    }
  }

  /**
   * Kite Connect's login page: `redirect_params` is a query string Kite appends, as it is, to the
   * app's registered redirect URL (https://kite.trade/docs/connect/v3/user/#login-flow).
   */
  loginUrl(state: string): string {
    const url = new URL(this.config.loginUrl ?? KITE_DEFAULT_LOGIN_URL);
    url.searchParams.set('v', '3');
    url.searchParams.set('api_key', this.config.apiKey);
    url.searchParams.set('redirect_params', new URLSearchParams({ state }).toString());
    return url.toString();
  }

  /** Kite's redirect carries `status=success` and the `request_token` to exchange. */
  async completeLogin(query: Record<string, string>): Promise<BrokerSession> {
    if (query.status !== 'success' || !query.request_token) throw new BrokerError('Zerodha did not complete the login');
    return this.exchangeRequestToken(query.request_token);
  }

  /** The daily login's last step: the request token from Kite's redirect for an access token (and its expiry). */
  async exchangeRequestToken(requestToken: string): Promise<BrokerSession & { userId: string }> {
    const data = await this.call(() => this.client().generateSession(requestToken, this.config.apiSecret), false);
    return { token: data.access_token, userId: data.user_id, expiresAt: kiteSessionExpiry(this.now()) };
  }

  async validateAccessKey(credentials: BrokerCredentials): Promise<boolean> {
    if (!credentials.accessKey) return false;
    return acceptedBy(() => this.call(() => this.client(credentials.accessKey).getProfile(), true));
  }

  async openSession(credentials: BrokerCredentials): Promise<BrokerSession> {
    if (!(await this.validateAccessKey(credentials)))
      throw new BrokerError('Zerodha session expired or invalid: connect Zerodha again (daily login)');
    return { token: credentials.accessKey, expiresAt: kiteSessionExpiry(this.now()) };
  }

  async placeOrder(credentials: BrokerCredentials, request: OrderRequest): Promise<Order> {
    let orderId: string;
    try {
      const params = kiteOrderParams(request, this.config.marketProtection ?? KITE_DEFAULT_MARKET_PROTECTION);
      const placed = await this.orderRequest(credentials, (kite) =>
        kite.placeOrder('regular', params as Parameters<Connect['placeOrder']>[1]),
      );
      orderId = String(placed.order_id);
    } catch (err) {
      const failure = kiteFailure(err);
      if (failure.kind === 'unreachable') throw new Error(failure.message);
      // Refused before it became an order: answered as a rejected order with Kite's reason.
      return rejectedOrder(request, failure.message, this.now());
    }
    return this.orderStatus(credentials, orderId);
  }

  async modifyOrder(credentials: BrokerCredentials, orderId: string, changes: OrderChanges): Promise<Order> {
    const current = await this.orderStatus(credentials, orderId);
    const orderType = changes.orderType ?? current.request.orderType;
    await this.orderCall(credentials, (kite) =>
      kite.modifyOrder('regular', orderId, {
        order_type: KITE_ORDER_TYPES[orderType],
        ...(changes.quantity !== undefined ? { quantity: changes.quantity } : {}),
        ...(changes.limitPrice != null ? { price: changes.limitPrice } : {}),
        ...(changes.triggerPrice != null ? { trigger_price: changes.triggerPrice } : {}),
        ...(orderType === 'market'
          ? { market_protection: this.config.marketProtection ?? KITE_DEFAULT_MARKET_PROTECTION }
          : {}),
      }),
    );
    return this.orderStatus(credentials, orderId);
  }

  async cancelOrder(credentials: BrokerCredentials, orderId: string): Promise<Order> {
    await this.orderCall(credentials, (kite) => kite.cancelOrder('regular', orderId));
    return this.orderStatus(credentials, orderId);
  }

  /** A modify or cancel: never retried (a 429 or a lost answer is thrown; the engine looks again before repeating). */
  private async orderCall<T>(credentials: BrokerCredentials, work: (kite: Connect) => Promise<T>): Promise<T> {
    try {
      return await this.orderRequest(credentials, work);
    } catch (err) {
      const failure = kiteFailure(err);
      if (failure.kind === 'unreachable') throw new Error(failure.message);
      throw new BrokerError(failure.message);
    }
  }

  private get marketProtection() {
    return this.config.marketProtection ?? KITE_DEFAULT_MARKET_PROTECTION;
  }

  /**
   * A delivery position's stop and target as one two-leg GTT (Kite keeps it a year, across days
   * and Trabot's absences); an intraday one's as an SL (or SL-M) order and a target LIMIT order, each
   * with its leg's tag. Refused, it is answered as a rejected protection with Kite's words.
   */
  async placeProtection(credentials: BrokerCredentials, request: ProtectionRequest): Promise<Protection> {
    if (request.product === 'delivery') {
      let triggerId: string;
      try {
        const placed = await this.orderRequest(credentials, (kite) => kite.placeGTT(gttParams(request)));
        triggerId = String(placed.trigger_id);
      } catch (err) {
        const failure = kiteFailure(err);
        if (failure.kind === 'unreachable') throw new Error(failure.message);
        return rejectedProtection(request, 'oco', failure.message, this.now());
      }
      return this.protectionStatus(credentials, triggerId);
    }
    const forms = protectionOrderForms(request, this.marketProtection);
    const stop = await this.placeLeg(credentials, forms.stop);
    if ('refused' in stop) return rejectedProtection(request, 'orders', stop.refused, this.now());
    const target = await this.placeLeg(credentials, forms.target);
    if ('refused' in target) {
      // Half a protection is not left resting: the stop goes too, and the refusal is answered with
      // the stop order as it ended (still resting, should Kite have refused its cancel).
      const stopOrder = await this.cancelOrder(credentials, stop.orderId).catch(() =>
        this.orderStatus(credentials, stop.orderId),
      );
      return rejectedProtection(request, 'orders', target.refused, this.now(), stopOrder);
    }
    return this.protectionStatus(credentials, ordersProtectionId(stop.orderId, target.orderId));
  }

  private async placeLeg(
    credentials: BrokerCredentials,
    form: Record<string, unknown>,
  ): Promise<{ orderId: string } | { refused: string }> {
    try {
      const placed = await this.orderRequest(credentials, (kite) =>
        kite.placeOrder('regular', form as Parameters<Connect['placeOrder']>[1]),
      );
      return { orderId: String(placed.order_id) };
    } catch (err) {
      const failure = kiteFailure(err);
      if (failure.kind === 'unreachable') throw new Error(failure.message);
      return { refused: failure.message };
    }
  }

  /** New levels or quantity: a GTT is replaced whole (PUT), an intraday protection's legs are modified each. */
  async modifyProtection(
    credentials: BrokerCredentials,
    protectionId: string,
    changes: ProtectionChanges,
  ): Promise<Protection> {
    const legs = ordersOfProtection(protectionId);
    if (!legs) {
      const current = await this.call(() => this.client(credentials.accessKey).getGTT(protectionId), true);
      const params = gttParams({ ...gttTerms(current), ...changes });
      await this.orderCall(credentials, (kite) => kite.modifyGTT(protectionId, params));
      return this.protectionStatus(credentials, protectionId);
    }
    const current = await this.protectionStatus(credentials, protectionId);
    const terms = { ...current.terms, ...changes };
    const quantity = changes.quantity !== undefined ? { quantity: terms.quantity } : {};
    if (changes.stop !== undefined || changes.stopLimit !== undefined || changes.quantity !== undefined)
      await this.orderCall(credentials, (kite) =>
        kite.modifyOrder('regular', legs.stop, {
          ...stopLegPrices(terms, this.marketProtection),
          ...quantity,
        } as Parameters<Connect['modifyOrder']>[2]),
      );
    if (changes.target !== undefined || changes.quantity !== undefined)
      await this.orderCall(credentials, (kite) =>
        kite.modifyOrder('regular', legs.target, { order_type: 'LIMIT', price: terms.target, ...quantity }),
      );
    return this.protectionStatus(credentials, protectionId);
  }

  /** Deletes the GTT, or cancels whichever of the two orders still rests. */
  async cancelProtection(credentials: BrokerCredentials, protectionId: string): Promise<Protection> {
    const legs = ordersOfProtection(protectionId);
    if (!legs) {
      await this.orderCall(credentials, (kite) => kite.deleteGTT(protectionId));
      return this.protectionStatus(credentials, protectionId);
    }
    const current = await this.protectionStatus(credentials, protectionId);
    for (const order of [current.orders.stop, current.orders.target])
      if (order && (order.state === 'open' || order.state === 'trigger_pending'))
        await this.orderCall(credentials, (kite) => kite.cancelOrder('regular', order.orderId));
    return this.protectionStatus(credentials, protectionId);
  }

  /**
   * Where the protection stands at Kite: the GTT (and, once triggered, the order it placed, with its
   * fill) or the two orders.
   */
  async protectionStatus(credentials: BrokerCredentials, protectionId: string): Promise<Protection> {
    const legs = ordersOfProtection(protectionId);
    if (legs) {
      const [stop, target] = await Promise.all([
        this.orderStatus(credentials, legs.stop),
        this.orderStatus(credentials, legs.target),
      ]);
      return fromLegOrders(protectionId, stop, target);
    }
    const trigger = await this.call(() => this.client(credentials.accessKey).getGTT(protectionId), true);
    const { executedOrderId } = fromKiteTrigger(trigger, null, this.now());
    const executed = executedOrderId ? await this.orderStatus(credentials, executedOrderId) : null;
    const { executedOrderId: _id, ...protection } = fromKiteTrigger(trigger, executed, this.now());
    return protection;
  }

  /** Kite's GTT list and the order book, read once each: every GTT with its placed order, if any. */
  async protectionBook(credentials: BrokerCredentials): Promise<Protection[]> {
    const triggers = await this.call(() => this.client(credentials.accessKey).getGTTs(), true);
    const placed = triggers.map((t) => fromKiteTrigger(t, null, this.now()).executedOrderId);
    const book = placed.some(Boolean)
      ? new Map((await this.orderBook(credentials)).map((o) => [o.orderId, o]))
      : new Map<string, Order>();
    return triggers.map((trigger, i) => {
      const { executedOrderId: _id, ...protection } = fromKiteTrigger(
        trigger,
        (placed[i] ? book.get(placed[i]) : null) ?? null,
        this.now(),
      );
      return protection;
    });
  }

  async orderStatus(credentials: BrokerCredentials, orderId: string): Promise<Order> {
    const history = await this.call(() => this.client(credentials.accessKey).getOrderHistory(orderId), true);
    const last = history.at(-1);
    if (!last) throw new BrokerError(`Zerodha knows no order ${orderId}`);
    return fromKiteOrder(last, this.now());
  }

  async orderBook(credentials: BrokerCredentials): Promise<Order[]> {
    const orders = await this.call(() => this.client(credentials.accessKey).getOrders(), true);
    return orders.map((o) => fromKiteOrder(o, this.now()));
  }

  /** Kite's net positions of the day (https://kite.trade/docs/connect/v3/portfolio/#positions), NSE's CNC and MIS. */
  async positions(credentials: BrokerCredentials): Promise<Position[]> {
    const { net } = await this.call(() => this.client(credentials.accessKey).getPositions(), true);
    return (
      net
        .filter((p) => p.product === 'CNC' || p.product === 'MIS')
        // A position may come without its last price (Kite's typings have it always).
        .map((p: Omit<(typeof net)[number], 'last_price'> & { last_price?: number }) => ({
          exchange: p.exchange,
          symbol: p.tradingsymbol,
          product: p.product === 'MIS' ? ('intraday' as const) : ('delivery' as const),
          quantity: p.quantity,
          averagePrice: p.average_price,
          lastPrice: p.last_price ?? null,
        }))
    );
  }

  /** Kite's LTP quote (`GET /quote/ltp?i=NSE:INFY`), keyed back to the bare symbols. */
  async lastPrices(credentials: BrokerCredentials, symbols: readonly string[]): Promise<Map<string, number>> {
    if (!symbols.length) return new Map();
    const quotes = await this.call(
      () => this.client(credentials.accessKey).getLTP(symbols.map((s) => `NSE:${s}`)),
      true,
      true,
    );
    return new Map(Object.entries(quotes).map(([key, quote]) => [key.replace(/^NSE:/, ''), quote.last_price]));
  }

  /**
   * The instrument tokens of NSE's equities by trading symbol, from Kite's instruments dump (a CSV
   * Kite rebuilds once a day): what its ticker subscribes by.
   */
  async instrumentTokens(accessToken: string): Promise<Map<string, number>> {
    const master = await this.instrumentMaster(accessToken);
    return new Map(master.map((i) => [i.tradingsymbol, i.token]));
  }

  /** NSE's equities in Kite's instruments dump: token, tick size and lot size by trading symbol. */
  async instrumentMaster(
    accessToken: string,
  ): Promise<{ tradingsymbol: string; token: number; tickSize: number; lotSize: number }[]> {
    const instruments = await this.call(() => this.client(accessToken).getInstruments('NSE'), true);
    return instruments
      .filter((i) => i.instrument_type === 'EQ')
      .map((i) => ({
        tradingsymbol: i.tradingsymbol,
        token: Number(i.instrument_token),
        tickSize: Number(i.tick_size),
        lotSize: Number(i.lot_size),
      }));
  }

  async funds(credentials: BrokerCredentials): Promise<Funds> {
    const margins = await this.call(() => this.client(credentials.accessKey).getMargins('equity'), true);
    const equity = margins as unknown as {
      net: number;
      available: { opening_balance: number };
      utilised: { debits: number };
    };
    return { opening: equity.available.opening_balance, used: equity.utilised.debits, available: equity.net };
  }
}
