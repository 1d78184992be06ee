/** Captcha, login, logout, session check, rate limits, session lifetime and cookies; health and backend key. */
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import {
  CAPTCHA_GUARDED_ERROR,
  captchaSecrets,
  DEFAULT_CAPTCHA_DIFFICULTY,
  GUARDED_WORK_FACTOR,
} from '@server/auth/captcha';
import { hashPassword, verifyPassword } from '@server/auth/passwords';
import { hashToken, SESSION_TOUCH_INTERVAL_MS } from '@server/auth/sessions';
import { sessions, usedCaptchas } from '@server/db/schema';
import { checkSessionResponseSchema } from '@shared/schemas/session';
import { CAPTCHA_EXPIRY_MS } from '@shared/constants';
import { createMemberLogin, createUser, uniqueEmail } from '../factories/accounts';
import { solve } from '@tests/support/captcha';
import { createTestApp, TEST_CAPTCHA_DIFFICULTY, TestClient, type TestApp } from './helpers/test-app';
import { backendKeyResponseSchema } from '@shared/schemas/backend-key';

let t: TestApp;
let member: Awaited<ReturnType<typeof createMemberLogin>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMemberLogin(t.deps);
});
afterAll(() => t.close());

const sessionCookie = (client: TestClient) =>
  client.cookies.get(client.https ? '__Host-trabot_session' : 'trabot_session');

async function sessionRows(userId: number) {
  return t.deps.db.select().from(sessions).where(eq(sessions.user_id, userId));
}

async function checkSession(client: TestClient) {
  const res = await client.request('/api/check-session');
  expect(res.status).toBe(200);
  return checkSessionResponseSchema.parse(await res.json());
}

describe('GET /api/health', () => {
  it('answers ok with the database up', async () => {
    const res = await t.client().request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('GET /api/backend-key', () => {
  it('is a stable public UUID, anonymous access allowed', async () => {
    const first = await t.client().request('/api/backend-key');
    expect(first.status).toBe(200);
    const { key } = backendKeyResponseSchema.parse(await first.json());
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // A second app instance (a restart, another replica) over the same database gives the same key.
    const other = await t.withEnv({}).request('/api/backend-key');
    expect(await other.json()).toEqual({ key });
  });
});

describe('GET /api/captcha', () => {
  it('returns a signed ALTCHA v2 challenge expiring in 110 s', async () => {
    const res = await t.client().request('/api/captcha');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenge = (await res.json()) as { parameters: Record<string, unknown>; signature: string };
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', keyLength: 32 });
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const expiresInMs = (challenge.parameters.expiresAt as number) * 1000 - Date.now();
    expect(expiresInMs).toBeGreaterThan(CAPTCHA_EXPIRY_MS - 2000);
    expect(expiresInMs).toBeLessThanOrEqual(CAPTCHA_EXPIRY_MS);
  });

  it('uses the production difficulty by default, and a solution at that difficulty logs in', async () => {
    const app = createApp({ ...t.deps, captchaDifficulty: undefined });
    const res = await app.request('/api/captcha');
    const challenge = (await res.json()) as Challenge;
    expect(challenge.parameters.cost).toBe(DEFAULT_CAPTCHA_DIFFICULTY.cost);
    const captcha = await solve(challenge);
    const login = await app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.user.email, password: member.user.password, captcha }),
    });
    expect(login.status).toBe(200);
  });
});

describe('POST /api/login', () => {
  it('logs in with a solved captcha, sets the session cookie and returns the user', async () => {
    const client = t.client();
    const res = await client.login(member.user.email, member.user.password);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'success',
      user: {
        id: member.user.id,
        name: member.user.name,
        email: member.user.email,
        role: 'member',
        member_id: member.member.trabot_client_id,
        account_id: member.account.trabot_account_id,
      },
    });
    const token = sessionCookie(client);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const rows = await t.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(token!)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(await sessionRows(member.user.id))).not.toContain(token);
    expect(await checkSession(client)).toMatchObject({ status: 'success', user: { id: member.user.id } });
  });

  it('matches the email case-insensitively', async () => {
    const res = await t.client().login(member.user.email.toUpperCase(), member.user.password);
    expect(res.status).toBe(200);
  });

  it('sets HttpOnly, SameSite=Lax, Path=/ and a 7-day Max-Age; no Secure over plain http', async () => {
    const client = t.client();
    const res = await client.login(member.user.email, member.user.password);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('trabot_session='));
    expect(cookie).toBeDefined();
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${7 * 24 * 3600}`);
    expect(cookie).not.toContain('Secure');
    expect(cookie).not.toContain('Domain');
  });

  it('uses the __Host- prefix and Secure over HTTPS (X-Forwarded-Proto behind a trusted proxy)', async () => {
    const client = t.client({ origin: 'https://trabot.example' });
    const res = await client.login(member.user.email, member.user.password);
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-trabot_session='));
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Path=/');
    expect(await checkSession(client)).toMatchObject({ status: 'success' });
    // The plain-http cookie name is not accepted over HTTPS.
    const plain = t.client({ origin: 'https://trabot.example' });
    plain.cookies.set('trabot_session', sessionCookie(client)!);
    expect(await checkSession(plain)).toEqual({ status: 'error' });
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    const app = t.withEnv({ TRUST_PROXY: '0' });
    const res = await app.request('http://localhost/api/logout', {
      method: 'POST',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers.getSetCookie()[0]).toMatch(/^trabot_session=;/);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('answers 401 with the same body for a wrong password and for an unknown email', async () => {
    const wrongPassword = await t.client().login(member.user.email, 'not-the-password');
    const unknownEmail = await t.client().login(uniqueEmail('nobody'), 'not-the-password');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const body = await wrongPassword.text();
    expect(body).toBe(await unknownEmail.text());
    expect(JSON.parse(body)).toEqual({ error: 'Invalid credentials' });
    expect(wrongPassword.headers.getSetCookie()).toEqual([]);
  });

  it('takes about as long for an unknown email as for a wrong password (both verify an argon2id hash)', async () => {
    const time = async (email: string) => {
      const client = t.client();
      const captcha = await client.solveCaptcha();
      const started = performance.now();
      const res = await client.json('/api/login', { email, password: 'wrong-password', captcha });
      expect(res.status).toBe(401);
      return performance.now() - started;
    };
    // Minimums: load from parallel test files only ever adds time, so they show the intrinsic cost.
    const min = (xs: number[]) => Math.min(...xs);
    const hash = await hashPassword('reference');
    const argon: number[] = [];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      await verifyPassword(hash, 'wrong-password');
      argon.push(performance.now() - started);
      known.push(await time(member.user.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    // Without the dummy hash an unknown email would answer in a few ms, far below one argon2 verify
    // (a loose bound: on a loaded machine the in-test verify's samples vary as much as the requests').
    expect(min(unknown)).toBeGreaterThan(min(argon) * 0.4);
    expect(min(unknown)).toBeGreaterThan(min(known) * 0.5);
    expect(min(unknown)).toBeLessThan(min(known) * 2);
  });

  it('validates the body: missing fields, wrong types, bad email, lengths, malformed JSON, wrong content type', async () => {
    const client = t.client();
    const missing = await client.json('/api/login', {});
    expect(missing.status).toBe(400);
    const missingBody = (await missing.json()) as { error: string; fields: Record<string, string> };
    expect(Object.keys(missingBody.fields)).toEqual(expect.arrayContaining(['email', 'password']));

    const wrongType = await client.json('/api/login', { email: 42, password: ['x'], captcha: 'x' });
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { fields: object }).fields).toHaveProperty('email');

    const badEmail = await client.json('/api/login', { email: 'not-an-email', password: 'x', captcha: 'x' });
    expect(badEmail.status).toBe(400);
    expect(((await badEmail.json()) as { fields: Record<string, string> }).fields.email).toBe('Enter a valid email');

    // zod/mini carries no locale: each length check names its field in our words, not zod's fallback.
    const tooLong = await client.json('/api/login', {
      email: `${'a'.repeat(250)}@x.in`,
      password: 'p'.repeat(1025),
      captcha: 'x',
    });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { fields: Record<string, string> }).fields).toEqual({
      email: 'Email is too long',
      password: 'Password is too long',
    });

    const malformed = await client.request('/api/login', {
      method: 'POST',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'Malformed JSON body' });

    const form = await client.request('/api/login', {
      method: 'POST',
      body: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(((await form.json()) as { error: string }).error).toMatch(/JSON/);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t
      .client()
      .json('/api/login', { email: 'a@b.example', password: 'x'.repeat(300 * 1024), captcha: 'x' });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body too large (at most 8 KB here)' });
  });
});

describe('captcha checks at login', () => {
  const login = (client: TestClient, captcha: string | undefined) =>
    client.json('/api/login', {
      email: member.user.email,
      password: member.user.password,
      ...(captcha === undefined ? {} : { captcha }),
    });

  it('400 when the captcha is missing', async () => {
    const res = await login(t.client(), undefined);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Captcha is missing' });
  });

  it('400 for garbage, a test-mode payload, a wrong solution or a tampered challenge', async () => {
    const client = t.client();
    for (const garbage of [
      'not base64 json',
      Buffer.from('{"a":1}').toString('base64'),
      btoa(JSON.stringify({ challenge: null, solution: null, test: true })),
    ]) {
      const res = await login(client, garbage);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Captcha is invalid' });
    }
    const challengeRes = await client.request('/api/captcha');
    const challenge = (await challengeRes.json()) as { parameters: { expiresAt: number }; signature: string };
    const solved = JSON.parse(Buffer.from(await solve(challenge as never), 'base64').toString()) as {
      challenge: { parameters: Record<string, unknown> };
      solution: { counter: number; derivedKey: string };
    };
    const flipped = (solved.solution.derivedKey[0] === '0' ? '1' : '0') + solved.solution.derivedKey.slice(1);
    const wrongSolution = { ...solved, solution: { ...solved.solution, derivedKey: flipped } };
    const res1 = await login(client, Buffer.from(JSON.stringify(wrongSolution)).toString('base64'));
    expect(res1.status).toBe(400);
    // Pushing the expiry out invalidates the signature.
    const tampered = {
      ...solved,
      challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, expiresAt: 4102444800 } },
    };
    const res2 = await login(client, Buffer.from(JSON.stringify(tampered)).toString('base64'));
    expect(res2.status).toBe(400);
    expect(await res2.json()).toEqual({ error: 'Captcha is invalid' });
    // The untouched solution still works: failed attempts did not burn it.
    expect((await login(client, Buffer.from(JSON.stringify(solved)).toString('base64'))).status).toBe(200);
  });

  it('400 for a challenge signed by another server', async () => {
    const foreign = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 10,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: 'someone-else',
      hmacKeySignatureSecret: 'someone-else-too',
    });
    const res = await login(t.client(), await solve(foreign));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Captcha is invalid' });
  });

  it('400 for an expired challenge', async () => {
    const expired = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 10,
      deriveKey,
      expiresAt: new Date(Date.now() - 1000),
      ...captchaSecrets(t.deps.secrets),
    });
    const res = await login(t.client(), await solve(expired));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Captcha has expired' });
  });

  it('accepts each solution once, even for two concurrent replays', async () => {
    const client = t.client();
    const captcha = await client.solveCaptcha();
    expect((await login(client, captcha)).status).toBe(200);
    const replay = await login(client, captcha);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: 'Captcha has already been used' });

    const fresh = await client.solveCaptcha();
    const [a, b] = await Promise.all([login(t.client(), fresh), login(t.client(), fresh)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    // The redeemed challenge is kept until it expires.
    const nonce = (
      JSON.parse(Buffer.from(fresh, 'base64').toString()) as { challenge: { parameters: { nonce: string } } }
    ).challenge.parameters.nonce;
    const [row] = await t.deps.db.select().from(usedCaptchas).where(eq(usedCaptchas.challenge_id, nonce));
    expect(row!.expires_at.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('rate limits', () => {
  it('429 with Retry-After after LOGIN_LIMIT_PER_IP attempts from one address, whatever their outcome', async () => {
    const app = t.withEnv({ LOGIN_LIMIT_PER_IP: '3' });
    const client = new TestClient(app, { ip: '203.0.113.7' });
    expect((await client.login(member.user.email, 'wrong')).status).toBe(401);
    expect((await client.json('/api/login', { email: member.user.email, password: 'x' })).status).toBe(400);
    expect((await client.login(member.user.email, member.user.password)).status).toBe(200);
    const limited = await client.login(member.user.email, member.user.password);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(((await limited.json()) as { error: string }).error).toMatch(/Too many login attempts/);
    // Another address is not affected.
    expect(
      (await new TestClient(app, { ip: '203.0.113.8' }).login(member.user.email, member.user.password)).status,
    ).toBe(200);
  });

  it('429 for one email from one address after LOGIN_LIMIT_PER_EMAIL failed attempts there, even with the right password; other addresses unaffected', async () => {
    const target = await createUser(t.deps);
    const app = t.withEnv({ LOGIN_LIMIT_PER_EMAIL: '2' });
    const attacker = new TestClient(app, { ip: '198.51.100.1' });
    expect((await attacker.login(target.email, 'guess-1')).status).toBe(401);
    expect((await attacker.login(target.email.toUpperCase(), 'guess-2')).status).toBe(401);
    const limited = await attacker.login(target.email, target.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same address may still log in to other emails; the owner gets in from elsewhere at once.
    expect((await attacker.login(member.user.email, member.user.password)).status).toBe(200);
    expect((await new TestClient(app, { ip: '198.51.100.2' }).login(target.email, target.password)).status).toBe(200);
    // The window ending (moved back in the database) lifts the limit.
    await t.deps.db.execute(
      sql`update rate_limits set window_start = now() - interval '16 minutes' where key like 'login:%'`,
    );
    expect((await attacker.login(target.email, target.password)).status).toBe(200);
  });

  it('an email with LOGIN_LIMIT_PER_EMAIL failures across addresses needs a harder captcha issued for it; never a lockout', async () => {
    const target = await createUser(t.deps);
    const app = t.withEnv({ LOGIN_LIMIT_PER_EMAIL: '2' });
    const from = (n: number) => new TestClient(app, { ip: `198.51.100.${10 + n}` });
    const plainCaptcha = async (client: TestClient) => client.solveCaptcha();
    expect((await from(1).login(target.email, 'guess-1')).status).toBe(401);
    expect((await from(2).login(target.email, 'guess-2')).status).toBe(401);

    const challenge = async (email?: string) =>
      (await (
        await from(3).request(`/api/captcha${email ? `?email=${encodeURIComponent(email)}` : ''}`)
      ).json()) as Challenge;
    const guarded = await challenge(target.email.toUpperCase());
    expect(guarded.parameters.data).toEqual({ guardedEmail: target.email.toLowerCase() });
    // GUARDED_WORK_FACTOR times the work: the solver counts up to the counter the server chose.
    const work = await solveChallenge({ challenge: guarded, deriveKey });
    expect(work!.counter).toBeGreaterThanOrEqual(TEST_CAPTCHA_DIFFICULTY.minCounter * GUARDED_WORK_FACTOR);
    expect((await challenge()).parameters.data).toBeUndefined();
    expect((await challenge(member.user.email)).parameters.data).toBeUndefined();

    // A plain captcha, or one issued for another email, no longer does for this one (the right password included).
    const plain = from(4);
    const refused = await plain.json('/api/login', {
      email: target.email,
      password: target.password,
      captcha: await plainCaptcha(plain),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(CAPTCHA_GUARDED_ERROR);
    // The owner, with the captcha the login form fetches for the email typed, gets in at once.
    expect((await from(5).login(target.email, target.password)).status).toBe(200);
    // Other emails keep the plain captcha.
    const other = from(6);
    expect(
      (
        await other.json('/api/login', {
          email: member.user.email,
          password: member.user.password,
          captcha: await plainCaptcha(other),
        })
      ).status,
    ).toBe(200);
  });

  it('a successful login clears the failed count for that email', async () => {
    const target = await createUser(t.deps);
    const app = t.withEnv({ LOGIN_LIMIT_PER_EMAIL: '2' });
    const client = new TestClient(app, { ip: '192.0.2.50' });
    expect((await client.login(target.email, 'typo')).status).toBe(401);
    expect((await client.login(target.email, target.password)).status).toBe(200);
    expect((await client.login(target.email, 'typo again')).status).toBe(401);
    expect((await client.login(target.email, target.password)).status).toBe(200);
  });
});

describe('sessions', () => {
  it('check-session without a cookie, or with an unknown or malformed one, answers {status:"error"}', async () => {
    expect(await checkSession(t.client())).toEqual({ status: 'error' });
    const forged = t.client();
    forged.cookies.set('trabot_session', 'A'.repeat(43));
    expect(await checkSession(forged)).toEqual({ status: 'error' });
    forged.cookies.set('trabot_session', '../../etc/passwd');
    expect(await checkSession(forged)).toEqual({ status: 'error' });
  });

  it('login rotates the session: a new token, the old session row deleted', async () => {
    const client = t.client();
    await client.login(member.user.email, member.user.password);
    const before = sessionCookie(client)!;
    const res = await client.login(member.user.email, member.user.password);
    expect(res.status).toBe(200);
    const after = sessionCookie(client)!;
    expect(after).not.toBe(before);
    const stored = (await sessionRows(member.user.id)).map((r) => r.token_hash);
    expect(stored).toContain(hashToken(after));
    expect(stored).not.toContain(hashToken(before));
    const old = t.client();
    old.cookies.set('trabot_session', before);
    expect(await checkSession(old)).toEqual({ status: 'error' });
  });

  it('logout deletes the session server-side and clears the cookie; the old cookie is then refused', async () => {
    const client = t.client();
    await client.login(member.user.email, member.user.password);
    const token = sessionCookie(client)!;
    const res = await client.request('/api/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'success' });
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('trabot_session='));
    expect(cleared).toMatch(/^trabot_session=;/);
    expect(cleared).toContain('Max-Age=0');
    expect(
      await t.deps.db
        .select()
        .from(sessions)
        .where(eq(sessions.token_hash, hashToken(token))),
    ).toHaveLength(0);
    const replay = t.client();
    replay.cookies.set('trabot_session', token);
    expect(await checkSession(replay)).toEqual({ status: 'error' });
  });

  it('logout without a session is a harmless 200', async () => {
    const res = await t.client().request('/api/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'success' });
  });

  it('ends after 24 h idle', async () => {
    const client = t.client();
    await client.login(member.user.email, member.user.password);
    const hash = hashToken(sessionCookie(client)!);
    await t.deps.db
      .update(sessions)
      .set({ last_seen_at: sql`now() - interval '23 hours 59 minutes'` })
      .where(eq(sessions.token_hash, hash));
    expect(await checkSession(client)).toMatchObject({ status: 'success' });
    // That request refreshed last_seen_at (it was older than a minute).
    const [touched] = await t.deps.db.select().from(sessions).where(eq(sessions.token_hash, hash));
    expect(Date.now() - touched!.last_seen_at.getTime()).toBeLessThan(60_000);
    await t.deps.db
      .update(sessions)
      .set({ last_seen_at: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(sessions.token_hash, hash));
    expect(await checkSession(client)).toEqual({ status: 'error' });
  });

  it('ends 7 days after login even when used every day', async () => {
    const client = t.client();
    await client.login(member.user.email, member.user.password);
    const hash = hashToken(sessionCookie(client)!);
    await t.deps.db
      .update(sessions)
      .set({ expires_at: sql`now() + interval '1 minute'` })
      .where(eq(sessions.token_hash, hash));
    expect(await checkSession(client)).toMatchObject({ status: 'success' });
    await t.deps.db
      .update(sessions)
      .set({ created_at: sql`now() - interval '7 days'`, expires_at: sql`now() - interval '1 second'` })
      .where(eq(sessions.token_hash, hash));
    expect(await checkSession(client)).toEqual({ status: 'error' });
  });

  it('writes last_seen_at at most once a minute', async () => {
    const client = t.client();
    await client.login(member.user.email, member.user.password);
    const hash = hashToken(sessionCookie(client)!);
    const recent = new Date(Date.now() - SESSION_TOUCH_INTERVAL_MS / 2);
    await t.deps.db.update(sessions).set({ last_seen_at: recent }).where(eq(sessions.token_hash, hash));
    await checkSession(client);
    await checkSession(client);
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.token_hash, hash));
    expect(row!.last_seen_at.getTime()).toBe(recent.getTime());
  });

  it('a deleted user loses the session', async () => {
    const temp = await createUser(t.deps);
    const client = t.client();
    expect((await client.login(temp.email, temp.password)).status).toBe(200);
    await t.deps.db.execute(sql`delete from users where id = ${temp.id}`);
    expect(await checkSession(client)).toEqual({ status: 'error' });
  });
});

describe('logging', () => {
  it('logs one line per request (method, path, status, ms) and never passwords, captchas, tokens or cookies', async () => {
    const client = t.client();
    const captcha = await client.solveCaptcha();
    await client.json('/api/login', { email: member.user.email, password: member.user.password, captcha });
    const token = sessionCookie(client)!;
    await client.request('/api/check-session');
    const lines = t.logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'request',
        method: 'GET',
        path: '/api/check-session',
        status: 200,
        ms: expect.any(Number),
      }),
    );
    const all = t.logLines.join('\n');
    expect(all).not.toContain(member.user.password);
    expect(all).not.toContain(token);
    expect(all).not.toContain(captcha.slice(0, 40));
  });
});
