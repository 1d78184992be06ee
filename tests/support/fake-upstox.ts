/**
 * A local server that speaks Upstox's API wire format (https://upstox.com/developer/api-documentation:
 * orders placed through v3, the rest v2), request by request, for the Upstox adapter's contract tests:
 * - the login: GET /v2/login/authorization/dialog?response_type=code&client_id&redirect_uri&state
 *   shows a "Log in to Upstox" page returning to the redirect URI with `code` and `state`; POST
 *   /v2/login/authorization/token (form: code, client_id, client_secret, redirect_uri, grant_type);
 * - `Authorization: Bearer <token>` on every call, else HTTP 401 UDAPI100050;
 * - JSON orders (POST /v3/order/place answering `{status, data: {order_ids: [...]}, metadata:
 *   {latency}}`, PUT /v2/order/modify (order_type, validity, price, trigger_price required; checked as
 *   the order would stand: price on the tick and in the band), DELETE /v2/order/cancel?order_id) with instrument_token
 *   `NSE_EQ|<ISIN>`, product D / I, order_type MARKET / LIMIT / SL / SL-M, `tag`, `slice`,
 *   `market_protection` (-1, or 0 to 25: anything else refused, see UPSTOX_BAD_MARKET_PROTECTION);
 *   input refused with HTTP 400 and Upstox's `errors[]`; RMS rejections as rejected orders; an order
 *   request without the app's Algo Name in `X-Algo-Name`, or with another, refused (fake-algo-names.ts);
 * - order details and book, funds and margin, short-term positions, LTP quotes keyed `NSE_EQ:<symbol>`;
 * - the instruments file (gzip JSON) at /instruments/NSE.json.gz;
 * - HTTP 429 UDAPI10005 over the rate set per token.
 */
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import {
  loginPage,
  pressLogIn,
  serveFakeBroker,
  withBrokerHttp,
  type Answer,
  type FakeBrokerHttp,
  type ParsedRequest,
} from './fake-broker-http';
import { offTickPrice, offTickText } from './fake-tick-rule';
import { algoNames } from './fake-algo-names';
import {
  changeProblem,
  exchangeControls,
  FakeExchange,
  type OrderChange,
  type ExchangeOrder,
  type ExchangeOrderType,
  type ExchangeControls,
} from './fake-exchange';

export interface FakeUpstox extends FakeBrokerHttp, ExchangeControls {
  instrumentsUrl: string;
  apiKey: string;
  apiSecret: string;
  logIn(loginUrl: string): Promise<URL>;
  newAccessToken(user?: string): string;
  setLtp(symbol: string, price: number): void;
  /** The instrument key the instruments file gives a symbol. */
  instrumentKey(symbol: string): string;
  /** The Algo Names configured on the app in My Apps: order requests must carry one in X-Algo-Name. */
  registerAlgoNames(names: readonly string[]): void;
}

/**
 * Upstox's refusal of a market_protection outside -1 and 0 to 25 (its announcement of 11 March
 * 2026 says "The value must be between 0 and 25"): the code and words are not published, so this
 * is Upstox's documented code for an invalid input (UDAPI100036, error-codes page) with words
 * naming the field. Inferred.
 */
export const UPSTOX_BAD_MARKET_PROTECTION = 'Invalid Input: market_protection must be -1 (automatic) or from 0 to 25';

const ok = (data: unknown): Answer => ({ status: 200, body: { status: 'success', data } });
const fail = (status: number, errorCode: string, message: string): Answer => ({
  status,
  body: {
    status: 'error',
    errors: [
      {
        errorCode,
        message,
        propertyPath: null,
        invalidValue: null,
        error_code: errorCode,
        property_path: null,
        invalid_value: null,
      },
    ],
  },
});

/** Upstox's code and words for a field missing or invalid (the place's own). */
const UPSTOX_FIELD_WORDS = {
  quantity: ['UDAPI1007', 'Quantity must be a whole number above 0'],
  price: ['UDAPI1008', 'Price is required'],
  trigger: ['UDAPI1009', 'Trigger price is required'],
} as const;
const TYPES: Record<string, ExchangeOrderType> = { MARKET: 'market', LIMIT: 'limit', SL: 'sl', 'SL-M': 'sl-m' };
const TYPE_NAMES = Object.fromEntries(Object.entries(TYPES).map(([name, type]) => [type, name]));
const STATUS: Record<ExchangeOrder['status'], string> = {
  open: 'open',
  trigger_pending: 'trigger pending',
  filled: 'complete',
  cancelled: 'cancelled',
  rejected: 'rejected',
};
const IST = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startFakeUpstox(): Promise<FakeUpstox> {
  const apiKey = randomBytes(8).toString('hex');
  const apiSecret = randomBytes(8).toString('hex');
  const codes = new Set<string>();
  const tokens = new Map<string, string>();
  const exchange = new FakeExchange((seq) => `2601050000${String(seq).padStart(5, '0')}`);
  // Its RMS refuses a D sell beyond the shares free to sell (holdings, less pending sells).
  exchange.deliveryProduct = 'D';
  const isins = new Map<string, string>();
  const instrumentKey = (symbol: string) => {
    if (!isins.has(symbol))
      isins.set(symbol, `INE${(symbol + 'XXXXXX').slice(0, 6).replace(/[^A-Z0-9]/g, 'X')}01${isins.size % 10}`);
    return `NSE_EQ|${isins.get(symbol)}`;
  };
  const symbolOf = (key: string) => [...isins].find(([, isin]) => `NSE_EQ|${isin}` === key)?.[0];
  const algos = algoNames();

  const orderRow = (o: ExchangeOrder) => ({
    exchange: 'NSE',
    product: o.product,
    price: o.price,
    quantity: o.quantity,
    status: STATUS[o.status],
    tag: o.tag,
    instrument_token: instrumentKey(o.symbol),
    placed_by: o.user,
    trading_symbol: o.symbol,
    tradingsymbol: o.symbol,
    order_type: TYPE_NAMES[o.type],
    validity: 'DAY',
    trigger_price: o.trigger,
    disclosed_quantity: 0,
    transaction_type: o.side === 'buy' ? 'BUY' : 'SELL',
    average_price: o.averagePrice,
    filled_quantity: o.filled,
    pending_quantity: o.quantity - o.filled,
    status_message: o.message,
    exchange_order_id: o.exchangeId,
    order_id: o.id,
    variety: 'SIMPLE',
    order_timestamp: IST(o.placedAt),
    exchange_timestamp: o.exchangeId ? IST(o.updatedAt) : null,
    is_amo: false,
  });

  /** A market_protection Upstox does not take (place and modify): -1, or 0 to 25, or absent. */
  function refuseProtection(protection: unknown, remoteAddress: string, path: string): Answer | null {
    if (protection === undefined) return null;
    if (typeof protection === 'number' && (protection === -1 || (protection >= 0 && protection <= 25))) return null;
    server.refusals.push({ reason: 'market_protection', remoteAddress, path });
    return fail(400, 'UDAPI100036', UPSTOX_BAD_MARKET_PROTECTION);
  }

  /** POST /v3/order/place: one order (unsliced, or an instrument without a freeze quantity), its id in `order_ids`. */
  function placeOrder({ body, remoteAddress, path }: ParsedRequest, user: string): Answer {
    const started = performance.now();
    const symbol = symbolOf(String(body.instrument_token ?? ''));
    const type = TYPES[String(body.order_type)];
    const quantity = Number(body.quantity);
    if (!symbol) return fail(400, 'UDAPI1026', 'Instrument key is invalid');
    if (!type) return fail(400, 'UDAPI1004', 'Valid order type is required');
    if (!['BUY', 'SELL'].includes(String(body.transaction_type)))
      return fail(400, 'UDAPI1005', 'Valid transaction type is required');
    if (!['D', 'I'].includes(String(body.product))) return fail(400, 'UDAPI1006', 'Valid product is required');
    if (!Number.isInteger(quantity) || quantity <= 0)
      return fail(400, 'UDAPI1007', 'Quantity must be a whole number above 0');
    if ((type === 'limit' || type === 'sl') && !(Number(body.price) > 0))
      return fail(400, 'UDAPI1008', 'Price is required');
    if ((type === 'sl' || type === 'sl-m') && !(Number(body.trigger_price) > 0))
      return fail(400, 'UDAPI1009', 'Trigger price is required');
    if (body.tag !== undefined && String(body.tag).length > 40)
      return fail(400, 'UDAPI1010', 'Tag must be at most 40 characters');
    if (body.slice !== undefined && typeof body.slice !== 'boolean')
      return fail(400, 'UDAPI100036', 'Invalid Input: slice must be true or false');
    const refused = refuseProtection(body.market_protection, remoteAddress, path);
    if (refused) return refused;
    const offTick = offTickPrice([body.price, body.trigger_price], exchange.ltp.get(symbol));
    if (offTick) return fail(400, 'UDAPI1008', offTickText(offTick));
    const o = exchange.place({
      user,
      symbol,
      side: body.transaction_type === 'BUY' ? 'buy' : 'sell',
      type,
      product: String(body.product),
      quantity,
      price: Number(body.price ?? 0),
      trigger: Number(body.trigger_price ?? 0),
      tag: body.tag === undefined ? null : String(body.tag),
    });
    return {
      status: 200,
      body: {
        status: 'success',
        data: { order_ids: [o.id] },
        metadata: { latency: Math.max(1, Math.round(performance.now() - started)) },
      },
    };
  }

  function route(request: ParsedRequest): Answer {
    const { method, path, body, query, headers } = request;
    if (method === 'GET' && path === '/instruments/NSE.json.gz') {
      const rows = [...exchange.ltp.keys()].map((symbol) => ({
        segment: 'NSE_EQ',
        name: `${symbol} LTD`,
        exchange: 'NSE',
        isin: instrumentKey(symbol).slice(7),
        instrument_type: 'EQ',
        instrument_key: instrumentKey(symbol),
        lot_size: 1,
        trading_symbol: symbol,
      }));
      return { status: 200, body: rows, gzip: true };
    }
    if (method === 'POST' && path === '/v2/login/authorization/token') {
      if (body.client_id !== apiKey || body.client_secret !== apiSecret)
        return fail(401, 'UDAPI100016', 'Invalid Credentials');
      if (body.redirect_uri !== server.redirectUrl()) return fail(400, 'UDAPI100069', 'Check your redirect_uri');
      if (body.grant_type !== 'authorization_code') return fail(400, 'UDAPI100068', 'Check your grant_type');
      if (!codes.delete(String(body.code ?? ''))) return fail(400, 'UDAPI100057', 'Invalid Auth code');
      const access_token = randomBytes(16).toString('hex');
      tokens.set(access_token, '7AB123');
      return {
        status: 200,
        body: {
          email: 'asha@example.com',
          exchanges: ['NSE'],
          products: ['D', 'I'],
          broker: 'UPSTOX',
          user_id: '7AB123',
          user_name: 'Asha Rao',
          order_types: ['MARKET', 'LIMIT', 'SL', 'SL-M'],
          user_type: 'individual',
          poa: false,
          is_active: true,
          access_token,
          extended_token: null,
        },
      };
    }
    const user = tokens.get(/^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? '');
    if (!user) return fail(401, 'UDAPI100050', 'Invalid token used to access API');
    const noAlgoName = isOrderRequest(request) ? algos.refusal(headers) : null;
    if (noAlgoName) {
      server.refusals.push({ reason: 'algo_name', remoteAddress: request.remoteAddress, path });
      return fail(400, 'UDAPI100036', noAlgoName);
    }
    if (method === 'GET' && path === '/v2/user/profile')
      return ok({ user_id: user, user_name: 'Asha Rao', broker: 'UPSTOX', is_active: true });
    if (method === 'GET' && path === '/v2/user/get-funds-and-margin') {
      const used = exchange.usedBy(user);
      return ok({
        equity: {
          used_margin: used,
          payin_amount: 0,
          span_margin: 0,
          adhoc_margin: 0,
          notional_cash: 0,
          available_margin: exchange.cash - used,
          exposure_margin: 0,
        },
      });
    }
    if (method === 'POST' && path === '/v3/order/place') return placeOrder(request, user);
    if (method === 'GET' && path === '/v2/order/retrieve-all')
      return ok(exchange.orders.filter((o) => o.user === user).map(orderRow));
    if (method === 'GET' && path === '/v2/portfolio/short-term-positions') {
      return ok(
        exchange.positions(user).map((p) => ({
          exchange: 'NSE',
          product: p.product,
          instrument_token: instrumentKey(p.symbol),
          trading_symbol: p.symbol,
          tradingsymbol: p.symbol,
          quantity: p.quantity,
          average_price: p.averagePrice,
          buy_price: p.averagePrice,
          last_price: p.ltp,
        })),
      );
    }
    if (method === 'GET' && path === '/v2/market-quote/ltp') {
      const entries = (query.symbol ?? '').split(',').flatMap((key) => {
        const symbol = symbolOf(key);
        const price = symbol ? exchange.ltp.get(symbol) : undefined;
        return symbol && price !== undefined
          ? [[`NSE_EQ:${symbol}`, { last_price: price, instrument_token: key }]]
          : [];
      });
      return ok(Object.fromEntries(entries));
    }
    const id = method === 'PUT' ? String(body.order_id ?? '') : (query.order_id ?? '');
    const order = exchange.orders.find((o) => o.id === id && o.user === user);
    if (['/v2/order/details', '/v2/order/cancel', '/v2/order/modify'].includes(path) && !order)
      return fail(400, 'UDAPI100010', 'Order not found');
    if (method === 'GET' && path === '/v2/order/details') return ok(orderRow(order!));
    if (method === 'DELETE' && path === '/v2/order/cancel')
      return exchange.cancel(order!)
        ? ok({ order_id: id })
        : fail(400, 'UDAPI100040', 'Order cannot be cancelled: it is not open');
    if (method === 'PUT' && path === '/v2/order/modify') {
      const refused = refuseProtection(body.market_protection, request.remoteAddress, path);
      if (refused) return refused;
      // Upstox's v2 modify: `order_id`, `order_type`, `validity`, `price`, `trigger_price` required, `quantity` optional.
      const type = TYPES[String(body.order_type)];
      if (!type) return fail(400, 'UDAPI1004', 'Valid order type is required');
      if (body.validity !== 'DAY' && body.validity !== 'IOC')
        return fail(400, 'UDAPI1011', 'Valid validity is required');
      if (typeof body.price !== 'number') return fail(400, 'UDAPI1008', 'Price is required');
      if (typeof body.trigger_price !== 'number') return fail(400, 'UDAPI1009', 'Trigger price is required');
      const changes: OrderChange = {
        type,
        quantity: body.quantity === undefined ? undefined : Number(body.quantity),
        price: type === 'limit' || type === 'sl' ? body.price : undefined,
        trigger: type === 'sl' || type === 'sl-m' ? body.trigger_price : undefined,
      };
      const problem = exchange.rests(order!) ? changeProblem(order!, changes, exchange.ltp.get(order!.symbol)) : null;
      if (problem)
        return problem.kind === 'missing'
          ? fail(400, UPSTOX_FIELD_WORDS[problem.field][0], UPSTOX_FIELD_WORDS[problem.field][1])
          : fail(400, 'UDAPI1008', problem.message);
      return exchange.modify(order!, changes)
        ? ok({ order_id: id })
        : fail(400, 'UDAPI100041', 'Order cannot be modified: it is not open');
    }
    return fail(404, 'UDAPI100060', 'Resource not Found');
  }

  const isOrderRequest = (req: ParsedRequest) =>
    (req.method === 'POST' && req.path === '/v3/order/place') ||
    (req.method === 'PUT' && req.path === '/v2/order/modify') ||
    (req.method === 'DELETE' && req.path === '/v2/order/cancel');

  const LOGIN_FIELDS = ['client_id', 'redirect_uri', 'state'];
  /** Upstox's authorization dialog, and its redirect back to the app with `code` and `state`. */
  function page({ url }: ParsedRequest, res: http.ServerResponse): boolean {
    if (url.pathname !== '/v2/login/authorization/dialog' && url.pathname !== '/v2/login/authorization/finish')
      return false;
    const query = url.searchParams;
    if (query.get('client_id') !== apiKey)
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid client_id');
    else if (query.get('redirect_uri') !== server.redirectUrl())
      res.writeHead(400, { 'content-type': 'text/plain' }).end('redirect_uri does not match the app');
    else if (url.pathname.endsWith('/dialog')) {
      if (query.get('response_type') !== 'code')
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid response_type');
      else
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            loginPage(
              'Upstox',
              '/v2/login/authorization/finish',
              Object.fromEntries(LOGIN_FIELDS.map((k) => [k, query.get(k) ?? ''])),
            ),
          );
    } else {
      const code = randomBytes(6).toString('hex');
      codes.add(code);
      const back = new URL(server.redirectUrl());
      back.searchParams.set('code', code);
      if (query.get('state')) back.searchParams.set('state', query.get('state')!);
      res.writeHead(302, { location: back.toString() }).end();
    }
    return true;
  }

  const server = await serveFakeBroker({
    route,
    page,
    rateLimited: fail(429, 'UDAPI10005', 'Too Many Request Sent'),
    isQuoteRequest: (req) => req.method === 'GET' && req.path === '/v2/market-quote/ltp',
    isOrderRequest,
    unregisteredIp: (ip) =>
      fail(
        403,
        'UDAPI1154',
        `Order request from an unregistered IP address ${ip}. Register your static IP for the app.`,
      ),
    failure: fail(500, 'UDAPI100500', 'Something went wrong').body,
  });

  return withBrokerHttp<Omit<FakeUpstox, keyof FakeBrokerHttp>>(server, {
    instrumentsUrl: `${server.root}/instruments/NSE.json.gz`,
    apiKey,
    apiSecret,
    logIn: (loginUrl) => pressLogIn('Upstox', loginUrl, server.root, '/v2/login/authorization/finish', LOGIN_FIELDS),
    newAccessToken(user = '7AB123') {
      const token = randomBytes(16).toString('hex');
      tokens.set(token, user);
      return token;
    },
    setLtp(symbol, price) {
      instrumentKey(symbol);
      exchange.ltp.set(symbol, price);
    },
    instrumentKey,
    registerAlgoNames: (names) => algos.register(names),
    ...exchangeControls(exchange),
  });
}
