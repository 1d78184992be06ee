/**
 * A local server that speaks Fyers API v3's wire format (https://myapi.fyers.in/docsv3), request by
 * request, for the Fyers adapter's contract tests:
 * - the login: GET /api/v3/generate-authcode?client_id&redirect_uri&response_type=code&state shows
 *   a "Log in to Fyers" page whose button returns to the redirect URI with `s=ok&code=200&auth_code&state`;
 *   POST /api/v3/validate-authcode {grant_type, appIdHash: SHA-256("app_id:app_secret"), code};
 * - `Authorization: app_id:access_token` on every call, else HTTP 401 `{s:"error", code:-16}`;
 * - JSON orders on /api/v3/orders/sync (POST place, PATCH modify, DELETE cancel) validated as Fyers
 *   validates them (HTTP 400, code -50), types 1 limit / 2 market / 3 stop / 4 stop-limit, side
 *   1 / -1, products CNC / INTRADAY, `orderTag`; an RMS rejection answers `s:"error"` with the id of
 *   the rejected order;
 * - the order book (status 1 cancelled, 2 filled, 4 transit, 5 rejected, 6 pending), funds
 *   (`fund_limit` rows), positions (`netPositions`) and quotes (/data/quotes, `d[].v.lp`);
 * - HTTP 429 `{s:"error", code:429}` over the rate set per access token.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeExchange, type ExchangeOrder, type ExchangeOrderType } from './fake-exchange';

export interface FakeFyers {
  root: string;
  appId: string;
  secret: string;
  setRedirectUrl(url: string): void;
  /** A member on the login page the app sent them to: answers Fyers's redirect back to the app. */
  logIn(loginUrl: string): Promise<URL>;
  newAccessToken(user?: string): string;
  expireTokens(): void;
  setLtp(symbol: string, price: number): void;
  setCash(cash: number): void;
  fillNextPartly(quantity: number): void;
  failNext(answer: { status: number; body?: unknown; delayMs?: number }): void;
  /** At most this many requests a second per access token, else 429. */
  limitRate(perSecond: number): void;
  match(): void;
  exchange: FakeExchange;
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown>; query: Record<string, string>; at: number }[];
  rateLimited: number;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown };
const ok = (data: Record<string, unknown>): Answer => ({ status: 200, body: { s: 'ok', code: 200, message: '', ...data } });
const fail = (status: number, code: number, message: string, extra: Record<string, unknown> = {}): Answer => ({ status, body: { s: 'error', code, message, ...extra } });

const TYPES: Record<number, ExchangeOrderType> = { 1: 'limit', 2: 'market', 3: 'sl-m', 4: 'sl' };
const TYPE_CODES = Object.fromEntries(Object.entries(TYPES).map(([code, type]) => [type, Number(code)]));
const STATUS: Record<ExchangeOrder['status'], number> = { cancelled: 1, filled: 2, rejected: 5, open: 6, trigger_pending: 6 };
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
  let redirectUrl = 'http://127.0.0.1/redirect-not-registered';
  const authCodes = new Set<string>();
  const tokens = new Map<string, string>();
  const exchange = new FakeExchange((seq) => `26010500000${String(seq).padStart(4, '0')}`);
  const requests: FakeFyers['requests'] = [];
  const failures: { status: number; body?: unknown; delayMs?: number }[] = [];
  const recent = new Map<string, number[]>();
  let ratePerSecond = Infinity;
  let rateLimited = 0;

  function placeOrder(body: Record<string, unknown>, user: string): Answer {
    const symbol = /^NSE:([A-Z0-9&-]+)-EQ$/.exec(String(body.symbol ?? ''))?.[1];
    const type = TYPES[Number(body.type)];
    const qty = Number(body.qty);
    if (!symbol) return fail(400, -50, 'Invalid symbol');
    if (!type) return fail(400, -50, 'Invalid order type');
    if (body.side !== 1 && body.side !== -1) return fail(400, -50, 'Invalid side');
    if (!['CNC', 'INTRADAY', 'MARGIN'].includes(String(body.productType))) return fail(400, -50, 'Invalid product type');
    if (!Number.isInteger(qty) || qty <= 0) return fail(400, -50, 'Invalid quantity');
    if ((type === 'limit' || type === 'sl') && !(Number(body.limitPrice) > 0)) return fail(400, -50, 'Invalid limit price');
    if ((type === 'sl' || type === 'sl-m') && !(Number(body.stopPrice) > 0)) return fail(400, -50, 'Invalid stop price');
    if (body.orderTag !== undefined && !/^[A-Za-z0-9]{1,30}$/.test(String(body.orderTag))) return fail(400, -50, 'Invalid order tag');
    if (!exchange.ltp.has(symbol)) return fail(400, -50, 'Invalid symbol');
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

  function route(method: string, path: string, body: Record<string, unknown>, query: Record<string, string>, headers: http.IncomingHttpHeaders): Answer {
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
      const row = (id: number, title: string, amount: number) => ({ id, title, equityAmount: amount, commodityAmount: 0 });
      return ok({ fund_limit: [row(1, 'Total Balance', exchange.cash), row(2, 'Utilized Amount', used), row(9, 'Limit at start of the day', exchange.cash), row(10, 'Available Balance', exchange.cash - used)] });
    }
    if (method === 'GET' && path === '/api/v3/orders') {
      const own = exchange.orders.filter((o) => o.user === user && (!query.id || o.id === query.id));
      if (query.id && !own.length) return fail(400, -50, 'Invalid order id');
      return ok({ orderBook: own.map(orderRow) });
    }
    if (method === 'GET' && path === '/api/v3/positions') {
      return ok({ netPositions: exchange.positions(user).map((p) => ({ symbol: `NSE:${p.symbol}-EQ`, productType: p.product, netQty: p.quantity, netAvg: p.averagePrice, ltp: p.ltp })), overall: {} });
    }
    if (method === 'GET' && path === '/data/quotes') {
      const d = (query.symbols ?? '').split(',').map((n) => {
        const price = exchange.ltp.get(/^NSE:(.+)-EQ$/.exec(n)?.[1] ?? '');
        return price === undefined ? { n, s: 'error', v: { errmsg: 'invalid symbol' } } : { n, s: 'ok', v: { lp: price, symbol: n } };
      });
      return ok({ d });
    }
    if (path === '/api/v3/orders/sync') {
      if (method === 'POST') return placeOrder(body, user);
      const order = exchange.orders.find((o) => o.id === String(body.id) && o.user === user);
      if (!order) return fail(400, -50, 'Invalid order id');
      if (method === 'DELETE') {
        return exchange.cancel(order) ? { status: 200, body: { s: 'ok', code: 1103, message: 'Order cancelled', id: order.id } } : fail(400, -52, 'Order is not pending: cannot cancel');
      }
      if (method === 'PATCH') {
        const changes = { quantity: body.qty as number | undefined, price: body.limitPrice as number | undefined, trigger: body.stopPrice as number | undefined };
        return exchange.modify(order, changes) ? { status: 200, body: { s: 'ok', code: 1102, message: 'Order modified', id: order.id } } : fail(400, -52, 'Order is not pending: cannot modify');
      }
    }
    return fail(404, -404, 'Not found');
  }

  const loginPage = (query: URLSearchParams) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Fyers login</title></head><body>
<main><h1>Fyers</h1><form method="get" action="/api/v3/finish-login">
${['client_id', 'redirect_uri', 'state'].map((k) => `<input type="hidden" name="${k}" value="${(query.get(k) ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}">`).join('')}
<button type="submit">Log in to Fyers</button></form></main></body></html>`;

  function loginFlow(url: URL, res: http.ServerResponse) {
    const query = url.searchParams;
    if (query.get('client_id') !== appId) return res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid client_id');
    if (query.get('redirect_uri') !== redirectUrl) return res.writeHead(400, { 'content-type': 'text/plain' }).end('redirect_uri does not match the app');
    if (url.pathname === '/api/v3/generate-authcode') {
      if (query.get('response_type') !== 'code') return res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid response_type');
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(query));
    }
    const code = randomBytes(12).toString('hex');
    authCodes.add(code);
    const back = new URL(redirectUrl);
    for (const [k, v] of Object.entries({ s: 'ok', code: '200', auth_code: code, state: query.get('state') ?? '' })) back.searchParams.set(k, v);
    res.writeHead(302, { location: back.toString() }).end();
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fyers.local');
      const query = Object.fromEntries(url.searchParams);
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ s: 'error', code: -50, message: 'Invalid JSON' }));
      }
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body, query, at: performance.now() });
      const answer = (r: Answer) => res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify(r.body));
      if (req.method === 'GET' && (url.pathname === '/api/v3/generate-authcode' || url.pathname === '/api/v3/finish-login')) return loginFlow(url, res);
      if (req.method === 'PUT' && url.pathname === '/_fake/redirect-url') {
        redirectUrl = new URL(raw).toString();
        return res.writeHead(204).end();
      }
      const who = req.headers.authorization ?? '';
      const now = performance.now();
      const mine = (recent.get(who) ?? []).filter((t) => now - t <= 1000);
      mine.push(now);
      recent.set(who, mine);
      if (mine.length > ratePerSecond) {
        rateLimited++;
        return answer(fail(429, 429, 'request limit reached'));
      }
      const injected = failures.shift();
      if (injected?.delayMs) return void setTimeout(() => answer(route(req.method ?? '', url.pathname, body, query, req.headers)), injected.delayMs);
      if (injected) return answer({ status: injected.status, body: injected.body ?? { s: 'error', code: -500, message: 'Internal server error' } });
      answer(route(req.method ?? '', url.pathname, body, query, req.headers));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    root,
    appId,
    secret,
    setRedirectUrl: (value) => void (redirectUrl = value),
    async logIn(loginUrl) {
      const page = await fetch(loginUrl);
      const html = await page.text();
      if (page.status !== 200 || !html.includes('Log in to Fyers')) throw new Error(`Fyers's login page answered ${page.status}: ${html}`);
      const finish = new URL('/api/v3/finish-login', root);
      const given = new URL(loginUrl).searchParams;
      for (const k of ['client_id', 'redirect_uri', 'state']) finish.searchParams.set(k, given.get(k) ?? '');
      const redirect = await fetch(finish, { redirect: 'manual' });
      if (redirect.status !== 302) throw new Error(`Fyers's login answered ${redirect.status}`);
      return new URL(redirect.headers.get('location')!);
    },
    newAccessToken(user = 'XA00001') {
      const token = randomBytes(16).toString('hex');
      tokens.set(token, user);
      return token;
    },
    expireTokens: () => tokens.clear(),
    setLtp: (symbol, price) => void exchange.ltp.set(symbol, price),
    setCash: (cash) => void (exchange.cash = cash),
    fillNextPartly: (quantity) => exchange.fillNextPartly(quantity),
    failNext: (answer) => void failures.push(answer),
    limitRate: (perSecond) => void (ratePerSecond = perSecond),
    match: () => exchange.match(),
    exchange,
    requests,
    get rateLimited() {
      return rateLimited;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
