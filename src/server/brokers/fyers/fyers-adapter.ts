/**
 * Fyers through its documented REST API v3 (https://myapi.fyers.in/docsv3), behind the engine's
 * BrokerAdapter. Not through `fyers-api-v3`: that client has its API root fixed in a module-level
 * config (it cannot be pointed at a local server without patching it), sets no request timeout,
 * and by default appends every call, the app secret of the token exchange included, to a log file
 * in the working directory (docs/decisions/2026-11-25-fyers-through-its-rest-api-not-fyers.md).
 *
 * The firm's app (app id such as `XB12345-100`, secret, registered redirect URL) is server
 * configuration; an account's credentials carry the member's access token of the day. Every call
 * waits its turn in Fyers's published limits (10 requests a second and 200 a minute, per user),
 * times out, and only reads are retried (once). Errors: HTTP 401 or codes -8/-15/-16/-17 -> the
 * session is gone (reconnect); a refusal of an order (HTTP 400, or `s: "error"` with the id of
 * an order the RMS rejected) -> a rejected order with Fyers's words; 429, 5xx, network, timeout ->
 * unreachable (thrown: the engine retries later through the order book).
 */
import { createHash } from 'node:crypto';
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
import { brokerCall, jsonCall, Unreachable, type BrokerFailure, type JsonAnswer } from '../json-http';
import { routeAgent, type OrderRoute } from '../order-route';
import { UserBuckets } from '../user-buckets';
import { nextSixAmIst } from '../session-expiry';
import {
  bareSymbol,
  FYERS_ORDER_TYPES,
  fromFyersOrder,
  fyersOrderBody,
  fyersSymbol,
  type FyersOrder,
} from './fyers-orders';

export const FYERS_DEFAULT_ROOT = 'https://api-t1.fyers.in';
/** Fyers: 10 requests a second and 200 a minute, per user (https://myapi.fyers.in/docsv3/#section/Rate-Limit). */
export const FYERS_LIMITS = [
  { limit: 10, windowMs: 1_000 },
  { limit: 200, windowMs: 60_000 },
] as const;

const TOKEN_CODES = new Set([-8, -15, -16, -17]);

export interface FyersConfig {
  appId: string;
  secret: string;
  /** The redirect URL registered with the app (…/api/brokers/fyers/callback). */
  redirectUrl: string;
  root?: string;
  timeoutMs?: number;
  now?: () => Date;
}

/** What a Fyers answer means: ok, or why not. */
export function fyersFailure(answer: JsonAnswer): BrokerFailure | null {
  const { status, body } = answer;
  if (status === 200 && body.s === 'ok') return null;
  const message = typeof body.message === 'string' && body.message ? body.message : `HTTP ${status}`;
  if (status === 401 || TOKEN_CODES.has(Number(body.code)))
    return { kind: 'token', message: `Fyers session expired or invalid: ${message}` };
  if (status === 429 || Number(body.code) === 429 || status >= 500)
    return { kind: 'unreachable', message: `Fyers could not be reached: ${message}` };
  return { kind: 'refused', message };
}

// Protective orders: a stop-loss and a target as two plain orders (docs/decisions/2026-11-27-protective-orders-at-fyers.md).
export class FyersAdapter extends PlainOrderProtections implements BrokerAdapter, DailyLogin {
  readonly name = 'fyers';
  protected readonly now: () => Date;
  private readonly buckets: UserBuckets;

  constructor(private readonly config: FyersConfig) {
    super();
    this.now = config.now ?? (() => new Date());
    this.buckets = new UserBuckets(() => FYERS_LIMITS, this.now);
  }

  private get root() {
    return this.config.root ?? FYERS_DEFAULT_ROOT;
  }

  /** One request in the user's turn; an order request (`route` given) leaves from the account's registered address. */
  private async request(
    accessToken: string | null,
    method: string,
    path: string,
    body?: unknown,
    route?: OrderRoute,
  ): Promise<JsonAnswer> {
    const release = accessToken ? await this.buckets.take(accessToken) : null;
    try {
      return await jsonCall(`${this.root}${path}`, {
        method,
        headers: accessToken ? { authorization: `${this.config.appId}:${accessToken}` } : {},
        body,
        timeoutMs: this.config.timeoutMs ?? 7_000,
        agent: routeAgent(route ?? null, new URL(this.root)),
      });
    } finally {
      release?.();
    }
  }

  /** A call that must succeed: its body, else a BrokerError (refused, token) or an Error (unreachable); reads retried once. */
  private call(
    accessToken: string | null,
    method: string,
    path: string,
    options: { body?: unknown; retry?: boolean; route?: OrderRoute } = {},
  ): Promise<Record<string, unknown>> {
    return brokerCall(
      'Fyers',
      () => this.request(accessToken, method, path, options.body, options.route),
      fyersFailure,
      options.retry ?? false,
    );
  }

  /** Fyers's login page for the app, `state` carried back to the redirect URL untouched. */
  loginUrl(state: string): string {
    const url = new URL('/api/v3/generate-authcode', this.root);
    url.search = new URLSearchParams({
      client_id: this.config.appId,
      redirect_uri: this.config.redirectUrl,
      response_type: 'code',
      state,
    }).toString();
    return url.toString();
  }

  /** The redirect carries `s=ok` and the `auth_code`, exchanged with SHA-256("app_id:secret"). */
  async completeLogin(query: Record<string, string>): Promise<BrokerSession> {
    if (query.s !== 'ok' || !query.auth_code) throw new BrokerError('Fyers did not complete the login');
    const appIdHash = createHash('sha256').update(`${this.config.appId}:${this.config.secret}`).digest('hex');
    const body = await this.call(null, 'POST', '/api/v3/validate-authcode', {
      body: { grant_type: 'authorization_code', appIdHash, code: query.auth_code },
    });
    if (typeof body.access_token !== 'string')
      throw new BrokerError('Fyers answered the login without an access token');
    return { token: body.access_token, expiresAt: nextSixAmIst(this.now()) };
  }

  async validateAccessKey(credentials: BrokerCredentials): Promise<boolean> {
    if (!credentials.accessKey) return false;
    return acceptedBy(() => this.call(credentials.accessKey, 'GET', '/api/v3/profile', { retry: true }));
  }

  async openSession(credentials: BrokerCredentials): Promise<BrokerSession> {
    if (!(await this.validateAccessKey(credentials)))
      throw new BrokerError('Fyers session expired or invalid: connect Fyers again (daily login)');
    return { token: credentials.accessKey, expiresAt: nextSixAmIst(this.now()) };
  }

  async placeOrder(credentials: BrokerCredentials, request: OrderRequest): Promise<Order> {
    let answer: JsonAnswer;
    try {
      answer = await this.request(
        credentials.accessKey,
        'POST',
        '/api/v3/orders/sync',
        fyersOrderBody(request),
        credentials.orderRoute,
      );
    } catch (err) {
      if (err instanceof Unreachable) throw new Error(`Fyers could not be reached: ${err.message}`);
      throw err;
    }
    const failure = fyersFailure(answer);
    const id = typeof answer.body.id === 'string' && answer.body.id ? answer.body.id : null;
    // An order the RMS rejected has an id: its book entry says why.
    if (id) return this.orderStatus(credentials, id);
    if (failure?.kind === 'unreachable') throw new Error(failure.message);
    if (failure?.kind === 'token') throw new BrokerError(failure.message);
    return rejectedOrder(request, failure?.message ?? 'Fyers answered without an order id', this.now());
  }

  async modifyOrder(credentials: BrokerCredentials, orderId: string, changes: OrderChanges): Promise<Order> {
    const current = await this.orderStatus(credentials, orderId);
    await this.call(credentials.accessKey, 'PATCH', '/api/v3/orders/sync', {
      body: {
        id: orderId,
        type: FYERS_ORDER_TYPES[changes.orderType ?? current.request.orderType],
        ...(changes.quantity !== undefined ? { qty: changes.quantity } : {}),
        ...(changes.limitPrice != null ? { limitPrice: changes.limitPrice } : {}),
        ...(changes.triggerPrice != null ? { stopPrice: changes.triggerPrice } : {}),
      },
      route: credentials.orderRoute,
    });
    return this.orderStatus(credentials, orderId);
  }

  async cancelOrder(credentials: BrokerCredentials, orderId: string): Promise<Order> {
    await this.call(credentials.accessKey, 'DELETE', '/api/v3/orders/sync', {
      body: { id: orderId },
      route: credentials.orderRoute,
    });
    return this.orderStatus(credentials, orderId);
  }

  async orderStatus(credentials: BrokerCredentials, orderId: string): Promise<Order> {
    const body = await this.call(credentials.accessKey, 'GET', `/api/v3/orders?id=${encodeURIComponent(orderId)}`, {
      retry: true,
    });
    const order = (body.orderBook as FyersOrder[] | undefined)?.find((o) => String(o.id) === orderId);
    if (!order) throw new BrokerError(`Fyers knows no order ${orderId}`);
    return fromFyersOrder(order, this.now());
  }

  async orderBook(credentials: BrokerCredentials): Promise<Order[]> {
    const body = await this.call(credentials.accessKey, 'GET', '/api/v3/orders', { retry: true });
    return ((body.orderBook as FyersOrder[] | undefined) ?? []).map((o) => fromFyersOrder(o, this.now()));
  }

  /** Fyers's fund limits: "Limit at start of the day" (id 9), "Utilized Amount" (2), "Available Balance" (10), equity. */
  async funds(credentials: BrokerCredentials): Promise<Funds> {
    const body = await this.call(credentials.accessKey, 'GET', '/api/v3/funds', { retry: true });
    const rows = (body.fund_limit as { id: number; equityAmount: number }[] | undefined) ?? [];
    const amount = (id: number) => rows.find((r) => r.id === id)?.equityAmount ?? 0;
    return { opening: amount(9), used: amount(2), available: amount(10) };
  }

  async positions(credentials: BrokerCredentials): Promise<Position[]> {
    const body = await this.call(credentials.accessKey, 'GET', '/api/v3/positions', { retry: true });
    const rows =
      (body.netPositions as
        { symbol: string; productType: string; netQty: number; netAvg: number; ltp?: number }[] | undefined) ?? [];
    return rows
      .filter((p) => p.productType === 'CNC' || p.productType === 'INTRADAY')
      .map((p) => ({
        exchange: p.symbol.split(':')[0] ?? 'NSE',
        symbol: bareSymbol(p.symbol),
        product: p.productType === 'INTRADAY' ? ('intraday' as const) : ('delivery' as const),
        quantity: p.netQty,
        averagePrice: p.netAvg,
        lastPrice: p.ltp ?? null,
      }));
  }

  async lastPrices(credentials: BrokerCredentials, symbols: readonly string[]): Promise<Map<string, number>> {
    if (!symbols.length) return new Map();
    const list = symbols.map((symbol) => fyersSymbol({ exchange: 'NSE', symbol })).join(',');
    const body = await this.call(credentials.accessKey, 'GET', `/data/quotes?symbols=${encodeURIComponent(list)}`, {
      retry: true,
    });
    const quotes = (body.d as { n: string; s: string; v: { lp?: number } }[] | undefined) ?? [];
    return new Map(
      quotes.filter((q) => q.s === 'ok' && typeof q.v.lp === 'number').map((q) => [bareSymbol(q.n), q.v.lp!]),
    );
  }
}
