/** The part of `upstox-js-sdk` (no types published) the Upstox adapter calls; callbacks as the SDK gives them. */
declare module 'upstox-js-sdk' {
  export type Callback<T> = (
    error: (Error & { status?: number; timeout?: number; code?: string; response?: { body?: unknown } }) | null,
    data: T,
  ) => void;

  export interface UpstoxOrder {
    orderId: string;
    exchangeOrderId?: string;
    exchange: string;
    tradingSymbol?: string;
    tradingsymbol?: string;
    instrumentToken: string;
    product: string;
    orderType: string;
    transactionType: string;
    quantity: number;
    filledQuantity?: number;
    price: number;
    triggerPrice: number;
    averagePrice?: number;
    status: string;
    statusMessage?: string;
    tag?: string;
    orderTimestamp?: string;
    exchangeTimestamp?: string;
  }

  export class ApiClient {
    constructor(sandbox?: boolean);
    basePath: string;
    /** The node http(s) agent superagent sends through (the order's source address). */
    requestAgent: import('node:http').Agent | null;
    orderBasePath: string;
    timeout: number;
    authentications: { OAUTH2: { accessToken?: string } };
  }
  export class LoginApi {
    constructor(client: ApiClient);
    token(
      apiVersion: string,
      opts: { code: string; clientId: string; clientSecret: string; redirectUri: string; grantType: string },
      cb: Callback<{ accessToken: string; userId: string }>,
    ): void;
  }
  export class UserApi {
    constructor(client: ApiClient);
    getProfile(apiVersion: string, cb: Callback<{ data: { userId: string } }>): void;
    getUserFundMargin(
      apiVersion: string,
      opts: { segment?: string },
      cb: Callback<{ data: { equity?: { usedMargin: number; availableMargin: number } } }>,
    ): void;
  }
  export class OrderApi {
    constructor(client: ApiClient);
    /** `algoName` goes out as the `X-Algo-Name` header (modify and cancel alike). */
    modifyOrder(
      body: Record<string, unknown>,
      apiVersion: string,
      cb: Callback<{ data: { orderId: string } }>,
      algoName?: string,
    ): void;
    cancelOrder(
      orderId: string,
      apiVersion: string,
      cb: Callback<{ data: { orderId: string } }>,
      algoName?: string,
    ): void;
    getOrderStatus(opts: { orderId: string }, cb: Callback<{ data: UpstoxOrder }>): void;
    getOrderBook(apiVersion: string, cb: Callback<{ data: UpstoxOrder[] }>): void;
  }
  /** Upstox's v3 order APIs (`POST /v3/order/place`); `algoName` goes out as the `X-Algo-Name` header. */
  export class OrderApiV3 {
    constructor(client: ApiClient);
    placeOrder(
      body: Record<string, unknown>,
      opts: { origin?: string },
      cb: Callback<{
        status?: 'success' | 'error' | 'partial_success';
        data?: { orderIds?: string[] };
        metadata?: { latency?: number };
      }>,
      algoName?: string,
    ): void;
  }
  export class PortfolioApi {
    constructor(client: ApiClient);
    getPositions(
      apiVersion: string,
      cb: Callback<{
        data: {
          exchange: string;
          tradingSymbol?: string;
          tradingsymbol?: string;
          product: string;
          quantity: number;
          averagePrice?: number;
          buyPrice?: number;
          lastPrice?: number;
        }[];
      }>,
    ): void;
  }
  export class MarketQuoteApi {
    constructor(client: ApiClient);
    ltp(
      symbol: string,
      apiVersion: string,
      cb: Callback<{ data: Record<string, { lastPrice: number; instrumentToken: string }> }>,
    ): void;
  }
}
