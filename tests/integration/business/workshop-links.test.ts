/**
 * Workshop joining links: kept from the public, mailed to every registrant who confirmed the
 * address once, 24 hours before the 10:00 IST start (at once when confirming later), through the
 * outbox with retries. (The confirmation itself: workshop-confirmations.test.ts.)
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mailOutbox } from '@server/db/schema';
import { runBusinessSchedule } from '@server/services/business-schedule';
import type { Mailer } from '@server/services/mail';
import { MAX_ATTEMPTS } from '@server/services/outbox';
import { adminWorkshopSchema, workshopRegistrationSchema } from '@shared/schemas/admin/inbox';
import { workshopLabel } from '@shared/forms/workshop-schedule';
import { startFakeSmtp, type FakeSmtp } from '../public/fake-smtp';
import { adminTest, expectError, expectJson, post, put, type AdminTest } from '../admin/setup';

const FIRM = 'firm@example.com';
let smtp: FakeSmtp;
let a: AdminTest;
let now = new Date('2026-12-01T06:00:00Z');
let ip = 0;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  a = await adminTest({ env: { SMTP_URL: smtp.url, MAIL_TO: FIRM, PUBLIC_FORM_LIMIT_PER_IP: '1000' } });
  a.t.deps.clock = () => now;
});
afterAll(async () => {
  await a.t.close();
  await smtp.close();
});

const workshopBody = {
  title: 'Price Action Basics',
  description: 'Reading candles.',
  workshop_date: '2026-12-06',
  level: 'Beginner',
  joining_link: 'https://meet.example.com/price-action?pwd=k9',
};
// 10:00 IST on 6 December 2026 is 04:30 UTC; the mail goes at 04:30 UTC on the 5th.
const START = new Date('2026-12-06T04:30:00Z');
const MAIL_AT = new Date('2026-12-05T04:30:00Z');

const register = (name: string, email: string, workshop: string) =>
  a.t.client({ ip: `198.51.100.${++ip}` }).json('/api/workshop-enquiry', { name, email, source: 'youtube', workshop });
const schedule = () => runBusinessSchedule(a.t.deps, a.t.deps.mailer!, now);
/** Uses the link of the address's confirmation mail, as the registrant does. */
async function confirmAddress(email: string) {
  const [mail] = smtp.mails.filter((m) => m.to.includes(email) && m.body.includes('/workshops/confirm#'));
  const token = /\/workshops\/confirm#([A-Za-z0-9_-]{43})/.exec(mail!.body)![1];
  const res = await a.t.client({ ip: `198.51.100.${++ip}` }).json('/api/workshop-confirmation', { token });
  expect(res.status).toBe(200);
}
const linkMailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email) && m.body.includes('Join here'));
const registrations = async (id: number) =>
  expectJson(
    await a.admin.request(`/api/admin/workshops/${id}/registrations`),
    200,
    z.array(workshopRegistrationSchema.strict()),
  );

describe('joining links', () => {
  let workshopId: number;
  let label: string;

  it('takes an https link in the admin body, refuses anything else, and never shows it to the public', async () => {
    for (const bad of ['http://meet.example.com/x', 'javascript:alert(1)', 'meet.example.com/x']) {
      expect(
        (await expectError(await put(a.admin, '/api/admin/workshops', { ...workshopBody, joining_link: bad }), 400))
          .fields,
      ).toEqual({
        joining_link: 'Joining link must be an https:// URL',
      });
    }
    const created = await expectJson(
      await put(a.admin, '/api/admin/workshops', workshopBody),
      201,
      adminWorkshopSchema.strict(),
    );
    expect(created.joining_link).toBe(workshopBody.joining_link);
    workshopId = created.workshop_id;
    label = workshopLabel(created);

    const publicList = await (await a.anonymous.request('/api/workshops')).text();
    expect(publicList).toContain('Price Action Basics');
    expect(publicList).not.toContain('meet.example.com');
    expect((await a.member.request('/api/admin/workshops')).status).toBe(403);
  });

  it('mails every registrant once at T-24h, with date and time in IST, and shows the status', async () => {
    expect((await register('Asha Rao', 'asha@example.com', label)).status).toBe(201);
    expect((await register('Vikram <b>Singh</b>', 'vikram@example.com', label)).status).toBe(201);
    expect(smtp.mails.filter((m) => m.to.includes(FIRM))).toHaveLength(2); // the firm's notices only
    expect((await registrations(workshopId)).map((r) => r.link_mail_status)).toEqual([null, null]);
    await confirmAddress('asha@example.com');
    await confirmAddress('vikram@example.com');

    now = new Date(MAIL_AT.getTime() - 60_000);
    await schedule();
    expect(linkMailsTo('asha@example.com')).toHaveLength(0);

    now = MAIL_AT;
    await schedule();
    const [mail] = linkMailsTo('asha@example.com');
    expect(mail!.headers).toContain('Subject: Your joining link: Price Action Basics, Sunday, 6 December 2026');
    expect(mail!.body).toContain('Sunday, 6 December 2026 at 10:00 AM IST');
    expect(mail!.body).toContain('https://meet.example.com/price-action?pwd=k9');
    expect(mail!.body).toContain('Dear Asha Rao');
    const vikram = linkMailsTo('vikram@example.com');
    expect(vikram).toHaveLength(1);
    expect(vikram[0]!.body).toContain('Dear Vikram &lt;b&gt;Singh&lt;/b&gt;');
    const rows = await registrations(workshopId);
    expect(rows.map((r) => [r.link_mail_status, r.link_mail_sent_at])).toEqual([
      ['sent', MAIL_AT.toISOString()],
      ['sent', MAIL_AT.toISOString()],
    ]);

    // Later runs, and a second process's run at the same moment, send nothing again.
    now = new Date(MAIL_AT.getTime() + 3 * 60_000);
    await Promise.all([schedule(), schedule()]);
    expect(linkMailsTo('asha@example.com')).toHaveLength(1);
    expect(linkMailsTo('vikram@example.com')).toHaveLength(1);
  });

  it('sends the link at once to a registration inside the last 24 hours, and none after the start', async () => {
    now = new Date(START.getTime() - 10 * 3600_000);
    expect((await register('Meera Iyer', 'meera@example.com', label)).status).toBe(201);
    expect(linkMailsTo('meera@example.com')).toHaveLength(0);
    await confirmAddress('meera@example.com');
    expect(linkMailsTo('meera@example.com')).toHaveLength(1);
    await schedule();
    expect(linkMailsTo('meera@example.com')).toHaveLength(1);

    now = new Date(START.getTime() + 60_000);
    expect((await register('Late Comer', 'late@example.com', label)).status).toBe(201);
    await schedule();
    expect(linkMailsTo('late@example.com')).toHaveLength(0);
    const late = (await registrations(workshopId)).find((r) => r.email === 'late@example.com');
    expect(late?.link_mail_status).toBeNull();
  });

  it('retries a failed send with a growing delay and gives up after the last attempt', async () => {
    const created = await expectJson(
      await put(a.admin, '/api/admin/workshops', {
        ...workshopBody,
        title: 'Options 101',
        workshop_date: '2026-12-20',
      }),
      201,
      adminWorkshopSchema,
    );
    now = new Date('2026-12-10T00:00:00Z');
    await register('Ravi', 'ravi@example.com', workshopLabel(created));
    await register('Sita', 'sita@example.com', workshopLabel(created));
    await confirmAddress('ravi@example.com');
    await confirmAddress('sita@example.com');
    let failures = 1;
    const sends: string[] = [];
    const flaky: Mailer = {
      enabled: true,
      send: async (mail) => {
        sends.push(mail.to!);
        if (mail.to === 'sita@example.com') return 'failed';
        return failures-- > 0 ? 'failed' : 'sent';
      },
    };
    const mailAt = new Date('2026-12-19T04:30:00Z');
    await runBusinessSchedule(a.t.deps, flaky, mailAt);
    const status = async (email: string) =>
      (
        await a.t.deps.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, 'workshop_link')))
      )[0]!;
    expect(await status('ravi@example.com')).toMatchObject({ status: 'pending', attempts: 1 });
    // Not before its retry time (one minute later), then sent.
    await runBusinessSchedule(a.t.deps, flaky, new Date(mailAt.getTime() + 30_000));
    expect((await status('ravi@example.com')).attempts).toBe(1);
    await runBusinessSchedule(a.t.deps, flaky, new Date(mailAt.getTime() + 60_000));
    expect(await status('ravi@example.com')).toMatchObject({ status: 'sent', attempts: 2 });

    let at = mailAt.getTime();
    for (let i = 0; i < 10; i += 1) {
      at += 16 * 60_000;
      await runBusinessSchedule(a.t.deps, flaky, new Date(at));
    }
    expect(await status('sita@example.com')).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(sends.filter((to) => to === 'sita@example.com')).toHaveLength(MAX_ATTEMPTS);
    expect(sends.filter((to) => to === 'ravi@example.com')).toHaveLength(2);
    const row = (await registrations(created.workshop_id)).find((r) => r.email === 'sita@example.com');
    expect(row?.link_mail_status).toBe('failed');
  });

  it('edits the link (kept on update) and marks mail off when SMTP is not configured', async () => {
    const updated = await expectJson(
      await post(a.admin, `/api/admin/workshops/${workshopId}`, { ...workshopBody, joining_link: '' }),
      200,
      adminWorkshopSchema,
    );
    expect(updated.joining_link).toBeNull();
    const off = await adminTest();
    try {
      off.t.deps.clock = () => new Date('2026-12-05T10:00:00Z');
      const w = await expectJson(await put(off.admin, '/api/admin/workshops', workshopBody), 201, adminWorkshopSchema);
      const res = await off.t.client({ ip: '203.0.113.9' }).json('/api/workshop-enquiry', {
        name: 'Asha',
        email: 'asha@example.com',
        source: 'other',
        workshop: workshopLabel(w),
      });
      expect(res.status).toBe(201);
      const rows = z
        .array(workshopRegistrationSchema)
        .parse(await (await off.admin.request(`/api/admin/workshops/${w.workshop_id}/registrations`)).json());
      // Mail off: no confirmation can reach the address, so no joining link is queued for it.
      expect(rows[0]).toMatchObject({ confirmed_at: null, link_mail_status: null });
      const [confirmation] = await off.t.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.workshop_registration_id, rows[0]!.id));
      expect(confirmation).toMatchObject({ kind: 'workshop_confirm', status: 'off', token_hash: null });
    } finally {
      await off.t.close();
    }
  });
});
