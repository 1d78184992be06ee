/**
 * Protective orders of an intraday position at Upstox (docs/decisions/2026-11-27-protective-orders-at-upstox.md) against
 * the local Upstox (tests/support/fake-upstox.ts): the stop as an SL order (trigger_price and
 * price, no market_protection: Upstox takes it on MARKET and SL-M only) and the target as a LIMIT
 * order, each with its `tag`, on POST /v3/order/place; modified with PUT /v2/order/modify.
 */
import { expect } from 'vitest';
import { protectionContract } from './support/protection-contract';

protectionContract('upstock', {
  isPlacement: (r) => r.method === 'POST' && r.path === '/v3/order/place',
  isModify: (r) => r.method === 'PUT' && r.path === '/v2/order/modify',
  stopBody: (body, tag) => {
    expect(body).toMatchObject({
      transaction_type: 'SELL',
      quantity: 10,
      product: 'I',
      order_type: 'SL',
      trigger_price: 1450,
      price: 1450,
      tag,
    });
    expect(body).not.toHaveProperty('market_protection');
  },
  targetBody: (body, tag) =>
    expect(body).toMatchObject({ transaction_type: 'SELL', quantity: 10, order_type: 'LIMIT', price: 1600, tag }),
});
