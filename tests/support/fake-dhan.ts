/**
 * A local server that speaks Dhan API v2's wire format (https://dhanhq.co/docs/v2/), request by
 * request, for the Dhan adapter's contract tests (one port for api.dhan.co and auth.dhan.co):
 * - the individual consent login: POST /app/generate-consent?client_id (headers app_id, app_secret)
 *   opens a consent; GET /login/consentApp-login?consentAppId shows a "Log in to Dhan" page that
 *   returns to the app's redirect URL with `tokenId`; GET /app/consumeApp-consent?tokenId (same
 *   headers) answers the session (dhanClientId, accessToken, expiryTime);
 * - the partner consent login (https://dhanhq.co/docs/v2/authentication, "Partners"): POST
 *   /partner/generate-consent (headers partner_id, partner_secret) answers `{consentId,
 *   consentStatus}`; GET /consent-login?consentId shows the login page, which returns to the
 *   partner's redirect URL with `tokenId` for whichever Dhan client logs in (`logInAs`); GET
 *   /partner/consume-consent?tokenId (same headers) answers the session. Wrong or missing
 *   credentials are HTTP 401 DH-901, a consent or tokenId it did not issue (or one used already)
 *   HTTP 400; a tokenId of one flow is unknown to the other;
 * - `access-token` on every call, else HTTP 401 DH-901; errors as `{errorType, errorCode, errorMessage}`;
 * - JSON orders (POST /v2/orders, PUT and DELETE /v2/orders/{id}) with dhanClientId, correlationId,
 *   NSE_EQ, CNC / INTRADAY, MARKET / LIMIT / STOP_LOSS / STOP_LOSS_MARKET, securityId (a modify
 *   checked as the order would stand: a price for LIMIT, on the tick and in the band); input refused
 *   with HTTP 400 DH-905; RMS rejections as REJECTED orders with omsErrorDescription;
 * - order status and book, fund limits, positions, LTP by security id, the scrip master CSV;
 * - HTTP 429 DH-904 over the rate set per access token.
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

export interface FakeDhan extends FakeBrokerHttp, ExchangeControls {
  apiKey: string;
  apiSecret: string;
  partnerId: string;
  partnerSecret: string;
  scripMasterUrl: string;
  logIn(loginUrl: string): Promise<URL>;
  /** The end of the sessions it gives, as Dhan writes it ("2026-01-06T09:30:00", India's time); default a day after each login. */
  setSessionExpiry(expiryTime: string | null): void;
  /** The member logging in on Dhan's page is this Dhan client (default: an individual consent's own; a partner consent needs one). */
  logInAs(clientId: string | null): void;
  newAccessToken(clientId?: string): string;
  setLtp(symbol: string, price: number): void;
  securityId(symbol: string): string;
}

const fail = (status: number, errorCode: string, errorMessage: string, errorType = 'Input_Exception'): Answer => ({
  status,
  body: { errorType, errorCode, errorMessage },
});
/** Dhan's words for a field missing or invalid (the place's own). */
const DHAN_FIELD_WORDS = { quantity: 'Invalid quantity', price: 'Invalid price', trigger: 'Invalid triggerPrice' };
const TYPES: Record<string, ExchangeOrderType> = {
  MARKET: 'market',
  LIMIT: 'limit',
  STOP_LOSS: 'sl',
  STOP_LOSS_MARKET: 'sl-m',
};
const TYPE_NAMES = Object.fromEntries(Object.entries(TYPES).map(([name, type]) => [type, name]));
const STATUS: Record<ExchangeOrder['status'], string> = {
  open: 'PENDING',
  trigger_pending: 'PENDING',
  filled: 'TRADED',
  cancelled: 'CANCELLED',
  rejected: 'REJECTED',
};
const IST = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startFakeDhan(): Promise<FakeDhan> {
  const apiKey = randomBytes(6).toString('hex');
  const apiSecret = randomBytes(10).toString('hex');
  const partnerId = `P${randomBytes(4).toString('hex')}`;
  const partnerSecret = randomBytes(10).toString('hex');
  const consents = new Map<string, string>();
  const tokenIds = new Map<string, string>();
  /** The partner's consents (they name no client: whoever logs in is the client) and tokenIds. */
  const partnerConsents = new Set<string>();
  const partnerTokenIds = new Map<string, string>();
  const tokens = new Map<string, string>();
  let loggedInAs: string | null = null;
  let sessionExpiry: string | null = null;
  const expiryTime = () => sessionExpiry ?? IST(new Date(Date.now() + 86_400_000)).replace(' ', 'T');
  const exchange = new FakeExchange((seq) => `11260105${String(seq).padStart(6, '0')}`);
  const securityIds = new Map<string, string>();
  const securityId = (symbol: string) => {
    if (!securityIds.has(symbol)) securityIds.set(symbol, String(11000 + securityIds.size));
    return securityIds.get(symbol)!;
  };
  const symbolOf = (id: string) => [...securityIds].find(([, s]) => s === id)?.[0];

  const orderRow = (o: ExchangeOrder) => ({
    dhanClientId: o.user,
    orderId: o.id,
    exchangeOrderId: o.exchangeId ?? '',
    correlationId: o.tag ?? '',
    orderStatus: STATUS[o.status],
    transactionType: o.side === 'buy' ? 'BUY' : 'SELL',
    exchangeSegment: 'NSE_EQ',
    productType: o.product,
    orderType: TYPE_NAMES[o.type],
    validity: 'DAY',
    tradingSymbol: o.symbol,
    securityId: securityId(o.symbol),
    quantity: o.quantity,
    price: o.price,
    triggerPrice: o.trigger,
    filledQty: o.filled,
    remainingQuantity: o.quantity - o.filled,
    averageTradedPrice: o.averagePrice,
    omsErrorCode: o.message ? 'RMS:Margin Exceeds' : '',
    omsErrorDescription: o.message ?? '',
    createTime: IST(o.placedAt),
    updateTime: IST(o.updatedAt),
  });

  function placeOrder(body: Record<string, unknown>, user: string): Answer {
    const symbol = symbolOf(String(body.securityId ?? ''));
    const type = TYPES[String(body.orderType)];
    const quantity = Number(body.quantity);
    if (body.dhanClientId !== user) return fail(400, 'DH-905', 'dhanClientId does not match the access token');
    if (!symbol || body.exchangeSegment !== 'NSE_EQ') return fail(400, 'DH-905', 'Invalid securityId');
    if (!type) return fail(400, 'DH-905', 'Invalid orderType');
    if (!['BUY', 'SELL'].includes(String(body.transactionType))) return fail(400, 'DH-905', 'Invalid transactionType');
    if (!['CNC', 'INTRADAY'].includes(String(body.productType))) return fail(400, 'DH-905', 'Invalid productType');
    if (!Number.isInteger(quantity) || quantity <= 0) return fail(400, 'DH-905', 'Invalid quantity');
    if ((type === 'limit' || type === 'sl') && !(Number(body.price) > 0)) return fail(400, 'DH-905', 'Invalid price');
    if ((type === 'sl' || type === 'sl-m') && !(Number(body.triggerPrice) > 0))
      return fail(400, 'DH-905', 'Invalid triggerPrice');
    if (body.correlationId !== undefined && !/^[A-Za-z0-9 _-]{1,25}$/.test(String(body.correlationId)))
      return fail(400, 'DH-905', 'Invalid correlationId');
    const offTick = offTickPrice([body.price, body.triggerPrice], exchange.ltp.get(symbol));
    if (offTick) return fail(400, 'DH-905', offTickText(offTick));
    const o = exchange.place({
      user,
      symbol,
      side: body.transactionType === 'BUY' ? 'buy' : 'sell',
      type,
      product: String(body.productType),
      quantity,
      price: Number(body.price ?? 0),
      trigger: Number(body.triggerPrice ?? 0),
      tag: body.correlationId === undefined ? null : String(body.correlationId),
    });
    return { status: 200, body: { orderId: o.id, orderStatus: STATUS[o.status] } };
  }

  /** A consumed consent: the session of the client whose tokenId it was. */
  function session(clientId: string): Answer {
    const accessToken = `eyJ${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, clientId);
    return {
      status: 200,
      body: {
        dhanClientId: clientId,
        dhanClientName: 'Asha Rao',
        dhanClientUcc: 'ASHA1234',
        givenPowerOfAttorney: true,
        accessToken,
        expiryTime: expiryTime(),
      },
    };
  }

  function route({ method, path, body, query, headers }: ParsedRequest): Answer {
    if (method === 'GET' && path === '/api-scrip-master.csv') {
      const header =
        'SEM_EXM_EXCH_ID,SEM_SEGMENT,SEM_SMST_SECURITY_ID,SEM_INSTRUMENT_NAME,SEM_EXPIRY_CODE,SEM_TRADING_SYMBOL,SEM_LOT_UNITS,SEM_CUSTOM_SYMBOL,SEM_EXPIRY_DATE,SEM_STRIKE_PRICE,SEM_OPTION_TYPE,SEM_TICK_SIZE,SEM_EXPIRY_FLAG,SEM_EXCH_INSTRUMENT_TYPE,SEM_SERIES,SM_SYMBOL_NAME';
      const rows = [...exchange.ltp.keys()].map(
        (s) => `NSE,E,${securityId(s)},EQUITY,0,${s},1,${s},,,XX,5.0000,NA,ES,EQ,${s} LIMITED`,
      );
      return { status: 200, body: [header, ...rows].join('\n'), csv: true };
    }
    if (path.startsWith('/app/')) {
      if (headers.app_id !== apiKey || headers.app_secret !== apiSecret)
        return fail(401, 'DH-901', 'Invalid app_id or app_secret', 'Invalid_Authentication');
      if (method === 'POST' && path === '/app/generate-consent') {
        if (!query.client_id) return fail(400, 'DH-905', 'client_id is required');
        const consentAppId = randomBytes(8).toString('hex');
        consents.set(consentAppId, query.client_id);
        return { status: 200, body: { consentAppId, consentAppStatus: 'GENERATED', status: 'success' } };
      }
      if (method === 'GET' && path === '/app/consumeApp-consent') {
        const clientId = tokenIds.get(query.tokenId ?? '');
        if (!clientId) return fail(400, 'DH-905', 'Invalid tokenId');
        tokenIds.delete(query.tokenId!);
        return session(clientId);
      }
    }
    if (path.startsWith('/partner/')) {
      if (!headers.partner_id || headers.partner_id !== partnerId || headers.partner_secret !== partnerSecret)
        return fail(401, 'DH-901', 'Invalid partner_id or partner_secret', 'Invalid_Authentication');
      if (method === 'POST' && path === '/partner/generate-consent') {
        const consentId = randomBytes(8).toString('hex');
        partnerConsents.add(consentId);
        return { status: 200, body: { consentId, consentStatus: 'GENERATED' } };
      }
      if (method === 'GET' && path === '/partner/consume-consent') {
        const clientId = partnerTokenIds.get(query.tokenId ?? '');
        if (!clientId) return fail(400, 'DH-905', 'Invalid tokenId');
        partnerTokenIds.delete(query.tokenId!);
        return session(clientId);
      }
    }
    const user = tokens.get(String(headers['access-token'] ?? ''));
    if (!user)
      return fail(
        401,
        'DH-901',
        'Client ID or user generated access token is invalid or expired.',
        'Invalid_Authentication',
      );
    if (method === 'GET' && path === '/v2/profile') {
      const [date, time] = expiryTime().split('T') as [string, string];
      const tokenValidity = `${date.split('-').reverse().join('/')} ${time.slice(0, 5)}`;
      return {
        status: 200,
        body: { dhanClientId: user, tokenValidity, activeSegment: 'Equity, Derivative', ddpi: 'Active' },
      };
    }
    if (method === 'GET' && path === '/v2/fundlimit') {
      const used = exchange.usedBy(user);
      return {
        status: 200,
        body: {
          dhanClientId: user,
          availabelBalance: exchange.cash - used,
          sodLimit: exchange.cash,
          collateralAmount: 0,
          receiveableAmount: 0,
          utilizedAmount: used,
          blockedPayoutAmount: 0,
          withdrawableBalance: exchange.cash - used,
        },
      };
    }
    if (method === 'POST' && path === '/v2/orders') return placeOrder(body, user);
    if (method === 'GET' && path === '/v2/orders')
      return { status: 200, body: exchange.orders.filter((o) => o.user === user).map(orderRow) };
    if (method === 'GET' && path === '/v2/positions') {
      return {
        status: 200,
        body: exchange.positions(user).map((p) => ({
          dhanClientId: user,
          tradingSymbol: p.symbol,
          securityId: securityId(p.symbol),
          positionType: p.quantity > 0 ? 'LONG' : p.quantity < 0 ? 'SHORT' : 'CLOSED',
          exchangeSegment: 'NSE_EQ',
          productType: p.product,
          buyAvg: p.averagePrice,
          sellAvg: 0,
          netQty: p.quantity,
        })),
      };
    }
    if (method === 'POST' && path === '/v2/marketfeed/ltp') {
      if (headers['client-id'] !== user) return fail(400, 'DH-905', 'client-id is required');
      const ids = (body.NSE_EQ as number[] | undefined) ?? [];
      const known = ids.flatMap((id) => {
        const symbol = symbolOf(String(id));
        return symbol ? [[String(id), { last_price: exchange.ltp.get(symbol) }]] : [];
      });
      return { status: 200, body: { data: { NSE_EQ: Object.fromEntries(known) }, status: 'success' } };
    }
    const one = /^\/v2\/orders\/(.+)$/.exec(path);
    const order = one ? exchange.orders.find((o) => o.id === one[1] && o.user === user) : undefined;
    if (one && !order) return fail(400, 'DH-906', 'Order not found', 'Order_Error');
    if (method === 'GET' && order) return { status: 200, body: orderRow(order) };
    if (method === 'DELETE' && order)
      return exchange.cancel(order)
        ? { status: 200, body: { orderId: order.id, orderStatus: 'CANCELLED' } }
        : fail(400, 'DH-906', 'Order is not pending', 'Order_Error');
    if (method === 'PUT' && order) {
      // Dhan's modify: dhanClientId, orderId, orderType, quantity, price, triggerPrice, validity.
      if (body.dhanClientId !== user) return fail(400, 'DH-905', 'dhanClientId does not match the access token');
      if (body.orderId !== order.id) return fail(400, 'DH-905', 'orderId does not match the path');
      const type = TYPES[String(body.orderType)];
      if (!type) return fail(400, 'DH-905', 'Invalid orderType');
      if (body.validity !== 'DAY' && body.validity !== 'IOC') return fail(400, 'DH-905', 'Invalid validity');
      const changes: OrderChange = {
        type,
        quantity: Number(body.quantity),
        price: type === 'limit' || type === 'sl' ? Number(body.price) : undefined,
        trigger: type === 'sl' || type === 'sl-m' ? Number(body.triggerPrice) : undefined,
      };
      const problem = exchange.rests(order) ? changeProblem(order, changes, exchange.ltp.get(order.symbol)) : null;
      if (problem)
        return fail(400, 'DH-905', problem.kind === 'missing' ? DHAN_FIELD_WORDS[problem.field] : problem.message);
      return exchange.modify(order, changes)
        ? { status: 200, body: { orderId: order.id, orderStatus: 'PENDING' } }
        : fail(400, 'DH-906', 'Order is not pending', 'Order_Error');
    }
    return fail(404, 'DH-910', 'Not found', 'Other');
  }

  /** Dhan sends the browser back to the redirect URL with a one-time tokenId. */
  function backWithToken(res: http.ServerResponse, tokenId: string) {
    const back = new URL(server.redirectUrl());
    back.searchParams.set('tokenId', tokenId);
    res.writeHead(302, { location: back.toString() }).end();
  }

  function page({ url }: ParsedRequest, res: http.ServerResponse): boolean {
    if (url.pathname === '/consent-login' || url.pathname === '/consent-login/finish') {
      const consentId = url.searchParams.get('consentId') ?? '';
      if (!partnerConsents.has(consentId))
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid consentId');
      else if (url.pathname === '/consent-login')
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(loginPage('Dhan', '/consent-login/finish', { consentId }));
      else if (!loggedInAs) res.writeHead(400, { 'content-type': 'text/plain' }).end('No Dhan client logged in');
      else {
        partnerConsents.delete(consentId);
        const tokenId = randomBytes(10).toString('hex');
        partnerTokenIds.set(tokenId, loggedInAs);
        backWithToken(res, tokenId);
      }
      return true;
    }
    if (url.pathname !== '/login/consentApp-login' && url.pathname !== '/login/finish') return false;
    const consentAppId = url.searchParams.get('consentAppId') ?? '';
    const clientId = consents.get(consentAppId);
    if (!clientId) res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid consentAppId');
    else if (url.pathname === '/login/consentApp-login')
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(loginPage('Dhan', '/login/finish', { consentAppId }));
    else {
      consents.delete(consentAppId);
      const tokenId = randomBytes(10).toString('hex');
      tokenIds.set(tokenId, loggedInAs ?? clientId);
      backWithToken(res, tokenId);
    }
    return true;
  }

  const server = await serveFakeBroker({
    route,
    page,
    who: (headers) => String(headers['access-token'] ?? ''),
    rateLimited: fail(
      429,
      'DH-904',
      'Too many requests on server from single user breaching rate limits.',
      'Rate_Limit',
    ),
    failure: fail(500, 'DH-908', 'Internal server error', 'Internal_Server_Error').body,
    isQuoteRequest: (req) => req.method === 'POST' && req.path === '/v2/marketfeed/ltp',
    isOrderRequest: (req) =>
      (req.method === 'POST' && req.path === '/v2/orders') ||
      ((req.method === 'PUT' || req.method === 'DELETE') && /^\/v2\/orders\/[^/]+$/.test(req.path)),
    unregisteredIp: (ip) =>
      fail(
        400,
        'DH-906',
        `Order request from an unregistered IP address ${ip}: set your static IP on Dhan.`,
        'Order_Error',
      ),
  });

  return withBrokerHttp<Omit<FakeDhan, keyof FakeBrokerHttp>>(server, {
    apiKey,
    apiSecret,
    partnerId,
    partnerSecret,
    scripMasterUrl: `${server.root}/api-scrip-master.csv`,
    logIn: (loginUrl) =>
      new URL(loginUrl).pathname === '/consent-login'
        ? pressLogIn('Dhan', loginUrl, server.root, '/consent-login/finish', ['consentId'])
        : pressLogIn('Dhan', loginUrl, server.root, '/login/finish', ['consentAppId']),
    logInAs: (clientId) => void (loggedInAs = clientId),
    setSessionExpiry: (value) => void (sessionExpiry = value),
    newAccessToken(clientId = '1000000001') {
      const token = `eyJ${randomBytes(24).toString('base64url')}`;
      tokens.set(token, clientId);
      return token;
    },
    setLtp(symbol, price) {
      securityId(symbol);
      exchange.ltp.set(symbol, price);
    },
    securityId,
    ...exchangeControls(exchange),
  });
}
