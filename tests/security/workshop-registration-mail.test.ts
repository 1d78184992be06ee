/**
 * Hardening (the third outside attack, issue 44): the public workshop form takes any address, so a
 * stranger could have the firm mail a victim the joining link, greeted with whatever the stranger
 * typed as a name. Now the only mail an unconfirmed address gets is the neutral confirmation: the
 * product's words, the workshop's title and date, and a link; no joining link, none of the free text.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@server/db/schema';
import { runBusinessSchedule } from '@server/services/business-schedule';
import { workshopLabel } from '@shared/forms/workshop-schedule';
import { createWorkshop } from '../factories/workshops';
import { startFakeSmtp, type FakeSmtp } from '../integration/public/fake-smtp';
import { createTestApp, type TestApp } from '../integration/helpers/test-app';

const VICTIM = 'victim@example.com';
const JOINING_LINK = 'https://meet.example.com/secret-room?pwd=s3cret';
// 10:00 IST on 6 December 2026 is 04:30 UTC: ten hours before, inside the last 24 hours.
const NOW = new Date('2026-12-05T18:30:00Z');
const ATTACK = {
  name: 'Your account is locked, call +1 555 0100 at once',
  email: VICTIM,
  source: 'other',
  comments: 'Visit https://evil.example/reset to unlock',
};

let smtp: FakeSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_TO: 'firm@example.com' } });
  t.deps.clock = () => NOW;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('a registration made with a victim address', () => {
  it('mails the victim neither the joining link nor any of the free text, even inside the last 24 hours', async () => {
    const workshop = await createWorkshop(t.deps, {
      title: 'Price Action Basics',
      workshop_date: '2026-12-06',
      joining_link: JOINING_LINK,
    });
    const res = await t.client({ ip: '198.51.100.7' }).json('/api/workshop-enquiry', {
      ...ATTACK,
      workshop: workshopLabel(workshop),
    });
    expect(res.status).toBe(201);
    await runBusinessSchedule(t.deps, t.deps.mailer!, NOW);

    const rows = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, VICTIM));
    const delivered = smtp.mails.filter((m) => m.to.includes(VICTIM));
    for (const text of [
      ...rows.flatMap((r) => [r.subject, r.html]),
      ...delivered.flatMap((m) => [m.headers, m.body]),
    ]) {
      expect(text).not.toContain('meet.example.com');
      expect(text).not.toContain('s3cret');
      for (const typed of [ATTACK.name, 'locked', '555 0100', ATTACK.comments, 'evil.example']) {
        expect(text).not.toContain(typed);
      }
    }
    expect(rows.map((r) => [r.kind, r.status])).toEqual([['workshop_confirm', 'sent']]);
    expect(delivered).toHaveLength(1);
    // What it does say: the firm's own words, the workshop, and the confirmation link to this site.
    expect(delivered[0]!.body).toContain('Hello,');
    expect(delivered[0]!.body).toContain('Price Action Basics');
    expect(delivered[0]!.body).toMatch(/https:\/\/trabot\.test\/workshops\/confirm#[A-Za-z0-9_-]{43}/);
  });

  it('points the confirmation link at PUBLIC_URL whatever Host the request names', async () => {
    const workshop = await createWorkshop(t.deps, { title: 'Host Header', workshop_date: '2026-12-06' });
    await t.app.request('/api/workshop-enquiry', {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      body: JSON.stringify({ ...ATTACK, email: 'host@example.com', workshop: workshopLabel(workshop) }),
    });
    const [mail] = smtp.mails.filter((m) => m.to.includes('host@example.com'));
    expect(mail!.body).toContain('https://trabot.test/workshops/confirm#');
    expect(mail!.body).not.toContain('evil.example');
  });
});
