/**
 * A local server that speaks Angel One SmartAPI's wire format (https://smartapi.angelbroking.com/docs),
 * request by request, for the Angel One adapter's contract tests:
 * - the publisher login: GET /publisher-login?api_key&state shows a "Log in to Angel One" page that
 *   returns to the app's redirect URL with `auth_token` (the session's JWT), `feed_token`,
 *   `refresh_token` and `state`;
 * - every call needs `X-PrivateKey` (the app's key), `X-UserType`, `X-SourceID`, the client IP and
 *   MAC headers and `Authorization: Bearer <jwt>`; answers are `{status, message, errorcode, data}`
 *   (AG8001 for a bad token, HTTP 200 with `status: false` for input refusals);
 * - orders (placeOrder, modifyOrder, cancelOrder by `orderid`; details by `uniqueorderid`) with
 *   tradingsymbol `<symbol>-EQ` and its symboltoken, DELIVERY / INTRADAY, MARKET / LIMIT /
 *   STOPLOSS_LIMIT, string prices and quantities, `ordertag`; a modify checked as the order would
 *   stand (its variety, a price for LIMIT, on the tick and in the band);
 * - the order book, RMS, positions, LTP quotes by token, and the scrip master (JSON) at /scrip-master.json;
 * - HTTP 403 "Access denied because of exceeding access rate" over the rate set per token.
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
import {
  changeProblem,
  exchangeControls,
  FakeExchange,
  type OrderChange,
  type ExchangeOrder,
  type ExchangeOrderType,
  type ExchangeControls,
} from './fake-exchange';

export interface FakeAngelOne extends FakeBrokerHttp, ExchangeControls {
  apiKey: string;
  loginUrl: string;
  scripMasterUrl: string;
  logIn(loginUrl: string): Promise<URL>;
  newAccessToken(user?: string): string;
  setLtp(symbol: string, price: number): void;
  /** The symboltoken the scrip master gives a symbol. */
  symbolToken(symbol: string): string;
}

const answer = (data: unknown): Answer => ({
  status: 200,
  body: { status: true, message: 'SUCCESS', errorcode: '', data },
});
const refuse = (errorcode: string, message: string, status = 200): Answer => ({
  status,
  body: { status: false, message, errorcode, data: null },
});

/** Angel One's code and words for a field missing or invalid (the place's own). */
const ANGEL_FIELD_WORDS = {
  quantity: ['AB1012', 'Invalid Quantity'],
  price: ['AB1011', 'Invalid Price'],
  trigger: ['AB1017', 'Invalid Trigger Price'],
} as const;
const TYPES: Record<string, ExchangeOrderType> = {
  MARKET: 'market',
  LIMIT: 'limit',
  STOPLOSS_LIMIT: 'sl',
  STOPLOSS_MARKET: 'sl-m',
};
const TYPE_NAMES = Object.fromEntries(Object.entries(TYPES).map(([name, type]) => [type, name]));
const STATUS: Record<ExchangeOrder['status'], string> = {
  open: 'open',
  trigger_pending: 'trigger pending',
  filled: 'complete',
  cancelled: 'cancelled',
  rejected: 'rejected',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const angelTime = (d: Date) => {
  const ist = new Date(d.getTime() + 330 * 60_000);
  return `${String(ist.getUTCDate()).padStart(2, '0')}-${MONTHS[ist.getUTCMonth()]}-${ist.getUTCFullYear()} ${ist.toISOString().slice(11, 19)}`;
};
const REQUIRED_HEADERS = ['x-usertype', 'x-sourceid', 'x-clientlocalip', 'x-clientpublicip', 'x-macaddress'];

export async function startFakeAngelOne(): Promise<FakeAngelOne> {
  const apiKey = randomBytes(6).toString('hex');
  const tokens = new Map<string, string>();
  const exchange = new FakeExchange((seq) => `26010500000${String(seq).padStart(4, '0')}`);
  // Its RMS refuses a DELIVERY sell beyond the shares free to sell (holdings, less pending sells).
  exchange.deliveryProduct = 'DELIVERY';
  const unique = new Map<string, string>();
  const uniqueOf = (id: string) => {
    if (!unique.has(id)) unique.set(id, `${randomBytes(4).toString('hex')}-${randomBytes(2).toString('hex')}-${id}`);
    return unique.get(id)!;
  };
  const symbolTokens = new Map<string, string>();
  const symbolToken = (symbol: string) => {
    if (!symbolTokens.has(symbol)) symbolTokens.set(symbol, String(1000 + symbolTokens.size));
    return symbolTokens.get(symbol)!;
  };
  const symbolOfToken = (token: string) => [...symbolTokens].find(([, t]) => t === token)?.[0];

  const orderRow = (o: ExchangeOrder) => ({
    variety: o.type === 'sl' || o.type === 'sl-m' ? 'STOPLOSS' : 'NORMAL',
    ordertype: TYPE_NAMES[o.type],
    producttype: o.product,
    duration: 'DAY',
    price: o.price,
    triggerprice: o.trigger,
    quantity: String(o.quantity),
    tradingsymbol: `${o.symbol}-EQ`,
    transactiontype: o.side === 'buy' ? 'BUY' : 'SELL',
    exchange: 'NSE',
    symboltoken: symbolToken(o.symbol),
    ordertag: o.tag ?? '',
    averageprice: o.averagePrice,
    filledshares: String(o.filled),
    unfilledshares: String(o.quantity - o.filled),
    orderid: o.id,
    text: o.message ?? '',
    status: STATUS[o.status],
    orderstatus: STATUS[o.status],
    updatetime: angelTime(o.updatedAt),
    exchorderid: o.exchangeId ?? '',
    uniqueorderid: uniqueOf(o.id),
  });

  function placeOrder(body: Record<string, unknown>, user: string): Answer {
    const symbol = symbolOfToken(String(body.symboltoken ?? ''));
    const type = TYPES[String(body.ordertype)];
    const quantity = Number(body.quantity);
    if (!symbol || body.tradingsymbol !== `${symbol}-EQ`) return refuse('AB1018', 'Invalid Symbol Token');
    if (!type) return refuse('AB1014', 'Invalid Order Type');
    if (body.variety !== (type === 'sl' || type === 'sl-m' ? 'STOPLOSS' : 'NORMAL'))
      return refuse('AB1013', 'Invalid Variety');
    if (!['BUY', 'SELL'].includes(String(body.transactiontype))) return refuse('AB1015', 'Invalid Transaction Type');
    if (!['DELIVERY', 'INTRADAY'].includes(String(body.producttype))) return refuse('AB1016', 'Invalid Product Type');
    if (typeof body.quantity !== 'string' || !Number.isInteger(quantity) || quantity <= 0)
      return refuse('AB1012', 'Invalid Quantity');
    if ((type === 'limit' || type === 'sl') && !(Number(body.price) > 0)) return refuse('AB1011', 'Invalid Price');
    if ((type === 'sl' || type === 'sl-m') && !(Number(body.triggerprice) > 0))
      return refuse('AB1017', 'Invalid Trigger Price');
    if (body.ordertag !== undefined && String(body.ordertag).length > 20) return refuse('AB1019', 'Invalid Order Tag');
    const offTick = offTickPrice([body.price, body.triggerprice], exchange.ltp.get(symbol));
    if (offTick) return refuse('AB1011', offTickText(offTick));
    const o = exchange.place({
      user,
      symbol,
      side: body.transactiontype === 'BUY' ? 'buy' : 'sell',
      type,
      product: String(body.producttype),
      quantity,
      price: Number(body.price ?? 0),
      trigger: Number(body.triggerprice ?? 0),
      tag: body.ordertag === undefined ? null : String(body.ordertag),
    });
    return answer({ script: `${symbol}-EQ`, orderid: o.id, uniqueorderid: uniqueOf(o.id) });
  }

  function route({ method, path, body, headers }: ParsedRequest): Answer {
    if (method === 'GET' && path === '/scrip-master.json') {
      return {
        status: 200,
        body: [...exchange.ltp.keys()].map((s) => ({
          token: symbolToken(s),
          symbol: `${s}-EQ`,
          name: s,
          expiry: '',
          strike: '-1.000000',
          lotsize: '1',
          instrumenttype: '',
          exch_seg: 'NSE',
          tick_size: '5.000000',
        })),
      };
    }
    if (headers['x-privatekey'] !== apiKey) return refuse('AG8004', 'Invalid API Key', 401);
    const missing = REQUIRED_HEADERS.find((h) => !headers[h]);
    if (missing) return refuse('AB1007', `Missing header ${missing}`, 400);
    const user = tokens.get(/^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? '');
    if (!user) return refuse('AG8001', 'Invalid Token', 401);
    const api = (name: string) => path === `/rest/secure/angelbroking/order/v1/${name}`;
    if (method === 'GET' && path === '/rest/secure/angelbroking/user/v1/getProfile')
      return answer({ clientcode: user, name: 'Asha Rao' });
    if (method === 'GET' && path === '/rest/secure/angelbroking/user/v1/getRMS') {
      const used = exchange.usedBy(user);
      return answer({
        net: (exchange.cash - used).toFixed(4),
        availablecash: (exchange.cash - used).toFixed(4),
        utiliseddebits: used.toFixed(4),
      });
    }
    if (method === 'POST' && api('placeOrder')) return placeOrder(body, user);
    if (method === 'GET' && api('getOrderBook'))
      return answer(exchange.orders.filter((o) => o.user === user).map(orderRow));
    if (method === 'GET' && api('getPosition')) {
      return answer(
        exchange.positions(user).map((p) => ({
          exchange: 'NSE',
          symboltoken: symbolToken(p.symbol),
          producttype: p.product,
          tradingsymbol: `${p.symbol}-EQ`,
          netqty: String(p.quantity),
          avgnetprice: p.averagePrice.toFixed(2),
          ltp: String(p.ltp),
        })),
      );
    }
    if (method === 'POST' && path === '/rest/secure/angelbroking/market/v1/quote/') {
      if (body.mode !== 'LTP') return refuse('AB1020', 'Invalid mode');
      const wanted = ((body.exchangeTokens as { NSE?: string[] } | undefined)?.NSE ?? []).map((t) => ({
        t,
        symbol: symbolOfToken(t),
      }));
      return answer({
        fetched: wanted
          .filter((w) => w.symbol)
          .map((w) => ({
            exchange: 'NSE',
            tradingSymbol: `${w.symbol}-EQ`,
            symbolToken: w.t,
            ltp: exchange.ltp.get(w.symbol!),
          })),
        unfetched: wanted
          .filter((w) => !w.symbol)
          .map((w) => ({ exchange: 'NSE', symbolToken: w.t, message: 'Invalid token' })),
      });
    }
    const details = /^\/rest\/secure\/angelbroking\/order\/v1\/details\/(.+)$/.exec(path);
    const byUnique = details
      ? exchange.orders.find((o) => o.user === user && uniqueOf(o.id) === details[1])
      : undefined;
    if (method === 'GET' && details) return byUnique ? answer(orderRow(byUnique)) : refuse('AB1004', 'Order not found');
    const order = exchange.orders.find((o) => o.id === String(body.orderid ?? '') && o.user === user);
    if (method === 'POST' && (api('cancelOrder') || api('modifyOrder'))) {
      if (!order) return refuse('AB1004', 'Order not found');
      if (api('cancelOrder'))
        return exchange.cancel(order)
          ? answer({ orderid: order.id, uniqueorderid: uniqueOf(order.id) })
          : refuse('AB4008', 'Order cannot be cancelled');
      // SmartAPI's modifyOrder: variety, orderid, ordertype, producttype, duration, price, quantity (strings).
      const type = TYPES[String(body.ordertype)];
      if (!type) return refuse('AB1014', 'Invalid Order Type');
      if (body.variety !== (type === 'sl' || type === 'sl-m' ? 'STOPLOSS' : 'NORMAL'))
        return refuse('AB1013', 'Invalid Variety');
      if (body.producttype !== order.product) return refuse('AB1016', 'Invalid Product Type');
      if (typeof body.quantity !== 'string') return refuse('AB1012', 'Invalid Quantity');
      const changes: OrderChange = {
        type,
        quantity: Number(body.quantity),
        price: type === 'limit' || type === 'sl' ? Number(body.price) : undefined,
        trigger: type === 'sl' || type === 'sl-m' ? Number(body.triggerprice) : undefined,
      };
      const problem = exchange.rests(order) ? changeProblem(order, changes, exchange.ltp.get(order.symbol)) : null;
      if (problem) {
        const [code, words] =
          problem.kind === 'missing' ? ANGEL_FIELD_WORDS[problem.field] : ['AB1011', problem.message];
        return refuse(code, words);
      }
      return exchange.modify(order, changes)
        ? answer({ orderid: order.id, uniqueorderid: uniqueOf(order.id) })
        : refuse('AB4009', 'Order cannot be modified');
    }
    return refuse('AB1000', 'Not found', 404);
  }

  function page({ url }: ParsedRequest, res: http.ServerResponse): boolean {
    if (url.pathname !== '/publisher-login' && url.pathname !== '/publisher-login/finish') return false;
    const query = url.searchParams;
    if (query.get('api_key') !== apiKey) res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid api_key');
    else if (url.pathname === '/publisher-login') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(loginPage('Angel One', '/publisher-login/finish', { api_key: apiKey, state: query.get('state') ?? '' }));
    } else {
      const jwt = `eyJ${randomBytes(24).toString('base64url')}`;
      tokens.set(jwt, 'A123456');
      const back = new URL(server.redirectUrl());
      for (const [k, v] of Object.entries({
        auth_token: jwt,
        feed_token: randomBytes(12).toString('hex'),
        refresh_token: randomBytes(12).toString('hex'),
        state: query.get('state') ?? '',
      }))
        back.searchParams.set(k, v);
      res.writeHead(302, { location: back.toString() }).end();
    }
    return true;
  }

  const server = await serveFakeBroker({
    route,
    page,
    rateLimited: refuse('', 'Access denied because of exceeding access rate', 403),
    isQuoteRequest: (req) => req.method === 'POST' && req.path === '/rest/secure/angelbroking/market/v1/quote/',
    isOrderRequest: (req) =>
      req.method === 'POST' &&
      /^\/rest\/secure\/angelbroking\/order\/v1\/(placeOrder|modifyOrder|cancelOrder)$/.test(req.path),
    // Angel's words, as members have seen them (smartapi forum, "Getting IP restricted even after IP whitelisting").
    unregisteredIp: () => refuse('AG7002', 'Access denied: Unregistered IP address. Register your IP before retrying.'),
    failure: {
      status: false,
      message: 'Something Went Wrong, Please Try After Sometime',
      errorcode: 'AB1004',
      data: null,
    },
  });

  return withBrokerHttp<Omit<FakeAngelOne, keyof FakeBrokerHttp>>(server, {
    apiKey,
    loginUrl: `${server.root}/publisher-login`,
    scripMasterUrl: `${server.root}/scrip-master.json`,
    logIn: (loginUrl) =>
      pressLogIn('Angel One', loginUrl, server.root, '/publisher-login/finish', ['api_key', 'state']),
    newAccessToken(user = 'A123456') {
      const token = `eyJ${randomBytes(24).toString('base64url')}`;
      tokens.set(token, user);
      return token;
    },
    setLtp(symbol, price) {
      symbolToken(symbol);
      exchange.ltp.set(symbol, price);
    },
    symbolToken,
    ...exchangeControls(exchange),
  });
}
