/**
 * Protective orders of an intraday position at Dhan (docs/decisions/2026-11-27-protective-orders-at-dhan.md)
 * against the local Dhan (tests/support/fake-dhan.ts): the stop as a STOP_LOSS order (triggerPrice
 * and price) and the target as a LIMIT order, each with its `correlationId`, on POST /v2/orders;
 * modified with PUT /v2/orders/{id}. A delivery position's is a forever OCO: dhan-forever.test.ts.
 */
import { expect } from 'vitest';
import { protectionContract } from './support/protection-contract';

protectionContract(
  'dhan',
  {
    isPlacement: (r) => r.method === 'POST' && r.path === '/v2/orders',
    isModify: (r) => r.method === 'PUT' && r.path.startsWith('/v2/orders/'),
    stopBody: (body, tag) =>
      expect(body).toMatchObject({
        correlationId: tag,
        transactionType: 'SELL',
        exchangeSegment: 'NSE_EQ',
        productType: 'INTRADAY',
        orderType: 'STOP_LOSS',
        quantity: 10,
        triggerPrice: 1450,
        price: 1450,
      }),
    targetBody: (body, tag) =>
      expect(body).toMatchObject({ correlationId: tag, transactionType: 'SELL', orderType: 'LIMIT', price: 1600 }),
  },
  'intraday',
);
