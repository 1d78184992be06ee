/**
 * A local server that speaks Kite Connect v3's wire format (https://kite.trade/docs/connect/v3/),
 * request by request, for the Zerodha adapter's contract tests: the token exchange with its
 * checksum, `Authorization: token api_key:access_token` and `X-Kite-Version: 3` on every call,
 * form-encoded orders validated as Kite validates them (InputException), orders that fill, rest,
 * wait for their trigger, fill in part, or are rejected by the RMS for funds, the order book with
 * tags, margins, and Kite's error envelope `{status: "error", message, error_type}` with its HTTP
 * codes (403 token, 400 input, 429 rate, 5xx network). Controls let a test move prices, fail or
 * delay the next call and cap the rate.
 *
 * As strict as Kite since 1 April 2026 (https://kite.trade/forum/discussion/15912, SEBI's retail
 * algo framework): an order request (place, modify, cancel) from a source address not registered
 * on the developer profile is refused (403 PermissionException; reads come from anywhere); a market
 * or SL-M order without `market_protection`, or with 0, is refused with Kite's own words; more than
 * 10 order requests a second for one Zerodha user are answered 429; a tag over 20 characters is
 * refused. The registered addresses default to 127.0.0.1 (`registerAddresses` changes them).
 *
 * Its market data: `GET /instruments/NSE` answers Kite's instruments dump (CSV) for every symbol
 * with a price, and the same port speaks Kite's ticker websocket
 * (https://kite.trade/docs/connect/v3/websocket/): the handshake refused (403) without a live access
 * token, `subscribe` / `unsubscribe` / `mode` messages, a one-byte heartbeat every second, and each
 * price set on a subscribed symbol sent as a binary packet in the connection's mode (ltp 8 bytes,
 * quote 44, full 184 with the exchange's timestamp).
 *
 * Its GTTs (https://kite.trade/docs/connect/v3/gtt/): POST /gtt/triggers (`type` single or two-leg,
 * `condition` and `orders` as JSON; LIMIT orders only; two-leg trigger values on either side of the
 * last price and at least 0.25 % from it; prices on the tick), GET /gtt/triggers and
 * /gtt/triggers/:id in Kite's shape, PUT and DELETE on an active one only (order requests: the same
 * address and rate checks as orders). When `setLtp` moves a price through a trigger value the GTT
 * turns `triggered` and places its leg's LIMIT order in the order book (`orders[i].result`).
 *
 * It also plays Kite's login page (https://kite.trade/docs/connect/v3/user/#login-flow): GET
 * /connect/login?v=3&api_key=...&redirect_params=... shows a "Log in to Kite" button that sends the
 * browser to the app's registered redirect URL with `type=login&status=success&request_token=...`
 * and the redirect_params appended as they were given. PUT /_fake/redirect-url (the URL as the
 * body) registers the app's redirect URL from another process.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exchangeTick, offTickPrice, offTickText } from './fake-tick-rule';
import { kiteDemat, type KiteDemat } from './fake-kite-demat';
import { WebSocketServer, type WebSocket } from 'ws';
import { kitePushes, type KitePushes } from './fake-kite-pushes';

export interface KiteOrderRecord {
  order_id: string;
  exchange_order_id: string | null;
  status: string;
  status_message: string | null;
  tradingsymbol: string;
  exchange: string;
  transaction_type: string;
  order_type: string;
  product: string;
  validity: string;
  variety: string;
  price: number;
  trigger_price: number;
  quantity: number;
  filled_quantity: number;
  pending_quantity: number;
  average_price: number;
  tag: string | null;
  order_timestamp: string;
  exchange_timestamp: string | null;
  exchange_update_timestamp: string | null;
  placed_by: string;
}

/** A GTT as Kite answers it (GET /gtt/triggers/:id; kiteconnect 5.3.0's `Trigger`). */
export interface KiteGttRecord {
  id: number;
  user_id: string;
  parent_trigger: null;
  type: 'single' | 'two-leg';
  created_at: string;
  updated_at: string;
  expires_at: string;
  status: 'active' | 'triggered' | 'disabled' | 'expired' | 'cancelled' | 'rejected' | 'deleted';
  condition: {
    exchange: string;
    last_price: number;
    tradingsymbol: string;
    trigger_values: number[];
    instrument_token: number;
  };
  orders: {
    exchange: string;
    tradingsymbol: string;
    product: string;
    order_type: string;
    transaction_type: string;
    quantity: number;
    price: number;
    result: null | {
      account_id: string;
      exchange: string;
      tradingsymbol: string;
      validity: string;
      product: string;
      order_type: string;
      transaction_type: string;
      quantity: number;
      price: number;
      meta: string;
      timestamp: string;
      triggered_at: number;
      order_result: { status: 'success' | 'failed'; order_id: string; rejection_reason: string };
    };
  }[];
  meta: Record<string, never>;
}

export interface FakeKite {
  root: string;
  /** The login page the app sends members to (Kite's kite.zerodha.com/connect/login). */
  loginUrl: string;
  /** The app's redirect URL, as registered in Kite's developer console. */
  setRedirectUrl(url: string): void;
  /** A member on the login page the app sent them to: it shows, they log in; answers Kite's redirect back to the app. */
  logIn(loginUrl: string): Promise<URL>;
  apiKey: string;
  apiSecret: string;
  /** A request token the login redirect would carry (exchanged once). */
  newRequestToken(): string;
  /** A live access token of the day, as if the member (a Kite user, each with its own order book) had logged in. */
  newAccessToken(userId?: string): string;
  expireTokens(): void;
  /**
   * The last price; with the ticker streaming the symbol, a tick traded at `at` (default now). An
   * active GTT whose trigger value the price reaches turns `triggered` and places its leg's LIMIT
   * order, which fills as any other order (at its limit, when the price reaches it).
   */
  setLtp(symbol: string, price: number, at?: Date): void;
  /** The GTTs placed so far, every user's, in every status. */
  gtts: KiteGttRecord[];
  /** The ticker websocket's URL (the same port, ws:). */
  tickerRoot: string;
  /** Open ticker connections: the access token each came with and what it streams, token -> mode. */
  tickerConnections(): { accessToken: string; subscribed: Map<number, string> }[];
  /** Ticker handshakes accepted so far (first connections and reconnects). */
  tickerConnects: number;
  /** Ends every ticker connection, as a network drop would. */
  dropTickerConnections(): void;
  /** Stops (true) or resumes the ticker's heartbeats, as a stalled connection would. */
  stallTicker(stalled: boolean): void;
  /** The instrument token the dump gives a symbol. */
  instrumentToken(symbol: string): number;
  /** The account's cash (orders beyond it are rejected by the RMS). */
  setCash(cash: number): void;
  /** The accounts' holdings, DDPI and CDSL TPIN authorisations: CNC sells are checked against them. */
  demat: Omit<KiteDemat, 'refusal'>;
  /** The next market order fills only this many shares and stays open for the rest. */
  fillNextPartly(quantity: number): void;
  /**
   * The next market order is clipped by its market protection (Kite forum, 2026): it rests OPEN as
   * a LIMIT at this price and fills only when the price reaches it, or when modified to one it has.
   */
  clipNextMarket(limit: number): void;
  /**
   * While a reason is set, the RMS refuses every SELL of the symbol (as Kite refuses a CNC sell of
   * holdings not authorised through CDSL TPIN on an account without DDPI): a placed order is listed
   * REJECTED with the reason as its `status_message`; a GTT that triggers is `triggered` with its
   * order not placed, `order_result` {status "failed", order_id "", rejection_reason} (Kite's GTT
   * payload, https://kite.trade/docs/connect/v3/gtt/). null: sells go through again.
   */
  refuseSells(symbol: string, reason: string | null): void;
  /** The next request gets this answer instead (status and Kite body), or waits `delayMs` first. */
  failNext(answer: { status: number; body?: unknown; delayMs?: number }): void;
  /**
   * While set, every quote request (/quote, /quote/ltp, /quote/ohlc) gets this answer (body: Kite's
   * error shape), as in an outage of Kite's market data; null: answered again.
   */
  quotesDown(answer: { status: number; body?: unknown } | null): void;
  /** At most this many requests a second, else 429 (Kite's own limit is 10). */
  limitRate(perSecond: number): void;
  /** Orders are placed at once but Kite's answer to each placement waits this long (0: none). */
  holdOrderAnswers(ms: number): void;
  /** No one takes the other side of the symbol's orders (a fast market): they rest even when marketable, until released. */
  holdFills(symbol: string, held: boolean): void;
  /** Fills resting orders whose limit or trigger the current prices reach. */
  match(): void;
  /** Order updates by postback and on the ticker websocket (fake-kite-pushes.ts). */
  pushes: KitePushes;
  /**
   * While set, order reads (the order book, an order's history) show each order as it stood before
   * its first fill, as when the app's read budget is spent: its fills are learnt only by push.
   */
  withholdFills(withheld: boolean): void;
  orders: KiteOrderRecord[];
  /** Every request as received, `at` in performance.now() milliseconds. */
  requests: {
    method: string;
    path: string;
    headers: http.IncomingHttpHeaders;
    form: Record<string, string>;
    at: number;
    /** The socket's source address (the order's IP as Kite sees it). */
    remoteAddress: string;
  }[];
  /** Requests answered 429 because they came over the rate set by limitRate or Kite's 10 orders a second. */
  rateLimited: number;
  /** The source addresses registered on the developer profile (IP whitelist): order requests from others are refused. */
  registerAddresses(addresses: readonly string[]): void;
  /** Order requests refused for their source address, market protection, or over the order rate, so far. */
  refusals: { reason: 'ip' | 'market_protection' | 'rate'; remoteAddress: string; path: string }[];
  close(): Promise<void>;
}

/** Kite's refusal of an API market order without market protection (since 1 April 2026). */
export const KITE_NO_MARKET_PROTECTION =
  'Market orders without market protection are not allowed via API. Please set market protection or use a Limit order.';
/**
 * A two-leg GTT whose trigger values do not straddle the last price (Kite decides a trigger's
 * direction by the last price given: https://kite.trade/forum/profile/comments/rhnvrm). Kite's
 * exact words are not published; these are inferred.
 */
export const KITE_GTT_WRONG_SIDE =
  'Invalid trigger values. The lower trigger value must be below and the upper above the last price.';
/** A trigger too near the last price (Zerodha support: 0.25 % above Rs 50, 9 paise below); words inferred. */
export const KITE_GTT_TOO_NEAR = 'Trigger value is too close to the last price.';
/** Kite's refusal of a change to a GTT that is no longer active (words inferred). */
export const KITE_GTT_NOT_ACTIVE = 'Trigger is not active and cannot be modified or deleted.';

/** Kite's documented order rate per user (429 beyond). */
export const KITE_ORDERS_PER_SECOND = 10;

const IST = (d = new Date()) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
const ok = (data: unknown) => ({ status: 200, body: { status: 'success', data } });
const fail = (status: number, error_type: string, message: string) => ({
  status,
  body: { status: 'error', message, error_type, data: null },
});

/** Kite's tick packets: big-endian int32 fields, prices in paise. */
function tickPacket(token: number, price: number, mode: string, at: Date): Buffer {
  const paise = Math.round(price * 100);
  const size = mode === 'ltp' ? 8 : mode === 'quote' ? 44 : 184;
  const packet = Buffer.alloc(size);
  packet.writeInt32BE(token, 0);
  packet.writeInt32BE(paise, 4);
  if (size === 8) return packet;
  packet.writeInt32BE(10, 8); // last traded quantity
  packet.writeInt32BE(paise, 12); // average traded price
  packet.writeInt32BE(1_000, 16); // volume
  for (const offset of [28, 32, 36, 40]) packet.writeInt32BE(paise, offset); // open, high, low, close
  if (size === 44) return packet;
  const seconds = Math.floor(at.getTime() / 1000);
  packet.writeInt32BE(seconds, 44); // last trade time
  packet.writeInt32BE(seconds, 60); // exchange timestamp
  return packet;
}

/** One websocket message: the number of packets, then each packet's length and bytes. */
function tickMessage(packets: Buffer[]): Buffer {
  const head = Buffer.alloc(2);
  head.writeUInt16BE(packets.length);
  return Buffer.concat([head, ...packets.flatMap((p) => [Buffer.from([p.length >> 8, p.length & 0xff]), p])]);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function loginPage(apiKey: string, redirectParams: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Kite login</title></head><body>
<main><h1>Kite by Zerodha</h1><p>Log in to continue to the app.</p>
<form method="get" action="/connect/finish"><input type="hidden" name="api_key" value="${escapeHtml(apiKey)}">
<input type="hidden" name="redirect_params" value="${escapeHtml(redirectParams)}">
<button type="submit">Log in to Kite</button></form></main></body></html>`;
}

/**
 * The server's settings for live trading at `kite`, its orders leaving from 127.0.0.2 (a loopback
 * address the test registers with the fake as the account's static IP; Kite takes orders only from
 * a registered one).
 */
export function liveKiteEnv(kite: FakeKite): Record<string, string> {
  return {
    LIVE_TRADING: '1',
    KITE_API_KEY: kite.apiKey,
    KITE_API_SECRET: kite.apiSecret,
    KITE_API_ROOT: kite.root,
    BROKER_SOURCE_ADDRESS: '127.0.0.2',
  };
}

export async function startFakeKite(options: { redirectUrl?: string } = {}): Promise<FakeKite> {
  let redirectUrl = options.redirectUrl ?? 'http://127.0.0.1/redirect-not-registered';
  const apiKey = `kitekey${randomBytes(4).toString('hex')}`;
  const apiSecret = `kitesecret${randomBytes(8).toString('hex')}`;
  const requestTokens = new Set<string>();
  /** Access token -> the Kite user it is for: each user sees only their own orders. */
  const accessTokens = new Map<string, string>();
  const DEFAULT_USER = 'ZX4821';
  const ltp = new Map<string, number>();
  const heldSymbols = new Set<string>();
  const histories = new Map<string, KiteOrderRecord[]>();
  const orders: KiteOrderRecord[] = [];
  const requests: FakeKite['requests'] = [];
  const failures: { status: number; body?: unknown; delayMs?: number }[] = [];
  let quotesDown: { status: number; body?: unknown } | null = null;
  let cash = 10_000_000;
  let used = 0;
  let partly: number | null = null;
  let clipped: number | null = null;
  let ratePerSecond = Infinity;
  let orderAnswerHoldMs = 0;
  let rateLimited = 0;
  const recent: number[] = [];
  let registered = new Set(['127.0.0.1']);
  const refusals: FakeKite['refusals'] = [];
  const demat = kiteDemat();
  /** Order requests per Kite user in the last second. */
  const orderTimes = new Map<string, number[]>();
  let orderSeq = 0;
  /** Symbols whose sells the RMS refuses, with its words. */
  const refusedSells = new Map<string, string>();
  const gtts: KiteGttRecord[] = [];
  let gttSeq = 100_000;
  const instrumentTokens = new Map<string, number>();
  /** NSE cash segment is 1 in the low byte of Kite's instrument tokens. */
  const instrumentToken = (symbol: string) => {
    if (!instrumentTokens.has(symbol)) instrumentTokens.set(symbol, ((100_000 + instrumentTokens.size) << 8) | 1);
    return instrumentTokens.get(symbol)!;
  };
  const tickers = new Map<WebSocket, { accessToken: string; subscribed: Map<number, string> }>();
  let tickerConnects = 0;
  let tickerStalled = false;

  let fillsWithheld = false;
  const pushes = kitePushes({
    apiSecret,
    appId: 1234,
    stream: (user, text) => {
      for (const [ws, { accessToken }] of tickers) if (accessTokens.get(accessToken) === user) ws.send(text);
    },
  });
  const snapshot = (o: KiteOrderRecord) => {
    const history = histories.get(o.order_id)!;
    const before = history.at(-1);
    history.push({ ...o });
    pushes.changed(o, before);
  };
  /** An order's history as its reads show it: withheld, only the entries before its first fill. */
  const readable = (orderId: string) => {
    const history = histories.get(orderId)!;
    return fillsWithheld ? history.filter((h) => h.filled_quantity === 0) : history;
  };
  const fill = (o: KiteOrderRecord, quantity: number, price: number) => {
    const filled = o.filled_quantity + quantity;
    o.average_price = (o.average_price * o.filled_quantity + price * quantity) / filled;
    o.filled_quantity = filled;
    o.pending_quantity = o.quantity - filled;
    o.status = o.pending_quantity === 0 ? 'COMPLETE' : 'OPEN';
    o.exchange_update_timestamp = IST();
    used += (o.transaction_type === 'BUY' ? 1 : -1) * quantity * price;
    snapshot(o);
  };
  const crossed = (o: KiteOrderRecord, price: number) =>
    o.transaction_type === 'BUY' ? price <= o.price : price >= o.price;
  const triggered = (o: KiteOrderRecord, price: number) =>
    o.transaction_type === 'BUY' ? price >= o.trigger_price : price <= o.trigger_price;

  /**
   * Fills what the prices reach. An order arriving marketable (`arriving`, just placed, a GTT's
   * order too; or a stop just triggered) trades at the market's price, as the exchange matches it;
   * one resting at its limit (a stop triggered after a gap past it) fills at its limit when reached.
   */
  function match(arriving?: KiteOrderRecord) {
    for (const o of orders) {
      const price = ltp.get(o.tradingsymbol);
      if (price === undefined || heldSymbols.has(o.tradingsymbol)) continue;
      const triggers = o.status === 'TRIGGER PENDING' && triggered(o, price);
      if (triggers) {
        o.status = 'OPEN';
        snapshot(o);
      }
      // A triggered SL-M goes to the exchange as a market order: it fills at the price it met, not at its 0 price.
      const arrives = triggers || o === arriving;
      if (o.status === 'OPEN' && o.order_type === 'SL-M') fill(o, o.pending_quantity, price);
      else if (o.status === 'OPEN' && o.order_type !== 'MARKET' && crossed(o, price))
        fill(o, o.pending_quantity, arrives ? price : o.price);
    }
  }

  function placeOrder(form: Record<string, string>, user: string): { status: number; body: unknown } {
    const problems: string[] = [];
    if (!form.tradingsymbol) problems.push('Missing tradingsymbol');
    if (form.exchange !== 'NSE' && form.exchange !== 'BSE') problems.push('Invalid `exchange`.');
    if (!['BUY', 'SELL'].includes(form.transaction_type ?? '')) problems.push('Invalid `transaction_type`.');
    if (!['CNC', 'MIS', 'NRML'].includes(form.product ?? '')) problems.push('Invalid `product`.');
    if (!['MARKET', 'LIMIT', 'SL', 'SL-M'].includes(form.order_type ?? '')) problems.push('Invalid `order_type`.');
    const quantity = Number(form.quantity);
    if (!Number.isInteger(quantity) || quantity <= 0) problems.push('Invalid `quantity`.');
    if ((form.order_type === 'LIMIT' || form.order_type === 'SL') && !(Number(form.price) > 0))
      problems.push('Invalid `price`.');
    if ((form.order_type === 'SL' || form.order_type === 'SL-M') && !(Number(form.trigger_price) > 0))
      problems.push('Invalid `trigger_price`.');
    if (form.tag !== undefined && !/^[A-Za-z0-9]{1,20}$/.test(form.tag))
      problems.push('Invalid `tag`. Tag can be alphanumeric and max 20 characters.');
    if (problems.length) return fail(400, 'InputException', problems[0]!);
    if (form.order_type === 'MARKET' || form.order_type === 'SL-M') {
      const protection = form.market_protection;
      if (protection === undefined || protection === '' || Number(protection) === 0) {
        refusals.push({ reason: 'market_protection', remoteAddress: '', path: '/orders/regular' });
        return fail(400, 'InputException', KITE_NO_MARKET_PROTECTION);
      }
      const band = Number(protection);
      if (!Number.isFinite(band) || (band !== -1 && (band < 0 || band > 100)))
        return fail(
          400,
          'InputException',
          `Invalid request (failed to decode market_protection, got: ${protection} (expected decimal))`,
        );
    }
    const price = ltp.get(form.tradingsymbol!);
    if (price === undefined) return fail(400, 'InputException', 'Invalid `tradingsymbol`.');
    const offTick = offTickPrice([form.price, form.trigger_price], price);
    if (offTick) return fail(400, 'InputException', offTickText(offTick));
    const sell = {
      transaction_type: form.transaction_type!,
      product: form.product!,
      tradingsymbol: form.tradingsymbol!,
    };
    const unheld = demat.refusal({ ...sell, quantity }, user, orders);
    if (unheld) return fail(unheld.status, 'HoldingException', unheld.message);

    const o: KiteOrderRecord = {
      order_id: `2601050000${String(++orderSeq).padStart(5, '0')}`,
      exchange_order_id: null,
      status: 'PUT ORDER REQ RECEIVED',
      status_message: null,
      tradingsymbol: form.tradingsymbol!,
      exchange: form.exchange!,
      transaction_type: form.transaction_type!,
      order_type: form.order_type!,
      product: form.product!,
      validity: form.validity ?? 'DAY',
      variety: 'regular',
      price: Number(form.price ?? 0),
      trigger_price: Number(form.trigger_price ?? 0),
      quantity,
      filled_quantity: 0,
      pending_quantity: quantity,
      average_price: 0,
      tag: form.tag ?? null,
      order_timestamp: IST(),
      exchange_timestamp: null,
      exchange_update_timestamp: null,
      placed_by: user,
    };
    orders.push(o);
    histories.set(o.order_id, [{ ...o }]);
    const cost = quantity * (form.order_type === 'MARKET' ? price : o.price || price);
    const refusedSell = o.transaction_type === 'SELL' ? refusedSells.get(o.tradingsymbol) : undefined;
    if (refusedSell !== undefined) {
      o.status = 'REJECTED';
      o.status_message = refusedSell;
      snapshot(o);
      return ok({ order_id: o.order_id });
    }
    if (o.transaction_type === 'BUY' && used + cost > cash) {
      o.status = 'REJECTED';
      o.status_message = `Insufficient funds. Required margin is ${cost.toFixed(2)} but available margin is ${(cash - used).toFixed(2)}.`;
      snapshot(o);
      return ok({ order_id: o.order_id });
    }
    o.exchange_order_id = `1100000000${String(orderSeq).padStart(6, '0')}`;
    o.exchange_timestamp = IST();
    o.status = form.order_type === 'SL' || form.order_type === 'SL-M' ? 'TRIGGER PENDING' : 'OPEN';
    snapshot(o);
    if (o.order_type === 'MARKET' && clipped !== null) {
      // Market protection clipped it: it rests as a LIMIT at the protection's price, as Kite shows it.
      o.order_type = 'LIMIT';
      o.price = clipped;
      clipped = null;
      snapshot(o);
      match();
    } else if (o.order_type === 'MARKET') {
      fill(o, partly !== null ? Math.min(partly, quantity) : quantity, price);
      partly = null;
    } else match(o);
    return ok({ order_id: o.order_id });
  }

  /**
   * A GTT's form (POST /gtt/triggers, PUT /gtt/triggers/:id) checked as Kite checks it
   * (https://kite.trade/docs/connect/v3/gtt/): `type` single or two-leg, `condition` and `orders`
   * as JSON, one LIMIT order per trigger value, trigger values straddling the last price (two-leg)
   * and not too near it, every price on the tick. Answers Kite's refusal, or the parsed GTT.
   */
  function gttForm(
    form: Record<string, string>,
  ):
    | { refused: { status: number; body: unknown } }
    | { type: KiteGttRecord['type']; condition: KiteGttRecord['condition']; orders: KiteGttRecord['orders'] } {
    const refuse = (message: string) => ({ refused: fail(400, 'InputException', message) });
    if (form.type !== 'single' && form.type !== 'two-leg') return refuse('Invalid `type`.');
    let condition: Record<string, unknown> | null;
    let legs: Record<string, unknown>[];
    try {
      condition = JSON.parse(form.condition ?? '') as Record<string, unknown> | null;
      legs = JSON.parse(form.orders ?? '') as Record<string, unknown>[];
    } catch {
      return refuse(!form.condition ? 'Missing or empty field `condition`' : 'Invalid `condition` or `orders`.');
    }
    if (!condition || typeof condition !== 'object') return refuse('Missing or empty field `condition`');
    for (const field of ['exchange', 'tradingsymbol', 'trigger_values', 'last_price'])
      if (condition[field] === undefined || condition[field] === '' || condition[field] === null)
        return refuse(`Missing or empty field \`${field}\``);
    const symbol = String(condition.tradingsymbol);
    const exchange = String(condition.exchange);
    const lastPrice = Number(condition.last_price);
    const values = condition.trigger_values;
    const count = form.type === 'two-leg' ? 2 : 1;
    if (!Array.isArray(values) || values.length !== count || values.some((v) => !(Number(v) > 0)))
      return refuse('Invalid `trigger_values`.');
    if (!(lastPrice > 0)) return refuse('Invalid `last_price`.');
    if (!Array.isArray(legs) || legs.length !== count) return refuse('Invalid `orders`.');
    for (const leg of legs) {
      for (const field of [
        'exchange',
        'tradingsymbol',
        'transaction_type',
        'quantity',
        'order_type',
        'product',
        'price',
      ])
        if (leg[field] === undefined || leg[field] === '' || leg[field] === null)
          return refuse(`Missing or empty field \`${field}\``);
      if (leg.tradingsymbol !== symbol || leg.exchange !== exchange) return refuse('Invalid `tradingsymbol`.');
      if (leg.order_type !== 'LIMIT') return refuse('Invalid `order_type`. Only LIMIT orders are allowed in GTT.');
      if (!['BUY', 'SELL'].includes(String(leg.transaction_type))) return refuse('Invalid `transaction_type`.');
      if (!['CNC', 'MIS', 'NRML'].includes(String(leg.product))) return refuse('Invalid `product`.');
      if (!Number.isInteger(leg.quantity) || Number(leg.quantity) <= 0) return refuse('Invalid `quantity`.');
      if (!(Number(leg.price) > 0)) return refuse('Invalid `price`.');
    }
    const ltpNow = ltp.get(symbol);
    if (ltpNow === undefined || (exchange !== 'NSE' && exchange !== 'BSE')) return refuse('Invalid `tradingsymbol`.');
    const triggers = (values as unknown[]).map(Number);
    if (count === 2 && !(triggers[0]! < lastPrice && lastPrice < triggers[1]!)) return refuse(KITE_GTT_WRONG_SIDE);
    const paise = (rupees: number) => Math.round(rupees * 100);
    const nearest = lastPrice > 50 ? Math.ceil(paise(lastPrice) * 0.0025) : 9;
    if (triggers.some((t) => Math.abs(paise(t) - paise(lastPrice)) < nearest)) return refuse(KITE_GTT_TOO_NEAR);
    const offTick = offTickPrice([...triggers, ...legs.map((l) => l.price)], ltpNow);
    if (offTick) return refuse(offTickText(offTick));
    return {
      type: form.type,
      condition: {
        exchange,
        last_price: lastPrice,
        tradingsymbol: symbol,
        trigger_values: triggers,
        instrument_token: instrumentToken(symbol),
      },
      orders: legs.map((l) => ({
        exchange,
        tradingsymbol: symbol,
        product: String(l.product),
        order_type: 'LIMIT',
        transaction_type: String(l.transaction_type),
        quantity: Number(l.quantity),
        price: Number(l.price),
        result: null,
      })),
    };
  }

  function placeGtt(form: Record<string, string>, user: string) {
    const parsed = gttForm(form);
    if ('refused' in parsed) return parsed.refused;
    const now = new Date();
    const gtt: KiteGttRecord = {
      id: ++gttSeq,
      user_id: user,
      parent_trigger: null,
      type: parsed.type,
      created_at: IST(now),
      updated_at: IST(now),
      // Kite keeps a GTT a year from its placement.
      expires_at: IST(new Date(now.getTime() + 365 * 86_400_000)),
      status: 'active',
      condition: parsed.condition,
      orders: parsed.orders,
      meta: {},
    };
    gtts.push(gtt);
    return ok({ trigger_id: gtt.id });
  }

  function changeGtt(method: string, gtt: KiteGttRecord, form: Record<string, string>) {
    if (gtt.status !== 'active') return fail(400, 'InputException', KITE_GTT_NOT_ACTIVE);
    if (method === 'DELETE') {
      gtt.status = 'deleted';
      gtt.updated_at = IST();
      return ok({ trigger_id: gtt.id });
    }
    const parsed = gttForm(form);
    if ('refused' in parsed) return parsed.refused;
    // Type, symbol and exchange are the GTT's own; a modify changes values, prices and quantities.
    if (parsed.type !== gtt.type) return fail(400, 'InputException', 'Invalid `type`.');
    if (
      parsed.condition.tradingsymbol !== gtt.condition.tradingsymbol ||
      parsed.condition.exchange !== gtt.condition.exchange
    )
      return fail(400, 'InputException', 'Invalid `tradingsymbol`.');
    gtt.condition = parsed.condition;
    gtt.orders = parsed.orders;
    gtt.updated_at = IST();
    return ok({ trigger_id: gtt.id });
  }

  /** Active GTTs on the symbol whose trigger value the price reached place their leg's order. */
  function triggerGtts(symbol: string, price: number) {
    for (const gtt of gtts) {
      if (gtt.status !== 'active' || gtt.condition.tradingsymbol !== symbol) continue;
      const [lower, upper] = gtt.condition.trigger_values;
      let leg: number;
      if (gtt.type === 'two-leg') leg = price <= lower! ? 0 : price >= upper! ? 1 : -1;
      else leg = (gtt.condition.last_price > lower! ? price <= lower! : price >= lower!) ? 0 : -1;
      if (leg < 0) continue;
      const order = gtt.orders[leg]!;
      const refused = order.transaction_type === 'SELL' ? refusedSells.get(order.tradingsymbol) : undefined;
      const placed =
        refused !== undefined
          ? fail(400, 'InputException', refused)
          : placeOrder(
              {
                tradingsymbol: order.tradingsymbol,
                exchange: order.exchange,
                transaction_type: order.transaction_type,
                product: order.product,
                order_type: 'LIMIT',
                quantity: String(order.quantity),
                price: String(order.price),
                validity: 'DAY',
              },
              gtt.user_id,
            );
      const answer = placed.body as { data?: { order_id?: string }; message?: string };
      gtt.status = 'triggered';
      gtt.updated_at = IST();
      order.result = {
        account_id: gtt.user_id,
        exchange: order.exchange,
        tradingsymbol: order.tradingsymbol,
        validity: 'DAY',
        product: order.product,
        order_type: 'LIMIT',
        transaction_type: order.transaction_type,
        quantity: order.quantity,
        price: order.price,
        meta: '',
        timestamp: IST(),
        triggered_at: price,
        order_result:
          placed.status === 200
            ? { status: 'success', order_id: String(answer.data?.order_id), rejection_reason: '' }
            : { status: 'failed', order_id: '', rejection_reason: answer.message ?? 'failed' },
      };
    }
  }

  function route(
    method: string,
    path: string,
    form: Record<string, string>,
    headers: http.IncomingHttpHeaders,
    remoteAddress: string,
  ): { status: number; body: unknown; type?: string } {
    if (headers['x-kite-version'] !== '3')
      return fail(400, 'InputException', 'Invalid or missing X-Kite-Version header.');
    if (method === 'POST' && path === '/session/token') {
      const expected = createHash('sha256')
        .update(apiKey + form.request_token + apiSecret)
        .digest('hex');
      if (form.api_key !== apiKey) return fail(403, 'TokenException', 'Invalid `api_key`.');
      if (form.checksum !== expected) return fail(403, 'TokenException', 'Invalid `checksum`.');
      if (!requestTokens.delete(form.request_token ?? ''))
        return fail(403, 'TokenException', 'Token is invalid or has expired.');
      const access_token = randomBytes(16).toString('hex');
      accessTokens.set(access_token, DEFAULT_USER);
      return ok({
        user_id: DEFAULT_USER,
        user_name: 'Asha Rao',
        access_token,
        public_token: randomBytes(8).toString('hex'),
        login_time: IST(),
      });
    }
    const auth = /^token ([^:]+):(.+)$/.exec(headers.authorization ?? '');
    const user = auth && auth[1] === apiKey ? accessTokens.get(auth[2]!) : undefined;
    if (!user) return fail(403, 'TokenException', 'Incorrect `api_key` or `access_token`.');
    const orderRequest =
      (method === 'POST' && (path === '/orders/regular' || path === '/gtt/triggers')) ||
      ((method === 'PUT' || method === 'DELETE') && /^\/(?:orders\/regular|gtt\/triggers)\/\d+$/.test(path));
    if (orderRequest) {
      if (!registered.has(remoteAddress)) {
        refusals.push({ reason: 'ip', remoteAddress, path });
        return fail(
          403,
          'PermissionException',
          `Order request from an unregistered IP address ${remoteAddress}. Whitelist your static IP on the Kite Connect developer profile.`,
        );
      }
      const now = performance.now();
      const mine = (orderTimes.get(user) ?? []).filter((t) => now - t < 1_000);
      mine.push(now);
      orderTimes.set(user, mine);
      if (mine.length > KITE_ORDERS_PER_SECOND) {
        rateLimited++;
        refusals.push({ reason: 'rate', remoteAddress, path });
        return fail(429, 'NetworkException', 'Too many requests');
      }
    }
    if (method === 'GET' && path === '/user/profile')
      return ok({ user_id: user, user_name: 'Asha Rao', email: 'asha@example.com', broker: 'ZERODHA' });
    if (method === 'GET' && path === '/user/margins/equity') {
      return ok({
        enabled: true,
        net: cash - used,
        available: {
          adhoc_margin: 0,
          cash,
          opening_balance: cash,
          live_balance: cash - used,
          collateral: 0,
          intraday_payin: 0,
        },
        utilised: { debits: used, exposure: 0, m2m_realised: 0, m2m_unrealised: 0 },
      });
    }
    if (method === 'GET' && path === '/instruments/NSE') {
      const header =
        'instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange';
      const rows = [...ltp.keys()].map((symbol) => {
        const token = instrumentToken(symbol);
        // The tick of NSE's band of the last price, as Kite's dump carries the exchange's.
        return `${token},${token >> 8},${symbol},"${symbol} LTD",0,,0,${exchangeTick(ltp.get(symbol)!)},1,EQ,NSE,NSE`;
      });
      return { status: 200, body: [header, ...rows].join('\n'), type: 'text/csv' };
    }
    if (method === 'GET' && path === '/quote/ltp') {
      const known = (form.i ?? '').split(',').filter((i) => ltp.has(i.replace(/^NSE:/, '')));
      return ok(
        Object.fromEntries(
          known.map((i) => [i, { instrument_token: instrumentToken(i.slice(4)), last_price: ltp.get(i.slice(4)) }]),
        ),
      );
    }
    if (method === 'GET' && path === '/portfolio/positions') {
      const net = new Map<
        string,
        {
          tradingsymbol: string;
          exchange: string;
          product: string;
          quantity: number;
          buy_value: number;
          buy_quantity: number;
        }
      >();
      for (const o of orders.filter((o) => o.placed_by === user && o.filled_quantity > 0)) {
        const key = `${o.tradingsymbol}:${o.product}`;
        const p = net.get(key) ?? {
          tradingsymbol: o.tradingsymbol,
          exchange: o.exchange,
          product: o.product,
          quantity: 0,
          buy_value: 0,
          buy_quantity: 0,
        };
        p.quantity += (o.transaction_type === 'BUY' ? 1 : -1) * o.filled_quantity;
        if (o.transaction_type === 'BUY') {
          p.buy_value += o.filled_quantity * o.average_price;
          p.buy_quantity += o.filled_quantity;
        }
        net.set(key, p);
      }
      const rows = [...net.values()].map((p) => ({
        ...p,
        average_price: p.buy_quantity ? p.buy_value / p.buy_quantity : 0,
        last_price: ltp.get(p.tradingsymbol) ?? 0,
      }));
      return ok({ net: rows, day: rows });
    }
    if (method === 'POST' && path === '/orders/regular') return placeOrder(form, user);
    if (method === 'POST' && path === '/gtt/triggers') return placeGtt(form, user);
    if (method === 'GET' && path === '/gtt/triggers') return ok(gtts.filter((g) => g.user_id === user));
    const trigger = /^\/gtt\/triggers\/(\d+)$/.exec(path);
    if (trigger) {
      const gtt = gtts.find((g) => g.id === Number(trigger[1]) && g.user_id === user);
      if (!gtt) return fail(400, 'InputException', "Couldn't find that `trigger_id`.");
      if (method === 'GET') return ok(gtt);
      if (method === 'PUT' || method === 'DELETE') return changeGtt(method, gtt, form);
    }
    if (method === 'GET' && path === '/orders')
      return ok(
        orders
          .filter((o) => o.placed_by === user)
          .map((o) => ({ ...(fillsWithheld ? readable(o.order_id).at(-1)! : o) })),
      );
    const one = /^\/orders\/(?:regular\/)?(\d+)$/.exec(path);
    const order = one ? orders.find((o) => o.order_id === one[1] && o.placed_by === user) : undefined;
    if (one && !order) return fail(400, 'InputException', "Couldn't find that `order_id`.");
    if (method === 'GET' && order) return ok(readable(order.order_id));
    if ((method === 'PUT' || method === 'DELETE') && order) {
      if (!['OPEN', 'TRIGGER PENDING'].includes(order.status))
        return fail(
          400,
          'OrderException',
          `Order cannot be ${method === 'PUT' ? 'modified' : 'cancelled'} as it is being processed. Try later.`,
        );
      if (method === 'DELETE') order.status = 'CANCELLED';
      else {
        if (form.quantity) order.quantity = Number(form.quantity);
        if (form.price) order.price = Number(form.price);
        if (form.order_type === 'LIMIT') order.order_type = 'LIMIT';
        if (form.trigger_price) order.trigger_price = Number(form.trigger_price);
        order.pending_quantity = order.quantity - order.filled_quantity;
      }
      order.exchange_update_timestamp = IST();
      snapshot(order);
      if (method === 'PUT') match();
      return ok({ order_id: order.order_id });
    }
    return fail(404, 'GeneralException', 'Route not found');
  }

  function loginFlow(url: URL, res: http.ServerResponse) {
    const params = url.searchParams;
    if (params.get('api_key') !== apiKey)
      return res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid api_key');
    if (url.pathname === '/connect/login') {
      if (params.get('v') !== '3') return res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid version');
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(loginPage(apiKey, params.get('redirect_params') ?? ''));
    }
    const back = new URL(redirectUrl);
    const token = randomBytes(12).toString('hex');
    requestTokens.add(token);
    for (const [key, value] of Object.entries({
      type: 'login',
      status: 'success',
      request_token: token,
      action: 'login',
    }))
      back.searchParams.set(key, value);
    for (const [key, value] of new URLSearchParams(params.get('redirect_params') ?? ''))
      back.searchParams.set(key, value);
    res.writeHead(302, { location: back.toString() }).end();
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://kite.local');
      const form = Object.fromEntries(
        new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? url.search : raw),
      );
      // Quotes name their instruments as repeated `i` parameters.
      if (url.searchParams.has('i')) form.i = url.searchParams.getAll('i').join(',');
      const remoteAddress = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        headers: req.headers,
        form,
        at: performance.now(),
        remoteAddress,
      });
      const answer = (r: { status: number; body: unknown; type?: string }) =>
        res
          .writeHead(r.status, { 'content-type': r.type ?? 'application/json' })
          .end(r.type ? String(r.body) : JSON.stringify(r.body));
      const now = performance.now();
      while (recent.length && now - recent[0]! > 1000) recent.shift();
      recent.push(now);
      if (recent.length > ratePerSecond) {
        rateLimited++;
        return answer(fail(429, 'NetworkException', 'Too many requests'));
      }
      if (req.method === 'GET' && url.pathname.startsWith('/connect/')) return loginFlow(url, res);
      // Browser tests run in other processes than the one that started this server.
      if (req.method === 'PUT' && url.pathname === '/_fake/redirect-url') {
        redirectUrl = new URL(raw).toString();
        return res.writeHead(204).end();
      }
      if (quotesDown && req.method === 'GET' && url.pathname.startsWith('/quote'))
        return answer(
          quotesDown.body === undefined
            ? fail(quotesDown.status, 'NetworkException', 'Market data is unavailable')
            : { status: quotesDown.status, body: quotesDown.body },
        );
      const injected = failures.shift();
      if (injected?.delayMs) {
        setTimeout(
          () => answer(route(req.method ?? '', url.pathname, form, req.headers, remoteAddress)),
          injected.delayMs,
        );
        return;
      }
      if (injected)
        return answer({
          status: injected.status,
          body: injected.body ?? { status: 'error', message: 'Internal error', error_type: 'NetworkException' },
        });
      const routed = route(req.method ?? '', url.pathname, form, req.headers, remoteAddress);
      if (orderAnswerHoldMs > 0 && req.method === 'POST' && url.pathname === '/orders/regular')
        setTimeout(() => answer(routed), orderAnswerHoldMs);
      else answer(routed);
    });
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const query = new URL(req.url ?? '/', 'http://kite.local').searchParams;
    const accessToken = query.get('access_token') ?? '';
    if (query.get('api_key') !== apiKey || !accessTokens.has(accessToken)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => {
      tickerConnects++;
      const connection = { accessToken, subscribed: new Map<number, string>() };
      tickers.set(ws, connection);
      const heartbeat = setInterval(() => !tickerStalled && ws.send(Buffer.from([0])), 1_000);
      ws.on('close', () => {
        clearInterval(heartbeat);
        tickers.delete(ws);
      });
      ws.on('message', (data) => {
        let message: { a?: string; v?: unknown };
        try {
          message = JSON.parse(String(data)) as typeof message;
        } catch {
          return ws.send(JSON.stringify({ type: 'error', data: 'Invalid message' }));
        }
        if (message.a === 'subscribe' && Array.isArray(message.v))
          for (const t of message.v as number[]) connection.subscribed.set(t, 'quote');
        else if (message.a === 'unsubscribe' && Array.isArray(message.v))
          for (const t of message.v as number[]) connection.subscribed.delete(t);
        else if (message.a === 'mode' && Array.isArray(message.v)) {
          const [mode, list] = message.v as [string, number[]];
          for (const t of list) if (connection.subscribed.has(t)) connection.subscribed.set(t, mode);
        } else ws.send(JSON.stringify({ type: 'error', data: `Unknown message ${String(message.a)}` }));
      });
    });
  });
  const streamPrice = (symbol: string, price: number, at: Date) => {
    const token = instrumentTokens.get(symbol);
    if (token === undefined) return;
    for (const [ws, { subscribed }] of tickers) {
      const mode = subscribed.get(token);
      if (mode) ws.send(tickMessage([tickPacket(token, price, mode, at)]));
    }
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    root,
    loginUrl: `${root}/connect/login`,
    setRedirectUrl: (value) => void (redirectUrl = value),
    async logIn(loginUrl) {
      const page = await fetch(loginUrl);
      const html = await page.text();
      if (page.status !== 200 || !html.includes('Log in to Kite'))
        throw new Error(`Kite's login page answered ${page.status}: ${html}`);
      const given = new URL(loginUrl).searchParams;
      const finish = new URL('/connect/finish', root);
      finish.search = new URLSearchParams({
        api_key: given.get('api_key') ?? '',
        redirect_params: given.get('redirect_params') ?? '',
      }).toString();
      const redirect = await fetch(finish, { redirect: 'manual' });
      if (redirect.status !== 302) throw new Error(`Kite's login answered ${redirect.status}`);
      return new URL(redirect.headers.get('location')!);
    },
    apiKey,
    apiSecret,
    newRequestToken() {
      const token = randomBytes(12).toString('hex');
      requestTokens.add(token);
      return token;
    },
    newAccessToken(userId = DEFAULT_USER) {
      const token = randomBytes(16).toString('hex');
      accessTokens.set(token, userId);
      return token;
    },
    expireTokens: () => accessTokens.clear(),
    setLtp(symbol, price, at = new Date()) {
      ltp.set(symbol, price);
      streamPrice(symbol, price, at);
      triggerGtts(symbol, price);
    },
    gtts,
    tickerRoot: root.replace('http:', 'ws:') + '/',
    tickerConnections: () => [...tickers.values()],
    get tickerConnects() {
      return tickerConnects;
    },
    dropTickerConnections: () => [...tickers.keys()].forEach((ws) => ws.terminate()),
    stallTicker: (stalled) => void (tickerStalled = stalled),
    instrumentToken,
    setCash: (value) => void (cash = value),
    demat,
    fillNextPartly: (quantity) => void (partly = quantity),
    clipNextMarket: (limit) => void (clipped = limit),
    holdFills: (symbol, held) => void (held ? heldSymbols.add(symbol) : heldSymbols.delete(symbol)),
    refuseSells: (symbol, reason) =>
      void (reason === null ? refusedSells.delete(symbol) : refusedSells.set(symbol, reason)),
    failNext: (answer) => void failures.push(answer),
    quotesDown: (answer) => void (quotesDown = answer),
    limitRate: (perSecond) => void (ratePerSecond = perSecond),
    holdOrderAnswers: (ms) => void (orderAnswerHoldMs = ms),
    match,
    pushes,
    withholdFills: (withheld) => void (fillsWithheld = withheld),
    orders,
    requests,
    get rateLimited() {
      return rateLimited;
    },
    registerAddresses: (addresses) => void (registered = new Set(addresses)),
    refusals,
    close: () =>
      new Promise((resolve) => {
        for (const ws of tickers.keys()) ws.terminate();
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
