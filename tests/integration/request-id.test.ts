/**
 * A request id on every request (http/request-id.ts): echoed in X-Request-Id, made when the
 * request brings none or an unsafe one, and carried by every log line written while the request
 * is handled, concurrent requests each by their own.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngine } from '@server/engine/runner';
import { requestIds, requestLogFields } from '@server/http/request-id';
import { createMemberLogin } from '../factories/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let email: string;

beforeAll(async () => {
  t = await createTestApp();
  email = (await createMemberLogin(t.deps)).user.email;
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Line = { msg: string; requestId?: string };
const parsed = (lines: string[]) => lines.map((l) => JSON.parse(l) as Line);

/** A wrong-password login (the captcha solved first, in a request of its own): its answer and the lines it logged. */
async function failedLogin(headers: Record<string, string> = {}) {
  const client = t.client();
  const captcha = await client.solveCaptcha(email);
  const from = t.logLines.length;
  const res = await client.json('/api/login', { email, password: 'not the password', captcha }, headers);
  expect(res.status).toBe(401);
  return { res, lines: parsed(t.logLines.slice(from)) };
}

describe('request ids', () => {
  it('makes one, echoes it in X-Request-Id, and every line logged for the request carries it', async () => {
    const { res, lines } = await failedLogin();
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(lines.map((l) => l.msg)).toEqual(['login failed: invalid credentials', 'request']);
    expect(lines.map((l) => l.requestId)).toEqual([id, id]);
    expect(JSON.stringify(lines)).not.toContain('not the password');
  });

  it("keeps a caller's sane id; an unsafe or overlong one is replaced by a made one", async () => {
    const kept = await failedLogin({ 'X-Request-Id': 'edge-7f3a_91' });
    expect(kept.res.headers.get('x-request-id')).toBe('edge-7f3a_91');
    expect(kept.lines.map((l) => l.requestId)).toEqual(['edge-7f3a_91', 'edge-7f3a_91']);

    for (const unsafe of ['a b', '"},"level":60', 'x'.repeat(65)]) {
      const { res, lines } = await failedLogin({ 'X-Request-Id': unsafe });
      const id = res.headers.get('x-request-id')!;
      expect(id).toMatch(UUID);
      expect(lines.map((l) => l.requestId)).toEqual([id, id]);
    }
  });

  it('answers an error with its id too', async () => {
    const res = await t.client().request('/api/no-such-thing', { headers: { 'X-Request-Id': 'lost-1' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('lost-1');
  });

  it('gives concurrent requests their own ids, line by line', async () => {
    const client = t.client();
    const captchas = await Promise.all([client.solveCaptcha(email), client.solveCaptcha(email)]);
    const from = t.logLines.length;
    await Promise.all(
      ['first-1', 'second-2'].map((id, i) =>
        client.json('/api/login', { email, password: 'wrong', captcha: captchas[i] }, { 'X-Request-Id': id }),
      ),
    );
    const lines = parsed(t.logLines.slice(from));
    for (const msg of ['login failed: invalid credentials', 'request'])
      expect(
        lines
          .filter((l) => l.msg === msg)
          .map((l) => l.requestId)
          .sort(),
      ).toEqual(['first-1', 'second-2']);
  });

  it("an engine tick a request wakes is not that request's: its lines carry no request id", async () => {
    const seen: ReturnType<typeof requestLogFields>[] = [];
    let ticked = () => {};
    const engine = runEngine({
      engine: {
        tick: () => {
          seen.push(requestLogFields());
          ticked();
          return Promise.resolve();
        },
      },
      lock: { tryAcquire: () => Promise.resolve(true), release: () => Promise.resolve() },
      log: t.deps.log,
      intervalMs: 3_600_000,
    });
    try {
      await new Promise<void>((resolve) => (ticked = resolve)); // the first tick, at the start
      await new Promise(setImmediate); // and its end: a wake now runs a tick of its own
      const app = new Hono();
      app.use('*', requestIds);
      app.post('/approve', (c) => {
        engine.wake();
        return c.json({ during: requestLogFields() });
      });
      const woken = new Promise<void>((resolve) => (ticked = resolve));
      const res = await app.request('/approve', { method: 'POST', headers: { 'X-Request-Id': 'approve-1' } });
      expect(await res.json()).toEqual({ during: { requestId: 'approve-1' } });
      await woken;
      expect(seen).toEqual([{}, {}]);
    } finally {
      await engine.stop();
    }
  });
});
