/**
 * The brokers reached through local servers speaking JSON (Fyers, Upstox, Angel One, Dhan), as the tests that run the
 * same story on each of them (daily login, live entry and exit) need them: how to start the local
 * broker and configure the server for it, and the broker's own words.
 */
import { startFakeAngelOne, type FakeAngelOne } from './fake-angelone';
import type http from 'node:http';
import type { ParsedRequest } from './fake-broker-http';
import { startFakeDhan, type FakeDhan } from './fake-dhan';
import { startFakeFyers, type FakeFyers } from './fake-fyers';
import { startFakeUpstox, type FakeUpstox } from './fake-upstox';

export type RestFake = FakeFyers | FakeUpstox | FakeAngelOne | FakeDhan;

export interface RestBrokerWorld {
  broker: 'fyers' | 'upstock' | 'angelone' | 'dhan';
  label: string;
  start(redirectUrl: string): Promise<{ fake: RestFake; env: Record<string, string> }>;
  fundsPath: string;
  /** The access token a request to the broker carries. */
  tokenOf(headers: http.IncomingHttpHeaders): string;
  /** What the broker's redirect back to the app carries that is secret (one-time codes, tokens). */
  secretParams: string[];
  /** The broker refusing the login's next call (a spent code, or a session it does not know): its answer and the words the member reads. */
  refusal: { answer: { status: number; body: unknown }; message: string };
  /** How the broker names delivery (CNC) orders. */
  delivery: string;
  /**
   * A request modifying the order, as the broker's API documents its modify: the type it sets (in the
   * exchange's words: limit, market, sl, sl-m) and the limit price sent; null for any other request.
   */
  modifyOf(request: Pick<ParsedRequest, 'method' | 'path' | 'body'>, orderId: string): ModifySent | null;
}

export interface ModifySent {
  type: string;
  price: number;
}

export const REST_BROKER_WORLDS: RestBrokerWorld[] = [
  {
    broker: 'fyers',
    label: 'Fyers',
    async start(redirectUrl) {
      const fake = await startFakeFyers();
      fake.setRedirectUrl(redirectUrl);
      return {
        fake,
        env: {
          FYERS_APP_ID: fake.appId,
          FYERS_SECRET_KEY: fake.secret,
          FYERS_REDIRECT_URL: redirectUrl,
          FYERS_API_ROOT: fake.root,
        },
      };
    },
    fundsPath: '/api/v3/funds',
    tokenOf: (headers) => headers.authorization!.split(':')[1]!,
    secretParams: ['auth_code'],
    refusal: {
      answer: { status: 400, body: { s: 'error', code: -413, message: 'Invalid auth code' } },
      message: 'Invalid auth code',
    },
    delivery: 'CNC',
    // PATCH /api/v3/orders/sync {id, type (1 limit, 2 market, 3 stop, 4 stop-limit), limitPrice}
    modifyOf: (r, id) =>
      r.method === 'PATCH' && r.path === '/api/v3/orders/sync' && r.body.id === id
        ? {
            type:
              ({ 1: 'limit', 2: 'market', 3: 'sl-m', 4: 'sl' } as Record<number, string>)[Number(r.body.type)] ?? '?',
            price: Number(r.body.limitPrice),
          }
        : null,
  },
  {
    broker: 'upstock',
    label: 'Upstox',
    async start(redirectUrl) {
      const fake = await startFakeUpstox();
      fake.setRedirectUrl(redirectUrl);
      const env = {
        UPSTOX_API_KEY: fake.apiKey,
        UPSTOX_API_SECRET: fake.apiSecret,
        UPSTOX_REDIRECT_URL: redirectUrl,
        UPSTOX_API_ROOT: fake.root,
        UPSTOX_INSTRUMENTS_URL: fake.instrumentsUrl,
      };
      return { fake, env };
    },
    fundsPath: '/v2/user/get-funds-and-margin',
    tokenOf: (headers) => headers.authorization!.replace(/^Bearer /, ''),
    secretParams: ['code'],
    refusal: {
      answer: {
        status: 400,
        body: { status: 'error', errors: [{ errorCode: 'UDAPI100057', message: 'Invalid Auth code' }] },
      },
      message: 'Invalid Auth code',
    },
    delivery: 'D',
    // PUT /v2/order/modify {order_id, order_type, validity, price, trigger_price}
    modifyOf: (r, id) =>
      r.method === 'PUT' && r.path === '/v2/order/modify' && r.body.order_id === id
        ? { type: String(r.body.order_type).toLowerCase(), price: Number(r.body.price) }
        : null,
  },
  {
    broker: 'angelone',
    label: 'Angel One',
    async start(redirectUrl) {
      const fake = await startFakeAngelOne();
      fake.setRedirectUrl(redirectUrl);
      return {
        fake,
        env: {
          ANGELONE_API_KEY: fake.apiKey,
          ANGELONE_API_ROOT: fake.root,
          ANGELONE_LOGIN_URL: fake.loginUrl,
          ANGELONE_SCRIP_MASTER_URL: fake.scripMasterUrl,
        },
      };
    },
    fundsPath: '/rest/secure/angelbroking/user/v1/getRMS',
    tokenOf: (headers) => headers.authorization!.replace(/^Bearer /, ''),
    secretParams: ['auth_token', 'feed_token', 'refresh_token'],
    refusal: {
      answer: { status: 401, body: { status: false, message: 'Invalid Token', errorcode: 'AG8001', data: null } },
      message: 'Angel One session expired or invalid: Invalid Token',
    },
    delivery: 'DELIVERY',
    // POST .../order/v1/modifyOrder {variety (NORMAL for LIMIT), orderid, ordertype, price as a string}
    modifyOf: (r, id) =>
      r.method === 'POST' && r.path.endsWith('/order/v1/modifyOrder') && r.body.orderid === id.split('/')[0]
        ? {
            type: r.body.variety === 'NORMAL' ? String(r.body.ordertype).toLowerCase() : `${String(r.body.variety)}?`,
            price: typeof r.body.price === 'string' ? Number(r.body.price) : NaN,
          }
        : null,
  },
  {
    broker: 'dhan',
    label: 'Dhan',
    async start(redirectUrl) {
      const fake = await startFakeDhan();
      fake.setRedirectUrl(redirectUrl);
      return {
        fake,
        env: {
          DHAN_API_KEY: fake.apiKey,
          DHAN_API_SECRET: fake.apiSecret,
          DHAN_API_ROOT: fake.root,
          DHAN_AUTH_ROOT: fake.root,
          DHAN_SCRIP_MASTER_URL: fake.scripMasterUrl,
        },
      };
    },
    fundsPath: '/v2/fundlimit',
    tokenOf: (headers) => String(headers['access-token']),
    secretParams: ['tokenId'],
    refusal: {
      answer: {
        status: 400,
        body: { errorType: 'Input_Exception', errorCode: 'DH-905', errorMessage: 'Invalid tokenId' },
      },
      message: 'Invalid tokenId',
    },
    delivery: 'CNC',
    // PUT /v2/orders/{order-id} {dhanClientId, orderId, orderType, quantity, price, triggerPrice, validity}
    modifyOf: (r, id) =>
      r.method === 'PUT' && r.path === `/v2/orders/${id}` && r.body.orderId === id
        ? { type: String(r.body.orderType).toLowerCase(), price: Number(r.body.price) }
        : null,
  },
];

/**
 * Every REST broker's local server at once, for an engine test's app: each accepting orders from
 * the registered 127.0.0.2 and knowing `symbols` at 250 before the adapters read its instrument
 * master (once a day). Answers the fakes by broker and the app's settings for all of them.
 */
export async function startRestBrokers(
  symbols: readonly string[],
): Promise<{ fakes: Map<RestBrokerWorld['broker'], RestFake>; env: Record<string, string> }> {
  const env: Record<string, string> = { LIVE_TRADING: '1', BROKER_SOURCE_ADDRESS: '127.0.0.2' };
  const fakes = new Map<RestBrokerWorld['broker'], RestFake>();
  for (const world of REST_BROKER_WORLDS) {
    const started = await world.start(`http://localhost:3000/api/brokers/${world.broker}/callback`);
    for (const symbol of symbols) started.fake.setLtp(symbol, 250);
    started.fake.registerAddresses(['127.0.0.2']);
    fakes.set(world.broker, started.fake);
    Object.assign(env, started.env);
  }
  return { fakes, env };
}
