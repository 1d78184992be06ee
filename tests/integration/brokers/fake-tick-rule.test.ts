/**
 * The fakes refuse an order price off the instrument's tick as the exchange does (tests/support/
 * fake-tick-rule.ts): here Kite's InputException through the official client, which the adapter
 * answers as a rejected order with Kite's words; and the rule itself on NSE's bands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZerodhaAdapter } from '@server/brokers/zerodha/zerodha-adapter';
import { startFakeKite, type FakeKite } from '../../support/fake-kite';
import { nseTickSize } from '@shared/ticks';
import { exchangeTick, offTickPrice, offTickText } from '../../support/fake-tick-rule';
import { orderRequest } from './support/shared-contract';

let kite: FakeKite;
let adapter: ZerodhaAdapter;
const NOW = new Date('2026-01-05T04:00:00Z');

beforeAll(async () => {
  kite = await startFakeKite();
  adapter = new ZerodhaAdapter({ apiKey: kite.apiKey, apiSecret: kite.apiSecret, root: kite.root, now: () => NOW });
  kite.setLtp('INFY', 1500);
});
afterAll(() => kite.close());

describe('the fakes’ tick rule', () => {
  it('finds the first price off the band’s tick of the reference price (or the master’s)', () => {
    expect(offTickPrice([1500.1, 1499.9], 1500)).toBeNull();
    expect(offTickPrice([1500.05], 1500)).toEqual({ price: 1500.05, tick: 0.1 });
    expect(offTickPrice([undefined, '', 0, 99.03], 100)).toBeNull();
    expect(offTickPrice([1500.05], 1500, 0.05)).toBeNull();
    expect(offTickPrice([20001], 20100)).toEqual({ price: 20001, tick: 5 });
  });

  it("the fakes' own bands, from NSE's circulars, agree with Trabot's at every band's edges", () => {
    const edges = [0.05, 249.99, 250, 999.95, 1000, 1000.05, 4999.9, 5000, 5000.1, 9999.5, 10000, 10000.5, 19999];
    const more = [20000, 20001, 20005, 150000];
    const fake = [...edges, ...more].map(exchangeTick);
    expect(fake).toEqual([0.01, 0.01, 0.05, 0.05, 0.05, 0.1, 0.1, 0.1, 0.5, 0.5, 0.5, 1, 1, 1, 5, 5, 5]);
    expect([...edges, ...more].map((price) => nseTickSize(price))).toEqual(fake);
  });

  it('fake Kite answers an off-tick limit or trigger with an InputException; on the tick the order rests', async () => {
    const member = { clientId: 'ZX4821', accessKey: kite.newAccessToken() };
    const off = await adapter.placeOrder(member, orderRequest({ orderType: 'limit', limitPrice: 1450.05 }));
    expect(off).toMatchObject({ state: 'rejected', rejectReason: offTickText({ price: 1450.05, tick: 0.1 }) });
    const trigger = await adapter.placeOrder(
      member,
      orderRequest({ side: 'sell', orderType: 'trigger', limitPrice: 1480, triggerPrice: 1485.05 }),
    );
    expect(trigger.state).toBe('rejected');
    const on = await adapter.placeOrder(member, orderRequest({ orderType: 'limit', limitPrice: 1450.1 }));
    expect(on.state).toBe('open');
  });
});
