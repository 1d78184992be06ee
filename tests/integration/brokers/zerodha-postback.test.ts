/**
 * Kite's order postbacks: POST /api/brokers/zerodha/postback with Kite's JSON and its
 * checksum (SHA-256 of order_id + order_timestamp + api_secret). A genuine one wakes the engine,
 * which asks Kite itself; a forged or malformed one is refused and wakes nothing. No session, no
 * origin check: Kite posts from its own servers.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const SECRET = 'kite-postback-secret';
let t: TestApp;
let wakes = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { KITE_API_KEY: 'kitekey', KITE_API_SECRET: SECRET } });
  t.deps.engine = { wake: () => void wakes++ };
});
afterAll(() => t.close());

/** A postback as Kite sends it (abridged: Kite sends the whole order). */
function postback(over: Record<string, unknown> = {}, secret = SECRET) {
  const order = {
    order_id: '220303000308932',
    order_timestamp: '2026-01-05 09:15:03',
    status: 'COMPLETE',
    tag: 'TB12L34',
    filled_quantity: 320,
    average_price: 250,
    user_id: 'ZX4821',
    ...over,
  };
  return {
    ...order,
    checksum: createHash('sha256').update(`${order.order_id}${order.order_timestamp}${secret}`).digest('hex'),
  };
}

const send = (body: unknown, headers: Record<string, string> = {}) =>
  t.client().request('/api/brokers/zerodha/postback', {
    method: 'POST',
    json: body,
    headers: { origin: 'https://kite.zerodha.com', 'sec-fetch-site': 'cross-site', ...headers },
  });

describe('POST /api/brokers/zerodha/postback', () => {
  it('accepts a genuine postback from Kite and wakes the engine', async () => {
    const before = wakes;
    const res = await send(postback());
    expect([res.status, await res.json()]).toEqual([200, { received: true }]);
    expect(wakes).toBe(before + 1);
    expect(t.logLines.some((l) => l.includes('"zerodha postback"') && l.includes('"tag":"TB12L34"'))).toBe(true);
  });

  it('refuses a forged checksum or a changed order (401), and a malformed body (400); nothing wakes', async () => {
    const before = wakes;
    expect((await send(postback({}, 'not-the-secret'))).status).toBe(401);
    expect((await send({ ...postback(), order_id: '220303000308999' })).status).toBe(401);
    const bad = await send({ order_id: 'x', order_timestamp: 'y', checksum: 'zz' });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fields: object }).fields)).toEqual(['checksum']);
    expect(wakes).toBe(before);
  });

  it('is not found on a server without a Zerodha app', async () => {
    const bare = t.withEnv({ KITE_API_KEY: '', KITE_API_SECRET: '' });
    const res = await bare.request('http://localhost:3000/api/brokers/zerodha/postback', {
      method: 'POST',
      body: JSON.stringify(postback()),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(404);
  });
});
