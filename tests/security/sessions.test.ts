/**
 * Sessions: a fresh token at every login (fixation), logout and idle/absolute expiry end the
 * session server-side, cookie flags over HTTP and HTTPS, login and public-form rate limits (429 with
 * Retry-After), and a captcha solution that cannot be redeemed twice.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ERRORS, captchaSecrets, createCaptchaChallenge } from '@server/auth/captcha';
import { hashToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@server/auth/sessions';
import { enquiries, sessions } from '@server/db/schema';
import { solve } from '@tests/support/captcha';
import { TEST_CAPTCHA_DIFFICULTY, TestClient } from '../integration/helpers/test-app';
import { stats } from './support/inspect';
import { createWorld, jsonPayload, send, type World } from './support/world';

let w: World;
const started = performance.now();
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => {
  console.info(`[security] sessions: ${stats.requests} requests, ${Math.round(performance.now() - started)} ms`);
  await w.close();
});

const PLAIN = 'trabot_session';
const HOST = '__Host-trabot_session';
const token = (client: TestClient, name = PLAIN) => client.cookies.get(name);
const uniqueIp = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** A client that presents exactly this session token and nothing else. */
function withToken(value: string, name = PLAIN, origin?: string): TestClient {
  const client = w.t.client({ origin });
  client.cookies.set(name, value);
  return client;
}

async function loggedInAs(client: TestClient): Promise<number> {
  return (await send(client, 'GET', '/api/account-details')).status;
}

async function login(client: TestClient, email = w.logins.member.email, password = w.logins.member.password) {
  return send(client, 'POST', '/api/login', jsonPayload({ email, password, captcha: await client.solveCaptcha() }));
}

describe('session fixation', () => {
  it('replaces a token planted before login; the planted one never becomes a session', async () => {
    const planted = randomBytes(32).toString('base64url');
    const victim = withToken(planted);
    expect(await loggedInAs(victim)).toBe(401);
    expect((await login(victim)).status).toBe(200);
    expect(token(victim)).not.toBe(planted);
    expect(await loggedInAs(victim)).toBe(200);
    expect(await loggedInAs(withToken(planted))).toBe(401);
  });

  it("ends the session the browser had before (e.g. an attacker's own, planted): a new token, the old one refused", async () => {
    const attacker = w.t.client();
    expect((await login(attacker, w.logins.otherMember.email, w.logins.otherMember.password)).status).toBe(200);
    const attackersToken = token(attacker)!;
    const victim = withToken(attackersToken);
    expect((await login(victim)).status).toBe(200);
    const fresh = token(victim)!;
    expect(fresh).not.toBe(attackersToken);
    expect(await loggedInAs(withToken(attackersToken))).toBe(401);
    expect(
      await w.t.deps.db
        .select()
        .from(sessions)
        .where(eq(sessions.token_hash, hashToken(attackersToken))),
    ).toEqual([]);
    const mine = await send(withToken(fresh), 'GET', '/api/account-details');
    expect((mine.json as { trabot_account_id: number }).trabot_account_id).toBe(w.ids.member.account);
  });

  it('rotates the __Host- cookie over HTTPS too', async () => {
    const origin = 'https://trabot.example';
    const client = w.t.client({ origin });
    expect((await login(client)).status).toBe(200);
    const first = token(client, HOST)!;
    expect((await login(client)).status).toBe(200);
    expect(token(client, HOST)).not.toBe(first);
    expect(await loggedInAs(withToken(first, HOST, origin))).toBe(401);
  });
});

describe('server-side invalidation', () => {
  const rowOf = async (value: string) =>
    (
      await w.t.deps.db
        .select()
        .from(sessions)
        .where(eq(sessions.token_hash, hashToken(value)))
    )[0];
  const shift = (value: string, set: ReturnType<typeof sql>) =>
    w.t.deps.db.execute(sql`update sessions set ${set} where token_hash = ${hashToken(value)}`);

  it('logout deletes the session: the old cookie replayed gets 401', async () => {
    const client = await w.login(w.logins.member);
    const old = token(client)!;
    const out = await send(client, 'POST', '/api/logout');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/^trabot_session=;.*Max-Age=0/);
    expect(await rowOf(old)).toBeUndefined();
    expect(await loggedInAs(withToken(old))).toBe(401);
    expect((await send(withToken(old), 'GET', '/api/check-session')).json).toEqual({ status: 'error' });
  });

  it(`idle expiry: alive just under ${SESSION_IDLE_MS / 3600000} h without requests, 401 just over`, async () => {
    const value = token(await w.login(w.logins.member))!;
    await shift(value, sql.raw(`last_seen_at = now() - interval '${SESSION_IDLE_MS / 1000 - 300} seconds'`));
    expect(await loggedInAs(withToken(value))).toBe(200);
    await shift(value, sql.raw(`last_seen_at = now() - interval '${SESSION_IDLE_MS / 1000 + 60} seconds'`));
    expect(await loggedInAs(withToken(value))).toBe(401);
  });

  it(`absolute expiry: ${SESSION_ABSOLUTE_MS / 86400000} days after login whatever the activity; requests never extend it`, async () => {
    const value = token(await w.login(w.logins.member))!;
    const created = await rowOf(value);
    expect(Math.abs(created!.expires_at.getTime() - (Date.now() + SESSION_ABSOLUTE_MS))).toBeLessThan(120_000);
    await shift(value, sql`last_seen_at = now() - interval '10 minutes'`);
    expect(await loggedInAs(withToken(value))).toBe(200);
    expect((await rowOf(value))!.expires_at).toEqual(created!.expires_at);
    await shift(value, sql`expires_at = now() - interval '1 second', last_seen_at = now()`);
    expect(await loggedInAs(withToken(value))).toBe(401);
  });
});

describe('server-side invalidation by the admin', () => {
  it('a password changed by the superadmin ends every session of that login', async () => {
    const target = w.t.client();
    expect((await login(target, w.logins.otherMember.email, w.logins.otherMember.password)).status).toBe(200);
    expect(await loggedInAs(target)).toBe(200);
    const password = `changed-${randomBytes(6).toString('hex')}`;
    const res = await send(
      w.clients.superadmin,
      'PUT',
      `/api/members/${w.ids.otherMember.member}/users/${w.ids.otherMember.user}`,
      jsonPayload({ name: 'Other Member', email: w.logins.otherMember.email, password }),
    );
    expect(res.status, res.text).toBe(200);
    expect(await loggedInAs(target)).toBe(401);
    expect(await loggedInAs(w.clients.otherMember)).toBe(401);
    w.logins.otherMember.password = password;
    w.clients.otherMember = await w.login(w.logins.otherMember);
  });
});

describe('cookie flags', () => {
  const sessionCookie = async (client: TestClient, name: string) => {
    const res = await client.login(w.logins.member.email, w.logins.member.password);
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]!.startsWith(`${name}=`), cookies[0]).toBe(true);
    return cookies[0]!.split(';').map((part) => part.trim().toLowerCase());
  };

  it('plain HTTP: HttpOnly, SameSite=Lax, Path=/, no Domain, no Secure', async () => {
    const attributes = await sessionCookie(w.t.client(), PLAIN);
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(attributes.some((a) => a.startsWith('domain'))).toBe(false);
    expect(attributes).not.toContain('secure');
  });

  it('HTTPS behind the trusted proxy: the __Host- name with Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const attributes = await sessionCookie(w.t.client({ origin: 'https://trabot.example' }), HOST);
    expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
    expect(attributes.some((a) => a.startsWith('domain'))).toBe(false);
  });

  it('HTTPS without a proxy is detected from the URL; a forged X-Forwarded-Proto is not believed without TRUST_PROXY', async () => {
    const direct = w.t.withEnv({ TRUST_PROXY: '0' });
    const captcha = async () => w.t.client().solveCaptcha();
    const body = async () => JSON.stringify({ ...w.logins.member, captcha: await captcha() });
    const overTls = await direct.request('https://trabot.example/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: await body(),
    });
    expect(overTls.status).toBe(200);
    expect(overTls.headers.getSetCookie()[0]).toMatch(/^__Host-trabot_session=.*; Secure/);
    const forged = await direct.request('http://localhost/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: await body(),
    });
    expect(forged.status).toBe(200);
    expect(forged.headers.getSetCookie()[0]).toMatch(/^trabot_session=/);
    expect(forged.headers.getSetCookie()[0]).not.toContain('Secure');
  });
});

describe('rate limits', () => {
  const expect429 = (res: Awaited<ReturnType<typeof send>>, windowSeconds: number) => {
    expect(res.status, res.text).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(res.headers.getSetCookie()).toEqual([]);
  };

  it('login per IP: over LOGIN_LIMIT_PER_IP attempts answer 429 with Retry-After, even with the right password', async () => {
    const app = w.t.withEnv({ LOGIN_LIMIT_PER_IP: '3' });
    const ip = uniqueIp();
    const client = new TestClient(app, { ip });
    for (let i = 0; i < 3; i++) expect((await login(client, w.logins.member.email, 'wrong-password')).status).toBe(401);
    expect429(await login(client), 15 * 60);
    expect(token(client)).toBeUndefined();
    // Another address is not affected.
    expect((await login(new TestClient(app, { ip: uniqueIp() }))).status).toBe(200);
  });

  it('nobody can lock the superadmin out: after 11 failures from one address, the superadmin logs in from another at once; the guessing address stays refused', async () => {
    const app = w.t.withEnv({ LOGIN_LIMIT_PER_EMAIL: '10' });
    const { email, password } = w.logins.superadmin;
    const guesser = new TestClient(app, { ip: uniqueIp() });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(guesser, email, `guess-${i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);

    const owner = new TestClient(app, { ip: uniqueIp() });
    expect(
      (
        await send(
          owner,
          'POST',
          '/api/login',
          jsonPayload({ email, password, captcha: await owner.solveCaptcha(email) }),
        )
      ).status,
    ).toBe(200);
    expect(token(owner)).toBeDefined();
    expect429(await login(guesser, email, password), 15 * 60);
    await w.t.deps.db.execute(sql`delete from rate_limits where key like 'login:%'`);
  });

  it('guessing one email from many addresses makes its captcha harder, never a refusal of the owner', async () => {
    const app = w.t.withEnv({ LOGIN_LIMIT_PER_EMAIL: '3' });
    const { email, password } = w.logins.otherMember;
    for (let i = 0; i < 3; i++) {
      expect((await login(new TestClient(app, { ip: uniqueIp() }), email, 'wrong-password')).status).toBe(401);
    }
    // A fourth guess with an ordinary captcha is not even checked; nor is the right password with one.
    expect((await login(new TestClient(app, { ip: uniqueIp() }), email, 'wrong-password')).status).toBe(400);
    expect((await login(new TestClient(app, { ip: uniqueIp() }), email, password)).status).toBe(400);
    // With the captcha fetched for that email (what the login form does), the owner gets in.
    const owner = new TestClient(app, { ip: uniqueIp() });
    expect(
      (
        await send(
          owner,
          'POST',
          '/api/login',
          jsonPayload({ email, password, captcha: await owner.solveCaptcha(email) }),
        )
      ).status,
    ).toBe(200);
    // Another email from the same kind of address still logs in with an ordinary captcha.
    expect((await login(new TestClient(app, { ip: uniqueIp() }))).status).toBe(200);
    await w.t.deps.db.execute(sql`delete from rate_limits where key like 'login:%'`);
  });

  it('per email holds under concurrency: a burst of guesses with ordinary captchas gets no more than the limit checked', async () => {
    const app = w.t.withEnv({ LOGIN_LIMIT_PER_EMAIL: '3' });
    const { email } = w.logins.otherMember;
    const clients = Array.from({ length: 12 }, () => new TestClient(app, { ip: uniqueIp() }));
    const bodies = await Promise.all(
      clients.map(async (c) => jsonPayload({ email, password: 'wrong-password', captcha: await c.solveCaptcha() })),
    );
    const statuses = await Promise.all(
      clients.map((c, i) => send(c, 'POST', '/api/login', bodies[i]).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401).length, statuses.join(' ')).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 400).length, statuses.join(' ')).toBeGreaterThanOrEqual(9);
    await w.t.deps.db.execute(sql`delete from rate_limits where key like 'login:%'`);
  });

  it('per address and email holds under concurrency: a burst from one address gets no more than the limit checked', async () => {
    const app = w.t.withEnv({ LOGIN_LIMIT_PER_EMAIL: '3' });
    const { email } = w.logins.otherMember;
    const ip = uniqueIp();
    const clients = Array.from({ length: 12 }, () => new TestClient(app, { ip }));
    const bodies = await Promise.all(
      clients.map(async (c) =>
        jsonPayload({ email, password: 'wrong-password', captcha: await c.solveCaptcha(email) }),
      ),
    );
    const statuses = await Promise.all(
      clients.map((c, i) => send(c, 'POST', '/api/login', bodies[i]).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401).length, statuses.join(' ')).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length, statuses.join(' ')).toBeGreaterThanOrEqual(9);
    await w.t.deps.db.execute(sql`delete from rate_limits where key like 'login:%'`);
  });

  it('public forms per IP hold under concurrency: a burst of 10 gets exactly the limit through', async () => {
    const app = w.t.withEnv({ PUBLIC_FORM_LIMIT_PER_IP: '3' });
    const ip = uniqueIp();
    const enquiry = jsonPayload({ type: 'Membership Interest', formString: '<p>Burst probe</p>' });
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(new TestClient(app, { ip }), 'POST', '/api/contact-us', enquiry).then((r) => r.status),
      ),
    );
    expect(statuses.sort()).toEqual([201, 201, 201, ...Array(7).fill(429)]);
  });

  it('public forms per IP: over PUBLIC_FORM_LIMIT_PER_IP submissions answer 429 with Retry-After and store nothing', async () => {
    const app = w.t.withEnv({ PUBLIC_FORM_LIMIT_PER_IP: '2' });
    const client = new TestClient(app, { ip: uniqueIp() });
    const enquiry = jsonPayload({ type: 'Portfolio Enquiry', formString: '<p>Rate limit probe</p>' });
    const registration = jsonPayload({
      name: 'Asha Rao',
      email: 'asha@example.com',
      source: 'youtube',
      comments: '',
      workshop: 'N.A.',
    });
    const count = async () => (await w.t.deps.db.select({ id: enquiries.id }).from(enquiries)).length;
    const before = await count();
    expect((await send(client, 'POST', '/api/contact-us', enquiry)).status).toBe(201);
    expect((await send(client, 'POST', '/api/workshop-enquiry', registration)).status).toBe(201);
    expect429(await send(client, 'POST', '/api/contact-us', enquiry), 10 * 60);
    expect429(await send(client, 'POST', '/api/workshop-enquiry', registration), 10 * 60);
    expect(await count()).toBe(before + 1);
    expect((await send(new TestClient(app, { ip: uniqueIp() }), 'POST', '/api/contact-us', enquiry)).status).toBe(201);
  });
});

describe('captcha', () => {
  const loginWith = (captcha: string, password = w.logins.member.password) =>
    send(w.t.client(), 'POST', '/api/login', jsonPayload({ email: w.logins.member.email, password, captcha }));

  it('a solution is redeemed once: replayed after a success, or after a failed login, it is refused', async () => {
    const solved = await w.t.client().solveCaptcha();
    expect((await loginWith(solved)).status).toBe(200);
    const replay = await loginWith(solved);
    expect(replay.status).toBe(400);
    expect(replay.json).toEqual({ error: CAPTCHA_ERRORS.reused });
    expect(replay.headers.getSetCookie()).toEqual([]);

    const burnt = await w.t.client().solveCaptcha();
    expect((await loginWith(burnt, 'wrong-password')).status).toBe(401);
    expect((await loginWith(burnt)).json).toEqual({ error: CAPTCHA_ERRORS.reused });
  });

  it('two concurrent logins with one solution: exactly one passes', async () => {
    const solved = await w.t.client().solveCaptcha();
    const statuses = (await Promise.all([loginWith(solved), loginWith(solved), loginWith(solved)]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 400, 400]);
  });

  it('a tampered, a missing or an expired solution is refused', async () => {
    // The derived key is the proof of work (the counter only says how it was found).
    const solved = JSON.parse(Buffer.from(await w.t.client().solveCaptcha(), 'base64').toString()) as {
      solution: { derivedKey: string };
    };
    const key = solved.solution.derivedKey;
    solved.solution.derivedKey = (key[0] === '0' ? '1' : '0') + key.slice(1);
    expect((await loginWith(Buffer.from(JSON.stringify(solved)).toString('base64'))).json).toEqual({
      error: CAPTCHA_ERRORS.invalid,
    });
    const missing = await send(w.t.client(), 'POST', '/api/login', jsonPayload(w.logins.member));
    expect(missing.json).toEqual({ error: CAPTCHA_ERRORS.missing });
    const expired = await createCaptchaChallenge(captchaSecrets(w.t.deps.secrets), TEST_CAPTCHA_DIFFICULTY, {
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await loginWith(await solve(expired))).json).toEqual({ error: CAPTCHA_ERRORS.expired });
  });
});
