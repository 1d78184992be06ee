/**
 * Authorization matrix generated from the router: every /api route x {anonymous, member, another
 * member, superadmin} with valid requests whose ids belong to someone else. Anonymous gets 401 on
 * protected routes, members 403 on admin routes (before any validation), the superadmin is never
 * refused, and a member's calls never read or change another member's data.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN, NOT_LOGGED_IN } from '@server/auth/guards';
import { createPasswordLink } from '@server/auth/password-links';
import { appNow } from '@server/context';
import { accounts } from '@server/db/schema';
import { createUser } from '@server/services/users';
import { snapshot } from './support/db-snapshot';
import { stats } from './support/inspect';
import {
  apiRoutes,
  PARAM,
  ROUTE_TABLE,
  routerKeys,
  urlFor,
  type ApiRoute,
  type RequestContext,
} from './support/route-table';
import {
  createWorld,
  jsonPayload,
  newConfirmationToken,
  PRINCIPALS,
  send,
  type Ids,
  type Principal,
  type World,
} from './support/world';

let w: World;
let routes: ApiRoute[];
const started = performance.now();

beforeAll(async () => {
  w = await createWorld();
  routes = apiRoutes(w.t.app);
});
afterAll(async () => {
  console.info(
    `[security] authorization: ${routes.length} routes x ${PRINCIPALS.length} principals, ${stats.requests} requests, ${Math.round(performance.now() - started)} ms`,
  );
  await w.close();
});

const TABLE_KEYS = Object.keys(ROUTE_TABLE).sort();
const route = (key: string) => routes.find((r) => r.key === key)!;

/** Whose ids a principal's requests name: always someone else's (a member's own on `ownIds` routes). */
function targetIds(principal: Principal, r?: ApiRoute): Ids {
  if (r?.spec.ownIds && (principal === 'member' || principal === 'otherMember')) return w.ids[principal];
  return principal === 'otherMember' || principal === 'anonymous' ? w.ids.member : w.ids.otherMember;
}

/** A new set-password link for a login of its own (which the valid request then gives a password). */
let linkUserId: number | undefined;
async function passwordLink(): Promise<string> {
  linkUserId ??= (await createUser(w.t.deps.db, { email: 'link-owner@trabot.test', password: null, role: 'member' }))
    .id;
  return createPasswordLink(w.t.deps.db, linkUserId, appNow(w.t.deps));
}

function context(principal: Principal, ids = targetIds(principal)): RequestContext {
  const self = principal === 'anonymous' ? w.logins.member : w.logins[principal];
  return {
    ids,
    self,
    captcha: () => w.t.client().solveCaptcha(),
    passwordLink,
    confirmationToken: () => newConfirmationToken(w),
  };
}

/** The table's valid request for this route, as `principal`, naming `ctx.ids`. */
async function call(r: ApiRoute, principal: Principal, ctx = context(principal, targetIds(principal, r))) {
  let client = w.clients[principal];
  if (r.spec.sessionChanging) client = principal === 'anonymous' ? w.t.client() : await w.login(w.logins[principal]);
  if (r.spec.endsMembership && (principal === 'member' || principal === 'otherMember')) client = await w.newMember();
  const res = await send(client, r.method, urlFor(r, ctx.ids), await r.spec.body?.(ctx));
  if (r.spec.endsOtherSessions && principal !== 'anonymous') await w.login(w.logins[principal], w.clients[principal]);
  return res;
}

describe('the route table', () => {
  it('classifies exactly the routes the router serves', () => {
    const served = routerKeys(w.t.app);
    expect(
      served.filter((k) => !(k in ROUTE_TABLE)),
      'routes the router serves but ROUTE_TABLE does not classify',
    ).toEqual([]);
    expect(
      TABLE_KEYS.filter((k) => !served.includes(k)),
      'ROUTE_TABLE entries the router no longer serves',
    ).toEqual([]);
    expect(served.length).toBeGreaterThanOrEqual(40);
  });

  it('names an entity for every path parameter, and no other', () => {
    for (const r of routes) {
      const names = [...r.path.matchAll(PARAM)].map((m) => m[1]).sort();
      expect(Object.keys(r.spec.params ?? {}).sort(), r.key).toEqual(names);
    }
  });
});

describe("a member never reads or writes another member's data", () => {
  const members = ['member', 'otherMember'] as const;
  const otherOf = (p: (typeof members)[number]) => (p === 'member' ? 'otherMember' : 'member');

  it('admin routes refuse members with 403 before validation: ids of others, own ids, an empty body, no body; nothing changes', async () => {
    const before = await snapshot(w.t.deps.db, ['sessions', 'rate_limits', 'used_captchas']);
    let refused = 0;
    for (const r of routes.filter((x) => x.spec.access === 'superadmin')) {
      for (const principal of members) {
        const variants = [
          {
            url: urlFor(r, w.ids[otherOf(principal)]),
            payload: await r.spec.body?.(context(principal, w.ids[otherOf(principal)])),
          },
          { url: urlFor(r, w.ids[principal]), payload: await r.spec.body?.(context(principal, w.ids[principal])) },
          ...(r.method === 'GET' ? [] : [{ url: urlFor(r, w.ids[otherOf(principal)]), payload: jsonPayload({}) }]),
          { url: urlFor(r, w.ids[otherOf(principal)], ''), payload: undefined },
        ];
        for (const { url, payload } of variants) {
          const res = await send(w.clients[principal], r.method, url, payload);
          expect(res.status, `${principal} ${r.method} ${url}: ${res.text}`).toBe(403);
          refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(await snapshot(w.t.deps.db, ['sessions', 'rate_limits', 'used_captchas'])).toEqual(before);
  });

  it('account-trades lists only the session account; adminAccountId is refused to members, even their own', async () => {
    for (const principal of members) {
      const own = w.ids[principal];
      const other = w.ids[otherOf(principal)];
      const list = await send(w.clients[principal], 'GET', '/api/account-trades?status=all');
      expect(list.status).toBe(200);
      expect(
        (list.json as { trabot_trade_id: number; trabot_account_id: number }[]).map((t) => [
          t.trabot_trade_id,
          t.trabot_account_id,
        ]),
      ).toEqual([[own.trade, own.account]]);
      for (const id of [other.account, own.account]) {
        const res = await send(w.clients[principal], 'GET', `/api/account-trades?status=all&adminAccountId=${id}`);
        expect(res.status, res.text).toBe(403);
      }
    }
    const asAdmin = await send(
      w.clients.superadmin,
      'GET',
      `/api/account-trades?status=all&adminAccountId=${w.ids.otherMember.account}`,
    );
    expect((asAdmin.json as { trabot_trade_id: number }[]).map((t) => t.trabot_trade_id)).toEqual([
      w.ids.otherMember.trade,
    ]);
    expect((await send(w.clients.superadmin, 'GET', '/api/account-trades?adminAccountId=2147483647')).status).toBe(404);
  });

  it("a trade's detail is the member's own trade only: another's is not found", async () => {
    for (const principal of members) {
      const own = await send(w.clients[principal], 'GET', `/api/account-trades/${w.ids[principal].trade}`);
      expect(own.status, own.text).toBe(200);
      const other = await send(w.clients[principal], 'GET', `/api/account-trades/${w.ids[otherOf(principal)].trade}`);
      expect(other.status, other.text).toBe(404);
      expect(other.json).toEqual({ error: 'Trade not found' });
    }
  });

  it("account-details and update-broker-details act on the session's account only", async () => {
    for (const principal of members) {
      const own = w.ids[principal];
      const other = w.ids[otherOf(principal)];
      const details = await send(w.clients[principal], 'GET', '/api/account-details');
      expect((details.json as { trabot_account_id: number }).trabot_account_id).toBe(own.account);

      const [otherBefore] = await w.t.deps.db
        .select()
        .from(accounts)
        .where(eq(accounts.trabot_account_id, other.account));
      const clientId = `OWN${principal.length}${own.account}`;
      const res = await send(
        w.clients[principal],
        'POST',
        '/api/update-broker-details',
        // Fields the member may not set ride along: another account, the status, the key check, a balance.
        jsonPayload({
          broker_name: 'zerodha',
          broker_client_id: clientId,
          broker_access_key: '',
          trabot_account_id: other.account,
          account_status: 'hacked',
          access_key_valid: true,
          equity_amount_balance: 1e9,
        }),
      );
      expect(res.status, res.text).toBe(200);
      expect((res.json as { trabot_account_id: number }).trabot_account_id).toBe(own.account);
      const [ownAfter] = await w.t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, own.account));
      const [otherAfter] = await w.t.deps.db
        .select()
        .from(accounts)
        .where(eq(accounts.trabot_account_id, other.account));
      expect(ownAfter!.broker_client_id).toBe(clientId);
      expect(ownAfter!.account_status).not.toBe('hacked');
      expect(ownAfter!.access_key_valid).toBe(false);
      expect(ownAfter!.equity_amount_balance).not.toBe(1e9);
      expect(otherAfter).toEqual(otherBefore);
    }
  });
});

describe("the superadmin's writes cannot tie one member's data to another's", () => {
  it('a login of one member is never linked to, or edited through, another member', async () => {
    const a = w.ids.member;
    const b = w.ids.otherMember;
    const admin = w.clients.superadmin;
    const linked = await send(
      admin,
      'POST',
      `/api/members/${a.member}/users`,
      jsonPayload({
        name: 'Cross link',
        email: `cross-${a.user}@trabot.test`,
        password: 'a-long-password-1',
        account_id: b.account,
      }),
    );
    expect(linked.status, linked.text).toBe(400);
    expect(Object.keys((linked.json as { fields: object }).fields)).toEqual(['account_id']);
    const relinked = await send(
      admin,
      'PUT',
      `/api/members/${a.member}/users/${a.user}`,
      jsonPayload({ name: 'Relinked', email: w.logins.member.email, account_id: b.account }),
    );
    expect(relinked.status, relinked.text).toBe(400);
    const throughOther = await send(
      admin,
      'PUT',
      `/api/members/${a.member}/users/${b.user}`,
      jsonPayload({ name: 'Taken over', email: `takeover-${b.user}@trabot.test`, password: 'a-long-password-2' }),
    );
    expect(throughOther.status, throughOther.text).toBe(404);
    // b's login still works with its own password.
    expect((await w.login(w.logins.otherMember)).cookies.size).toBe(1);
  });

  it("an algo subscription of one account is never saved through another account's path", async () => {
    const a = w.ids.member;
    const b = w.ids.otherMember;
    const before = await snapshot(w.t.deps.db, ['sessions', 'rate_limits', 'used_captchas']);
    const body = (over: object) =>
      jsonPayload({
        row_id: null,
        algo_id: a.algo,
        trabot_account_id: a.account,
        max_total_capital: 200_000,
        risk_percent_pertrade: 1,
        max_percent_allocation_pertrade: 1,
        min_percent_allocation_pertrade: 1,
        min_required_risk_reward: 1,
        subscription_status: 'inactive',
        max_acceptable_loss: 1,
        ...over,
      });
    const url = `/api/admin/accounts/${a.account}/save-algo-subscription`;
    expect((await send(w.clients.superadmin, 'POST', url, body({ row_id: b.subscription }))).status).toBe(404);
    expect(
      (await send(w.clients.superadmin, 'POST', url, body({ row_id: b.subscription, trabot_account_id: b.account })))
        .status,
    ).toBe(400);
    expect(await snapshot(w.t.deps.db, ['sessions', 'rate_limits', 'used_captchas'])).toEqual(before);
  });
});

// Anonymous, then the two members, then the superadmin (whose valid writes change members' data).
describe.each(PRINCIPALS)('as %s', (principal) => {
  it.each(TABLE_KEYS)('%s', async (key) => {
    const r = route(key);
    const res = await call(r, principal);
    const { access } = r.spec;
    if (
      access === 'public' ||
      (access === 'member' && principal !== 'anonymous' && principal !== 'superadmin') ||
      (access === 'superadmin' && principal === 'superadmin')
    ) {
      // Allowed: the valid request succeeds (a browser navigation's answer is a redirect).
      expect(res.status, res.text).toBeGreaterThanOrEqual(r.spec.redirects ? 300 : 200);
      expect(res.status, res.text).toBeLessThan(r.spec.redirects ? 400 : 300);
    } else if (principal === 'superadmin') {
      // The member routes, for a superadmin without an account of their own: never refused.
      expect([401, 403], res.text).not.toContain(res.status);
    } else if (principal === 'anonymous') {
      expect(res.status, res.text).toBe(401);
      expect(res.json).toEqual({ error: NOT_LOGGED_IN });
    } else {
      expect(res.status, res.text).toBe(403);
      expect(res.json).toEqual({ error: FORBIDDEN });
    }
  });
});
