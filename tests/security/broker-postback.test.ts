/**
 * Hardening (the second outside sweep): POST /api/brokers/zerodha/postback is open to anyone
 * (Kite posts from its own servers, authenticated by a checksum only), so it takes only what one
 * Kite order needs (8 KB; 413 above, before the body is read) and a limited number of requests
 * per address (POSTBACK_LIMIT_PER_IP a minute; 429 with Retry-After above). A refused postback
 * costs nothing: it only wakes the engine, which asks Kite for the order itself.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BODY_LIMITS } from '@server/security/body-limits';
import { createTestApp, type TestApp } from '../integration/helpers/test-app';

const SECRET = 'security-postback-secret';
const LIMIT = 5;
const PATH = '/api/brokers/zerodha/postback';
let t: TestApp;
let wakes = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { KITE_API_KEY: 'kitekey', KITE_API_SECRET: SECRET, POSTBACK_LIMIT_PER_IP: String(LIMIT) },
  });
  t.deps.engine = { wake: () => void wakes++ };
});
afterAll(() => t.close());

/** A whole order as Kite's postback carries it (Kite Connect v3 docs, "Postbacks"), signed. */
function postback(over: Record<string, unknown> = {}) {
  const order = {
    user_id: 'AB1234',
    unfilled_quantity: 0,
    app_id: 1234,
    checksum: '',
    placed_by: 'AB1234',
    order_id: '220303000308932',
    exchange_order_id: '1000000001482421',
    parent_order_id: null,
    status: 'COMPLETE',
    status_message: null,
    status_message_raw: null,
    order_timestamp: '2026-01-05 09:15:03',
    exchange_update_timestamp: '2026-01-05 09:15:03',
    exchange_timestamp: '2026-01-05 09:15:03',
    variety: 'regular',
    exchange: 'NSE',
    tradingsymbol: 'RELIANCE',
    instrument_token: 738561,
    order_type: 'MARKET',
    transaction_type: 'BUY',
    validity: 'DAY',
    product: 'MIS',
    quantity: 1,
    disclosed_quantity: 0,
    price: 0,
    trigger_price: 0,
    average_price: 2950.5,
    filled_quantity: 1,
    pending_quantity: 0,
    cancelled_quantity: 0,
    market_protection: 0,
    meta: {},
    tag: 'TB12L34',
    guid: 'Ow23fkEdAVZl8Lu',
    ...over,
  };
  return {
    ...order,
    checksum: createHash('sha256').update(`${order.order_id}${order.order_timestamp}${SECRET}`).digest('hex'),
  };
}

const send = (body: string, ip: string) =>
  t.client({ ip }).request(PATH, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

describe('the broker postback', () => {
  it('takes a whole Kite order (about 1 KB) and refuses a body over 8 KB with 413, unread', async () => {
    expect(PUBLIC_BODY_LIMITS[PATH]).toBe(8 * 1024);
    const genuine = JSON.stringify(postback());
    expect(genuine.length).toBeLessThan(2 * 1024);
    expect((await send(genuine, '198.51.100.1')).status).toBe(200);

    const before = wakes;
    const padded = JSON.stringify(postback({ meta: { pad: 'x'.repeat(8 * 1024) } }));
    const res = await send(padded, '198.51.100.2');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body too large (at most 8 KB here)' });
    expect(wakes).toBe(before);
  });

  it(`answers 429 with Retry-After past POSTBACK_LIMIT_PER_IP (${LIMIT} here) from one address; others go on`, async () => {
    const body = JSON.stringify(postback());
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await send(body, '203.0.113.7')).status);
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    const refused = await send(body, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({ error: 'Too many postbacks from this address' });
    // Another address is not held up.
    expect((await send(body, '203.0.113.8')).status).toBe(200);
    expect(t.logLines.filter((l) => l.includes('zerodha postback refused: too many')).length).toBe(1);
  });
});
