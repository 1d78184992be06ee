/**
 * The Razorpay payment link's life against the local Razorpay (tests/support/fake-razorpay.ts), on an
 * injected clock: a link Razorpay holds but the database lost (a restore from an older backup) is
 * fetched by its reference_id and stored; a refusal is a 502 and no answer a 503, never a 500; a
 * cancelled membership (the superadmin, the 25th rule, an opt-out) cancels its open link at Razorpay,
 * retried by the schedule with a warning when Razorpay fails; a rejoin within the month gets a new link.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mailOutbox, paymentLinks, warnings } from '@server/db/schema';
import { runBusinessSchedule } from '@server/services/business-schedule';
import { createMemberLogin } from '../../factories/accounts';
import { startFakeRazorpay, type FakeRazorpay } from '../../support/fake-razorpay';
import { adminTest, expectError, expectJson, loggedIn, post, type AdminTest } from '../admin/setup';
import type { TestClient } from '../helpers/test-app';

let rzp: FakeRazorpay;
let a: AdminTest;
let now = new Date('2026-12-03T06:00:00Z');
const linkAnswer = z.object({ month: z.string(), url: z.string() });

beforeAll(async () => {
  rzp = await startFakeRazorpay();
  a = await adminTest({
    env: {
      RAZORPAY_KEY_ID: rzp.keyId,
      RAZORPAY_KEY_SECRET: rzp.keySecret,
      RAZORPAY_WEBHOOK_SECRET: rzp.webhookSecret,
      RAZORPAY_API_ROOT: rzp.root,
    },
  });
  a.t.deps.clock = () => now;
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
const linksOf = (memberId: number) =>
  a.t.deps.db.select().from(paymentLinks).where(eq(paymentLinks.trabot_client_id, memberId));
const fakeLinksOf = (memberId: number) =>
  [...rzp.links.values()].filter((l) => l.notes.trabot_client_id === String(memberId));
const linkMailsOf = async (memberId: number) =>
  (
    await a.t.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.trabot_client_id, memberId), eq(mailOutbox.kind, 'membership_payment_link')))
  ).map((m) => m.html);
const warningsAbout = async (text: string) =>
  (await a.t.deps.db.select().from(warnings)).filter((w) => w.warning_message.includes(text));

describe('making the link', () => {
  it('stores the link Razorpay holds when the database lost it, and mails no second link', async () => {
    const m = await newMember();
    const first = await expectJson(await payNow(m.client), 201, linkAnswer);
    // A restore from a backup older than the link: Razorpay has it, the database does not.
    await a.t.deps.db.delete(paymentLinks).where(eq(paymentLinks.trabot_client_id, m.id));
    const again = await expectJson(await payNow(m.client), 201, linkAnswer);
    expect(again).toEqual(first);
    expect(fakeLinksOf(m.id)).toHaveLength(1);
    const [row] = await linksOf(m.id);
    expect(row).toMatchObject({ razorpay_link_id: fakeLinksOf(m.id)[0]!.id, month: '2026-12', cancelled_at: null });
    expect(await expectJson(await payNow(m.client), 200, linkAnswer)).toEqual(first);
  });

  it('answers another Razorpay refusal with 502 and its reason, and stores nothing', async () => {
    const m = await newMember();
    rzp.failNextCreate(400, 'BAD_REQUEST_ERROR', 'The customer.contact field is invalid');
    const refused = await expectError(await payNow(m.client), 502);
    expect(refused.error).toContain('Razorpay refused the payment link');
    expect(refused.error).toContain('The customer.contact field is invalid');
    // A 5xx of Razorpay's is a bad answer too.
    rzp.failNextCreate(500, 'SERVER_ERROR', 'We are facing some trouble completing your request at the moment.');
    expect((await expectError(await payNow(m.client), 502)).fields).toHaveProperty('payment');
    expect(await linksOf(m.id)).toHaveLength(0);
    // The next try works.
    await expectJson(await payNow(m.client), 201, linkAnswer);
  });

  it('answers 503 when Razorpay cannot be reached', async () => {
    const m = await newMember();
    const cookie = [...m.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const offline = a.t.withEnv({ RAZORPAY_API_ROOT: 'http://127.0.0.1:9' });
    const res = await offline.request('http://localhost:3000/api/membership/payment-link', {
      method: 'POST',
      headers: { cookie },
    });
    const body = (await res.json()) as { error: string };
    expect(res.status, JSON.stringify(body)).toBe(503);
    expect(body.error).toBe('Razorpay cannot be reached: try again in a few minutes');
    expect(await linksOf(m.id)).toHaveLength(0);
  });
});

describe('cancelling the membership cancels its open link at Razorpay', () => {
  it('by the superadmin, and a rejoin within the month gets a new link', async () => {
    const m = await newMember();
    const first = await expectJson(await payNow(m.client), 201, linkAnswer);
    const cancel = await post(a.admin, `/api/admin/members/${m.id}/membership`, { action: 'cancel', reason: 'left' });
    expect(cancel.status).toBe(200);
    expect(fakeLinksOf(m.id).map((l) => l.status)).toEqual(['cancelled']);
    const [row] = await linksOf(m.id);
    expect(row!.cancelled_at).not.toBeNull();
    expect(row!.cancel_done_at).not.toBeNull();
    expect(row!.cancel_error).toBeNull();
    expect((await expectError(await payNow(m.client), 409)).error).toBe('The membership is cancelled: no fee is due');

    const rejoin = await post(a.admin, `/api/admin/members/${m.id}/membership`, { action: 'rejoin', reason: 'back' });
    expect(rejoin.status).toBe(200);
    const second = await expectJson(await payNow(m.client), 201, linkAnswer);
    expect(second.url).not.toBe(first.url);
    expect(fakeLinksOf(m.id).map((l) => [l.reference_id, l.status])).toEqual([
      [`trabot-${m.id}-2026-12`, 'cancelled'],
      [`trabot-${m.id}-2026-12-2`, 'created'],
    ]);
    // Each link is mailed: the rejoined member gets the new one.
    const mails = await linkMailsOf(m.id);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain(second.url);
  });

  it('by the member opting out', async () => {
    const m = await newMember();
    await expectJson(await payNow(m.client), 201, linkAnswer);
    const out = await m.client.request('/api/membership/opt-out', { method: 'POST', json: { reason: 'busy' } });
    expect(out.status).toBe(200);
    expect(fakeLinksOf(m.id).map((l) => l.status)).toEqual(['cancelled']);
    expect(((await out.json()) as { payment_url: unknown }).payment_url).toBeNull();
  });

  it('by the 25th rule, and a failed cancel is warned and retried by the schedule', async () => {
    const m = await newMember();
    await expectJson(await payNow(m.client), 201, linkAnswer);
    now = new Date('2026-12-10T06:00:00Z');
    await runBusinessSchedule(a.t.deps, a.t.deps.mailer!, now); // active and unpaid: due
    now = new Date('2026-12-26T06:00:00Z');
    const linkId = fakeLinksOf(m.id)[0]!.id;
    rzp.failNext('cancel', 500, 'SERVER_ERROR', 'We are facing some trouble completing your request.', linkId);
    await runBusinessSchedule(a.t.deps, a.t.deps.mailer!, now); // unpaid after the 25th: cancelled
    const [row] = await linksOf(m.id);
    expect(row!.cancelled_at).not.toBeNull();
    expect(row!.cancel_done_at).toBeNull();
    expect(row!.cancel_error).toContain('SERVER_ERROR');
    expect(fakeLinksOf(m.id)[0]!.status).toBe('created');
    const warned = await warningsAbout(`(client ${m.id}) for 2026-12 not cancelled at Razorpay yet`);
    expect(warned).toHaveLength(1);

    now = new Date('2026-12-26T06:01:00Z');
    await runBusinessSchedule(a.t.deps, a.t.deps.mailer!, now);
    expect(fakeLinksOf(m.id)[0]!.status).toBe('cancelled');
    const [done] = await linksOf(m.id);
    expect(done!.cancel_done_at).toEqual(now);
    // Once done, the schedule asks Razorpay nothing more, and warned once only.
    const calls = rzp.calls.length;
    await runBusinessSchedule(a.t.deps, a.t.deps.mailer!, new Date('2026-12-26T06:02:00Z'));
    expect(rzp.calls.slice(calls).filter((c) => c.endsWith('/cancel'))).toEqual([]);
    expect(await warningsAbout(`(client ${m.id}) for 2026-12 not cancelled at Razorpay yet`)).toHaveLength(1);
    const open = await a.t.deps.db
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.trabot_client_id, m.id), isNull(paymentLinks.cancelled_at)));
    expect(open).toHaveLength(0);
  });
});
