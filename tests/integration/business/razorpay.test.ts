/**
 * The membership fee through Razorpay on an injected clock, against the local Razorpay
 * (tests/support/fake-razorpay.ts): the link made on the 1st (INR and USD), mailed once; paid by the
 * signed webhook; a replay and a wrong signature change nothing; receipts numbered gap-free; the
 * member's "Pay now" and receipt; the collection says when Razorpay is off.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mailOutbox, membershipPayments, members, paymentLinks, razorpayEvents } from '@server/db/schema';
import { runBusinessSchedule } from '@server/services/business-schedule';
import { collectionSchema, myMembershipSchema } from '@shared/schemas/membership';
import { startFakeRazorpay, type FakeRazorpay, type SignedWebhook } from '../../support/fake-razorpay';
import { startFakeSmtp, type FakeSmtp } from '../public/fake-smtp';
import { adminTest, expectError, expectJson, loggedIn, post, type AdminTest } from '../admin/setup';
import { setPasswordFromMail } from '../helpers/set-password';
import type { TestClient } from '../helpers/test-app';

const HOOK = '/api/payments/razorpay/webhook';
let smtp: FakeSmtp;
let rzp: FakeRazorpay;
let a: AdminTest;
let now = new Date('2026-11-28T06:00:00Z');
let ip = 0; /** The last webhook delivered as Razorpay sent it (a replay sends it again). */
let lastDelivered: SignedWebhook | null = null;
/** What the webhook answered, last delivery first. */
const answers: { status: number; body: unknown }[] = [];

const sendHook = async (hook: SignedWebhook, headers: Record<string, string> = {}) => {
  const res = await a.t
    .client({ ip: '203.0.113.9' })
    .request(HOOK, { method: 'POST', body: hook.raw, headers: { ...hook.headers, ...headers } });
  const answer = { status: res.status, body: (await res.json()) as unknown };
  answers.unshift(answer);
  return answer;
};

beforeAll(async () => {
  smtp = await startFakeSmtp();
  rzp = await startFakeRazorpay();
  rzp.deliver = (hook) => sendHook(hook);
  a = await adminTest({
    env: {
      SMTP_URL: smtp.url,
      MAIL_TO: 'firm@example.com',
      PUBLIC_FORM_LIMIT_PER_IP: '1000',
      RAZORPAY_KEY_ID: rzp.keyId,
      RAZORPAY_KEY_SECRET: rzp.keySecret,
      RAZORPAY_WEBHOOK_SECRET: rzp.webhookSecret,
      RAZORPAY_API_ROOT: rzp.root,
      SELLER_GSTIN: '27AAPFU0939F1ZV',
      SELLER_NAME_ADDRESS: 'Trabot Research LLP, 4 Marine Drive, Mumbai 400002',
    },
  });
  a.t.deps.clock = () => now;
});
afterAll(async () => {
  await a.t.close();
  await smtp.close();
  await rzp.close();
});

const schedule = () => runBusinessSchedule(a.t.deps, a.t.deps.mailer!, now);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

async function acceptMember(
  name: string,
  email: string,
  currency: 'INR' | 'USD',
): Promise<{ id: number; client: TestClient }> {
  const enquiry = await a.t.client({ ip: `198.51.100.${++ip}` }).json('/api/contact-us', {
    type: 'Membership Interest',
    formString: `<p><strong>Full name</strong><br>${name}</p>`,
  });
  const enquiryId = ((await enquiry.json()) as { id: number }).id;
  const made = await expectJson(
    await post(a.admin, `/api/admin/membership/applications/${enquiryId}/accept`, {
      name,
      email_id: email,
      phone_no: '+919800012345',
      fee_currency: currency,
    }),
    201,
    z.object({ trabot_client_id: z.number(), user_id: z.number() }),
  );
  await setPasswordFromMail(a.t, mailsTo(email)[0]!.body, `${name} chose this`);
  return { id: made.trabot_client_id, client: await loggedIn(a.t, email, `${name} chose this`) };
}

const month = async (client: TestClient) =>
  expectJson(await client.request('/api/membership/month'), 200, myMembershipSchema.strict());

describe('the membership fee through Razorpay', () => {
  let india: { id: number; client: TestClient };
  let abroad: { id: number; client: TestClient };
  let firstInvoice: string;

  it('makes no link after the 25th; on the 1st a link per member and month, INR or USD, mailed once', async () => {
    india = await acceptMember('Asha Rao', 'asha@example.in', 'INR');
    abroad = await acceptMember('Dev Patel', 'dev@example.com', 'USD');
    await schedule(); // the 28th: next month's turn
    expect(rzp.links.size).toBe(0);
    expect((await month(india.client)).payment_url).toBeNull();

    now = new Date('2026-12-01T00:40:00Z'); // 06:10 IST on the 1st
    await schedule();
    await schedule(); // a second run makes nothing new
    // One link per member and month (the seeded member owes it too).
    const ours = [...rzp.links.values()].filter((l) =>
      [String(india.id), String(abroad.id)].includes(l.notes.trabot_client_id!),
    );
    expect(ours).toHaveLength(2);
    const linksMade = rzp.links.size;
    const byMember = new Map(ours.map((l) => [l.notes.trabot_client_id, l]));
    const inr = byMember.get(String(india.id))!;
    const usd = byMember.get(String(abroad.id))!;
    expect(inr).toMatchObject({
      amount: 590000,
      currency: 'INR',
      accept_partial: false,
      notes: { trabot_client_id: String(india.id), month: '2026-12' },
      reference_id: `trabot-${india.id}-2026-12`,
      customer: { email: 'asha@example.in' },
    });
    // 23:59:59 IST on the 25th.
    expect(inr.expire_by).toBe(Date.parse('2026-12-25T18:29:59Z') / 1000);
    expect(usd).toMatchObject({ amount: 7500, currency: 'USD', notes: { month: '2026-12' } });

    const mails = mailsTo('asha@example.in').filter((m) => m.headers.includes('fee for 2026-12'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(inr.short_url);
    expect(mails[0]!.body).toContain('Rs 5,900');
    expect(mailsTo('dev@example.com').find((m) => m.headers.includes('fee for 2026-12'))!.body).toContain('USD 75.00');

    const mine = await month(india.client);
    expect(mine).toMatchObject({
      month: '2026-12',
      amount_due: 5900,
      currency: 'INR',
      deadline: '2026-12-25',
      payment_url: inr.short_url,
      gateway: true,
      month_paid: false,
    });
    // "Pay now" gives the same link, not a second one.
    const pay = await expectJson(
      await india.client.request('/api/membership/payment-link', { method: 'POST' }),
      200,
      z.object({ month: z.string(), url: z.string() }),
    );
    expect(pay).toEqual({ month: '2026-12', url: inr.short_url });
    expect(rzp.links.size).toBe(linksMade);
  });

  it('refuses a wrong or missing signature with 400 and changes nothing', async () => {
    const link = [...rzp.links.values()].find((l) => l.notes.trabot_client_id === String(india.id))!;
    const saved = rzp.deliver;
    rzp.deliver = async () => undefined;
    const hook = await rzp.pay(link.id);
    rzp.deliver = saved;

    const forged = await sendHook(hook, { 'x-razorpay-signature': 'ab'.repeat(32) });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ error: 'Invalid X-Razorpay-Signature' });
    const unsigned = await a.t
      .client({ ip: '203.0.113.9' })
      .request(HOOK, { method: 'POST', body: hook.raw, headers: { 'content-type': 'application/json' } });
    expect((await expectError(unsigned, 400)).fields).toEqual({ 'x-razorpay-signature': 'missing' });
    // The body changed by one character: its old signature no longer matches.
    const tampered = await sendHook({
      raw: hook.raw.replace('"amount_paid":590000', '"amount_paid":590001'),
      headers: hook.headers,
    });
    expect(tampered.status).toBe(400);

    expect(await a.t.deps.db.select().from(membershipPayments)).toHaveLength(0);
    expect(await a.t.deps.db.select().from(razorpayEvents)).toHaveLength(0);
    expect((await month(india.client)).month_paid).toBe(false);

    // The genuine delivery of the same payment.
    const genuine = await sendHook(hook);
    lastDelivered = hook;
    expect(genuine.status).toBe(200);
    expect(genuine.body).toMatchObject({ status: 'paid', created: true });
    firstInvoice = (genuine.body as { invoice_number: string }).invoice_number;
    expect(firstInvoice).toBe('TB/2026-27/000001');
  });

  it('marks the month paid once: a replayed event changes nothing', async () => {
    const mine = await month(india.client);
    // December paid: the screen moves on to January's fee.
    expect(mine).toMatchObject({
      membership_status: 'active',
      paid_until: '2026-12-31',
      month: '2027-01',
      month_paid: false,
      payment_url: null,
    });
    expect(mine.payments).toEqual([
      expect.objectContaining({ month: '2026-12', amount: 5900, currency: 'INR', invoice_number: firstInvoice }),
    ]);
    const [row] = await a.t.deps.db.select().from(membershipPayments);
    expect(row).toMatchObject({
      method: 'razorpay',
      razorpay_payment_link_id: [...rzp.links.values()].find((l) => l.notes.trabot_client_id === String(india.id))!.id,
    });
    expect(row!.reference).toMatch(/^pay_/);

    // Razorpay sends the same event again (its retry): same id, same body, same signature.
    const link = [...rzp.links.values()].find((l) => l.notes.trabot_client_id === String(india.id))!;
    const lastHook = lastDelivered;
    const replayed = await sendHook(lastHook!);
    expect(replayed).toEqual({ status: 200, body: { status: 'replayed' } });
    expect(await a.t.deps.db.select().from(membershipPayments)).toHaveLength(1);
    expect(link.status).toBe('paid');
  });

  it('numbers receipts gap-free through the financial year, and shows each to its member and the superadmin', async () => {
    const usdLink = [...rzp.links.values()].find((l) => l.notes.trabot_client_id === String(abroad.id))!;
    now = new Date('2026-12-10T09:00:00Z');
    await rzp.pay(usdLink.id);
    expect(answers[0]).toMatchObject({ status: 200, body: { status: 'paid', invoice_number: 'TB/2026-27/000002' } });
    // A month recorded by hand takes the next number of the same series.
    const manual = await expectJson(
      await post(a.admin, `/api/admin/members/${india.id}/payments`, { month: '2027-01', reference: 'NEFT 4411' }),
      201,
      z.object({ invoice_number: z.string() }).loose(),
    );
    expect(manual.invoice_number).toBe('TB/2026-27/000003');

    const [usdPayment] = await a.t.deps.db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.trabot_client_id, abroad.id));
    expect(usdPayment).toMatchObject({ amount: 75, currency: 'USD', month: '2026-12' });
    const receipt = await abroad.client.request(`/api/membership/payments/${usdPayment!.id}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toContain('text/html');
    const html = await receipt.text();
    expect(html).toContain('TB/2026-27/000002');
    expect(html).toContain('USD 75.00');
    expect(html).toContain('Trabot membership fee for 2026-12');
    expect(html).toContain('Dev Patel');
    // A tax invoice names the seller and its GSTIN; a fee in dollars has no rupee GST split.
    expect(html).toContain('<h1>Trabot: tax invoice</h1>');
    expect(html).toContain('Trabot Research LLP, 4 Marine Drive, Mumbai 400002');
    expect(html).toContain('27AAPFU0939F1ZV');
    expect(html).not.toContain('Taxable value');
    const [inrPayment] = await a.t.deps.db
      .select()
      .from(membershipPayments)
      .where(eq(membershipPayments.trabot_client_id, india.id));
    const inrHtml = await (await india.client.request(`/api/membership/payments/${inrPayment!.id}/receipt`)).text();
    expect(inrHtml).toMatch(/Taxable value<\/th><td>Rs 5,000\.00</);
    expect(inrHtml).toMatch(/GST at 18%<\/th><td>Rs 900\.00</);
    expect(inrHtml).toContain('Rs 5,900');
    // Another member's receipt is not found; the superadmin sees any.
    expect((await india.client.request(`/api/membership/payments/${usdPayment!.id}/receipt`)).status).toBe(404);
    expect((await a.admin.request(`/api/membership/payments/${usdPayment!.id}/receipt`)).status).toBe(200);
    expect((await a.t.client().request(`/api/membership/payments/${usdPayment!.id}/receipt`)).status).toBe(401);
  });

  it('ignores a signed event for a link not made here, and acknowledges other events', async () => {
    {
      // Same secret, a link of another system: signed right, but not ours.
      const foreign = {
        raw: JSON.stringify({
          event: 'payment_link.paid',
          payload: {
            payment_link: { entity: { id: 'plink_NotOurs01', amount_paid: 590000, currency: 'INR', notes: {} } },
            payment: { entity: { id: 'pay_NotOurs01', amount: 590000, currency: 'INR' } },
          },
        }),
      };
      const { createHmac } = await import('node:crypto');
      const headers = {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', rzp.webhookSecret).update(foreign.raw).digest('hex'),
        'x-razorpay-event-id': 'evt_foreign_1',
      };
      const answer = await sendHook({ raw: foreign.raw, headers });
      expect(answer).toMatchObject({ status: 200, body: { status: 'ignored' } });
      const captured = JSON.stringify({ event: 'payment.captured', payload: {} });
      const other2 = await sendHook({
        raw: captured,
        headers: {
          ...headers,
          'x-razorpay-event-id': 'evt_captured_1',
          'x-razorpay-signature': createHmac('sha256', rzp.webhookSecret).update(captured).digest('hex'),
        },
      });
      expect(other2).toMatchObject({
        status: 200,
        body: { status: 'ignored', reason: 'event payment.captured is not handled' },
      });
      expect(await a.t.deps.db.select().from(membershipPayments)).toHaveLength(3);
    }
  });

  it('retries a link Razorpay refused on the next run, and mails it once', async () => {
    now = new Date('2027-01-01T00:40:00Z');
    rzp.failNextCreate(500, 'SERVER_ERROR', 'We are facing some trouble completing your request at the moment.');
    await schedule();
    // India paid January by hand: only the member abroad owes it; the first try was refused.
    const refused = await a.t.deps.db.select().from(paymentLinks).where(eq(paymentLinks.month, '2027-01'));
    expect(refused.length).toBeLessThan(2); // the refused member's link waits for the next run
    await schedule();
    const january = await a.t.deps.db.select().from(paymentLinks).where(eq(paymentLinks.month, '2027-01'));
    expect(january.map((l) => l.trabot_client_id)).toContain(abroad.id);
    expect(january.map((l) => l.trabot_client_id)).not.toContain(india.id);
    const outbox = await a.t.deps.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.dedupe_key, `paylink:${abroad.id}:2027-01:%`));
    expect(outbox).toHaveLength(1);
    // The due mail without a link is not sent beside it.
    expect(
      await a.t.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupe_key, `due:${abroad.id}:2027-01`)),
    ).toHaveLength(0);
    const [member] = await a.t.deps.db.select().from(members).where(eq(members.trabot_client_id, abroad.id));
    expect(member!.membership_status).toBe('due');
  });

  it("makes a member's link on the superadmin's demand, once, and lists it on the month's collection", async () => {
    const makeLink = (id: number, body: object, client = a.admin) =>
      post(client, `/api/admin/members/${id}/payment-link`, body);
    const linkSchema = z.object({ month: z.string(), url: z.string() });
    // January's link exists (the schedule made it): the same one is handed back.
    const january = [...rzp.links.values()].find(
      (l) => l.notes.trabot_client_id === String(abroad.id) && l.notes.month === '2027-01',
    )!;
    expect(await expectJson(await makeLink(abroad.id, {}), 200, linkSchema)).toEqual({
      month: '2027-01',
      url: january.short_url,
    });
    // A month paid by hand has no link to make.
    expect((await expectError(await makeLink(india.id, { month: '2027-01' }), 409)).fields).toEqual({
      month: '2027-01 is paid already',
    });
    // A later month: made now, once.
    const made = await expectJson(await makeLink(india.id, { month: '2027-02' }), 201, linkSchema);
    expect(await expectJson(await makeLink(india.id, { month: '2027-02' }), 200, linkSchema)).toEqual(made);
    const february = [...rzp.links.values()].filter(
      (l) => l.notes.trabot_client_id === String(india.id) && l.notes.month === '2027-02',
    );
    expect(february.map((l) => l.short_url)).toEqual([made.url]);
    const listed = await expectJson(
      await a.admin.request('/api/admin/membership/collection?month=2027-02'),
      200,
      collectionSchema.strict(),
    );
    expect(listed.members.find((m) => m.trabot_client_id === india.id)?.payment_url).toBe(made.url);
    expect(listed.members.find((m) => m.trabot_client_id === abroad.id)?.payment_url).toBeNull();

    expect((await expectError(await makeLink(india.id, { month: '2027-13' }), 400)).fields).toHaveProperty('month');
    expect((await makeLink(india.id, {}, india.client)).status).toBe(403);
  });

  it('says on the collection when Razorpay is off, and the member has no Pay now', async () => {
    const on = await expectJson(
      await a.admin.request('/api/admin/membership/collection?month=2026-12'),
      200,
      collectionSchema.strict(),
    );
    expect(on).toMatchObject({ gateway: true, paid: 2, collected_inr: 5900, collected_usd: 75 });
    const gatewayWith = async (env: Record<string, string>) => {
      const res = await a.t.withEnv(env).request('/api/admin/membership/collection?month=2026-12', {
        headers: { cookie: [...a.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      return ((await res.json()) as { gateway: boolean }).gateway;
    };
    expect(await gatewayWith({ RAZORPAY_KEY_ID: '', RAZORPAY_KEY_SECRET: '' })).toBe(false);
    // A key id without its secret makes no link: the screen must not promise one.
    expect(await gatewayWith({ RAZORPAY_KEY_SECRET: '' })).toBe(false);
  });
});
