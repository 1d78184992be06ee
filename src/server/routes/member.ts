/** The member's own data: trades, account settings, broker details (spec section 7, "Member calls"). */
import { Hono, type Context } from 'hono';
import { memberBrokerDetailsSchema } from '@shared/schemas/account';
import { accountPnlQuerySchema, taxStatementQuerySchema } from '@shared/schemas/pnl';
import { accountTradesQuerySchema } from '@shared/schemas/trades';
import { isSuperadmin, requireUser, sessionUser } from '../auth/guards';
import { BytesLru } from '../lib/bytes-lru';
import { acceptedEncoding, encode } from '../http/content-encoding';
import { appNow, type AppEnv } from '../context';
import { ApiError, STATUS } from '../http/api-errors';
import { membershipExpiry } from '../services/membership';
import { getAccountSettings, updateBrokerDetails } from '../services/account';
import { accountPnl, pnlRange, summarize } from '../services/account-pnl';
import { financialYear, financialYearOf, taxRows, taxStatementCsv } from '../services/tax-statement';
import { istDay } from '@shared/ist';
import { getTradeDetail } from '../services/trade-detail';
import { accountTradesVersion, listAccountTrades } from '../services/trades';
import { jsonBody, pathIds, queryParams } from '../http/validation';

const NO_ACCOUNT = 'No account is linked to this user';
/** Encoded account-trades answers kept in memory (about 30 KB brotli, 800 KB plain for 1,000 trades). */
export const TRADES_CACHE_BYTES = 32 * 1024 * 1024;

export function memberRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // One per app, so per database: keyed by the account's trades version, which the database itself
  // changes on every write to trades, entries or exits (migration 0006), an answer served from here
  // is never older than the request, in this process or any other.
  const tradesCache = new BytesLru(TRADES_CACHE_BYTES);

  routes.get('/account-trades', requireUser, queryParams(accountTradesQuerySchema), async (c) => {
    const user = sessionUser(c);
    const { db } = c.get('deps');
    const query = c.req.valid('query');
    let accountId = user.account_id;
    let version = c.get('accountTradesVersion');
    if (query.adminAccountId !== undefined) {
      if (!isSuperadmin(user)) throw new ApiError(STATUS.FORBIDDEN, 'adminAccountId is for superadmins only');
      const adminVersion = await accountTradesVersion(db, query.adminAccountId);
      if (adminVersion === null) throw new ApiError(STATUS.NOT_FOUND, 'Account not found');
      accountId = query.adminAccountId;
      version = adminVersion;
    }
    if (accountId === null) return c.json([]);

    const listed = accountId;
    // A member reads the member's statuses; the superadmin's view of an account keeps the stored ones.
    const view = query.adminAccountId === undefined ? 'member' : 'admin';
    const encoding = acceptedEncoding(c.req.header('accept-encoding'));
    const body = await tradesCache.get(`${listed}:${view}:${query.status}:${version}:${encoding}`, async () =>
      encode(Buffer.from(JSON.stringify(await listAccountTrades(db, listed, query.status, view))), encoding),
    );
    // zlib and Buffer.from answer Buffers over plain (never shared) ArrayBuffers.
    return c.body(body as Uint8Array<ArrayBuffer>, STATUS.OK, {
      'Content-Type': 'application/json',
      Vary: 'Accept-Encoding',
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    });
  });

  /** One trade's story: a member's own trade only (another's is not found, never forbidden); any trade for a superadmin. */
  routes.get('/account-trades/:tradeId', requireUser, pathIds('tradeId'), async (c) => {
    const { tradeId } = c.req.valid('param');
    const user = sessionUser(c);
    const viewer = isSuperadmin(user)
      ? { view: 'admin' as const }
      : { view: 'member' as const, accountId: user.account_id ?? 0 };
    const detail = await getTradeDetail(c.get('deps').db, tradeId, viewer);
    if (!detail) throw new ApiError(STATUS.NOT_FOUND, 'Trade not found');
    return c.json(detail);
  });

  /** The session's account, or for a superadmin the one named by adminAccountId (403 for anyone else). */
  async function accountAsked(c: Context<AppEnv>, adminAccountId: number | undefined): Promise<number | null> {
    const user = sessionUser(c);
    if (adminAccountId === undefined) return user.account_id;
    if (!isSuperadmin(user)) throw new ApiError(STATUS.FORBIDDEN, 'adminAccountId is for superadmins only');
    if ((await accountTradesVersion(c.get('deps').db, adminAccountId)) === null)
      throw new ApiError(STATUS.NOT_FOUND, 'Account not found');
    return adminAccountId;
  }

  /** The account's P&L over a range of days (default: this month in India); a superadmin may name any account. */
  routes.get('/account-pnl', requireUser, queryParams(accountPnlQuerySchema), async (c) => {
    const { db } = c.get('deps');
    const query = c.req.valid('query');
    const accountId = await accountAsked(c, query.adminAccountId);
    const range = pnlRange(query, appNow(c.get('deps')));
    // Like account-trades: a login without an account has nothing to add up.
    return c.json(accountId === null ? summarize(range, [], 0) : await accountPnl(db, accountId, range));
  });

  /** The tax P&L statement of a financial year (default: the current one in India) as a CSV download. */
  routes.get('/account-tax-statement', requireUser, queryParams(taxStatementQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const accountId = await accountAsked(c, query.adminAccountId);
    const fy = query.fy ?? financialYearOf(istDay(appNow(c.get('deps'))));
    const rows = accountId === null ? [] : await taxRows(c.get('deps').db, accountId, financialYear(fy)!);
    return c.body(taxStatementCsv(fy, rows), STATUS.OK, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="tax-pnl-FY${fy}${accountId === null ? '' : `-account-${accountId}`}.csv"`,
    });
  });

  /** The logged-in member's membership: its expiry date and whether it has passed (today in India). */
  routes.get('/membership', requireUser, async (c) => {
    const deps = c.get('deps');
    return c.json(await membershipExpiry(deps.db, sessionUser(c).member_id, appNow(deps)));
  });

  routes.get('/account-details', requireUser, async (c) => {
    const accountId = sessionUser(c).account_id;
    return c.json(accountId === null ? null : await getAccountSettings(c.get('deps'), accountId));
  });

  routes.post('/update-broker-details', requireUser, jsonBody(memberBrokerDetailsSchema), async (c) => {
    const user = sessionUser(c);
    const details = c.req.valid('json');
    const updated =
      user.account_id === null ? null : await updateBrokerDetails(c.get('deps'), user.account_id, details, user);
    if (!updated) throw new ApiError(STATUS.NOT_FOUND, NO_ACCOUNT);
    c.get('deps').log.info(
      {
        userId: user.id,
        accountId: user.account_id,
        broker_name: details.broker_name,
        accessKeyChanged: details.broker_access_key !== '',
      },
      'broker details updated',
    );
    return c.json(updated);
  });

  return routes;
}
