/**
 * Passwords a person chooses: the accepted applicant's one-time set-password link (single use,
 * 72 hours on the injected clock, an unknown or malformed token refused naming `token`), the
 * login without a password refused like a wrong one, and the change in Account Settings (the
 * current password checked and guarded, the other sessions ended, this one kept).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LINK_MESSAGES, PASSWORD_LINK_TTL_MS } from '@server/auth/password-links';
import { hashToken } from '@server/auth/sessions';
import { mailOutbox, passwordLinks, users } from '@server/db/schema';
import { MSG } from '@shared/messages';
import { startFakeSmtp, type FakeSmtp } from './public/fake-smtp';
import { adminTest, expectError, expectJson, loggedIn, post, type AdminTest } from './admin/setup';
import { setPasswordLinkIn } from './helpers/set-password';

let smtp: FakeSmtp;
let a: AdminTest;
let now = new Date('2026-12-03T06:00:00Z');
let ip = 0;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  a = await adminTest({
    env: {
      SMTP_URL: smtp.url,
      MAIL_TO: 'firm@example.com',
      PUBLIC_FORM_LIMIT_PER_IP: '1000',
      LOGIN_LIMIT_PER_EMAIL: '5',
    },
  });
  a.t.deps.clock = () => now;
});
afterAll(async () => {
  await a.t.close();
  await smtp.close();
});

/** An applicant accepted by the superadmin; answers the token of the link mailed to them. */
async function accept(name: string, email: string): Promise<{ token: string; userId: number }> {
  const applied = await a.t.client({ ip: `198.51.100.${++ip}` }).json('/api/contact-us', {
    type: 'Membership Interest',
    formString: `<p><strong>Full name</strong><br>${name}</p>`,
  });
  const { id } = (await applied.json()) as { id: number };
  const made = await expectJson(
    await post(a.admin, `/api/admin/membership/applications/${id}/accept`, {
      name,
      email_id: email,
      phone_no: '+919800012345',
    }),
    201,
    z.object({ trabot_client_id: z.number(), user_id: z.number() }),
  );
  const mail = smtp.mails.findLast((m) => m.to.includes(email))!;
  return { token: setPasswordLinkIn(mail.body).token, userId: made.user_id };
}

const anyone = () => a.t.client({ ip: `203.0.113.${++ip % 250}` });
const check = (token: string) => anyone().json('/api/set-password/check', { token });
const setPassword = (token: string, password: string, confirm = password) =>
  anyone().json('/api/set-password', { token, new_password: password, confirm_password: confirm });
const loginStatus = async (email: string, password: string) => (await a.t.client().login(email, password)).status;

describe('the set-password link of an accepted applicant', () => {
  it('is mailed instead of a password; the database keeps only its hash; the login has no password yet', async () => {
    const { token, userId } = await accept('Asha Menon', 'asha@example.in');
    const mail = smtp.mails.findLast((m) => m.to.includes('asha@example.in'))!;
    expect(mail.body).toContain(`http://localhost:3000/set-password#token=${token}`);
    expect(mail.body).toContain('within 72 hours');
    const [row] = await a.t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'asha@example.in'));
    expect(row!.status).toBe('sent');
    expect(row!.html).not.toContain(token);
    expect(row!.html).toContain('{{password-link-token}}');
    const links = await a.t.deps.db.select().from(passwordLinks).where(eq(passwordLinks.user_id, userId));
    expect(links.map((l) => l.token_hash)).toEqual([hashToken(token)]);
    expect(links[0]!.expires_at.getTime() - now.getTime()).toBe(PASSWORD_LINK_TTL_MS);
    const [user] = await a.t.deps.db.select().from(users).where(eq(users.id, userId));
    expect(user!.password_hash).toBeNull();

    // No password set: every password is refused exactly like a wrong one.
    for (const guess of ['x', 'null', 'undefined']) {
      const res = await a.t.client().login('asha@example.in', guess);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: MSG.loginBadCredentials });
    }
  });

  it('names its login, sets the password once, and then says it was used', async () => {
    const { token } = await accept('Dev Patel', 'dev@example.in');
    expect(await expectJson(await check(token), 200, z.object({ email: z.string() }).strict())).toEqual({
      email: 'dev@example.in',
    });
    expect((await expectError(await setPassword(token, 'short'), 400)).fields).toMatchObject({
      new_password: 'Password must be at least 8 characters',
    });
    expect((await expectError(await setPassword(token, 'dev chose this', 'dev chose that'), 400)).fields).toEqual({
      confirm_password: 'The two passwords differ',
    });
    // Refusals of the form do not use the link up.
    await expectJson(await setPassword(token, 'dev chose this'), 200, z.object({ status: z.literal('success') }));
    expect(await loginStatus('dev@example.in', 'dev chose this')).toBe(200);

    const again = await expectError(await setPassword(token, 'someone else now'), 400);
    expect(again).toEqual({ error: LINK_MESSAGES.used, fields: { token: LINK_MESSAGES.used } });
    expect((await expectError(await check(token), 400)).error).toBe(LINK_MESSAGES.used);
    expect(await loginStatus('dev@example.in', 'someone else now')).toBe(401);
  });

  it('expires after 72 hours on the clock', async () => {
    const { token } = await accept('Ria Sen', 'ria@example.in');
    const sent = now;
    try {
      now = new Date(sent.getTime() + PASSWORD_LINK_TTL_MS - 1000);
      expect((await check(token)).status).toBe(200);
      now = new Date(sent.getTime() + PASSWORD_LINK_TTL_MS);
      expect(await expectError(await check(token), 400)).toEqual({
        error: LINK_MESSAGES.expired,
        fields: { token: LINK_MESSAGES.expired },
      });
      expect((await expectError(await setPassword(token, 'ria chose this'), 400)).error).toBe(LINK_MESSAGES.expired);
      expect(await loginStatus('ria@example.in', 'ria chose this')).toBe(401);
    } finally {
      now = sent;
    }
  });

  it('refuses a token it never made, or a malformed one, naming the token', async () => {
    const unknown = 'A'.repeat(43);
    expect(await expectError(await setPassword(unknown, 'anything goes'), 400)).toEqual({
      error: LINK_MESSAGES.unknown,
      fields: { token: LINK_MESSAGES.unknown },
    });
    for (const token of ['', 'short', `${'A'.repeat(42)}=`, 42])
      expect(
        Object.keys((await expectError(await anyone().json('/api/set-password/check', { token }), 400)).fields!),
      ).toEqual(['token']);
  });
});

describe('a user the superadmin adds without a password', () => {
  it('is mailed a set-password link, and signs in with the password chosen through it', async () => {
    const memberId = a.memberLogin.member.trabot_client_id;
    const res = await post(a.admin, `/api/members/${memberId}/users`, { name: 'Tara Das', email: 'tara@example.in' });
    expect(res.status, await res.clone().text()).toBe(201);
    const mail = smtp.mails.findLast((m) => m.to.includes('tara@example.in'))!;
    expect(mail.headers).toContain('Subject: Your Trabot login');
    expect(await loginStatus('tara@example.in', 'tara chose this')).toBe(401);
    await setPassword(setPasswordLinkIn(mail.body).token, 'tara chose this');
    expect(await loginStatus('tara@example.in', 'tara chose this')).toBe(200);
  });
});

describe('changing the password in Account Settings', () => {
  it('refuses a wrong current password naming the field, and guards it', async () => {
    const { email, password } = a.memberLogin.user;
    const member = await loggedIn(a.t, email, password);
    const wrong = await expectError(
      await post(member, '/api/account/password', {
        current_password: 'not my password',
        new_password: 'a new password',
        confirm_password: 'a new password',
      }),
      400,
    );
    expect(wrong.fields).toEqual({ current_password: 'This is not your current password' });
    expect(
      (
        await expectError(
          await post(member, '/api/account/password', {
            current_password: password,
            new_password: 'a new password',
            confirm_password: 'another one',
          }),
          400,
        )
      ).fields,
    ).toEqual({ confirm_password: 'The two passwords differ' });
    expect(await loginStatus(email, password)).toBe(200);
  });

  it('ends the other sessions, keeps this one, and the new password is the one that signs in', async () => {
    const { token } = await accept('Kiran Rao', 'kiran@example.in');
    await setPassword(token, 'kiran first pw');
    const phone = await loggedIn(a.t, 'kiran@example.in', 'kiran first pw');
    const laptop = await loggedIn(a.t, 'kiran@example.in', 'kiran first pw');
    await expectJson(
      await post(laptop, '/api/account/password', {
        current_password: 'kiran first pw',
        new_password: 'kiran second pw',
        confirm_password: 'kiran second pw',
      }),
      200,
      z.object({ status: z.literal('success') }),
    );
    expect(await (await laptop.request('/api/check-session')).json()).toMatchObject({ status: 'success' });
    expect(await (await phone.request('/api/check-session')).json()).toEqual({ status: 'error' });
    expect(await loginStatus('kiran@example.in', 'kiran first pw')).toBe(401);
    expect(await loginStatus('kiran@example.in', 'kiran second pw')).toBe(200);
  });

  it('answers 429 after too many wrong current passwords, even with the right one', async () => {
    const { token } = await accept('Mala Iyer', 'mala@example.in');
    await setPassword(token, 'mala first pw');
    const member = await loggedIn(a.t, 'mala@example.in', 'mala first pw');
    const change = (current: string) =>
      post(member, '/api/account/password', {
        current_password: current,
        new_password: 'mala second pw',
        confirm_password: 'mala second pw',
      });
    for (let i = 0; i < a.t.deps.env.LOGIN_LIMIT_PER_EMAIL; i++) expect((await change(`guess ${i}`)).status).toBe(400);
    const refused = await change('mala first pw');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await loginStatus('mala@example.in', 'mala first pw')).toBe(200);
  });

  it('is for logged-in users only', async () => {
    const res = await a.anonymous.json('/api/account/password', {
      current_password: 'x',
      new_password: 'whatever1',
      confirm_password: 'whatever1',
    });
    expect(res.status).toBe(401);
  });
});
