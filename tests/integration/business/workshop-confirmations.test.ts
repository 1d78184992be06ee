/**
 * Confirming a workshop registration: the confirmation mail (a one-time token minted when it is
 * sent, only its hash stored), POST /api/workshop-confirmation's answers, the joining link mailed
 * once after confirming, registrations made before confirmation existed, and the rate limit.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '@server/config/env';
import { mailOutbox, workshopRegistrations } from '@server/db/schema';
import { runBusinessSchedule } from '@server/services/business-schedule';
import type { Mailer } from '@server/services/mail';
import { deliverDueMail } from '@server/services/outbox';
import { queueConfirmationMails } from '@server/services/workshop-confirmations';
import { workshopLabel } from '@shared/forms/workshop-schedule';
import { CONFIRM_TEXTS } from '@shared/workshop-confirmation';
import { createWorkshop } from '../../factories/workshops';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startFakeSmtp, type FakeSmtp } from '../public/fake-smtp';

let smtp: FakeSmtp;
let t: TestApp;
let now = new Date('2026-12-01T06:00:00Z');
let ip = 0;
// 10:00 IST on 6 December 2026 is 04:30 UTC.
const START = new Date('2026-12-06T04:30:00Z');
const LINK = 'https://meet.example.com/room-42';

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_TO: 'firm@example.com', PUBLIC_FORM_LIMIT_PER_IP: '1000' },
  });
  t.deps.clock = () => now;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const register = (email: string, workshop: { title: string; workshop_date: string }, name = 'Asha Rao') =>
  t.client({ ip: `198.51.100.${++ip}` }).json('/api/workshop-enquiry', {
    name,
    email,
    source: 'youtube',
    comments: 'Please cover VWAP',
    workshop: workshopLabel(workshop),
  });
const confirm = (token: unknown) => t.client({ ip: `203.0.113.${++ip}` }).json('/api/workshop-confirmation', { token });
const mailsTo = (email: string, marker: string) =>
  smtp.mails.filter((m) => m.to.includes(email) && m.body.includes(marker));
const tokenFor = (email: string) => {
  const mails = mailsTo(email, '/workshops/confirm#');
  return /\/workshops\/confirm#([A-Za-z0-9_-]{43})/.exec(mails.at(-1)!.body)![1]!;
};
const registration = async (email: string) =>
  (await t.deps.db.select().from(workshopRegistrations).where(eq(workshopRegistrations.email, email)))[0]!;

describe('the confirmation mail', () => {
  it('goes at once, greets no one, and its token is stored only as a hash', async () => {
    const workshop = await createWorkshop(t.deps, {
      title: 'Price Action',
      workshop_date: '2026-12-06',
      joining_link: LINK,
    });
    expect((await register('asha@example.com', workshop)).status).toBe(201);
    const [mail] = mailsTo('asha@example.com', '/workshops/confirm#');
    expect(mail!.headers).toContain(
      'Subject: Confirm your workshop registration: Price Action, Sunday, 6 December 2026',
    );
    expect(mail!.body).toContain('Hello,');
    expect(mail!.body).toContain('Sunday, 6 December 2026 at 10:00 AM IST');
    expect(mail!.body).not.toContain('Asha');
    expect(mail!.body).not.toContain('VWAP');
    expect(mailsTo('asha@example.com', LINK)).toHaveLength(0);

    const token = tokenFor('asha@example.com');
    const [row] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'asha@example.com'));
    expect(row!.html).not.toContain(token);
    expect(row!.html).toContain('{{one-time-token}}');
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect((await registration('asha@example.com')).confirmed_at).toBeNull();
  });

  it('is not sent for a workshop that is not listed (N.A.) or has started', async () => {
    await t.client({ ip: '192.0.2.1' }).json('/api/workshop-enquiry', {
      name: 'Ravi',
      email: 'na@example.com',
      source: 'youtube',
      workshop: 'N.A.',
    });
    const past = await createWorkshop(t.deps, { title: 'Past One', workshop_date: '2026-11-29' });
    expect((await register('past@example.com', past)).status).toBe(201);
    expect(smtp.mails.filter((m) => m.to.includes('na@example.com') || m.to.includes('past@example.com'))).toEqual([]);
  });
});

describe('POST /api/workshop-confirmation', () => {
  it('confirms once; inside the last 24 hours the joining link goes at once, exactly once', async () => {
    const workshop = await createWorkshop(t.deps, {
      title: 'Late Confirm',
      workshop_date: '2026-12-06',
      joining_link: LINK,
    });
    now = new Date(START.getTime() - 30 * 3600_000);
    await register('meera@example.com', workshop, 'Meera <b>Iyer</b>');
    const token = tokenFor('meera@example.com');
    await runBusinessSchedule(t.deps, t.deps.mailer!, new Date(START.getTime() - 23 * 3600_000));
    expect(mailsTo('meera@example.com', LINK)).toHaveLength(0); // not confirmed: no link at T-24h

    now = new Date(START.getTime() - 20 * 3600_000);
    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ outcome: 'confirmed', message: CONFIRM_TEXTS.confirmed });
    expect((await registration('meera@example.com')).confirmed_at).toEqual(now);
    const links = mailsTo('meera@example.com', LINK);
    expect(links).toHaveLength(1);
    expect(links[0]!.body).toContain('Dear Meera &lt;b&gt;Iyer&lt;/b&gt;');

    const again = await confirm(token);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ outcome: 'used', error: CONFIRM_TEXTS.used });
    await runBusinessSchedule(t.deps, t.deps.mailer!, new Date(now.getTime() + 60_000));
    expect(mailsTo('meera@example.com', LINK)).toHaveLength(1);
  });

  it('a registrant named {{one-time-token}} gets no token on their joining-link mail', async () => {
    const workshop = await createWorkshop(t.deps, {
      title: 'Marker Name',
      workshop_date: '2026-12-06',
      joining_link: LINK,
    });
    now = new Date(START.getTime() - 20 * 3600_000);
    await register('marker@example.com', workshop, '{{one-time-token}}');
    expect((await confirm(tokenFor('marker@example.com'))).status).toBe(200);
    const [link] = mailsTo('marker@example.com', LINK);
    expect(link!.body).toContain('Dear {{one-time-token}},');
    const [row] = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, 'marker@example.com'), eq(mailOutbox.kind, 'workshop_link')));
    expect(row!.status).toBe('sent');
    expect(row!.token_hash).toBeNull();
  });

  it('confirmed earlier: the schedule sends the link at T-24h', async () => {
    const workshop = await createWorkshop(t.deps, {
      title: 'Early Confirm',
      workshop_date: '2026-12-06',
      joining_link: LINK,
    });
    now = new Date('2026-12-01T06:00:00Z');
    await register('early@example.com', workshop);
    expect((await confirm(tokenFor('early@example.com'))).status).toBe(200);
    expect(mailsTo('early@example.com', LINK)).toHaveLength(0);
    await runBusinessSchedule(t.deps, t.deps.mailer!, new Date(START.getTime() - 24 * 3600_000));
    expect(mailsTo('early@example.com', LINK)).toHaveLength(1);
  });

  it('answers 410 after the start, 404 for a token no mail carried, 400 naming a malformed one', async () => {
    const workshop = await createWorkshop(t.deps, {
      title: 'Too Late',
      workshop_date: '2026-12-06',
      joining_link: LINK,
    });
    now = new Date('2026-12-02T06:00:00Z');
    await register('slow@example.com', workshop);
    now = new Date(START.getTime() + 60_000);
    const expired = await confirm(tokenFor('slow@example.com'));
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ outcome: 'expired', error: CONFIRM_TEXTS.expired });
    expect((await registration('slow@example.com')).confirmed_at).toBeNull();
    expect(mailsTo('slow@example.com', LINK)).toHaveLength(0);

    const unknown = await confirm('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ outcome: 'unknown', error: CONFIRM_TEXTS.unknown });
    for (const bad of ['short', 5, 'A'.repeat(42) + '!']) {
      const res = await confirm(bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty('token');
    }
  });

  it('a retried confirmation mail carries a new token and the earlier one stops working', async () => {
    const workshop = await createWorkshop(t.deps, { title: 'Retry', workshop_date: '2026-12-20', joining_link: LINK });
    now = new Date('2026-12-10T06:00:00Z');
    const [row] = await t.deps.db
      .insert(workshopRegistrations)
      .values({
        workshop_id: workshop.workshop_id,
        workshop_label: workshopLabel(workshop),
        name: 'Sita',
        email: 'sita@example.com',
        source: 'youtube',
        mail_status: 'sent',
      })
      .returning();
    let sentHtml = '';
    const refusing: Mailer = { enabled: true, send: async (mail) => ((sentHtml = mail.html), 'failed') };
    const ids = await queueConfirmationMails(t.deps, refusing, 'https://trabot.test', now, row!.id);
    await deliverDueMail(t.deps, refusing, now, ids);
    const first = /confirm#([A-Za-z0-9_-]{43})/.exec(sentHtml)?.[1];
    expect(first).toBeDefined();
    await runBusinessSchedule(t.deps, t.deps.mailer!, new Date(now.getTime() + 60_000));
    const second = tokenFor('sita@example.com');
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(404);
    expect((await confirm(second)).status).toBe(200);
  });
});

describe('registrations made before confirmation existed', () => {
  it('the migration counts one whose joining link went as confirmed; the schedule mails the others a confirmation', async () => {
    const workshop = await createWorkshop(t.deps, {
      title: 'Upgrade',
      workshop_date: '2026-12-27',
      joining_link: LINK,
    });
    const old = (email: string) =>
      t.deps.db
        .insert(workshopRegistrations)
        .values({
          workshop_id: workshop.workshop_id,
          workshop_label: workshopLabel(workshop),
          name: 'Old',
          email,
          source: 'youtube',
          mail_status: 'sent',
        })
        .returning();
    const [sent] = await old('linked@example.com');
    const [waiting] = await old('waiting@example.com');
    const sentAt = new Date('2026-12-26T04:30:00Z');
    await t.deps.db.insert(mailOutbox).values({
      dedupe_key: `workshop-link:${sent!.id}`,
      kind: 'workshop_link',
      recipient: 'linked@example.com',
      subject: 's',
      html: 'h',
      status: 'sent',
      sent_at: sentAt,
      workshop_registration_id: sent!.id,
    });
    const migration = readFileSync('src/server/db/migrations/0031_workshop-confirmations.sql', 'utf8');
    await t.deps.db.execute(migration.slice(migration.indexOf('-- hand-written')));
    expect((await registration('linked@example.com')).confirmed_at).toEqual(sentAt);
    expect((await registration('waiting@example.com')).confirmed_at).toBeNull();

    now = new Date('2026-12-20T06:00:00Z');
    await runBusinessSchedule(t.deps, t.deps.mailer!, now);
    await runBusinessSchedule(t.deps, t.deps.mailer!, new Date(now.getTime() + 60_000));
    expect(mailsTo('waiting@example.com', '/workshops/confirm#')).toHaveLength(1);
    expect(mailsTo('linked@example.com', '/workshops/confirm#')).toHaveLength(0);
    expect((await registration('waiting@example.com')).confirmed_at).toBeNull();
    expect(waiting!.id).toBeGreaterThan(sent!.id);
  });
});

describe('limits', () => {
  it('counts registrations (each a confirmation mail) and confirmations against the public form limit', async () => {
    const limited = t.withEnv({ PUBLIC_FORM_LIMIT_PER_IP: '2' });
    const workshop = await createWorkshop(t.deps, { title: 'Limited', workshop_date: '2026-12-27' });
    now = new Date('2026-12-20T06:00:00Z');
    const send = (path: string, body: unknown) =>
      limited.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.77' },
        body: JSON.stringify(body),
      });
    const body = (n: number) => ({
      name: 'X',
      email: `flood${n}@example.com`,
      source: 'youtube',
      workshop: workshopLabel(workshop),
    });
    expect((await send('/api/workshop-enquiry', body(1))).status).toBe(201);
    expect((await send('/api/workshop-enquiry', body(2))).status).toBe(201);
    const refused = await send('/api/workshop-enquiry', body(3));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await send('/api/workshop-confirmation', { token: 'A'.repeat(43) })).status).toBe(429);
    expect(smtp.mails.filter((m) => m.to.some((to) => /^flood\d@/.test(to)))).toHaveLength(2);
  });

  it('needs PUBLIC_URL when mail is on', () => {
    const mailOn = { SMTP_URL: 'smtp://localhost:2525', MAIL_TO: 'firm@example.com' };
    expect(() => parseEnv(mailOn)).toThrow(/PUBLIC_URL is required/);
    expect(parseEnv({ ...mailOn, PUBLIC_URL: 'https://trabot.example.com/some/path' }).PUBLIC_URL).toBe(
      'https://trabot.example.com',
    );
  });
});
