/**
 * The fake brokers' own rules, asked over the wire as a client would (each broker's documented
 * requests, not Trabot's adapters), so a fake that agrees with Trabot by construction fails here
 * (docs/decisions/2026-12-07-fakes-refuse-what-brokers-refuse.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeKite, type FakeKite } from '../../support/fake-kite';
import { KITE_NO_HOLDING, kiteNeedsAuthorisation } from '../../support/fake-kite-demat';

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

describe('fake Kite: CNC sells against the holdings and the CDSL TPIN authorisation', () => {
  const cnc = (side: 'BUY' | 'SELL', quantity: number, extra: Record<string, string | number> = {}) => ({
    exchange: 'NSE',
    tradingsymbol: 'HOLDCO',
    transaction_type: side,
    quantity,
    product: 'CNC',
    order_type: 'MARKET',
    market_protection: -1,
    validity: 'DAY',
    ...extra,
  });

  it("a sell beyond the holding, today's buys and the pending sells is refused (HoldingException); today's buys sell without TPIN", async () => {
    const token = kite.newAccessToken('ZR0002');
    kite.setLtp('HOLDCO', 500);
    expect(await kiteCall('POST', '/orders/regular', token, cnc('SELL', 1))).toEqual({
      status: 400,
      body: { status: 'error', message: KITE_NO_HOLDING, error_type: 'HoldingException', data: null },
    });
    expect((await kiteCall('POST', '/orders/regular', token, cnc('BUY', 10))).status).toBe(200);
    // A resting sell of 6 blocks them: 4 left to sell, none from the demat account (no TPIN needed).
    const resting = cnc('SELL', 6, { order_type: 'LIMIT', price: 520 });
    delete (resting as Record<string, unknown>).market_protection;
    expect((await kiteCall('POST', '/orders/regular', token, resting)).status).toBe(200);
    expect((await kiteCall('POST', '/orders/regular', token, cnc('SELL', 5))).body.message).toBe(KITE_NO_HOLDING);
    expect((await kiteCall('POST', '/orders/regular', token, cnc('SELL', 4))).status).toBe(200);
    // An intraday (MIS) sell is not a demat sell.
    expect((await kiteCall('POST', '/orders/regular', token, { ...cnc('SELL', 3), product: 'MIS' })).status).toBe(200);
  });

  it("without DDPI, a sell of holdings needs the day's TPIN authorisation (HTTP 428, Kite's words); with it, or once authorised, it goes", async () => {
    const token = kite.newAccessToken('ZR0003');
    kite.setLtp('HOLDCO', 500);
    kite.demat.setHoldings('ZR0003', 'HOLDCO', 50);
    expect(await kiteCall('POST', '/orders/regular', token, cnc('SELL', 10))).toMatchObject({
      status: 428,
      body: { message: kiteNeedsAuthorisation(10), error_type: 'HoldingException' },
    });
    kite.demat.authorise('ZR0003', 'HOLDCO', 15);
    expect((await kiteCall('POST', '/orders/regular', token, cnc('SELL', 10))).status).toBe(200);
    // 15 authorised, 10 sold: a sell of 10 more needs 5 more authorised.
    expect((await kiteCall('POST', '/orders/regular', token, cnc('SELL', 10))).body.message).toBe(
      kiteNeedsAuthorisation(5),
    );
    kite.demat.setDdpi('ZR0003', true);
    expect((await kiteCall('POST', '/orders/regular', token, cnc('SELL', 10))).status).toBe(200);
  });

  it("a sell GTT of holdings on an account without DDPI or the day's authorisation fails when it triggers: order_result failed, with Kite's words", async () => {
    const token = kite.newAccessToken('ZR0004');
    kite.setLtp('HOLDCO', 500);
    kite.demat.setHoldings('ZR0004', 'HOLDCO', 8);
    const placed = await kiteCall('POST', '/gtt/triggers', token, {
      type: 'single',
      condition: JSON.stringify({ exchange: 'NSE', tradingsymbol: 'HOLDCO', trigger_values: [480], last_price: 500 }),
      orders: JSON.stringify([
        {
          exchange: 'NSE',
          tradingsymbol: 'HOLDCO',
          transaction_type: 'SELL',
          quantity: 8,
          order_type: 'LIMIT',
          product: 'CNC',
          price: 479,
        },
      ]),
    });
    expect(placed.status).toBe(200);
    const orders = kite.orders.length;
    kite.setLtp('HOLDCO', 478);
    const gtt = kite.gtts.find((g) => g.id === Number(placed.body.data!.trigger_id))!;
    expect(gtt.status).toBe('triggered');
    expect(gtt.orders[0]!.result!.order_result).toEqual({
      status: 'failed',
      order_id: '',
      rejection_reason: kiteNeedsAuthorisation(8),
    });
    expect(kite.orders.length).toBe(orders);
  });
});
