/**
 * The fake brokers' own rules, asked over the wire as a client would (each broker's documented
 * requests, not Trabot's adapters), so a fake that agrees with Trabot by construction fails here
 * (docs/decisions/2026-12-07-fakes-refuse-what-brokers-refuse.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKite, type FakeKite } from '../../support/fake-kite';

let kite: FakeKite;

/** One Kite request as the wire carries it (form-encoded, `token api_key:access_token`). */
async function kiteCall(method: string, path: string, token: string, form: Record<string, string | number> = {}) {
  const body = new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString();
  const response = await fetch(`${kite.root}${path}${method === 'GET' && body ? `?${body}` : ''}`, {
    method,
    headers: {
      'X-Kite-Version': '3',
      Authorization: `token ${kite.apiKey}:${token}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    ...(method === 'GET' ? {} : { body }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { status: string; message?: string; data?: Record<string, unknown> },
  };
}

beforeAll(async () => {
  kite = await startFakeKite();
});
afterAll(async () => {
  await kite.close();
});

describe('fake Kite: a triggered SL-M', () => {
  it('fills at the market price it met (not at its price of 0)', async () => {
    const token = kite.newAccessToken('ZR0001');
    kite.setLtp('GAPCO', 900);
    const placed = await kiteCall('POST', '/orders/regular', token, {
      exchange: 'NSE',
      tradingsymbol: 'GAPCO',
      transaction_type: 'SELL',
      quantity: 4,
      product: 'MIS',
      order_type: 'SL-M',
      trigger_price: 890,
      market_protection: -1,
      validity: 'DAY',
    });
    expect(placed.status).toBe(200);
    const id = String(placed.body.data!.order_id);
    expect(kite.orders.find((o) => o.order_id === id)!.status).toBe('TRIGGER PENDING');
    // A gap through the trigger: the stop meets the market at 870.
    kite.setLtp('GAPCO', 870);
    kite.match();
    const order = kite.orders.find((o) => o.order_id === id)!;
    expect(order).toMatchObject({ status: 'COMPLETE', filled_quantity: 4, average_price: 870 });
  });
});
