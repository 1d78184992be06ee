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
 * - forever orders (https://dhanhq.co/docs/v2/forever/; DhanHQ-py 2.1): POST /v2/forever/orders
 *   (orderFlag SINGLE or OCO; productType CNC or MTF; orderType LIMIT or MARKET; an OCO's first
 *   leg, price/triggerPrice/quantity, its STOP_LOSS_LEG and its second, price1/triggerPrice1/
 *   quantity1, its TARGET_LEG, as the page's request table names price1 "target price"; a SINGLE's
 *   one leg a TARGET_LEG), PUT /v2/forever/orders/{id} one leg by `legName`, DELETE, and the list
 *   (GET /v2/forever/orders, also /v2/forever/all) one row per leg; input refused with HTTP 400
 *   DH-905, a forever order no longer pending with DH-906. `match()` triggers them first: a leg
 *   whose trigger the price reaches places its LIMIT order in the order book (with the forever
 *   order's correlationId), the leg TRADED and, in an OCO, the other CANCELLED;
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
  /** The forever orders placed, as the fake holds them. */
  forever: FakeForeverOrder[];
}

export interface FakeForeverLeg {
  legName: 'TARGET_LEG' | 'STOP_LOSS_LEG';
  orderType: string;
  quantity: number;
  price: number;
  triggerPrice: number;
  status: 'PENDING' | 'TRADED' | 'CANCELLED';
  /** The order placed in the order book when the leg triggered. */
  orderId: string | null;
}

export interface FakeForeverOrder {
  orderId: string;
  user: string;
  correlationId: string | null;
  orderFlag: 'SINGLE' | 'OCO';
  symbol: string;
  side: 'buy' | 'sell';
  productType: string;
  validity: string;
  legs: FakeForeverLeg[];
  createdAt: Date;
  updatedAt: Date;
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
  // Its RMS rejects a CNC sell beyond the shares free to sell (Dhan's words for it are not published).
  exchange.deliveryProduct = 'CNC';
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

  const forever: FakeForeverOrder[] = [];
  let foreverSeq = 0;
  const foreverRows = (f: FakeForeverOrder) =>
    f.legs.map((leg) => ({
      dhanClientId: f.user,
      orderId: f.orderId,
      orderStatus: leg.status,
      transactionType: f.side === 'buy' ? 'BUY' : 'SELL',
      exchangeSegment: 'NSE_EQ',
      productType: f.productType,
      orderType: f.orderFlag,
      tradingSymbol: f.symbol,
      securityId: securityId(f.symbol),
      quantity: leg.quantity,
      price: leg.price,
      triggerPrice: leg.triggerPrice,
      legName: leg.legName,
      createTime: IST(f.createdAt),
      updateTime: IST(f.updatedAt),
      exchangeTime: null,
      drvExpiryDate: null,
      drvOptionType: null,
      drvStrikePrice: 0,
    }));
  const positive = (v: unknown) => (typeof v === 'number' ? v > 0 : Number(v) > 0 && String(v).trim() !== '');
  const wholePositive = (v: unknown) => Number.isInteger(Number(v)) && Number(v) > 0;

  /** A forever leg's side of the price: a sell's target triggers at or above, its stop at or below (a buy's the other way). */
  const reached = (f: FakeForeverOrder, leg: FakeForeverLeg, ltp: number) =>
    (leg.legName === 'TARGET_LEG') === (f.side === 'sell') ? ltp >= leg.triggerPrice : ltp <= leg.triggerPrice;

  function placeForever(body: Record<string, unknown>, user: string): Answer {
    const symbol = symbolOf(String(body.securityId ?? ''));
    const flag = String(body.orderFlag ?? '');
    if (body.dhanClientId !== user) return fail(400, 'DH-905', 'dhanClientId does not match the access token');
    if (flag !== 'SINGLE' && flag !== 'OCO') return fail(400, 'DH-905', 'Invalid orderFlag');
    if (!['BUY', 'SELL'].includes(String(body.transactionType))) return fail(400, 'DH-905', 'Invalid transactionType');
    if (!symbol || body.exchangeSegment !== 'NSE_EQ') return fail(400, 'DH-905', 'Invalid securityId');
    if (!['CNC', 'MTF'].includes(String(body.productType))) return fail(400, 'DH-905', 'Invalid productType');
    if (!['LIMIT', 'MARKET'].includes(String(body.orderType))) return fail(400, 'DH-905', 'Invalid orderType');
    if (!['DAY', 'IOC'].includes(String(body.validity))) return fail(400, 'DH-905', 'Invalid validity');
    if (!wholePositive(body.quantity)) return fail(400, 'DH-905', 'Invalid quantity');
    if (body.orderType === 'LIMIT' && !positive(body.price)) return fail(400, 'DH-905', 'Invalid price');
    if (!positive(body.triggerPrice)) return fail(400, 'DH-905', 'Invalid triggerPrice');
    if (flag === 'OCO') {
      if (!wholePositive(body.quantity1)) return fail(400, 'DH-905', 'Invalid quantity1');
      if (body.orderType === 'LIMIT' && !positive(body.price1)) return fail(400, 'DH-905', 'Invalid price1');
      if (!positive(body.triggerPrice1)) return fail(400, 'DH-905', 'Invalid triggerPrice1');
    }
    if (body.correlationId !== undefined && !/^[A-Za-z0-9 _-]{1,25}$/.test(String(body.correlationId)))
      return fail(400, 'DH-905', 'Invalid correlationId');
    const ltp = exchange.ltp.get(symbol);
    const offTick = offTickPrice([body.price, body.triggerPrice, body.price1, body.triggerPrice1], ltp);
    if (offTick) return fail(400, 'DH-905', offTickText(offTick));
    const now = new Date();
    const f: FakeForeverOrder = {
      orderId: `5126${String(++foreverSeq).padStart(9, '0')}`,
      user,
      correlationId: body.correlationId === undefined ? null : String(body.correlationId),
      orderFlag: flag,
      symbol,
      side: body.transactionType === 'BUY' ? 'buy' : 'sell',
      productType: String(body.productType),
      validity: String(body.validity),
      legs: [
        {
          legName: flag === 'OCO' ? 'STOP_LOSS_LEG' : 'TARGET_LEG',
          orderType: String(body.orderType),
          quantity: Number(body.quantity),
          price: Number(body.price ?? 0),
          triggerPrice: Number(body.triggerPrice),
          status: 'PENDING',
          orderId: null,
        },
        ...(flag === 'OCO'
          ? [
              {
                legName: 'TARGET_LEG' as const,
                orderType: String(body.orderType),
                quantity: Number(body.quantity1),
                price: Number(body.price1 ?? 0),
                triggerPrice: Number(body.triggerPrice1),
                status: 'PENDING' as const,
                orderId: null,
              },
            ]
          : []),
      ],
      createdAt: now,
      updatedAt: now,
    };
    // An OCO whose legs would trigger at once (the price already beyond either) is refused.
    if (flag === 'OCO' && ltp !== undefined && f.legs.some((leg) => reached(f, leg, ltp)))
      return fail(400, 'DH-905', 'Invalid triggerPrice: the last traded price is already beyond a leg of the OCO');
    forever.push(f);
    return { status: 200, body: { orderId: f.orderId, orderStatus: 'PENDING' } };
  }

  function foreverOf(path: string, user: string) {
    const m = /^\/v2\/forever\/orders\/([^/]+)$/.exec(path);
    return m ? forever.find((f) => f.orderId === m[1] && f.user === user) : undefined;
  }

  function modifyForever(f: FakeForeverOrder, body: Record<string, unknown>, user: string): Answer {
    if (body.dhanClientId !== user) return fail(400, 'DH-905', 'dhanClientId does not match the access token');
    if (String(body.orderId) !== f.orderId) return fail(400, 'DH-905', 'Invalid orderId');
    if (body.orderFlag !== f.orderFlag) return fail(400, 'DH-905', 'Invalid orderFlag');
    if (!['LIMIT', 'MARKET', 'STOP_LOSS', 'STOP_LOSS_MARKET'].includes(String(body.orderType)))
      return fail(400, 'DH-905', 'Invalid orderType');
    const leg = f.legs.find((l) => l.legName === body.legName);
    if (!leg) return fail(400, 'DH-905', 'Invalid legName');
    if (!wholePositive(body.quantity)) return fail(400, 'DH-905', 'Invalid quantity');
    if (!positive(body.price)) return fail(400, 'DH-905', 'Invalid price');
    if (!positive(body.triggerPrice)) return fail(400, 'DH-905', 'Invalid triggerPrice');
    if (!['DAY', 'IOC'].includes(String(body.validity))) return fail(400, 'DH-905', 'Invalid validity');
    const offTick = offTickPrice([body.price, body.triggerPrice], exchange.ltp.get(f.symbol));
    if (offTick) return fail(400, 'DH-905', offTickText(offTick));
    if (f.legs.some((l) => l.status !== 'PENDING')) return fail(400, 'DH-906', 'Order is not pending', 'Order_Error');
    Object.assign(leg, {
      orderType: String(body.orderType),
      quantity: Number(body.quantity),
      price: Number(body.price),
      triggerPrice: Number(body.triggerPrice),
    });
    f.updatedAt = new Date();
    return { status: 200, body: { orderId: f.orderId, orderStatus: 'PENDING' } };
  }

  /** Forever legs the prices reach are triggered: their LIMIT (or MARKET) order goes to the order book. */
  function triggerForever() {
    for (const f of forever) {
      const ltp = exchange.ltp.get(f.symbol);
      if (ltp === undefined || f.legs.some((l) => l.status !== 'PENDING')) continue;
      const leg = f.legs.find((l) => reached(f, l, ltp));
      if (!leg) continue;
      const o = exchange.place({
        user: f.user,
        symbol: f.symbol,
        side: f.side,
        type: leg.orderType === 'MARKET' ? 'market' : 'limit',
        product: f.productType,
        quantity: leg.quantity,
        price: leg.price,
        trigger: 0,
        tag: f.correlationId,
      });
      leg.status = 'TRADED';
      leg.orderId = o.id;
      for (const other of f.legs) if (other !== leg) other.status = 'CANCELLED';
      f.updatedAt = new Date();
    }
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
    if (method === 'POST' && path === '/v2/forever/orders') return placeForever(body, user);
    if (method === 'GET' && (path === '/v2/forever/orders' || path === '/v2/forever/all'))
      return { status: 200, body: forever.filter((f) => f.user === user).flatMap(foreverRows) };
    if (path.startsWith('/v2/forever/orders/')) {
      const f = foreverOf(path, user);
      if (!f) return fail(400, 'DH-906', 'Order not found', 'Order_Error');
      if (method === 'PUT') return modifyForever(f, body, user);
      if (method === 'DELETE') {
        if (f.legs.some((l) => l.status !== 'PENDING'))
          return fail(400, 'DH-906', 'Order is not pending', 'Order_Error');
        for (const leg of f.legs) leg.status = 'CANCELLED';
        f.updatedAt = new Date();
        return { status: 200, body: { orderId: f.orderId, orderStatus: 'CANCELLED' } };
      }
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
      (req.method === 'POST' && (req.path === '/v2/orders' || req.path === '/v2/forever/orders')) ||
      ((req.method === 'PUT' || req.method === 'DELETE') && /^\/v2\/(forever\/)?orders\/[^/]+$/.test(req.path)),
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
    forever,
    ...exchangeControls(exchange),
    // Forever orders trigger first: the orders they place are then matched with the rest.
    match: () => {
      triggerForever();
      exchange.match();
    },
  });
}
