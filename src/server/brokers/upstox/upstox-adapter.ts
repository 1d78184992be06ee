/**
 * Upstox through its official client, `upstox-js-sdk` (orders placed through API v3, everything
 * else through v2), behind the engine's BrokerAdapter.
 * The firm's app (API key, secret, registered redirect URL) is server configuration; an account's
 * credentials carry the member's access token of the day, which Upstox ends at 03:30 IST the next
 * morning. Each call gets its own ApiClient (the SDK's shared `ApiClient.instance` holds one token
 * for the whole process), waits its turn in Upstox's published limits per user (50 a second, 500 a
 * minute, 2,000 in 30 minutes), times out, and only reads are retried (once).
 *
 * Orders name instruments by Upstox's instrument key (`NSE_EQ|<ISIN>`), read once a day from
 * Upstox's instruments file (UPSTOX_INSTRUMENTS_URL). A market order carries `market_protection`
 * (MARKET_PROTECTION, default -1: Upstox's automatic band), which only the v3 place takes; an
 * algo's order requests (place, modify and cancel) name the algo in the `X-Algo-Name` header (the
 * Algo Name configured on the app in Upstox's My Apps, mapped there to the exchange Algo ID: Trabot
 * sends the exchange Algo ID, so the app's Algo Name must be that id). Errors, as Upstox documents them: HTTP 401 /
 * UDAPI100050 -> the session is gone (reconnect); other 4xx -> the order is refused with Upstox's
 * words; 429, 5xx, network, timeout -> unreachable (thrown: the engine retries later through the
 * order book).
 */
import {
  ApiClient,
  LoginApi,
  MarketQuoteApi,
  OrderApi,
  OrderApiV3,
  PortfolioApi,
  UserApi,
  type Callback,
} from 'upstox-js-sdk';
import { nextIstTime } from '@shared/ist';
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
} from '../adapter';
import { acceptedBy, BrokerError, rejectedOrder } from '../adapter';
import { PlainOrderProtections } from '../order-protection';
import { DailyFile, fetchJsonFile } from '../daily-file';
import { routeAgent, type OrderRoute } from '../order-route';
import { UserBuckets } from '../user-buckets';
import {
  fromUpstoxOrder,
  UPSTOX_DEFAULT_MARKET_PROTECTION,
  UPSTOX_ORDER_TYPES,
  upstoxOrderBody,
} from './upstox-orders';

export const UPSTOX_DEFAULT_ROOT = 'https://api.upstox.com';
export const UPSTOX_DEFAULT_INSTRUMENTS_URL = 'https://assets.upstox.com/market-quote/instruments/exchange/NSE.json.gz';
/**
 * Upstox's order APIs (place, modify, cancel) for an algo not registered with the exchange, per
 * user and API: 10 a second, 500 a minute, 2,000 in 30 minutes
 * (https://upstox.com/developer/api-documentation/rate-limiting, after NSE's circular of 5 May 2025).
 */
export const UPSTOX_ORDER_LIMITS = [
  { limit: 10, windowMs: 1_000 },
  { limit: 500, windowMs: 60_000 },
  { limit: 2_000, windowMs: 30 * 60_000 },
] as const;
/** Upstox's standard limits per user and API for the other APIs (same page). */
export const UPSTOX_LIMITS = [
  { limit: 50, windowMs: 1_000 },
  { limit: 500, windowMs: 60_000 },
  { limit: 2_000, windowMs: 30 * 60_000 },
] as const;
const API_VERSION = '2.0';

export interface UpstoxConfig {
  apiKey: string;
  apiSecret: string;
  /** The redirect URL registered with the app (…/api/brokers/upstock/callback). */
  redirectUrl: string;
  /** API root for every call, orders included (tests: a local server); unset, the SDK's own hosts. */
  root?: string;
  instrumentsUrl?: string;
  /** MARKET_PROTECTION: the band, in percent, a market order may fill within (Upstox takes 0-25); -1 (default): Upstox's own band. */
  marketProtection?: number;
  timeoutMs?: number;
  now?: () => Date;
}

type SdkError = Parameters<Callback<unknown>>[0];
type Failure = { kind: 'token' | 'refused' | 'unreachable'; message: string };

/** Why Upstox said no, from the SDK's error (HTTP status and Upstox's `errors[]`). */
export function upstoxFailure(err: SdkError): Failure {
  const body = (err?.response?.body ?? {}) as { errors?: { errorCode?: string; message?: string }[] };
  const first = body.errors?.[0];
  const message = first?.message ?? err?.message ?? 'unknown error';
  const status = err?.status;
  if (status === 401 || first?.errorCode === 'UDAPI100050')
    return { kind: 'token', message: `Upstox session expired or invalid: ${message}` };
  if (!status || status === 429 || status >= 500) {
    const why = err?.timeout ? 'no answer in time' : message;
    return { kind: 'unreachable', message: `Upstox could not be reached: ${why}` };
  }
  return { kind: 'refused', message };
}

/** Upstox's tokens end at 03:30 IST the next morning. */
export function upstoxSessionExpiry(now: Date): Date {
  return nextIstTime(now, '03:30');
}

interface InstrumentRow {
  segment?: string;
  instrument_type?: string;
  trading_symbol?: string;
  instrument_key?: string;
}

// Protective orders: a stop-loss and a target as two plain orders (docs/decisions/2026-11-27-protective-orders-at-upstox.md).
export class UpstoxAdapter extends PlainOrderProtections implements BrokerAdapter, DailyLogin {
  readonly name = 'upstock';
  protected readonly now: () => Date;
  private readonly buckets: UserBuckets;
  private readonly keys: DailyFile<Map<string, string>>;

  constructor(private readonly config: UpstoxConfig) {
    super();
    this.now = config.now ?? (() => new Date());
    this.buckets = new UserBuckets((api) => (api === 'order' ? UPSTOX_ORDER_LIMITS : UPSTOX_LIMITS), this.now);
    this.keys = new DailyFile(
      "Upstox's instruments",
      async () => {
        const rows = (await fetchJsonFile(config.instrumentsUrl ?? UPSTOX_DEFAULT_INSTRUMENTS_URL)) as InstrumentRow[];
        return new Map(
          rows
            .filter((r) => r.segment === 'NSE_EQ' && r.instrument_type === 'EQ' && r.trading_symbol && r.instrument_key)
            .map((r) => [r.trading_symbol!, r.instrument_key!]),
        );
      },
      this.now,
    );
  }

  private client(accessToken?: string, route?: OrderRoute): ApiClient {
    const client = new ApiClient();
    // An order request leaves from the account's registered address (superagent's agent).
    const agent = routeAgent(route ?? null, new URL(this.config.root ?? UPSTOX_DEFAULT_ROOT));
    if (agent) client.requestAgent = agent;
    if (this.config.root) {
      client.basePath = this.config.root;
      client.orderBasePath = this.config.root;
    }
    client.timeout = this.config.timeoutMs ?? 7_000;
    if (accessToken) client.authentications.OAUTH2.accessToken = accessToken;
    return client;
  }

  /** One SDK call in the user's turn; reads may be retried once when Upstox could not be reached. */
  private async call<T>(
    accessToken: string | null,
    work: (client: ApiClient, done: Callback<T>) => void,
    retry: boolean,
    route?: OrderRoute,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      // Order requests (a route given) count in the order APIs' own limits.
      const release = accessToken ? await this.buckets.take(accessToken, route === undefined ? '' : 'order') : null;
      const client = this.client(accessToken ?? undefined, route ?? undefined);
      const answer = await new Promise<{ data: T } | { failure: Failure }>((resolve) => {
        try {
          work(client, (error, data) => resolve(error ? { failure: upstoxFailure(error) } : { data }));
        } catch (err) {
          resolve({ failure: { kind: 'refused', message: err instanceof Error ? err.message : String(err) } });
        }
      });
      release?.();
      if ('data' in answer) return answer.data;
      if (answer.failure.kind === 'unreachable' && retry && attempt === 1) continue;
      if (answer.failure.kind === 'unreachable') throw new Error(answer.failure.message);
      throw new BrokerError(answer.failure.message);
    }
  }

  /** NSE equities' instrument keys by trading symbol, from Upstox's instruments file (gzip JSON), once a day. */
  instrumentKeys(): Promise<Map<string, string>> {
    return this.keys.get();
  }

  /** Upstox's authorization dialog for the app, `state` carried back to the redirect URL. */
  loginUrl(state: string): string {
    const url = new URL('/v2/login/authorization/dialog', this.config.root ?? UPSTOX_DEFAULT_ROOT);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.apiKey,
      redirect_uri: this.config.redirectUrl,
      state,
    }).toString();
    return url.toString();
  }

  /** The redirect carries the `code`, exchanged with the app's key, secret and redirect URL. */
  async completeLogin(query: Record<string, string>): Promise<BrokerSession> {
    if (!query.code) throw new BrokerError('Upstox did not complete the login');
    const opts = {
      code: query.code,
      clientId: this.config.apiKey,
      clientSecret: this.config.apiSecret,
      redirectUri: this.config.redirectUrl,
      grantType: 'authorization_code',
    };
    const token = await this.call<{ accessToken: string }>(
      null,
      (client, done) => new LoginApi(client).token(API_VERSION, opts, done),
      false,
    );
    if (!token.accessToken) throw new BrokerError('Upstox answered the login without an access token');
    return { token: token.accessToken, expiresAt: upstoxSessionExpiry(this.now()) };
  }

  async validateAccessKey(credentials: BrokerCredentials): Promise<boolean> {
    if (!credentials.accessKey) return false;
    return acceptedBy(() =>
      this.call(credentials.accessKey, (client, done) => new UserApi(client).getProfile(API_VERSION, done), true),
    );
  }

  async openSession(credentials: BrokerCredentials): Promise<BrokerSession> {
    if (!(await this.validateAccessKey(credentials)))
      throw new BrokerError('Upstox session expired or invalid: connect Upstox again (daily login)');
    return { token: credentials.accessKey, expiresAt: upstoxSessionExpiry(this.now()) };
  }

  async placeOrder(credentials: BrokerCredentials, request: OrderRequest): Promise<Order> {
    const rejected = (reason: string) => rejectedOrder(request, reason, this.now());
    const key = (await this.instrumentKeys()).get(request.symbol);
    if (!key) return rejected(`Upstox lists no NSE equity ${request.symbol}`);
    const body = upstoxOrderBody(request, key, this.marketProtection);
    let orderIds: string[];
    try {
      const placed = await this.call<{ data?: { orderIds?: string[] } }>(
        credentials.accessKey,
        (client, done) => new OrderApiV3(client).placeOrder(body, {}, done, request.exchangeAlgoId ?? undefined),
        false,
        credentials.orderRoute ?? null,
      );
      orderIds = placed.data?.orderIds ?? [];
    } catch (err) {
      // Refused before it became an order: a rejected order with Upstox's words; a dead session or no answer is thrown.
      if (err instanceof BrokerError && !err.message.startsWith('Upstox session')) return rejected(err.message);
      throw err;
    }
    // Unsliced, Upstox answers one id; none would leave the order unknown: thrown, so the engine looks it up by its tag.
    const orderId = orderIds[0];
    if (!orderId) throw new Error('Upstox answered the order without an order id: it is looked up by its tag');
    return this.orderStatus(credentials, orderId);
  }

  private get marketProtection(): number {
    return this.config.marketProtection ?? UPSTOX_DEFAULT_MARKET_PROTECTION;
  }

  async modifyOrder(
    credentials: BrokerCredentials,
    orderId: string,
    changes: OrderChanges,
    exchangeAlgoId?: string | null,
  ): Promise<Order> {
    const current = await this.orderStatus(credentials, orderId);
    const orderType = changes.orderType ?? current.request.orderType;
    const body = {
      orderId,
      orderType: UPSTOX_ORDER_TYPES[orderType],
      validity: 'DAY',
      quantity: changes.quantity ?? current.request.quantity,
      price: changes.limitPrice ?? current.request.limitPrice ?? 0,
      triggerPrice: changes.triggerPrice ?? current.request.triggerPrice ?? 0,
      disclosedQuantity: 0,
      // A market order stays protected when modified (the SDK's v2 modify takes the field too).
      ...(orderType === 'market' ? { marketProtection: this.marketProtection } : {}),
    };
    await this.call(
      credentials.accessKey,
      (client, done) => new OrderApi(client).modifyOrder(body, API_VERSION, done, exchangeAlgoId ?? undefined),
      false,
      credentials.orderRoute ?? null,
    );
    return this.orderStatus(credentials, orderId);
  }

  async cancelOrder(credentials: BrokerCredentials, orderId: string, exchangeAlgoId?: string | null): Promise<Order> {
    await this.call(
      credentials.accessKey,
      (client, done) => new OrderApi(client).cancelOrder(orderId, API_VERSION, done, exchangeAlgoId ?? undefined),
      false,
      credentials.orderRoute ?? null,
    );
    return this.orderStatus(credentials, orderId);
  }

  async orderStatus(credentials: BrokerCredentials, orderId: string): Promise<Order> {
    const answer = await this.call<{ data: Parameters<typeof fromUpstoxOrder>[0] }>(
      credentials.accessKey,
      (client, done) => new OrderApi(client).getOrderStatus({ orderId }, done),
      true,
    );
    return fromUpstoxOrder(answer.data, this.now());
  }

  async orderBook(credentials: BrokerCredentials): Promise<Order[]> {
    const answer = await this.call<{ data?: Parameters<typeof fromUpstoxOrder>[0][] }>(
      credentials.accessKey,
      (client, done) => new OrderApi(client).getOrderBook(API_VERSION, done),
      true,
    );
    return (answer.data ?? []).map((o) => fromUpstoxOrder(o, this.now()));
  }

  /** The equity segment's margins: available and used; the day's start is their sum. */
  async funds(credentials: BrokerCredentials): Promise<Funds> {
    const answer = await this.call<{ data: { equity?: { usedMargin: number; availableMargin: number } } }>(
      credentials.accessKey,
      (client, done) => new UserApi(client).getUserFundMargin(API_VERSION, { segment: 'SEC' }, done),
      true,
    );
    const equity = answer.data.equity ?? { usedMargin: 0, availableMargin: 0 };
    return {
      opening: equity.availableMargin + equity.usedMargin,
      used: equity.usedMargin,
      available: equity.availableMargin,
    };
  }

  async positions(credentials: BrokerCredentials): Promise<Position[]> {
    type Row = {
      exchange: string;
      tradingSymbol?: string;
      tradingsymbol?: string;
      product: string;
      quantity: number;
      averagePrice?: number;
      buyPrice?: number;
      lastPrice?: number;
    };
    const answer = await this.call<{ data?: Row[] }>(
      credentials.accessKey,
      (client, done) => new PortfolioApi(client).getPositions(API_VERSION, done),
      true,
    );
    return (answer.data ?? [])
      .filter((p) => p.product === 'D' || p.product === 'I')
      .map((p) => ({
        exchange: p.exchange,
        symbol: p.tradingSymbol ?? p.tradingsymbol ?? '',
        product: p.product === 'I' ? ('intraday' as const) : ('delivery' as const),
        quantity: p.quantity,
        averagePrice: p.averagePrice ?? p.buyPrice ?? 0,
        lastPrice: p.lastPrice ?? null,
      }));
  }

  /** Upstox's LTP quote by instrument key; its answer is keyed `NSE_EQ:<symbol>`. */
  async lastPrices(credentials: BrokerCredentials, symbols: readonly string[]): Promise<Map<string, number>> {
    const keys = await this.instrumentKeys();
    const known = symbols.filter((s) => keys.has(s));
    if (!known.length) return new Map();
    const answer = await this.call<{ data?: Record<string, { lastPrice: number }> }>(
      credentials.accessKey,
      (client, done) => new MarketQuoteApi(client).ltp(known.map((s) => keys.get(s)).join(','), API_VERSION, done),
      true,
    );
    return new Map(
      Object.entries(answer.data ?? {}).map(([key, quote]) => [key.replace(/^NSE_EQ:/, ''), quote.lastPrice]),
    );
  }
}
