/** E-mail to the firm: sent through a real SMTP server on loopback, recorded as sent/failed/off. */
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries, workshopRegistrations } from '@server/db/schema';
import { createTestApp, TestClient, type TestApp } from '../helpers/test-app';
import { startFakeSmtp, type FakeSmtp } from './fake-smtp';

const FIRM = 'firm@example.com';
const FROM = 'no-reply@example.com';
let smtp: FakeSmtp;
let t: TestApp;
let ipCounter = 0;
const visitor = () => t.client({ ip: `203.0.113.${++ipCounter}` });

const enquiryStatus = async (id: number) =>
  (await t.deps.db.select().from(enquiries).where(eq(enquiries.id, id)))[0]!.mail_status;
const registrationStatus = async (id: number) =>
  (await t.deps.db.select().from(workshopRegistrations).where(eq(workshopRegistrations.id, id)))[0]!.mail_status;

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_TO: FIRM, MAIL_FROM: `Trabot website <${FROM}>` } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('with SMTP configured', () => {
  it('says once at start-up that mail is on, naming the SMTP host', () => {
    const on = t.logLines.filter((l) => l.includes('mail is on'));
    expect(on).toHaveLength(1);
    expect(JSON.parse(on[0]!)).toMatchObject({ smtpHost: new URL(smtp.url).host });
    expect(t.logLines.join('\n')).not.toContain('mail is off');
  });

  it('mails a sanitized enquiry to the firm and records it as sent', async () => {
    const res = await visitor().json('/api/contact-us', {
      type: 'Portfolio Enquiry',
      formString: '<p><strong>First name</strong><br>Asha<script>alert(1)</script><img src=x onerror=alert(1)></p>',
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const mail = smtp.mails.at(-1)!;
    expect(mail.from).toBe(FROM);
    expect(mail.to).toEqual([FIRM]);
    expect(mail.headers).toContain(`Subject: Portfolio Enquiry #${id} from the website`);
    expect(mail.headers).toMatch(/Content-Type: text\/html/i);
    expect(mail.body).toContain('<p><strong>First name</strong><br />Asha</p>');
    expect(mail.body).not.toMatch(/script|onerror|<img/);
    expect(await enquiryStatus(id)).toBe('sent');
  });

  it('mails a workshop registration with the visitor as Reply-To and readable answers', async () => {
    const res = await visitor().json('/api/workshop-enquiry', {
      name: 'Ravi <Kumar>',
      email: 'ravi@example.com',
      source: 'chat-group',
      comments: 'First time & excited',
      workshop: 'N.A.',
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual([FIRM]);
    expect(mail.headers).toContain(`Subject: Workshop registration #${id}: N.A.`);
    expect(mail.headers).toContain('Reply-To: ravi@example.com');
    expect(mail.body).toContain('<p><strong>Workshop</strong><br>N.A.</p>');
    expect(mail.body).toContain('<p><strong>Full name</strong><br>Ravi &lt;Kumar&gt;</p>');
    expect(mail.body).toContain('<br>Our community chat group</p>');
    expect(mail.body).toContain('First time &amp; excited');
    expect(mail.body).not.toContain('Phone');
    expect(await registrationStatus(id)).toBe('sent');
  });

  it('still answers success, and records failed, when the SMTP server refuses the mail', async () => {
    const refusing = await startFakeSmtp({ reject: true });
    try {
      const app = t.withEnv({ SMTP_URL: refusing.url, MAIL_TO: FIRM });
      const res = await new TestClient(app, { ip: '198.51.100.99' }).json('/api/contact-us', {
        type: 'Research Enquiry',
        formString: '<p>Hello</p>',
      });
      expect(res.status).toBe(201);
      expect(await enquiryStatus(((await res.json()) as { id: number }).id)).toBe('failed');
      expect(refusing.mails).toHaveLength(0);
      const failure = t.logLines.find((l) => l.includes('mail to the firm failed'));
      expect(failure).toBeDefined();
      expect(JSON.parse(failure!)).toMatchObject({ level: 50, error: { responseCode: 550 } });
    } finally {
      await refusing.close();
    }
  });

  it('records failed when the SMTP server cannot be reached', async () => {
    const app = t.withEnv({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, MAIL_TO: FIRM });
    const res = await new TestClient(app, { ip: '198.51.100.98' }).json('/api/workshop-enquiry', {
      name: 'Asha',
      email: 'asha@example.com',
      source: 'other',
      workshop: 'N.A.',
    });
    expect(res.status).toBe(201);
    expect(await registrationStatus(((await res.json()) as { id: number }).id)).toBe('failed');
  });

  it('records failed when the SMTP login is refused, and never logs the credentials', async () => {
    const guarded = await startFakeSmtp({ refuseAuth: true });
    try {
      const app = t.withEnv({ SMTP_URL: guarded.url.replace('//', '//mailer:s3cret-pass@'), MAIL_TO: FIRM });
      const res = await new TestClient(app, { ip: '198.51.100.97' }).json('/api/contact-us', {
        type: 'Research Enquiry',
        formString: '<p>Hi</p>',
      });
      expect(res.status).toBe(201);
      expect(await enquiryStatus(((await res.json()) as { id: number }).id)).toBe('failed');
      const logs = t.logLines.join('\n');
      expect(logs).toContain('"responseCode":535');
      expect(logs).not.toContain('s3cret-pass');
      expect(logs).not.toContain(Buffer.from('\0mailer\0s3cret-pass').toString('base64'));
    } finally {
      await guarded.close();
    }
  });
});

describe('without SMTP', () => {
  it('logs once that mail is off and records every submission as off', async () => {
    const before = smtp.mails.length;
    const off = await createTestApp();
    try {
      expect(off.logLines.filter((l) => l.includes('mail is off'))).toHaveLength(1);
      const client = off.client({ ip: '203.0.113.200' });
      const enquiry = (await (
        await client.json('/api/contact-us', { type: 'Membership Interest', formString: '<p>Hi</p>' })
      ).json()) as { id: number };
      const registration = (await (
        await client.json('/api/workshop-enquiry', {
          name: 'Asha',
          email: 'asha@example.com',
          source: 'x',
          workshop: 'N.A.',
        })
      ).json()) as { id: number };
      const [e] = await off.deps.db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
      const [r] = await off.deps.db
        .select()
        .from(workshopRegistrations)
        .where(eq(workshopRegistrations.id, registration.id));
      expect(e!.mail_status).toBe('off');
      expect(r!.mail_status).toBe('off');
      expect(off.logLines.filter((l) => l.includes('mail is off'))).toHaveLength(1);
      expect(smtp.mails.length).toBe(before);
    } finally {
      await off.close();
    }
  });

  it('warns when SMTP_URL is set without MAIL_TO, and keeps mail off', () => {
    t.withEnv({ SMTP_URL: smtp.url, MAIL_TO: '' });
    expect(t.logLines.some((l) => l.includes('SMTP_URL is set but MAIL_TO is not'))).toBe(true);
  });
});
