/**
 * The membership business (issue 26). Superadmin: GET /api/admin/membership/applications, POST
 * /api/admin/membership/applications/{id}/accept|reject, POST /api/admin/members/{id}/membership
 * (cancel, rejoin), POST /api/admin/members/{id}/payments (a month paid by hand), GET
 * /api/admin/members/{id}/membership-history, GET /api/admin/membership/collection?month=yyyy-mm,
 * POST /api/admin/members/{id}/payment-link (a member's Razorpay link of the month, to share).
 * Member: GET /api/membership/month (state, month, amount due, deadline), POST /api/membership/opt-out,
 * POST /api/membership/payment-link (the month's Razorpay link, made on demand), GET
 * /api/membership/payments/{id}/receipt (printable; the superadmin sees any).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  acceptApplicationBodySchema,
  manualPaymentBodySchema,
  membershipActionBodySchema,
  monthSchema,
  optOutBodySchema,
  rejectApplicationBodySchema,
} from '@shared/schemas/membership';
import { requireSuperadmin, requireUser, sessionUser } from '../auth/guards';
import { appNow, mailerOf, type AppEnv } from '../context';
import { ApiError, STATUS } from '../http/api-errors';
import {
  acceptApplication,
  cancelMembership,
  collection,
  listApplications,
  loadMember,
  membershipHistory,
  monthOf,
  myMembership,
  rejectApplication,
  rejoinMembership,
  type Actor,
} from '../services/membership';
import { jsonBody, pathIds, queryParams } from '../http/validation';
import { ensurePaymentLink, memberPayments, receiptHtml, recordManualPayment } from '../services/membership-payments';
import { razorpayConfigured } from '../services/razorpay';
import { ownOrigin } from '../security/request-info';

const actorOf = (c: Context<AppEnv>): Actor => {
  const user = sessionUser(c);
  return { userId: user.id, name: user.name };
};

export function membershipRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/admin/membership/applications', requireSuperadmin, async (c) =>
    c.json(await listApplications(c.get('deps').db)),
  );

  routes.post(
    '/admin/membership/applications/:id/accept',
    requireSuperadmin,
    pathIds('id'),
    jsonBody(acceptApplicationBodySchema),
    async (c) => {
      const deps = c.get('deps');
      const made = await acceptApplication(
        deps,
        mailerOf(deps),
        c.req.valid('param').id,
        c.req.valid('json'),
        actorOf(c),
        appNow(deps),
        ownOrigin(c),
      );
      return c.json(made, STATUS.CREATED);
    },
  );

  routes.post(
    '/admin/membership/applications/:id/reject',
    requireSuperadmin,
    pathIds('id'),
    jsonBody(rejectApplicationBodySchema),
    async (c) => {
      const deps = c.get('deps');
      await rejectApplication(
        deps,
        mailerOf(deps),
        c.req.valid('param').id,
        c.req.valid('json'),
        actorOf(c),
        appNow(deps),
      );
      return c.json({ status: 'rejected' });
    },
  );

  routes.post(
    '/admin/members/:id/membership',
    requireSuperadmin,
    pathIds('id'),
    jsonBody(membershipActionBodySchema),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      const { action, reason } = c.req.valid('json');
      if (action === 'cancel') await cancelMembership(deps, mailerOf(deps), id, actorOf(c), reason, appNow(deps));
      else await rejoinMembership(deps, mailerOf(deps), id, actorOf(c), reason, appNow(deps));
      return c.json(await membershipHistory(deps.db, id));
    },
  );

  routes.get('/admin/members/:id/membership-history', requireSuperadmin, pathIds('id'), async (c) =>
    c.json(await membershipHistory(c.get('deps').db, c.req.valid('param').id)),
  );

  routes.post(
    '/admin/members/:id/payments',
    requireSuperadmin,
    pathIds('id'),
    jsonBody(manualPaymentBodySchema),
    async (c) => {
      const deps = c.get('deps');
      const paid = await recordManualPayment(
        deps,
        c.req.valid('param').id,
        c.req.valid('json'),
        actorOf(c),
        appNow(deps),
      );
      return c.json(paid, paid.created ? STATUS.CREATED : STATUS.OK);
    },
  );

  routes.get('/admin/members/:id/payments', requireSuperadmin, pathIds('id'), async (c) =>
    c.json(await memberPayments(c.get('deps').db, c.req.valid('param').id)),
  );

  // "Make payment link": the month's link for a member, to share by hand (made once, reused after).
  routes.post(
    '/admin/members/:id/payment-link',
    requireSuperadmin,
    pathIds('id'),
    jsonBody(z.object({ month: monthSchema.optional() })),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      const now = appNow(deps);
      const month = c.req.valid('json').month ?? monthOf(now);
      const link = await ensurePaymentLink(deps, mailerOf(deps), id, month, now);
      return c.json({ month, url: link.url }, link.created ? STATUS.CREATED : STATUS.OK);
    },
  );

  routes.get(
    '/admin/membership/collection',
    requireSuperadmin,
    queryParams(z.object({ month: monthSchema.optional() })),
    async (c) => {
      const deps = c.get('deps');
      const month = c.req.valid('query').month ?? monthOf(appNow(deps));
      return c.json(await collection(deps.db, deps.env, month));
    },
  );

  routes.get('/membership/month', requireUser, async (c) => {
    const deps = c.get('deps');
    const user = sessionUser(c);
    // A login without a member (a superadmin's own) has no membership: null, as /api/account-details.
    if (user.member_id === null) return c.json(null);
    return c.json(await myMembership(deps.db, user.member_id, appNow(deps), razorpayConfigured(deps.env)));
  });

  // "Pay now": the month's Razorpay link, made now when the schedule has not made it yet.
  routes.post('/membership/payment-link', requireUser, async (c) => {
    const deps = c.get('deps');
    const user = sessionUser(c);
    if (user.member_id === null) throw new ApiError(STATUS.NOT_FOUND, 'No membership on this login');
    const now = appNow(deps);
    const mine = await myMembership(deps.db, user.member_id, now, razorpayConfigured(deps.env));
    if (mine.month_paid) {
      const message = `${mine.month} is paid already`;
      throw new ApiError(STATUS.CONFLICT, message, { month: message });
    }
    const link = await ensurePaymentLink(deps, mailerOf(deps), user.member_id, mine.month, now);
    return c.json({ month: mine.month, url: link.url }, link.created ? STATUS.CREATED : STATUS.OK);
  });

  // The printable receipt of a payment: the member's own, or any for the superadmin.
  routes.get('/membership/payments/:id/receipt', requireUser, pathIds('id'), async (c) => {
    const user = sessionUser(c);
    const deps = c.get('deps');
    const html = await receiptHtml(deps.db, deps.env, c.req.valid('param').id, {
      memberId: user.member_id,
      superadmin: user.role === 'superadmin',
    });
    return c.html(html);
  });

  routes.post('/membership/opt-out', requireUser, jsonBody(optOutBodySchema), async (c) => {
    const deps = c.get('deps');
    const user = sessionUser(c);
    if (user.member_id === null) return c.json(null);
    const { reason } = c.req.valid('json');
    const mine = await loadMember(deps.db, user.member_id);
    // Opting out again changes nothing.
    if (mine.membership_status === 'cancelled')
      return c.json(await myMembership(deps.db, user.member_id, appNow(deps), razorpayConfigured(deps.env)));
    await cancelMembership(
      deps,
      mailerOf(deps),
      user.member_id,
      { userId: user.id, name: user.name },
      reason ? `opted out by the member: ${reason}` : 'opted out by the member',
      appNow(deps),
    );
    return c.json(await myMembership(deps.db, user.member_id, appNow(deps), razorpayConfigured(deps.env)));
  });

  return routes;
}
