/**
 * THE table of every /api route the router serves: who may call it (spec section 6 and the guards
 * in src/server/auth/guards.ts), which entity each path parameter names, and a valid-looking
 * request (query, body) so that a validation 400 can never stand in for a missing role check.
 * `apiRoutes()` reads the router itself; the authorization test fails when the two lists differ.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import type { AppEnv } from '@server/context';
import { addSignalBody, manualOrderBody, RELIANCE_SIGNAL, webhookSignalBody } from '../../factories/signals';
import { subscriptionBody } from '../../factories/subscriptions';
import { monthOf } from '@server/services/membership';
import {
  jsonPayload,
  multipartPayload,
  WORLD_SIGNAL_UPDATED_AT,
  WORLD_KITE_SECRET,
  WORLD_RAZORPAY_WEBHOOK_SECRET,
  WORLD_WEBHOOK_TOKEN,
  type Entity,
  type Ids,
  type Login,
  type Payload,
} from './world';

/** A signed Razorpay event the server acknowledges and ignores (a payment captured), a new id each time. */
function razorpayEvent(): Payload {
  const body = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: {}, created_at: 1795000000 });
  return {
    contentType: 'application/json',
    body,
    headers: {
      'x-razorpay-signature': createHmac('sha256', WORLD_RAZORPAY_WEBHOOK_SECRET).update(body).digest('hex'),
      'x-razorpay-event-id': `evt_${randomBytes(8).toString('hex')}`,
    },
  };
}

/**
 * public: anyone. member: any logged-in user, on the session's own account only (a superadmin
 * uses these too, for their own login). superadmin: the admin area (403 for everyone else).
 */
export type Access = 'public' | 'member' | 'superadmin';

export interface RequestContext {
  /** Ids the path and body name: someone else's when a member calls. */
  ids: Ids;
  /** The caller's own login (member's for anonymous), for the login route. */
  self: Login;
  captcha(): Promise<string>;
  /** A live set-password link's token (of a login of its own); an unknown one where not given. */
  passwordLink?(): Promise<string>;
  /** A fresh workshop confirmation token (single-use); without it, a well-formed one no mail carried. */
  confirmationToken?: () => Promise<string>;
}

/** What a path parameter names: one of the world's entities, or a fixed word (a broker's name). */
export type PathParam = Entity | { literal: string };

export const paramValue = (param: PathParam, ids: Ids): string =>
  typeof param === 'string' ? String(ids[param]) : param.literal;

export interface RouteSpec {
  access: Access;
  params?: Record<string, PathParam>;
  query?: string;
  body?: (ctx: RequestContext) => Payload | Promise<Payload>;
  /** Ends or replaces the caller's session: call it with a throwaway session. */
  sessionChanging?: true;
  /**
   * Authenticated by a token in the request itself, never by the session cookie (the signal
   * webhook): a forged cross-site request has nothing to ride on, so no origin check applies.
   */
  cookieless?: true;
  /**
   * A member route whose path names one of the member's own things (a trade): a member's valid
   * request names their own; another member's answers 404, tested on its own.
   */
  ownIds?: true;
  /** Answers a browser navigation with a redirect (3xx) where other routes answer 2xx. */
  redirects?: true;
  /** Ends the caller's user's other sessions (a password change): log the world's client in again after. */
  endsOtherSessions?: true;
  /**
   * Cancels the caller's membership for good (opting out cancels its payment links): a member calls
   * it as a new member of its own, so that the routes after it ("Pay now") still see theirs paying.
   */
  endsMembership?: true;
}

/** A genuine Kite postback for the world's Kite app (world.ts: KITE_API_SECRET). */
function kitePostback() {
  const order = { order_id: '220303000308932', order_timestamp: '2026-01-05 09:15:03', status: 'COMPLETE' };
  return {
    ...order,
    checksum: createHash('sha256')
      .update(`${order.order_id}${order.order_timestamp}${WORLD_KITE_SECRET}`)
      .digest('hex'),
  };
}

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;
const email = (prefix: string) => `${unique(prefix)}@trabot.test`;

const memberBody = () => ({
  name: 'Ravi Kumar',
  phone_no: '+919812345678',
  email_id: email('member'),
  activation_date: '2026-01-01',
  expiry_date: '2026-12-31',
});
const workshopBody = () => ({
  title: unique('Workshop'),
  description: 'Intro to position sizing',
  workshop_date: '2027-01-10',
  time_label: '10:00AM IST',
  level: 'Beginner',
});
/** The world's signal is the factories' default RELIANCE one. */
const manualOrder = (ids: Ids) => manualOrderBody({ ...RELIANCE_SIGNAL, algo_id: ids.algo, signal_id: ids.signal });
const LEGACY_BHAVCOPY =
  'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,\n' +
  'RELIANCE,EQ,2950,2990,2931,2970.5,2971,2948,1234567,3650000000,01-JUL-2024,98765,INE002A01018,\n';

export const ROUTE_TABLE: Record<string, RouteSpec> = {
  // Public: health, the captcha, login/logout, the session check, public forms and workshops.
  'GET /api/health': { access: 'public' },
  'GET /api/backend-key': { access: 'public' },
  'GET /api/captcha': { access: 'public' },
  'POST /api/login': {
    access: 'public',
    sessionChanging: true,
    body: async ({ self, captcha }) => jsonPayload({ ...self, captcha: await captcha() }),
  },
  'POST /api/logout': { access: 'public', sessionChanging: true },
  'GET /api/check-session': { access: 'public' },
  'POST /api/contact-us': {
    access: 'public',
    body: () => jsonPayload({ type: 'Research Enquiry', formString: '<p><strong>First Name</strong><br>Asha</p>' }),
  },
  'POST /api/workshop-enquiry': {
    access: 'public',
    body: () =>
      jsonPayload({ name: 'Asha Rao', email: email('visitor'), source: 'youtube', comments: '', workshop: 'N.A.' }),
  },
  'GET /api/workshops': { access: 'public' },
  // A set-password link's owner: the token in the body is the only credential.
  'POST /api/set-password/check': {
    access: 'public',
    body: async (ctx) => jsonPayload({ token: (await ctx.passwordLink?.()) ?? 'A'.repeat(43) }),
  },
  'POST /api/set-password': {
    access: 'public',
    body: async (ctx) =>
      jsonPayload({
        token: (await ctx.passwordLink?.()) ?? 'A'.repeat(43),
        new_password: 'security-chosen-1',
        confirm_password: 'security-chosen-1',
      }),
  },
  'POST /api/workshop-confirmation': {
    access: 'public',
    body: async (ctx) =>
      jsonPayload({ token: (await ctx.confirmationToken?.()) ?? randomBytes(32).toString('base64url') }),
  },
  // Signals from the algos' own code: a webhook token, no session (401 without the token).
  'POST /api/hooks/signals': {
    access: 'public',
    cookieless: true,
    body: () => jsonPayload(webhookSignalBody(unique('sec'), { token: WORLD_WEBHOOK_TOKEN })),
  },

  // The daily broker login: the link for the session's own account (any account for a superadmin,
  // with account_id). The callback acts only for the session's user and only on a login that user
  // started; without a session it sends the browser to /login (a redirect either way).
  'GET /api/brokers/:broker/login-url': { access: 'member', params: { broker: { literal: 'zerodha' } } },
  // Kite's order postbacks: authenticated by their own checksum (with the world's Kite app secret).
  'POST /api/brokers/zerodha/postback': { access: 'public', cookieless: true, body: () => jsonPayload(kitePostback()) },
  'GET /api/brokers/:broker/callback': {
    access: 'public',
    params: { broker: { literal: 'zerodha' } },
    query: 'status=success&request_token=security&state=unknown',
    redirects: true,
  },

  // Web Push: the public key for anyone; a device's subscription for its logged-in user.
  'GET /api/push/public-key': { access: 'public' },
  'GET /api/push/subscriptions': {
    access: 'member',
    query: 'endpoint=https%3A%2F%2Ffcm.googleapis.com%2Ffcm%2Fsend%2Fsecurity',
  },
  'POST /api/push/subscriptions': {
    access: 'member',
    body: () =>
      jsonPayload({
        subscription: {
          endpoint: `https://fcm.googleapis.com/fcm/send/${unique('sec')}`,
          keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
        },
        kinds: ['trade_opened', 'trade_closed'],
      }),
  },
  'DELETE /api/push/subscriptions': {
    access: 'member',
    body: () => jsonPayload({ endpoint: 'https://fcm.googleapis.com/fcm/send/security' }),
  },

  // The member's own data (the session's account; adminAccountId is for superadmins only).
  'GET /api/account-trades': { access: 'member', query: 'status=all' },
  'GET /api/account-trades/:tradeId': { access: 'member', params: { tradeId: 'trade' }, ownIds: true },
  'GET /api/account-pnl': { access: 'member', query: 'from=2026-04-01&to=2026-04-30' },
  'GET /api/account-tax-statement': { access: 'member', query: 'fy=2026-27' },
  'GET /api/account-details': { access: 'member' },
  'GET /api/membership': { access: 'member' },
  // The caller's own password: the valid request sets it to the same one again.
  'POST /api/account/password': {
    access: 'member',
    sessionChanging: true,
    endsOtherSessions: true,
    body: ({ self }) =>
      jsonPayload({ current_password: self.password, new_password: self.password, confirm_password: self.password }),
  },
  'POST /api/update-broker-details': {
    access: 'member',
    body: () => jsonPayload({ broker_name: 'zerodha', broker_client_id: 'ZX4821', broker_access_key: '' }),
  },

  // The admin area.
  'GET /api/algos': { access: 'superadmin' },
  'POST /api/algos/:id/switch': {
    access: 'superadmin',
    params: { id: 'algo' },
    body: () => jsonPayload({ algo_switch: false }),
  },
  'POST /api/algos/:id/exchange-registration': {
    access: 'superadmin',
    params: { id: 'algo' },
    body: () => jsonPayload({ exchange_algo_id: null }),
  },
  'GET /api/algos/:id/signals': { access: 'superadmin', params: { id: 'algo' }, query: 'status=all' },
  'PUT /api/algos/:algoId/signals': {
    access: 'superadmin',
    params: { algoId: 'algo' },
    body: () => jsonPayload(addSignalBody()),
  },
  'POST /api/signals/:signalId/update': {
    access: 'superadmin',
    params: { signalId: 'signal' },
    body: () =>
      jsonPayload({
        trade_gen_ts: '2026-11-20',
        entry_level: 2950.5,
        stop_loss_level: 2890,
        target_level: 3080,
        trade_status: 'pending',
        process_signal: false,
      }),
  },
  'PUT /api/signals/:signalId/manual-entry': {
    access: 'superadmin',
    params: { signalId: 'signal' },
    body: ({ ids }) => jsonPayload(manualOrder(ids)),
  },
  'PUT /api/signals/:signalId/manual-exit': {
    access: 'superadmin',
    params: { signalId: 'signal' },
    body: ({ ids }) => jsonPayload(manualOrder(ids)),
  },
  'GET /api/webhook-tokens': { access: 'superadmin' },
  'GET /api/algos/:id/webhook-tokens': { access: 'superadmin', params: { id: 'algo' } },
  'POST /api/algos/:id/webhook-tokens': { access: 'superadmin', params: { id: 'algo' } },
  'DELETE /api/algos/:id/webhook-tokens/:tokenId': {
    access: 'superadmin',
    params: { id: 'algo', tokenId: 'webhookToken' },
  },
  'POST /api/algos/:id/approval': {
    access: 'superadmin',
    params: { id: 'algo' },
    body: () => jsonPayload({ approval_mode: 'manual', signal_validity_minutes: null }),
  },
  'GET /api/signals/pending': { access: 'superadmin' },
  'GET /api/signals/:signalId/preview': { access: 'superadmin', params: { signalId: 'signal' } },
  'POST /api/signals/:signalId/approve': {
    access: 'superadmin',
    params: { signalId: 'signalToApprove' },
    body: () => jsonPayload({ expected_updated_at: WORLD_SIGNAL_UPDATED_AT }),
  },
  'POST /api/signals/:signalId/reject': {
    access: 'superadmin',
    params: { signalId: 'signalToReject' },
    body: () => jsonPayload({ expected_updated_at: WORLD_SIGNAL_UPDATED_AT }),
  },
  'GET /api/admin/nse/bhav-copy': { access: 'superadmin' },
  'POST /api/admin/nse/bhav-copy': {
    access: 'superadmin',
    body: () =>
      multipartPayload({ file: { filename: 'cm01JUL2024bhav.csv', type: 'text/csv', content: LEGACY_BHAVCOPY } }),
  },
  'GET /api/members': { access: 'superadmin' },
  'PUT /api/members': { access: 'superadmin', body: () => jsonPayload(memberBody()) },
  'POST /api/members/:id': { access: 'superadmin', params: { id: 'member' }, body: () => jsonPayload(memberBody()) },
  'GET /api/members/:id/users': { access: 'superadmin', params: { id: 'member' } },
  'POST /api/members/:id/users': {
    access: 'superadmin',
    params: { id: 'member' },
    body: () =>
      jsonPayload({ name: 'Second Login', email: email('user'), password: 'a-long-password-1', account_id: null }),
  },
  'PUT /api/members/:id/users/:userId': {
    access: 'superadmin',
    params: { id: 'member', userId: 'user' },
    body: () => jsonPayload({ name: 'Renamed Login', email: email('renamed'), password: '' }),
  },
  'GET /api/admin/members/:id/accounts': { access: 'superadmin', params: { id: 'member' } },
  'GET /api/:accountId{[0-9]+}/account-details': { access: 'superadmin', params: { accountId: 'account' } },
  'POST /api/:accountId{[0-9]+}/update-broker-details': {
    access: 'superadmin',
    params: { accountId: 'account' },
    body: () => jsonPayload({ broker_name: 'angelone', broker_client_id: 'AB1234', broker_access_key: '' }),
  },
  'GET /api/admin/accounts/:id/algo-subscriptions': { access: 'superadmin', params: { id: 'account' } },
  'GET /api/admin/halts': { access: 'superadmin' },
  'GET /api/admin/readiness': { access: 'superadmin' },
  'POST /api/admin/halt': { access: 'superadmin', body: () => jsonPayload({ reason: 'security test' }) },
  'DELETE /api/admin/halt': { access: 'superadmin' },
  'POST /api/admin/accounts/:id/halt': {
    access: 'superadmin',
    params: { id: 'account' },
    body: () => jsonPayload({ reason: 'security test' }),
  },
  'DELETE /api/admin/accounts/:id/halt': { access: 'superadmin', params: { id: 'account' } },
  'POST /api/admin/accounts/:id/trading-mode': {
    access: 'superadmin',
    params: { id: 'account' },
    body: () => jsonPayload({ mode: 'paper' }),
  },
  'POST /api/admin/accounts/:id/order-source': {
    access: 'superadmin',
    params: { id: 'account' },
    body: () => jsonPayload({ order_source: null }),
  },
  'POST /api/admin/accounts/:trabot_account_id/save-algo-subscription': {
    access: 'superadmin',
    params: { trabot_account_id: 'account' },
    body: ({ ids }) =>
      jsonPayload(
        subscriptionBody(
          { row_id: ids.subscription, algo_id: ids.algo, trabot_account_id: ids.account },
          { max_total_capital: 200000, max_acceptable_loss: 5000, subscription_status: 'inactive' },
        ),
      ),
  },
  'POST /api/admin/trades/:tradeId': {
    access: 'superadmin',
    params: { tradeId: 'trade' },
    body: () =>
      jsonPayload({
        trade_date: '2026-11-02',
        trade_status: 'open',
        trade_quantity: 40,
        current_mtm: 350,
        trade_risk: 620,
        remaining_quantity: 40,
        broker_trade_number: null,
        stoploss_trade_number: null,
        ltp: 751.1,
      }),
  },
  'GET /api/logs': { access: 'superadmin', query: 'search=&lines=50' },
  'GET /api/admin/warnings': { access: 'superadmin', query: 'showDeleted=true' },
  'DELETE /api/admin/warnings/:warningId': { access: 'superadmin', params: { warningId: 'warning' } },
  'GET /api/admin/tokens': { access: 'superadmin' },
  'GET /api/admin/order-records': { access: 'superadmin', query: 'from=2026-01-05&to=2026-01-05' },
  'GET /api/admin/backups': { access: 'superadmin' },
  'POST /api/admin/backups': { access: 'superadmin' },
  'GET /api/admin/enquiries': { access: 'superadmin', query: 'limit=20' },
  'GET /api/admin/workshops': { access: 'superadmin' },
  'PUT /api/admin/workshops': { access: 'superadmin', body: () => jsonPayload(workshopBody()) },
  'POST /api/admin/workshops/:id': {
    access: 'superadmin',
    params: { id: 'workshop' },
    body: () => jsonPayload(workshopBody()),
  },
  'GET /api/admin/workshops/:id/registrations': { access: 'superadmin', params: { id: 'workshop' } },

  // The membership business.
  'GET /api/membership/month': { access: 'member' },
  'POST /api/membership/opt-out': {
    access: 'member',
    endsMembership: true,
    body: () => jsonPayload({ reason: 'security sweep' }),
  },
  // "Pay now": the month's link from the world's local Razorpay (a superadmin has no member: 404).
  'POST /api/membership/payment-link': { access: 'member' },
  'GET /api/membership/payments/:id/receipt': { access: 'member', params: { id: 'payment' }, ownIds: true },
  // Razorpay's webhook: authenticated by its signature over the raw body, never by a session.
  'POST /api/payments/razorpay/webhook': { access: 'public', cookieless: true, body: () => razorpayEvent() },
  'GET /api/admin/membership/applications': { access: 'superadmin' },
  'POST /api/admin/membership/applications/:id/accept': {
    access: 'superadmin',
    params: { id: 'applicationToAccept' },
    body: () => jsonPayload({ name: 'New Member', email_id: email('applicant'), phone_no: '+919800000000' }),
  },
  'POST /api/admin/membership/applications/:id/reject': {
    access: 'superadmin',
    params: { id: 'applicationToReject' },
    body: () => jsonPayload({ name: 'Applicant', email: email('applicant'), reason: 'no slot' }),
  },
  'POST /api/admin/members/:id/membership': {
    access: 'superadmin',
    params: { id: 'cancelledMember' },
    body: () => jsonPayload({ action: 'rejoin', reason: 'security sweep' }),
  },
  'GET /api/admin/members/:id/membership-history': { access: 'superadmin', params: { id: 'member' } },
  'POST /api/admin/members/:id/payments': {
    access: 'superadmin',
    params: { id: 'member' },
    body: () => jsonPayload({ month: '2026-10', reference: 'security sweep' }),
  },
  'GET /api/admin/members/:id/payments': { access: 'superadmin', params: { id: 'member' } },
  'POST /api/admin/members/:id/payment-link': {
    access: 'superadmin',
    params: { id: 'member' },
    // This month's link, made already by the world: handed back even after the member opted out.
    body: () => jsonPayload({ month: monthOf(new Date()) }),
  },
  'GET /api/admin/membership/collection': { access: 'superadmin', query: 'month=2026-11' },
};

export interface ApiRoute {
  /** "METHOD /api/path/:param" exactly as the router holds it: the table's key. */
  key: string;
  method: string;
  path: string;
  spec: RouteSpec;
}

/** Every method + path under /api the router serves (middleware-only `ALL` entries left out). */
export function routerKeys(app: Hono<AppEnv>): string[] {
  return [
    ...new Set(
      app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`),
    ),
  ].sort();
}

/** The router's routes joined with their table entries (call after checking both lists agree). */
export function apiRoutes(app: Hono<AppEnv>): ApiRoute[] {
  return routerKeys(app).map((key) => {
    const spec = ROUTE_TABLE[key];
    if (!spec) throw new Error(`${key} is not in ROUTE_TABLE`);
    const [method, path] = key.split(' ') as [string, string];
    return { key, method, path, spec };
  });
}

export const PARAM = /:(\w+)(\{[^}]*\})?/g;

/** The route's path with each parameter replaced by `value(name)` (already URL-safe). */
export function fillPath(route: ApiRoute, value: (name: string) => string): string {
  return route.path.replace(PARAM, (_, name: string) => value(name));
}

/** The path with the table's entities taken from `ids`, plus the table's query. */
export function urlFor(route: ApiRoute, ids: Ids, query = route.spec.query): string {
  const path = fillPath(route, (name) => {
    const entity = route.spec.params?.[name];
    if (!entity) throw new Error(`${route.key}: path parameter ${name} has no entity in ROUTE_TABLE`);
    return paramValue(entity, ids);
  });
  return query ? `${path}?${query}` : path;
}

export const isUnsafe = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);
