/**
 * Regression (the third outside attack, issue 44): Razorpay's payment links under attack, against the
 * local Razorpay (tests/support/fake-razorpay.ts).
 * - Five concurrent first "Pay now" of a month were 1x201 + 4x500 (Razorpay refuses a second link
 *   with the same reference_id): now all succeed with the one link.
 * - A leaked webhook secret marked months paid: now a signed payment_link.paid is booked only when
 *   Razorpay's API confirms the payment (captured, of that link, the full fee); otherwise 400, a
 *   warning, nothing booked. Razorpay unreachable while confirming: 503, so Razorpay sends it again.
 * - A cancelled membership's open link was still paid and booked with an invoice: now a payment that
 *   still arrives is recorded as a refund due, with a warning, and gets no invoice.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipPayments, members, paymentLinks, razorpayEvents, refundsDue, warnings } from '@server/db/schema';
import { createMemberLogin } from '../factories/accounts';
import { startFakeRazorpay, type FakeRazorpay, type SignedWebhook } from '../support/fake-razorpay';
import { adminTest, loggedIn, post, type AdminTest } from '../integration/admin/setup';
import type { TestClient } from '../integration/helpers/test-app';

const HOOK = '/api/payments/razorpay/webhook';
let rzp: FakeRazorpay;
let a: AdminTest;
const now = new Date('2026-12-03T06:00:00Z');

beforeAll(async () => {
  rzp = await startFakeRazorpay();
  a = await adminTest({
    env: {
      RAZORPAY_KEY_ID: rzp.keyId,
      RAZORPAY_KEY_SECRET: rzp.keySecret,
      RAZORPAY_WEBHOOK_SECRET: rzp.webhookSecret,
      RAZORPAY_API_ROOT: rzp.root,
      MEMBERSHIP_BILLING: '0',
    },
  });
  a.t.deps.clock = () => now;
  rzp.deliver = async () => undefined; // each test delivers the webhook itself
});
afterAll(async () => {
  await a.t.close();
  await rzp.close();
});

async function newMember(): Promise<{ id: number; client: TestClient }> {
  const made = await createMemberLogin(a.t.deps);
  return { id: made.member.trabot_client_id, client: await loggedIn(a.t, made.user.email, made.user.password) };
}
const payNow = (client: TestClient) => client.request('/api/membership/payment-link', { method: 'POST' });
const send = async (hook: SignedWebhook) => {
  const res = await a.t
    .client({ ip: '203.0.113.44' })
    .request(HOOK, { method: 'POST', body: hook.raw, headers: hook.headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
/** What someone holding the webhook secret can send: any body, signed right. */
function forged(body: unknown): SignedWebhook {
  const raw = JSON.stringify(body);
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', rzp.webhookSecret).update(raw).digest('hex'),
      'x-razorpay-event-id': `evt_${randomBytes(7).toString('hex')}`,
    },
  };
}
const paidEvent = (linkId: string, memberId: number, paymentId: string) =>
  forged({
    entity: 'event',
    event: 'payment_link.paid',
    payload: {
      payment_link: {
        entity: {
          id: linkId,
          status: 'paid',
          amount_paid: 590000,
          currency: 'INR',
          notes: { trabot_client_id: String(memberId), month: '2026-12' },
        },
      },
      payment: { entity: { id: paymentId, amount: 590000, currency: 'INR', status: 'captured' } },
    },
  });
async function linkOf(client: TestClient, memberId: number) {
  expect((await payNow(client)).status).toBe(201);
  const [row] = await a.t.deps.db.select().from(paymentLinks).where(eq(paymentLinks.trabot_client_id, memberId));
  return row!;
}
const booked = (memberId: number) =>
  a.t.deps.db.select().from(membershipPayments).where(eq(membershipPayments.trabot_client_id, memberId));
const warningsWith = async (text: string) =>
  (await a.t.deps.db.select().from(warnings)).filter((w) => w.warning_message.includes(text));

describe('"Pay now" pressed five times at once', () => {
  it('answers every one with the same link: one link at Razorpay, one row, no 5xx', async () => {
    const m = await newMember();
    const answers = await Promise.all(Array.from({ length: 5 }, () => payNow(m.client)));
    const statuses = answers.map((r) => r.status);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { url: string }[];
    expect(
      statuses.every((s) => s === 200 || s === 201),
      JSON.stringify({ statuses, bodies }),
    ).toBe(true);
    expect(new Set(bodies.map((b) => b.url)).size).toBe(1);
    const atRazorpay = [...rzp.links.values()].filter((l) => l.notes.trabot_client_id === String(m.id));
    expect(atRazorpay).toHaveLength(1);
    expect(bodies[0]!.url).toBe(atRazorpay[0]!.short_url);
    const rows = await a.t.deps.db.select().from(paymentLinks).where(eq(paymentLinks.trabot_client_id, m.id));
    expect(rows.map((r) => r.razorpay_link_id)).toEqual([atRazorpay[0]!.id]);
  });
});

describe('a signed webhook is booked only when Razorpay confirms the payment', () => {
  it('refuses a payment Razorpay does not know: 400, a warning, nothing booked', async () => {
    const m = await newMember();
    const link = await linkOf(m.client, m.id);
    const answer = await send(paidEvent(link.razorpay_link_id, m.id, 'pay_Forged0000001'));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'Razorpay does not confirm this payment' });
    expect(await booked(m.id)).toHaveLength(0);
    expect(await warningsWith('pay_Forged0000001')).toHaveLength(1);
    const [member] = await a.t.deps.db.select().from(members).where(eq(members.trabot_client_id, m.id));
    expect(member!.paid_until).toBeNull();
  });

  it('refuses a real payment of another, smaller link, and the unpaid link itself', async () => {
    const m = await newMember();
    const link = await linkOf(m.client, m.id);
    // The attacker pays Rs 1 through a link of their own, then names that payment for the member's link.
    const res = await fetch(`${rzp.root}/v1/payment_links`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${rzp.keyId}:${rzp.keySecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ amount: 100, currency: 'INR', reference_id: 'attacker-1', notes: {} }),
    });
    const own = (await res.json()) as { id: string };
    const theirs = JSON.parse((await rzp.pay(own.id)).raw) as { payload: { payment: { entity: { id: string } } } };
    const paymentId = theirs.payload.payment.entity.id;
    const answer = await send(paidEvent(link.razorpay_link_id, m.id, paymentId));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('the link is created, not paid');
    expect(await booked(m.id)).toHaveLength(0);

    // The member's link paid for real, but a forged event names the small payment: still refused.
    const genuine = await rzp.pay(link.razorpay_link_id);
    const mixed = await send(paidEvent(link.razorpay_link_id, m.id, paymentId));
    expect(mixed.status).toBe(400);
    expect(JSON.stringify(mixed.body)).toContain(`payment ${paymentId} is not a captured payment of the link`);
    expect(await booked(m.id)).toHaveLength(0);
    // The genuine event is booked.
    expect(await send(genuine)).toMatchObject({ status: 200, body: { status: 'paid', created: true } });
    expect(await booked(m.id)).toHaveLength(1);
  });

  it('answers 503 while Razorpay cannot confirm, so that Razorpay sends it again, then books it', async () => {
    const m = await newMember();
    const link = await linkOf(m.client, m.id);
    const hook = await rzp.pay(link.razorpay_link_id);
    const paymentId = (JSON.parse(hook.raw) as { payload: { payment: { entity: { id: string } } } }).payload.payment
      .entity.id;
    rzp.failNext(
      'fetch_payment',
      500,
      'SERVER_ERROR',
      'We are facing some trouble completing your request.',
      paymentId,
    );
    const down = await send(hook);
    expect(down.status).toBe(503);
    expect(await booked(m.id)).toHaveLength(0);
    const eventId = hook.headers['x-razorpay-event-id']!;
    expect(await a.t.deps.db.select().from(razorpayEvents).where(eq(razorpayEvents.event_id, eventId))).toHaveLength(0);
    // Razorpay's retry of the same event, once it answers again.
    expect(await send(hook)).toMatchObject({ status: 200, body: { status: 'paid' } });
    expect(await booked(m.id)).toHaveLength(1);
  });
});

describe("a cancelled membership's payment", () => {
  it('is recorded as a refund due with a warning, not booked, no invoice; the membership stays cancelled', async () => {
    const m = await newMember();
    const link = await linkOf(m.client, m.id);
    // Razorpay fails the cancel: the link stays payable until the schedule's next try, and is paid.
    rzp.failNext(
      'cancel',
      500,
      'SERVER_ERROR',
      'We are facing some trouble completing your request.',
      link.razorpay_link_id,
    );
    const cancel = await post(a.admin, `/api/admin/members/${m.id}/membership`, { action: 'cancel', reason: 'left' });
    expect(cancel.status).toBe(200);
    const hook = await rzp.pay(link.razorpay_link_id);
    const paymentId = (JSON.parse(hook.raw) as { payload: { payment: { entity: { id: string } } } }).payload.payment
      .entity.id;
    const answer = await send(hook);
    expect(answer).toEqual({ status: 200, body: { status: 'refund_due', payment_id: paymentId } });
    expect(await booked(m.id)).toHaveLength(0);
    const [due] = await a.t.deps.db.select().from(refundsDue).where(eq(refundsDue.trabot_client_id, m.id));
    expect(due).toMatchObject({
      razorpay_payment_id: paymentId,
      amount_minor: 590000,
      currency: 'INR',
      month: '2026-12',
    });
    const [member] = await a.t.deps.db.select().from(members).where(eq(members.trabot_client_id, m.id));
    expect(member).toMatchObject({ membership_status: 'cancelled', paid_until: null });
    const warned = await warningsWith(`Refund due: ${member!.name} (client ${m.id}) paid Rs 5,900`);
    expect(warned).toHaveLength(1);
    expect(warned[0]!.warning_message).toContain(paymentId);
    // Razorpay's retry of the same event changes nothing.
    expect(await send(hook)).toEqual({ status: 200, body: { status: 'replayed' } });
    expect(await a.t.deps.db.select().from(refundsDue).where(eq(refundsDue.trabot_client_id, m.id))).toHaveLength(1);
    expect(await warningsWith(`(client ${m.id}) paid`)).toHaveLength(1);
  });
});
