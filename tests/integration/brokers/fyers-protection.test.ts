/**
 * Protective orders of an intraday position at Fyers (docs/decisions/2026-11-27-protective-orders-at-fyers.md) against the
 * local Fyers (tests/support/fake-fyers.ts): the stop as a stop-limit order (type 4, side -1,
 * stopPrice and limitPrice) and the target as a limit order (type 1), each with its `orderTag`, on
 * POST /api/v3/orders/sync; modified with PATCH on the same path.
 */
import { expect } from 'vitest';
import { protectionContract } from './support/protection-contract';

protectionContract('fyers', {
  isPlacement: (r) => r.method === 'POST' && r.path === '/api/v3/orders/sync',
  isModify: (r) => r.method === 'PATCH' && r.path === '/api/v3/orders/sync',
  stopBody: (body, tag) =>
    expect(body).toMatchObject({
      symbol: 'NSE:INFY-EQ',
      qty: 10,
      type: 4,
      side: -1,
      productType: 'INTRADAY',
      stopPrice: 1450,
      limitPrice: 1450,
      orderTag: tag,
    }),
  targetBody: (body, tag) =>
    expect(body).toMatchObject({ symbol: 'NSE:INFY-EQ', qty: 10, type: 1, side: -1, limitPrice: 1600, orderTag: tag }),
});
