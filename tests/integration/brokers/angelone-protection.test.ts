/**
 * Protective orders of an intraday position at Angel One (docs/decisions/2026-11-27-protective-orders-at-angel-one.md)
 * against the local SmartAPI (tests/support/fake-angelone.ts): the stop as variety STOPLOSS,
 * ordertype STOPLOSS_LIMIT (triggerprice and price as strings) and the target as a NORMAL LIMIT
 * order, each with its `ordertag`, on placeOrder; modified with modifyOrder.
 */
import { expect } from 'vitest';
import { protectionContract } from './support/protection-contract';

protectionContract('angelone', {
  isPlacement: (r) => r.method === 'POST' && r.path.endsWith('/order/v1/placeOrder'),
  isModify: (r) => r.method === 'POST' && r.path.endsWith('/order/v1/modifyOrder'),
  stopBody: (body, tag) =>
    expect(body).toMatchObject({
      variety: 'STOPLOSS',
      tradingsymbol: 'INFY-EQ',
      transactiontype: 'SELL',
      ordertype: 'STOPLOSS_LIMIT',
      producttype: 'INTRADAY',
      triggerprice: '1450',
      price: '1450',
      quantity: '10',
      ordertag: tag,
    }),
  targetBody: (body, tag) =>
    expect(body).toMatchObject({
      variety: 'NORMAL',
      transactiontype: 'SELL',
      ordertype: 'LIMIT',
      price: '1600',
      quantity: '10',
      ordertag: tag,
    }),
});
