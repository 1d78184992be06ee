/** The membership month on an injected clock: applications, payments, due, the 26th, rejoin, opt-out. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accounts, algoSubscriptions } from '@server/db/schema';
import { runBusinessSchedule } from '@server/services/business-schedule';
import { memberSchema } from '@shared/schemas/admin/members';
import {
  applicationSchema,
  collectionSchema,
  membershipEventSchema,
  myMembershipSchema,
} from '@shared/schemas/membership';
import { createAlgo } from '../../factories/algos';
import { createSubscription, subscriptionBody } from '../../factories/subscriptions';
import { startFakeSmtp, type FakeSmtp } from '../public/fake-smtp';
import { adminTest, expectError, expectJson, loggedIn, post, type AdminTest } from '../admin/setup';
import { setPasswordFromMail } from '../helpers/set-password';
import type { TestClient } from '../helpers/test-app';

const FIRM = 'firm@example.com';
let smtp: FakeSmtp;
let a: AdminTest;
let now = new Date('2026-12-03T06:00:00Z');
let ip = 0;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  a = await adminTest({
    env: { SMTP_URL: smtp.url, MAIL_TO: FIRM, MEMBERSHIP_BILLING: '1', PUBLIC_FORM_LIMIT_PER_IP: '1000' },
  });
  a.t.deps.clock = () => now;
});
afterAll(async () => {
  await a.t.close();
  await smtp.close();
});

const apply = async (name: string) => {
  const res = await a.t.client({ ip: `198.51.100.${++ip}` }).json('/api/contact-us', {
    type: 'Membership Interest',
    formString: `<p><strong>Full name</strong><br>${name}</p>`,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
};
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
const schedule = () => runBusinessSchedule(a.t.deps, a.t.deps.mailer!, now);
const membersWith = async (status: string) =>
  expectJson(await a.admin.request(`/api/members?membership_status=${status}`), 200, z.array(memberSchema.strict()));
const history = async (id: number) =>
  expectJson(
    await a.admin.request(`/api/admin/members/${id}/membership-history`),
    200,
    z.array(membershipEventSchema.strict()),
  );

describe('the membership month', () => {
  let memberId: number;
  let member: TestClient;
  let subscriptionRow: number;
  let accountId: number;

  it('accepts an application: member, login and invitation; a second decision is refused', async () => {
    const enquiryId = await apply('Priya Nair');
    const apps = await expectJson(
      await a.admin.request('/api/admin/membership/applications'),
      200,
      z.array(applicationSchema.strict()),
    );
    expect(apps.find((x) => x.id === enquiryId)).toMatchObject({ status: 'applicant', trabot_client_id: null });

    expect(
      (
        await expectError(
          await post(a.admin, `/api/admin/membership/applications/${enquiryId}/accept`, {
            name: 'Priya',
            email_id: 'x',
          }),
          400,
        )
      ).fields,
    ).toMatchObject({ email_id: 'Enter a valid email' });
    const made = await expectJson(
      await post(a.admin, `/api/admin/membership/applications/${enquiryId}/accept`, {
        name: 'Priya Nair',
        email_id: 'priya@example.in',
        phone_no: '+919800012345',
      }),
      201,
      z.object({ trabot_client_id: z.number(), user_id: z.number() }),
    );
    memberId = made.trabot_client_id;
    const [invitation] = mailsTo('priya@example.in');
    expect(invitation!.headers).toContain('Subject: Welcome to the Trabot membership');
    expect(invitation!.body).toContain('Rs 5,900 per month');
    expect(invitation!.body).toContain('Your first month is 2026-12, to be paid by 2026-12-25');
    await setPasswordFromMail(a.t, invitation!.body, 'priya chose this');
    member = await loggedIn(a.t, 'priya@example.in', 'priya chose this');

    expect((await membersWith('accepted')).map((m) => m.trabot_client_id)).toContain(memberId);
    expect(
      (
        await expectError(
          await post(a.admin, `/api/admin/membership/applications/${enquiryId}/accept`, {
            name: 'Priya Nair',
            email_id: 'other@example.in',
            phone_no: '+919800012345',
          }),
          409,
        )
      ).error,
    ).toBe('This application was already accepted');
    expect((await history(memberId)).map((e) => [e.from_status, e.to_status, e.actor])).toEqual([
      ['applicant', 'accepted', 'Ops Admin'],
    ]);
    accountId = (await a.t.deps.db.select().from(accounts).where(eq(accounts.trabot_client_id, memberId)))[0]!
      .trabot_account_id;
    subscriptionRow = (await createSubscription(a.t.deps, (await createAlgo(a.t.deps)).algo_id, accountId)).row_id;
  });

  it('rejects an application with a polite mail', async () => {
    const enquiryId = await apply('Karan Shah');
    await expectJson(
      await post(a.admin, `/api/admin/membership/applications/${enquiryId}/reject`, {
        name: 'Karan Shah',
        email: 'karan@example.in',
        reason: 'no slot this month',
      }),
      200,
      z.object({ status: z.literal('rejected') }),
    );
    const [answer] = mailsTo('karan@example.in');
    expect(answer!.body).toContain('Thank you for your interest in the Trabot membership');
    expect(answer!.body).not.toContain('no slot this month'); // the reason is kept, not mailed
    const apps = z
      .array(applicationSchema)
      .parse(await (await a.admin.request('/api/admin/membership/applications')).json());
    expect(apps.find((x) => x.id === enquiryId)?.status).toBe('rejected');
  });

  it('records a paid month once, with a GST invoice number, and makes the member active', async () => {
    const paid = z.object({ id: z.number(), invoice_number: z.string(), created: z.boolean() });
    const first = await expectJson(
      await post(a.admin, `/api/admin/members/${memberId}/payments`, { month: '2026-12', reference: 'NEFT 8812' }),
      201,
      paid,
    );
    expect(first.invoice_number).toBe('TB/2026-27/000001');
    const again = await expectJson(
      await post(a.admin, `/api/admin/members/${memberId}/payments`, { month: '2026-12', reference: 'NEFT 8812' }),
      200,
      paid,
    );
    expect(again).toMatchObject({ invoice_number: first.invoice_number, created: false });
    expect(
      (
        await expectError(
          await post(a.admin, `/api/admin/members/${memberId}/payments`, { month: '2026-13', reference: 'x' }),
          400,
        )
      ).fields,
    ).toEqual({
      month: 'Month must be yyyy-mm',
    });
    const [row] = (await membersWith('active')).filter((m) => m.trabot_client_id === memberId);
    expect(row).toMatchObject({ membership_status: 'active', paid_until: '2026-12-31' });
  });

  it('makes an unpaid member due on the 1st and shows them what is due', async () => {
    now = new Date('2027-01-01T00:30:00Z'); // 06:00 IST
    await schedule();
    expect((await membersWith('due')).map((m) => m.trabot_client_id)).toContain(memberId);
    expect(mailsTo('priya@example.in').at(-1)!.body).toContain('for 2027-01 is due by 2027-01-25');
    const mine = await expectJson(await member.request('/api/membership/month'), 200, myMembershipSchema.strict());
    expect(mine).toMatchObject({
      membership_status: 'due',
      paid_until: '2026-12-31',
      month: '2027-01',
      month_paid: false,
      amount_due: 5900,
      currency: 'INR',
      deadline: '2027-01-25',
      can_opt_out: true,
    });
    expect(mine.payments.map((p) => p.invoice_number)).toEqual(['TB/2026-27/000001']);
  });

  it('cancels the unpaid member on the 26th IST: subscriptions paused, member and firm told', async () => {
    now = new Date('2027-01-25T18:29:00Z'); // 23:59 IST on the 25th
    await schedule();
    expect((await membersWith('due')).map((m) => m.trabot_client_id)).toContain(memberId);

    now = new Date('2027-01-25T18:31:00Z'); // 00:01 IST on the 26th
    await schedule();
    expect((await membersWith('cancelled')).map((m) => m.trabot_client_id)).toContain(memberId);
    const [sub] = await a.t.deps.db
      .select()
      .from(algoSubscriptions)
      .where(eq(algoSubscriptions.row_id, subscriptionRow));
    expect(sub!.subscription_status).toBe('inactive');
    expect(mailsTo('priya@example.in').at(-1)!.headers).toContain('Subject: Your Trabot membership is cancelled');
    expect(mailsTo(FIRM).at(-1)!.body).toContain('fee for 2027-01 unpaid after the 25th');
    const events = await history(memberId);
    expect(events.at(-1)).toMatchObject({
      from_status: 'due',
      to_status: 'cancelled',
      actor: 'system',
      reason: 'fee for 2027-01 unpaid after the 25th',
      at: now.toISOString(),
    });
    // A second run changes nothing; the subscription cannot be switched on again while cancelled.
    await schedule();
    expect((await history(memberId)).length).toBe(events.length);
    const body = subscriptionBody({ row_id: subscriptionRow, algo_id: sub!.algo_id, trabot_account_id: accountId });
    expect(
      (await expectError(await post(a.admin, `/api/admin/accounts/${accountId}/save-algo-subscription`, body), 409))
        .error,
    ).toBe("This member's membership is cancelled: rejoin it before activating a subscription");
  });

  it('rejoins when the firm accepts again, is active once paid, and the member can opt out', async () => {
    expect(
      (
        await expectError(
          await post(a.admin, `/api/admin/members/${memberId}/membership`, { action: 'rejoin', reason: '' }),
          400,
        )
      ).fields,
    ).toEqual({
      reason: 'Reason is required',
    });
    now = new Date('2027-01-28T05:00:00Z');
    await expectJson(
      await post(a.admin, `/api/admin/members/${memberId}/membership`, {
        action: 'rejoin',
        reason: 'paid late, slot free',
      }),
      200,
      z.array(membershipEventSchema),
    );
    expect((await membersWith('rejoined')).map((m) => m.trabot_client_id)).toContain(memberId);
    // Rejoined after the 25th: not cancelled again this month.
    await schedule();
    expect((await membersWith('rejoined')).map((m) => m.trabot_client_id)).toContain(memberId);
    await post(a.admin, `/api/admin/members/${memberId}/payments`, { month: '2027-01', reference: 'UPI 5512' });
    expect((await membersWith('active')).find((m) => m.trabot_client_id === memberId)?.paid_until).toBe('2027-01-31');

    const left = await expectJson(
      await member.json('/api/membership/opt-out', { reason: 'travelling' }),
      200,
      myMembershipSchema,
    );
    expect(left).toMatchObject({ membership_status: 'cancelled', amount_due: 0, can_opt_out: false });
    expect((await history(memberId)).at(-1)).toMatchObject({
      to_status: 'cancelled',
      actor: 'Priya Nair',
      reason: 'opted out by the member: travelling',
    });
  });

  it("shows the month's collection and keeps it to the superadmin", async () => {
    const month = await expectJson(
      await a.admin.request('/api/admin/membership/collection?month=2027-01'),
      200,
      collectionSchema.strict(),
    );
    expect(month).toMatchObject({ month: '2027-01', gateway: false, billing: true, deadline: '2027-01-25' });
    expect(month.paid).toBeGreaterThanOrEqual(1);
    expect(month.cancelled).toBeGreaterThanOrEqual(1);
    expect(month.collected_inr).toBe(5900);
    expect((await member.request('/api/admin/membership/collection')).status).toBe(403);
    expect((await member.request('/api/members?membership_status=due')).status).toBe(403);
    expect(
      (await expectError(await a.admin.request('/api/members?membership_status=gone'), 400)).fields,
    ).toHaveProperty('membership_status');
    expect(
      (await expectError(await a.admin.request('/api/admin/membership/collection?month=2027-1'), 400)).fields,
    ).toEqual({
      month: 'Month must be yyyy-mm',
    });
  });
});
