/**
 * Angel One through its documented SmartAPI REST endpoints (https://smartapi.angelbroking.com/docs),
 * behind the engine's BrokerAdapter. Not through `smartapi-javascript`: on construction that
 * client looks up the machine's public IP from internet services, writes `error.log` into the
 * working directory and ships test frameworks as runtime dependencies
 * (docs/decisions/2026-11-25-angel-one-not-through-smartapi-javascript.md).
 *
 * The daily login is Angel's publisher login: the member logs in on Angel's page, which returns to
 * the app's redirect URL with the session's JWT (`auth_token`) and `state`; the JWT is checked with
 * a funds call before it is stored. Every call carries the app's API key (`X-PrivateKey`), the
 * session as a Bearer token and the client headers SmartAPI requires; waits its turn in Angel's
 * per-API limits for the user; times out; only reads are retried (once). Errors: AG8001/AG8002/
 * AG8003 (invalid, expired, missing token) -> reconnect; other `status: false` answers -> the
 * order is refused with Angel's words; "exceeding access rate", 429, 5xx, network, timeout ->
 * unreachable (thrown: the engine retries later through the order book).
 */
import os from 'node:os';
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
import { brokerCall, jsonCall, type BrokerFailure, type JsonAnswer } from '../json-http';
import { routeAgent, type OrderRoute } from '../order-route';
import { UserBuckets, type Limit } from '../user-buckets';
import {
  ANGEL_ORDER_TYPES,
  ANGEL_PRODUCTS,
  angelOrderBody,
  angelVariety,
  fromAngelOrder,
  splitAngelOrderId,
  type AngelInstrument,
  type AngelOrder,
} from './angelone-orders';

export const ANGELONE_DEFAULT_ROOT = 'https://apiconnect.angelone.in';
export const ANGELONE_DEFAULT_LOGIN_URL = 'https://smartapi.angelone.in/publisher-login';
export const ANGELONE_DEFAULT_SCRIP_MASTER_URL =
  'https://margincalculator.angelbroking.com/OpenAPI_File/files/OpenAPIScripMaster.json';

const ORDER_API = '/rest/secure/angelbroking/order/v1';
/**
 * Angel's published limits per user and API, per second (https://smartapi.angelbroking.com/docs/RateLimit);
 * order requests at SEBI's 10 a second for an algo not registered with the exchange (Angel's own 20).
 */
export const ANGELONE_LIMITS: Record<string, number> = {
  placeOrder: 10,
  modifyOrder: 10,
  cancelOrder: 10,
  details: 10,
  getOrderBook: 1,
  getRMS: 2,
  getPosition: 1,
  getProfile: 3,
  quote: 10,
};
/**
 * Angel's per-minute and per-hour windows ("Changes in API Rate Limit", SmartAPI forum topic 4387):
 * 500 a minute and 1,000 an hour for each order API; 500 and 5,000 for details and quotes.
 */
const LONGER_WINDOWS: Record<string, [number, number]> = {
  placeOrder: [500, 1_000],
  modifyOrder: [500, 1_000],
  cancelOrder: [500, 1_000],
  details: [500, 5_000],
  quote: [500, 5_000],
};
const limitsOf = (api: string): Limit[] => [
  { limit: ANGELONE_LIMITS[api] ?? 1, windowMs: 1_000 },
  ...(LONGER_WINDOWS[api]
    ? [
        { limit: LONGER_WINDOWS[api][0], windowMs: 60_000 },
        { limit: LONGER_WINDOWS[api][1], windowMs: 3_600_000 },
      ]
    : []),
];

const TOKEN_CODES = new Set(['AG8001', 'AG8002', 'AG8003']);

export interface AngelOneConfig {
  apiKey: string;
  root?: string;
  loginUrl?: string;
  scripMasterUrl?: string;
  /** The server's public IP as registered with Angel (SmartAPI's X-ClientPublicIP); the local address when unset. */
  publicIp?: string;
  timeoutMs?: number;
  now?: () => Date;
}

export function angelFailure(answer: JsonAnswer): BrokerFailure | null {
  const { status, body } = answer;
  if (status === 200 && body.status === true) return null;
  const message = typeof body.message === 'string' && body.message ? body.message : `HTTP ${status}`;
  if (TOKEN_CODES.has(String(body.errorcode)) || status === 401)
    return { kind: 'token', message: `Angel One session expired or invalid: ${message}` };
  if (status === 429 || status >= 500 || /exceeding access rate/i.test(message))
    return { kind: 'unreachable', message: `Angel One could not be reached: ${message}` };
  return { kind: 'refused', message };
}

/** Angel's sessions are taken to end at midnight in India, the earliest end its documentation mentions. */
export function angelSessionExpiry(now: Date): Date {
  return nextIstTime(now, '00:00');
}

/** The machine's first outside IPv4 address and its MAC, for SmartAPI's client headers. */
function localAddress(): { ip: string; mac: string } {
  for (const addresses of Object.values(os.networkInterfaces())) {
    const found = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return { ip: found.address, mac: found.mac };
  }
  return { ip: '127.0.0.1', mac: '00:00:00:00:00:00' };
}

// Protective orders: a stop-loss and a target as two plain orders (docs/decisions/2026-11-27-protective-orders-at-angel-one.md).
export class AngelOneAdapter extends PlainOrderProtections implements BrokerAdapter, DailyLogin {
  readonly name = 'angelone';
  protected readonly now: () => Date;
  private readonly buckets: UserBuckets;
  private readonly instruments: DailyFile<Map<string, AngelInstrument>>;
  private readonly client = localAddress();

  constructor(private readonly config: AngelOneConfig) {
    super();
    this.now = config.now ?? (() => new Date());
    this.buckets = new UserBuckets(limitsOf, this.now);
    this.instruments = new DailyFile(
      "Angel One's scrip master",
      async () => {
        // A row of the scrip master may come without a symbol.
        type Row = { token: string; symbol?: string | null; name: string; exch_seg: string };
        const rows = (await fetchJsonFile(config.scripMasterUrl ?? ANGELONE_DEFAULT_SCRIP_MASTER_URL)) as Row[];
        const equities = rows.filter(
          (r): r is Row & { symbol: string } => r.exch_seg === 'NSE' && r.symbol?.endsWith('-EQ') === true,
        );
        return new Map(equities.map((r) => [r.symbol.slice(0, -3), { token: r.token, tradingSymbol: r.symbol }]));
      },
      this.now,
    );
  }

  private headers(accessToken: string | null): Record<string, string> {
    return {
      'X-UserType': 'USER',
      'X-SourceID': 'WEB',
      'X-ClientLocalIP': this.client.ip,
      'X-ClientPublicIP': this.config.publicIp ?? this.client.ip,
      'X-MACAddress': this.client.mac,
      'X-PrivateKey': this.config.apiKey,
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    };
  }

  private async request(
    accessToken: string,
    api: string,
    method: string,
    path: string,
    body?: unknown,
    route?: OrderRoute,
  ): Promise<JsonAnswer> {
    const release = await this.buckets.take(accessToken, api);
    const root = this.config.root ?? ANGELONE_DEFAULT_ROOT;
    try {
      return await jsonCall(`${root}${path}`, {
        method,
        headers: this.headers(accessToken),
        body,
        timeoutMs: this.config.timeoutMs ?? 7_000,
        agent: routeAgent(route ?? null, new URL(root)),
      });
    } finally {
      release();
    }
  }

  /** A call that must succeed: its `data`, else a BrokerError (refused, token) or an Error (unreachable); reads retried once. */
  private async call(
    accessToken: string,
    api: string,
    method: string,
    path: string,
    options: { body?: unknown; retry?: boolean; route?: OrderRoute } = {},
  ): Promise<unknown> {
    return (
      await brokerCall(
        'Angel One',
        () => this.request(accessToken, api, method, path, options.body, options.route),
        angelFailure,
        options.retry ?? false,
      )
    ).data;
  }

  /** Angel's publisher login page for the app; `state` comes back with the session. */
  loginUrl(state: string): string {
    const url = new URL(this.config.loginUrl ?? ANGELONE_DEFAULT_LOGIN_URL);
    url.searchParams.set('api_key', this.config.apiKey);
    url.searchParams.set('state', state);
    return url.toString();
  }

  /** The redirect carries the session's JWT (`auth_token`); the callback checks it with a funds call before storing it. */
  async completeLogin(query: Record<string, string>): Promise<BrokerSession> {
    if (!query.auth_token) throw new BrokerError('Angel One did not complete the login');
    return { token: query.auth_token, expiresAt: angelSessionExpiry(this.now()) };
  }

  async validateAccessKey(credentials: BrokerCredentials): Promise<boolean> {
    if (!credentials.accessKey) return false;
    return acceptedBy(() =>
      this.call(credentials.accessKey, 'getProfile', 'GET', '/rest/secure/angelbroking/user/v1/getProfile', {
        retry: true,
      }),
    );
  }

  async openSession(credentials: BrokerCredentials): Promise<BrokerSession> {
    if (!(await this.validateAccessKey(credentials)))
      throw new BrokerError('Angel One session expired or invalid: connect Angel One again (daily login)');
    return { token: credentials.accessKey, expiresAt: angelSessionExpiry(this.now()) };
  }

  async placeOrder(credentials: BrokerCredentials, request: OrderRequest): Promise<Order> {
    const instrument = (await this.instruments.get()).get(request.symbol);
    if (!instrument) return rejectedOrder(request, `Angel One lists no NSE equity ${request.symbol}`, this.now());
    let placed: { orderid: string; uniqueorderid: string };
    try {
      placed = (await this.call(credentials.accessKey, 'placeOrder', 'POST', `${ORDER_API}/placeOrder`, {
        body: angelOrderBody(request, instrument),
        route: credentials.orderRoute,
      })) as typeof placed;
    } catch (err) {
      if (err instanceof BrokerError && !err.message.startsWith('Angel One session'))
        return rejectedOrder(request, err.message, this.now());
      throw err;
    }
    return this.orderStatus(credentials, `${placed.orderid}/${placed.uniqueorderid}`);
  }

  async modifyOrder(credentials: BrokerCredentials, orderId: string, changes: OrderChanges): Promise<Order> {
    const current = await this.orderStatus(credentials, orderId);
    const instrument = (await this.instruments.get()).get(current.request.symbol);
    const { request } = current;
    const orderType = changes.orderType ?? request.orderType;
    await this.call(credentials.accessKey, 'modifyOrder', 'POST', `${ORDER_API}/modifyOrder`, {
      body: {
        variety: angelVariety(orderType),
        orderid: splitAngelOrderId(orderId).orderid,
        ordertype: ANGEL_ORDER_TYPES[orderType],
        producttype: ANGEL_PRODUCTS[request.product],
        duration: 'DAY',
        price: String(changes.limitPrice ?? request.limitPrice ?? 0),
        triggerprice: String(changes.triggerPrice ?? request.triggerPrice ?? 0),
        quantity: String(changes.quantity ?? request.quantity),
        tradingsymbol: instrument?.tradingSymbol ?? `${request.symbol}-EQ`,
        symboltoken: instrument?.token ?? '',
        exchange: request.exchange,
      },
      route: credentials.orderRoute,
    });
    return this.orderStatus(credentials, orderId);
  }

  async cancelOrder(credentials: BrokerCredentials, orderId: string): Promise<Order> {
    const current = await this.orderStatus(credentials, orderId);
    await this.call(credentials.accessKey, 'cancelOrder', 'POST', `${ORDER_API}/cancelOrder`, {
      body: { variety: angelVariety(current.request.orderType), orderid: splitAngelOrderId(orderId).orderid },
      route: credentials.orderRoute,
    });
    return this.orderStatus(credentials, orderId);
  }

  async orderStatus(credentials: BrokerCredentials, orderId: string): Promise<Order> {
    const { uniqueorderid } = splitAngelOrderId(orderId);
    if (!uniqueorderid) throw new BrokerError(`Angel One knows no order ${orderId}`);
    const order = (await this.call(
      credentials.accessKey,
      'details',
      'GET',
      `${ORDER_API}/details/${encodeURIComponent(uniqueorderid)}`,
      { retry: true },
    )) as AngelOrder | null;
    if (!order) throw new BrokerError(`Angel One knows no order ${orderId}`);
    return fromAngelOrder(order, this.now());
  }

  async orderBook(credentials: BrokerCredentials): Promise<Order[]> {
    const orders = (await this.call(credentials.accessKey, 'getOrderBook', 'GET', `${ORDER_API}/getOrderBook`, {
      retry: true,
    })) as AngelOrder[] | null;
    return (orders ?? []).map((o) => fromAngelOrder(o, this.now()));
  }

  /** Angel's RMS limits: `net` is what is available, `utiliseddebits` what is used. */
  async funds(credentials: BrokerCredentials): Promise<Funds> {
    const rms = (await this.call(credentials.accessKey, 'getRMS', 'GET', '/rest/secure/angelbroking/user/v1/getRMS', {
      retry: true,
    })) as { net: string; utiliseddebits: string };
    const available = Number(rms.net);
    const used = Number(rms.utiliseddebits);
    return { opening: available + used, used, available };
  }

  async positions(credentials: BrokerCredentials): Promise<Position[]> {
    type Row = {
      exchange: string;
      tradingsymbol: string;
      producttype: string;
      netqty: string;
      avgnetprice: string;
      ltp?: string;
    };
    const rows = (await this.call(credentials.accessKey, 'getPosition', 'GET', `${ORDER_API}/getPosition`, {
      retry: true,
    })) as Row[] | null;
    return (rows ?? [])
      .filter((p) => p.producttype === 'DELIVERY' || p.producttype === 'INTRADAY')
      .map((p) => ({
        exchange: p.exchange,
        symbol: p.tradingsymbol.replace(/-EQ$/, ''),
        product: p.producttype === 'INTRADAY' ? ('intraday' as const) : ('delivery' as const),
        quantity: Number(p.netqty),
        averagePrice: Number(p.avgnetprice),
        lastPrice: p.ltp === undefined ? null : Number(p.ltp),
      }));
  }

  async lastPrices(credentials: BrokerCredentials, symbols: readonly string[]): Promise<Map<string, number>> {
    const instruments = await this.instruments.get();
    const known = symbols.filter((s) => instruments.has(s));
    if (!known.length) return new Map();
    const data = (await this.call(
      credentials.accessKey,
      'quote',
      'POST',
      '/rest/secure/angelbroking/market/v1/quote/',
      {
        body: { mode: 'LTP', exchangeTokens: { NSE: known.map((s) => instruments.get(s)!.token) } },
        retry: true,
      },
    )) as { fetched?: { tradingSymbol: string; ltp: number }[] };
    return new Map((data.fetched ?? []).map((q) => [q.tradingSymbol.replace(/-EQ$/, ''), Number(q.ltp)]));
  }
}
