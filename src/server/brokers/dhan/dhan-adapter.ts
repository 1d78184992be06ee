/**
 * Dhan through its documented REST API v2 (https://dhanhq.co/docs/v2/), behind the engine's
 * BrokerAdapter (Dhan publishes no Node client). The firm's access to Dhan is server configuration;
 * an account's credentials carry the member's access token of the day, sent as `access-token`.
 *
 * The daily login is one of Dhan's two consent flows (https://dhanhq.co/docs/v2/authentication):
 * - partner (a partner id and secret from Dhan, for platforms serving many users): the server opens
 *   a consent (`POST /partner/generate-consent`), sends the member to Dhan's login page for it
 *   (`/consent-login?consentId=`), and Dhan returns to the partner's redirect URL with a `tokenId`,
 *   exchanged for the session (`GET /partner/consume-consent`);
 * - individual (an API key and secret, which are one Dhan client's own): the same three steps as
 *   `POST /app/generate-consent?client_id=`, `/login/consentApp-login?consentAppId=` and
 *   `GET /app/consumeApp-consent`. Such a key serves that one client only.
 * Either way the session must be the account's own client's. Dhan's redirect does not carry a state
 * back: the callback takes the user's latest pending Dhan login.
 *
 * Every call waits its turn in Dhan's limits per user (orders 25 a second, other calls 20, quotes
 * 1), times out, and only reads are retried (once). Errors: DH-901 -> the session is gone
 * (reconnect); DH-904 / 429, DH-908 / DH-909 / 5xx, network, timeout -> unreachable (thrown: the
 * engine retries later through the order book); any other -> refused with Dhan's words.
 */
import type {
  BrokerAdapter,
  BrokerCredentials,
  BrokerSession,
  DailyLogin,
  Funds,
  LoginAccount,
  Order,
  OrderChanges,
  OrderRequest,
  Position,
  Protection,
  ProtectionChanges,
  ProtectionLeg,
  ProtectionRequest,
} from '../adapter';
import { acceptedBy, BrokerError, rejectedOrder, rejectedProtection } from '../adapter';
import { legsOfProtection, PlainOrderProtections } from '../order-protection';
import {
  dhanForeverBody,
  dhanForeverLegChange,
  foreverOcos,
  fromForeverOco,
  type DhanForeverRow,
} from './dhan-forever';
import { DailyFile, fetchTextFile } from '../daily-file';
import { istWallClock } from '@shared/ist';
import { brokerCall, jsonCall, type BrokerFailure, type JsonAnswer } from '../json-http';
import { routeAgent } from '../order-route';
import { UserBuckets, type Limit } from '../user-buckets';
import { parseCsv } from '@server/instruments/csv';
import { DHAN_ORDER_TYPES, dhanOrderBody, fromDhanOrder, type DhanOrder } from './dhan-orders';

export const DHAN_DEFAULT_ROOT = 'https://api.dhan.co';
export const DHAN_DEFAULT_AUTH_ROOT = 'https://auth.dhan.co';
export const DHAN_DEFAULT_SCRIP_MASTER_URL = 'https://images.dhan.co/api-data/api-scrip-master.csv';

/** Dhan's limits per user, per second (https://dhanhq.co/docs/v2/#rate-limit). */
export const DHAN_LIMITS: Record<'order' | 'other' | 'quote', number> = { order: 10, other: 20, quote: 1 };
/** Dhan's order APIs besides their 10 a second: 250 a minute, 1,000 an hour, 7,000 a day (same page). */
export const DHAN_ORDER_WINDOWS: readonly Limit[] = [
  { limit: 250, windowMs: 60_000 },
  { limit: 1_000, windowMs: 3_600_000 },
  { limit: 7_000, windowMs: 86_400_000 },
];
/** An API without a limit of its own counts 1 a second. */
const LIMIT_BY_API: Readonly<Partial<Record<string, number>>> = DHAN_LIMITS;
const limitsOf = (api: string): Limit[] => [
  { limit: LIMIT_BY_API[api] ?? 1, windowMs: 1_000 },
  ...(api === 'order' ? DHAN_ORDER_WINDOWS : []),
];

/** How the firm reaches Dhan: partner access (many clients) or one client's individual API key. */
export type DhanAccess = 'partner' | 'individual';

export interface DhanConfig {
  /** The individual API key and secret (used when no partner credentials are given). */
  apiKey?: string;
  apiSecret?: string;
  /** Dhan partner credentials: when given, every login goes through the partner consent flow. */
  partnerId?: string;
  partnerSecret?: string;
  root?: string;
  authRoot?: string;
  scripMasterUrl?: string;
  timeoutMs?: number;
  now?: () => Date;
}

const UNREACHABLE_CODES = new Set(['DH-904', 'DH-908', 'DH-909']);

export function dhanFailure(answer: JsonAnswer): BrokerFailure | null {
  const { status, body } = answer;
  if (status >= 200 && status < 300 && !body.errorCode) return null;
  const code = String(body.errorCode ?? '');
  const message = typeof body.errorMessage === 'string' && body.errorMessage ? body.errorMessage : `HTTP ${status}`;
  if (code === 'DH-901' || status === 401)
    return { kind: 'token', message: `Dhan session expired or invalid: ${message}` };
  if (UNREACHABLE_CODES.has(code) || status === 429 || status >= 500)
    return { kind: 'unreachable', message: `Dhan could not be reached: ${message}` };
  return { kind: 'refused', message };
}

/** On the consent calls DH-901 / 401 is the firm's own credentials refused, not a member's session. */
export function dhanAuthFailure(answer: JsonAnswer): BrokerFailure | null {
  const failure = dhanFailure(answer);
  return failure?.kind === 'token'
    ? {
        kind: 'refused',
        message: `Dhan refused the firm's credentials: ${String(answer.body.errorMessage ?? `HTTP ${answer.status}`)}`,
      }
    : failure;
}

/**
 * Protective orders: an intraday position's as two plain orders, a stop-loss and a target
 * (docs/decisions/2026-11-27-protective-orders-at-dhan.md); a delivery (CNC) position's as one
 * Forever Order OCO, which holds overnight (dhan-forever.ts,
 * docs/decisions/2026-11-28-dhan-forever-oco-for-delivery.md). A plain-order protection's id is
 * "<stop order id>/<target order id>", a forever order's its own order id.
 */
export class DhanAdapter extends PlainOrderProtections implements BrokerAdapter, DailyLogin {
  readonly name = 'dhan';
  readonly stateless = true;
  readonly access: DhanAccess;
  protected readonly now: () => Date;
  private readonly buckets: UserBuckets;
  private readonly securities: DailyFile<Map<string, string>>;

  constructor(private readonly config: DhanConfig) {
    super();
    if (config.partnerId && config.partnerSecret) this.access = 'partner';
    else if (config.apiKey && config.apiSecret) this.access = 'individual';
    else throw new Error('Dhan needs partner credentials or an API key and secret');
    this.now = config.now ?? (() => new Date());
    this.buckets = new UserBuckets(limitsOf, this.now);
    this.securities = new DailyFile(
      "Dhan's scrip master",
      async () => {
        const { records } = parseCsv(await fetchTextFile(config.scripMasterUrl ?? DHAN_DEFAULT_SCRIP_MASTER_URL));
        const equities = records.filter(
          (r) =>
            r.get('SEM_EXM_EXCH_ID') === 'NSE' &&
            r.get('SEM_INSTRUMENT_NAME') === 'EQUITY' &&
            r.get('SEM_SERIES') === 'EQ',
        );
        return new Map(equities.map((r) => [r.get('SEM_TRADING_SYMBOL'), r.get('SEM_SMST_SECURITY_ID')]));
      },
      this.now,
    );
  }

  /** The firm's own credentials, on the consent calls: the partner's, or the individual app's. */
  private get authHeaders(): Record<string, string> {
    return this.access === 'partner'
      ? { partner_id: this.config.partnerId!, partner_secret: this.config.partnerSecret! }
      : { app_id: this.config.apiKey!, app_secret: this.config.apiSecret! };
  }

  private get authRoot(): string {
    return this.config.authRoot ?? DHAN_DEFAULT_AUTH_ROOT;
  }

  /** A call that must succeed: its body, else a BrokerError (refused, token) or an Error (unreachable); reads retried once. */
  private async call(
    credentials: BrokerCredentials | null,
    api: 'order' | 'other' | 'quote' | 'auth',
    method: string,
    path: string,
    options: { body?: unknown; retry?: boolean } = {},
  ): Promise<unknown> {
    const root = api === 'auth' ? this.authRoot : (this.config.root ?? DHAN_DEFAULT_ROOT);
    const headers = credentials
      ? { 'access-token': credentials.accessKey, 'client-id': credentials.clientId }
      : this.authHeaders;
    // Order requests (place, modify, cancel) leave from the account's registered address.
    const agent =
      api === 'order' && credentials ? routeAgent(credentials.orderRoute ?? null, new URL(root)) : undefined;
    const send = async () => {
      const release = credentials ? await this.buckets.take(credentials.accessKey, api) : null;
      try {
        return await jsonCall(`${root}${path}`, {
          method,
          headers,
          body: options.body,
          timeoutMs: this.config.timeoutMs ?? 7_000,
          agent,
        });
      } finally {
        release?.();
      }
    };
    return brokerCall('Dhan', send, api === 'auth' ? dhanAuthFailure : dhanFailure, options.retry ?? false);
  }

  /**
   * Asks Dhan for a consent (a partner's, or the individual app's for the member's client id);
   * answers Dhan's login page for it.
   */
  async loginUrl(_state: string, account: LoginAccount): Promise<string> {
    if (this.access === 'partner') {
      const consent = (await this.call(null, 'auth', 'POST', '/partner/generate-consent')) as { consentId?: string };
      if (!consent.consentId) throw new BrokerError('Dhan did not open a consent for the login');
      const url = new URL('/consent-login', this.authRoot);
      url.searchParams.set('consentId', consent.consentId);
      return url.toString();
    }
    const consent = (await this.call(
      null,
      'auth',
      'POST',
      `/app/generate-consent?client_id=${encodeURIComponent(account.brokerClientId)}`,
    )) as { consentAppId?: string };
    if (!consent.consentAppId) throw new BrokerError('Dhan did not open a consent for the login');
    const url = new URL('/login/consentApp-login', this.authRoot);
    url.searchParams.set('consentAppId', consent.consentAppId);
    return url.toString();
  }

  /** Dhan's redirect carries a `tokenId`, exchanged for the session; it must be the account's own client's. */
  async completeLogin(query: Record<string, string>, account: LoginAccount): Promise<BrokerSession> {
    if (!query.tokenId) throw new BrokerError('Dhan did not complete the login');
    const consume = this.access === 'partner' ? '/partner/consume-consent' : '/app/consumeApp-consent';
    const consumed = (await this.call(
      null,
      'auth',
      'GET',
      `${consume}?tokenId=${encodeURIComponent(query.tokenId)}`,
    )) as { dhanClientId?: string; accessToken?: string; expiryTime?: string };
    if (!consumed.accessToken) throw new BrokerError('Dhan answered the login without an access token');
    if (consumed.dhanClientId !== account.brokerClientId) {
      throw new BrokerError(
        `This Dhan login is for client ${consumed.dhanClientId ?? 'unknown'}, not the account's ${account.brokerClientId}`,
      );
    }
    return {
      token: consumed.accessToken,
      expiresAt: istWallClock(consumed.expiryTime, new Date(this.now().getTime() + 86_400_000)),
    };
  }

  async validateAccessKey(credentials: BrokerCredentials): Promise<boolean> {
    if (!credentials.accessKey) return false;
    return acceptedBy(() => this.call(credentials, 'other', 'GET', '/v2/profile', { retry: true }));
  }

  /** The session as Dhan's profile reports it: valid until its tokenValidity ("30/03/2026 15:37", India's time). */
  async openSession(credentials: BrokerCredentials): Promise<BrokerSession> {
    let profile: { tokenValidity?: string };
    try {
      profile = (await this.call(credentials, 'other', 'GET', '/v2/profile', { retry: true })) as typeof profile;
    } catch (err) {
      if (err instanceof BrokerError)
        throw new BrokerError('Dhan session expired or invalid: connect Dhan again (daily login)');
      throw err;
    }
    const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(profile.tokenValidity ?? '');
    const expiresAt = m
      ? istWallClock(`${m[3]}-${m[2]}-${m[1]} ${m[4]}:${m[5]}:00`, this.now())
      : new Date(this.now().getTime() + 86_400_000);
    return { token: credentials.accessKey, expiresAt };
  }

  async placeOrder(credentials: BrokerCredentials, request: OrderRequest): Promise<Order> {
    const securityId = (await this.securities.get()).get(request.symbol);
    if (!securityId) return rejectedOrder(request, `Dhan lists no NSE equity ${request.symbol}`, this.now());
    let placed: { orderId: string };
    try {
      placed = (await this.call(credentials, 'order', 'POST', '/v2/orders', {
        body: dhanOrderBody(request, credentials.clientId, securityId),
      })) as typeof placed;
    } catch (err) {
      if (err instanceof BrokerError && !err.message.startsWith('Dhan session'))
        return rejectedOrder(request, err.message, this.now());
      throw err;
    }
    return this.orderStatus(credentials, placed.orderId);
  }

  async modifyOrder(credentials: BrokerCredentials, orderId: string, changes: OrderChanges): Promise<Order> {
    const { request } = await this.orderStatus(credentials, orderId);
    await this.call(credentials, 'order', 'PUT', `/v2/orders/${encodeURIComponent(orderId)}`, {
      body: {
        dhanClientId: credentials.clientId,
        orderId,
        orderType: DHAN_ORDER_TYPES[changes.orderType ?? request.orderType],
        quantity: changes.quantity ?? request.quantity,
        price: changes.limitPrice ?? request.limitPrice ?? 0,
        triggerPrice: changes.triggerPrice ?? request.triggerPrice ?? 0,
        disclosedQuantity: 0,
        validity: 'DAY',
      },
    });
    return this.orderStatus(credentials, orderId);
  }

  async cancelOrder(credentials: BrokerCredentials, orderId: string): Promise<Order> {
    await this.call(credentials, 'order', 'DELETE', `/v2/orders/${encodeURIComponent(orderId)}`);
    return this.orderStatus(credentials, orderId);
  }

  async orderStatus(credentials: BrokerCredentials, orderId: string): Promise<Order> {
    const order = (await this.call(credentials, 'other', 'GET', `/v2/orders/${encodeURIComponent(orderId)}`, {
      retry: true,
    })) as DhanOrder;
    return fromDhanOrder(order, this.now());
  }

  async orderBook(credentials: BrokerCredentials): Promise<Order[]> {
    const orders = (await this.call(credentials, 'other', 'GET', '/v2/orders', { retry: true })) as DhanOrder[];
    return orders.map((o) => fromDhanOrder(o, this.now()));
  }

  /** Both legs rest at Dhan: a delivery position's in the forever OCO, an intraday one's as two orders. */
  override watchesTarget(): boolean {
    return false;
  }

  override async placeProtection(credentials: BrokerCredentials, request: ProtectionRequest): Promise<Protection> {
    if (request.product !== 'delivery') return super.placeProtection(credentials, request);
    const { whole, stop } = request.clientOrderIds;
    const refused = (reason: string) => rejectedProtection(request, 'oco', reason, this.now(), null, whole ?? stop);
    const securityId = (await this.securities.get()).get(request.symbol);
    if (!securityId) return refused(`Dhan lists no NSE equity ${request.symbol}`);
    let placed: { orderId?: string; orderStatus?: string };
    try {
      placed = (await this.call(credentials, 'order', 'POST', '/v2/forever/orders', {
        body: dhanForeverBody(request, credentials.clientId, securityId),
      })) as typeof placed;
    } catch (err) {
      if (err instanceof BrokerError && !err.message.startsWith('Dhan session')) return refused(err.message);
      throw err;
    }
    if (!placed.orderId) return refused('Dhan answered the forever order without an id');
    if (placed.orderStatus === 'REJECTED') return refused('Dhan rejected the forever order');
    return this.protectionStatus(credentials, String(placed.orderId));
  }

  override async modifyProtection(
    credentials: BrokerCredentials,
    protectionId: string,
    changes: ProtectionChanges,
  ): Promise<Protection> {
    if (legsOfProtection(protectionId)) return super.modifyProtection(credentials, protectionId, changes);
    const current = await this.protectionStatus(credentials, protectionId);
    if (current.state !== 'active') return current;
    const terms = { ...current.terms, ...changes };
    const stopPrice = changes.stopLimit !== undefined ? (changes.stopLimit ?? terms.stop) : terms.stop;
    const wanted: Record<ProtectionLeg, { quantity: number; price: number; triggerPrice: number }> = {
      stop: { quantity: terms.quantity, price: stopPrice, triggerPrice: terms.stop },
      target: { quantity: terms.quantity, price: terms.target, triggerPrice: terms.target },
    };
    const held: Record<ProtectionLeg, { quantity: number; price: number; triggerPrice: number }> = {
      stop: {
        quantity: current.terms.quantity,
        price: current.terms.stopLimit ?? current.terms.stop,
        triggerPrice: current.terms.stop,
      },
      target: { quantity: current.terms.quantity, price: current.terms.target, triggerPrice: current.terms.target },
    };
    for (const leg of ['target', 'stop'] as const) {
      const want = wanted[leg];
      const was = held[leg];
      if (want.quantity === was.quantity && want.price === was.price && want.triggerPrice === was.triggerPrice)
        continue;
      await this.call(credentials, 'order', 'PUT', `/v2/forever/orders/${encodeURIComponent(protectionId)}`, {
        body: dhanForeverLegChange(credentials.clientId, protectionId, leg, want),
      });
    }
    return this.protectionStatus(credentials, protectionId);
  }

  override async cancelProtection(credentials: BrokerCredentials, protectionId: string): Promise<Protection> {
    if (legsOfProtection(protectionId)) return super.cancelProtection(credentials, protectionId);
    const before = await this.protectionStatus(credentials, protectionId);
    if (before.state !== 'active') return before;
    await this.call(credentials, 'order', 'DELETE', `/v2/forever/orders/${encodeURIComponent(protectionId)}`);
    // Deleted, it may leave Dhan's list: then it is cancelled as it was.
    const after = (await this.protectionBook(credentials)).find((p) => p.protectionId === protectionId);
    return after ?? { ...before, state: 'cancelled', updatedAt: this.now() };
  }

  override async protectionStatus(credentials: BrokerCredentials, protectionId: string): Promise<Protection> {
    if (legsOfProtection(protectionId)) return super.protectionStatus(credentials, protectionId);
    const found = (await this.protectionBook(credentials)).find((p) => p.protectionId === protectionId);
    if (!found) throw new BrokerError(`Dhan lists no forever order ${protectionId}`);
    return found;
  }

  /** The account's forever OCOs (`GET /v2/forever/orders`), a triggered one with the order Dhan placed for it. */
  override async protectionBook(credentials: BrokerCredentials): Promise<Protection[]> {
    const rows = (await this.call(credentials, 'other', 'GET', '/v2/forever/orders', {
      retry: true,
    })) as DhanForeverRow[] | null;
    const ocos = foreverOcos(rows ?? []);
    const anyTriggered = [...ocos.values()].some((legs) =>
      [legs.stop, legs.target].some((r) => r.orderStatus === 'TRADED' || r.orderStatus === 'TRIGGERED'),
    );
    const book = anyTriggered ? await this.orderBook(credentials) : null;
    return [...ocos].map(([id, legs]) => fromForeverOco(id, legs, book, this.now()));
  }

  /** Dhan's fund limits: the start-of-day limit, what is used and what is available (spelt "availabelBalance" by Dhan). */
  async funds(credentials: BrokerCredentials): Promise<Funds> {
    const f = (await this.call(credentials, 'other', 'GET', '/v2/fundlimit', { retry: true })) as {
      sodLimit: number;
      utilizedAmount: number;
      availabelBalance?: number;
      availableBalance?: number;
    };
    return { opening: f.sodLimit, used: f.utilizedAmount, available: f.availabelBalance ?? f.availableBalance ?? 0 };
  }

  async positions(credentials: BrokerCredentials): Promise<Position[]> {
    type Row = {
      tradingSymbol: string;
      exchangeSegment: string;
      productType: string;
      netQty: number;
      buyAvg: number;
      sellAvg: number;
    };
    const rows = (await this.call(credentials, 'other', 'GET', '/v2/positions', { retry: true })) as Row[];
    return rows
      .filter((p) => p.productType === 'CNC' || p.productType === 'INTRADAY')
      .map((p) => ({
        exchange: p.exchangeSegment.replace(/_EQ$/, ''),
        symbol: p.tradingSymbol,
        product: p.productType === 'INTRADAY' ? ('intraday' as const) : ('delivery' as const),
        quantity: p.netQty,
        averagePrice: p.netQty < 0 ? p.sellAvg : p.buyAvg,
        lastPrice: null,
      }));
  }

  async lastPrices(credentials: BrokerCredentials, symbols: readonly string[]): Promise<Map<string, number>> {
    const securities = await this.securities.get();
    const known = symbols.filter((s) => securities.has(s));
    if (!known.length) return new Map();
    const answer = (await this.call(credentials, 'quote', 'POST', '/v2/marketfeed/ltp', {
      body: { NSE_EQ: known.map((s) => Number(securities.get(s))) },
      retry: true,
    })) as {
      data?: { NSE_EQ?: Record<string, { last_price: number }> };
    };
    const prices = answer.data?.NSE_EQ ?? {};
    return new Map(
      known.flatMap((s) => (prices[securities.get(s)!] ? [[s, prices[securities.get(s)!]!.last_price] as const] : [])),
    );
  }
}
