/**
 * A local server that speaks Fyers API v3's wire format (https://myapi.fyers.in/docsv3), request by
 * request, for the Fyers adapter's contract tests:
 * - the login: GET /api/v3/generate-authcode?client_id&redirect_uri&response_type=code&state shows
 *   a "Log in to Fyers" page whose button returns to the redirect URI with `s=ok&code=200&auth_code&state`;
 *   POST /api/v3/validate-authcode {grant_type, appIdHash: SHA-256("app_id:app_secret"), code};
 * - `Authorization: app_id:access_token` on every call, else HTTP 401 `{s:"error", code:-16}`;
 * - JSON orders on /api/v3/orders/sync (POST place, PATCH modify, DELETE cancel) validated as Fyers
 *   validates them (HTTP 400, code -50; a modify's `type`, `qty`, `limitPrice`, `stopPrice` checked
 *   as the order would stand: price on the tick and in the band), types 1 limit / 2 market / 3 stop / 4 stop-limit, side
 *   1 / -1, products CNC / INTRADAY, `orderTag`; an RMS rejection answers `s:"error"` with the id of
 *   the rejected order;
 * - the order book (status 1 cancelled, 2 filled, 4 transit, 5 rejected, 6 pending), funds
 *   (`fund_limit` rows), positions (`netPositions`) and quotes (/data/quotes, `d[].v.lp`);
 * - HTTP 429 `{s:"error", code:429}` over the rate set per access token.
 */
import { createHash, randomBytes } from 'node:crypto';
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
import {
  changeProblem,
  exchangeControls,
  FakeExchange,
  type OrderChange,
  type ExchangeOrder,
  type ExchangeOrderType,
  type ExchangeControls,
} from './fake-exchange';

export interface FakeFyers extends FakeBrokerHttp, ExchangeControls {
  appId: string;
  secret: string;
  /** A member on the login page the app sent them to: answers Fyers's redirect back to the app. */
  logIn(loginUrl: string): Promise<URL>;
  newAccessToken(user?: string): string;
  setLtp(symbol: string, price: number): void;
}
const ok = (data: Record<string, unknown>): Answer => ({
  status: 200,
  body: { s: 'ok', code: 200, message: '', ...data },
});
const fail = (status: number, code: number, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { s: 'error', code, message, ...extra },
});

/** Fyers's words for a field missing or invalid (the place's own). */
const FYERS_FIELD_WORDS = { quantity: 'Invalid quantity', price: 'Invalid limit price', trigger: 'Invalid stop price' };
const TYPES: Record<number, ExchangeOrderType> = { 1: 'limit', 2: 'market', 3: 'sl-m', 4: 'sl' };
const TYPE_CODES = Object.fromEntries(Object.entries(TYPES).map(([code, type]) => [type, Number(code)]));
const STATUS: Record<ExchangeOrder['status'], number> = {
  cancelled: 1,
  filled: 2,
  rejected: 5,
  open: 6,
  trigger_pending: 6,
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Fyers's order times: "05-Jan-2026 09:15:03" in India's time. */
const fyersTime = (d: Date) => {
  const ist = new Date(d.getTime() + 330 * 60_000);
  return `${String(ist.getUTCDate()).padStart(2, '0')}-${MONTHS[ist.getUTCMonth()]}-${ist.getUTCFullYear()} ${ist.toISOString().slice(11, 19)}`;
};

function orderRow(o: ExchangeOrder) {
  return {
    id: o.id,
    exchOrdId: o.exchangeId ?? '',
    symbol: `NSE:${o.symbol}-EQ`,
    qty: o.quantity,
    remainingQuantity: o.quantity - o.filled,
    filledQty: o.filled,
    status: STATUS[o.status],
    type: TYPE_CODES[o.type],
    side: o.side === 'buy' ? 1 : -1,
    productType: o.product,
    limitPrice: o.price,
    stopPrice: o.trigger,
    tradedPrice: o.averagePrice,
    orderTag: o.tag ? `1:${o.tag}` : '',
    message: o.message ?? '',
    orderDateTime: fyersTime(o.placedAt),
    segment: 10,
    exchange: 10,
  };
}

export async function startFakeFyers(): Promise<FakeFyers> {
  const appId = `FY${randomBytes(3).toString('hex').toUpperCase()}-100`;
  const secret = randomBytes(8).toString('hex');
  const authCodes = new Set<string>();
  const tokens = new Map<string, string>();
  const exchange = new FakeExchange((seq) => `26010500000${String(seq).padStart(4, '0')}`);
  // Its RMS refuses a CNC sell beyond the shares free to sell (holdings, less pending sells).
  exchange.deliveryProduct = 'CNC';

  function placeOrder(body: Record<string, unknown>, user: string): Answer {
    const symbol = /^NSE:([A-Z0-9&-]+)-EQ$/.exec(String(body.symbol ?? ''))?.[1];
    const type = TYPES[Number(body.type)];
    const qty = Number(body.qty);
    if (!symbol) return fail(400, -50, 'Invalid symbol');
    if (!type) return fail(400, -50, 'Invalid order type');
    if (body.side !== 1 && body.side !== -1) return fail(400, -50, 'Invalid side');
    if (!['CNC', 'INTRADAY', 'MARGIN'].includes(String(body.productType)))
      return fail(400, -50, 'Invalid product type');
    if (!Number.isInteger(qty) || qty <= 0) return fail(400, -50, 'Invalid quantity');
    if ((type === 'limit' || type === 'sl') && !(Number(body.limitPrice) > 0))
      return fail(400, -50, 'Invalid limit price');
    if ((type === 'sl' || type === 'sl-m') && !(Number(body.stopPrice) > 0))
      return fail(400, -50, 'Invalid stop price');
    if (body.orderTag !== undefined && !/^[A-Za-z0-9]{1,30}$/.test(String(body.orderTag)))
      return fail(400, -50, 'Invalid order tag');
    if (!exchange.ltp.has(symbol)) return fail(400, -50, 'Invalid symbol');
    const offTick = offTickPrice([body.limitPrice, body.stopPrice], exchange.ltp.get(symbol));
    if (offTick) return fail(400, -50, offTickText(offTick));
    const o = exchange.place({
      user,
      symbol,
      side: body.side === 1 ? 'buy' : 'sell',
      type,
      product: String(body.productType),
      quantity: qty,
      price: Number(body.limitPrice ?? 0),
      trigger: Number(body.stopPrice ?? 0),
      tag: body.orderTag === undefined ? null : String(body.orderTag),
    });
    if (o.status === 'rejected') return fail(200, -99, `RED:${o.message}`, { id: o.id });
    return { status: 200, body: { s: 'ok', code: 1101, message: 'Order submitted successfully', id: o.id } };
  }

  function route({ method, path, body, query, headers }: ParsedRequest): Answer {
    if (method === 'POST' && path === '/api/v3/validate-authcode') {
      const hash = createHash('sha256').update(`${appId}:${secret}`).digest('hex');
      if (body.grant_type !== 'authorization_code') return fail(400, -50, 'Invalid grant_type');
      if (body.appIdHash !== hash) return fail(400, -371, 'Invalid appIdHash');
      if (!authCodes.delete(String(body.code ?? ''))) return fail(400, -413, 'Invalid auth code');
      const access_token = randomBytes(16).toString('hex');
      tokens.set(access_token, 'XA00001');
      return ok({ access_token, refresh_token: randomBytes(16).toString('hex') });
    }
    const auth = /^([^:]+):(.+)$/.exec(headers.authorization ?? '');
    const user = auth && auth[1] === appId ? tokens.get(auth[2]!) : undefined;
    if (!user) return fail(401, -16, 'Could not authenticate the user');
    if (method === 'GET' && path === '/api/v3/profile') return ok({ data: { fy_id: user, name: 'Asha Rao' } });
    if (method === 'GET' && path === '/api/v3/funds') {
      const used = exchange.usedBy(user);
      const row = (id: number, title: string, amount: number) => ({
        id,
        title,
        equityAmount: amount,
        commodityAmount: 0,
      });
      return ok({
        fund_limit: [
          row(1, 'Total Balance', exchange.cash),
          row(2, 'Utilized Amount', used),
          row(9, 'Limit at start of the day', exchange.cash),
          row(10, 'Available Balance', exchange.cash - used),
        ],
      });
    }
    if (method === 'GET' && path === '/api/v3/orders') {
      const own = exchange.orders.filter((o) => o.user === user && (!query.id || o.id === query.id));
      if (query.id && !own.length) return fail(400, -50, 'Invalid order id');
      return ok({ orderBook: own.map(orderRow) });
    }
    if (method === 'GET' && path === '/api/v3/positions') {
      return ok({
        netPositions: exchange.positions(user).map((p) => ({
          symbol: `NSE:${p.symbol}-EQ`,
          productType: p.product,
          netQty: p.quantity,
          netAvg: p.averagePrice,
          ltp: p.ltp,
        })),
        overall: {},
      });
    }
    if (method === 'GET' && path === '/data/quotes') {
      const d = (query.symbols ?? '').split(',').map((n) => {
        const price = exchange.ltp.get(/^NSE:(.+)-EQ$/.exec(n)?.[1] ?? '');
        return price === undefined
          ? { n, s: 'error', v: { errmsg: 'invalid symbol' } }
          : { n, s: 'ok', v: { lp: price, symbol: n } };
      });
      return ok({ d });
    }
    if (path === '/api/v3/orders/sync') {
      if (method === 'POST') return placeOrder(body, user);
      const order = exchange.orders.find((o) => o.id === String(body.id) && o.user === user);
      if (!order) return fail(400, -50, 'Invalid order id');
      if (method === 'DELETE') {
        return exchange.cancel(order)
          ? { status: 200, body: { s: 'ok', code: 1103, message: 'Order cancelled', id: order.id } }
          : fail(400, -52, 'Order is not pending: cannot cancel');
      }
      if (method === 'PATCH') {
        // Fyers's modify: `id`, and any of `type`, `qty`, `limitPrice`, `stopPrice` (a type 1 needs a limitPrice).
        const type = body.type === undefined ? undefined : TYPES[Number(body.type)];
        if (body.type !== undefined && !type) return fail(400, -50, 'Invalid order type');
        const changes: OrderChange = {
          type,
          quantity: body.qty === undefined ? undefined : Number(body.qty),
          price: body.limitPrice === undefined ? undefined : Number(body.limitPrice),
          trigger: body.stopPrice === undefined ? undefined : Number(body.stopPrice),
        };
        const problem = exchange.rests(order) ? changeProblem(order, changes, exchange.ltp.get(order.symbol)) : null;
        if (problem)
          return fail(400, -50, problem.kind === 'missing' ? FYERS_FIELD_WORDS[problem.field] : problem.message);
        return exchange.modify(order, changes)
          ? { status: 200, body: { s: 'ok', code: 1102, message: 'Order modified', id: order.id } }
          : fail(400, -52, 'Order is not pending: cannot modify');
      }
    }
    return fail(404, -404, 'Not found');
  }

  const LOGIN_FIELDS = ['client_id', 'redirect_uri', 'state'];
  /** Fyers's login page, and its redirect back to the app with `s=ok&code=200&auth_code&state`. */
  function page({ url }: ParsedRequest, res: http.ServerResponse): boolean {
    if (url.pathname !== '/api/v3/generate-authcode' && url.pathname !== '/api/v3/finish-login') return false;
    const query = url.searchParams;
    if (query.get('client_id') !== appId) res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid client_id');
    else if (query.get('redirect_uri') !== server.redirectUrl())
      res.writeHead(400, { 'content-type': 'text/plain' }).end('redirect_uri does not match the app');
    else if (url.pathname === '/api/v3/generate-authcode') {
      if (query.get('response_type') !== 'code')
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid response_type');
      else
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            loginPage(
              'Fyers',
              '/api/v3/finish-login',
              Object.fromEntries(LOGIN_FIELDS.map((k) => [k, query.get(k) ?? ''])),
            ),
          );
    } else {
      const code = randomBytes(12).toString('hex');
      authCodes.add(code);
      const back = new URL(server.redirectUrl());
      for (const [k, v] of Object.entries({ s: 'ok', code: '200', auth_code: code, state: query.get('state') ?? '' }))
        back.searchParams.set(k, v);
      res.writeHead(302, { location: back.toString() }).end();
    }
    return true;
  }

  const server = await serveFakeBroker({
    route,
    page,
    rateLimited: fail(429, 429, 'request limit reached'),
    isQuoteRequest: (req) => req.method === 'GET' && req.path === '/data/quotes',
    isOrderRequest: (req) =>
      (req.method === 'POST' && req.path === '/api/v3/orders/sync') ||
      ((req.method === 'PATCH' || req.method === 'DELETE') && req.path === '/api/v3/orders/sync'),
    unregisteredIp: (ip) =>
      fail(
        403,
        -99,
        `Order request from an unregistered IP address ${ip}. Register your static IP in the API dashboard.`,
      ),
    failure: { s: 'error', code: -500, message: 'Internal server error' },
  });

  return withBrokerHttp<Omit<FakeFyers, keyof FakeBrokerHttp>>(server, {
    appId,
    secret,
    logIn: (loginUrl) => pressLogIn('Fyers', loginUrl, server.root, '/api/v3/finish-login', LOGIN_FIELDS),
    newAccessToken(user = 'XA00001') {
      const token = randomBytes(16).toString('hex');
      tokens.set(token, user);
      return token;
    },
    setLtp: (symbol, price) => void exchange.ltp.set(symbol, price),
    ...exchangeControls(exchange),
  });
}
