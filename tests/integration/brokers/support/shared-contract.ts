/**
 * What every broker adapter reached through a local JSON server must do alike, run by
 * each adapter's contract test on its own broker: partial fills, a dead session, a lost answer to
 * a placed order, timeouts, funds and positions. Each test file keeps what is its broker's own
 * (the wire format of each request, error codes, limits).
 */
import { describe, expect, it } from 'vitest';
import type { BrokerAdapter, BrokerCredentials, OrderRequest } from '@server/brokers/adapter';
import { BrokerError } from '@server/brokers/adapter';
import type { FakeExchange } from '@tests/support/fake-exchange';

/** An engine order as the contract tests place it: 10 INFY, CNC market buy, tagged. */
export const orderRequest = (over: Partial<OrderRequest> = {}): OrderRequest => ({
  exchange: 'NSE',
  symbol: 'INFY',
  side: 'buy',
  product: 'delivery',
  orderType: 'market',
  quantity: 10,
  clientOrderId: `TB${Math.floor(Math.random() * 1e6)}L1`,
  ...over,
});

export interface ContractSubject {
  /** The broker as the adapter's messages name it. */
  label: string;
  adapter: BrokerAdapter;
  member: BrokerCredentials;
  /** A user of the broker of their own (own order book and limits). */
  newUser(id: string): BrokerCredentials;
  fake: {
    failNext(answer: { status: number; body?: unknown; delayMs?: number }): void;
    fillNextPartly(quantity: number): void;
    exchange: FakeExchange;
    requests: { method: string; path: string }[];
  };
  /** Whether a request placed an order. */
  isPlacement(request: { method: string; path: string }): boolean;
  /** Positions carry the last price (Dhan's do not). */
  positionsPriced: boolean;
}

export function sharedContract(subject: () => ContractSubject): void {
  describe('as every adapter', () => {
    it('a partial fill is reported as such, and the rest can be cancelled (the filled part kept)', async () => {
      const { adapter, member, fake } = subject();
      fake.fillNextPartly(4);
      const order = await adapter.placeOrder(member, orderRequest());
      expect(order).toMatchObject({ state: 'open', filledQuantity: 4, averagePrice: 1500.05 });
      expect(await adapter.cancelOrder(member, order.orderId)).toMatchObject({ state: 'cancelled', filledQuantity: 4 });
    });

    it('an expired session on an order is a BrokerError (reconnect), not a rejection of the order', async () => {
      const { adapter, member, label } = subject();
      const stale = { clientId: member.clientId, accessKey: 'expired' };
      await expect(adapter.placeOrder(stale, orderRequest())).rejects.toThrow(BrokerError);
      await expect(adapter.placeOrder(stale, orderRequest())).rejects.toThrow(
        new RegExp(`^${label} session expired or invalid`),
      );
    });

    it('a 5xx on placing is thrown as unreachable, never retried (no second order); the order book finds an order by its tag', async () => {
      const { adapter, member, fake, label, isPlacement } = subject();
      const placements = () => fake.requests.filter(isPlacement).length;
      const before = placements();
      fake.failNext({ status: 503 });
      await expect(adapter.placeOrder(member, orderRequest())).rejects.toThrow(`${label} could not be reached`);
      expect(placements()).toBe(before + 1);
      const tagged = orderRequest();
      await adapter.placeOrder(member, tagged);
      expect((await adapter.orderBook(member)).filter((o) => o.clientOrderId === tagged.clientOrderId)).toHaveLength(1);
    });

    it('a read that times out is retried once; a second timeout is thrown as unreachable', async () => {
      const { adapter, member, fake, label } = subject();
      fake.failNext({ status: 200, delayMs: 1_500 });
      expect((await adapter.funds(member)).opening).toBe(10_000_000);
      fake.failNext({ status: 200, delayMs: 1_500 });
      fake.failNext({ status: 200, delayMs: 1_500 });
      await expect(adapter.funds(member)).rejects.toThrow(`${label} could not be reached`);
    });

    it('reads the funds: what the day started with, what is used, what is available', async () => {
      const { adapter, member } = subject();
      const funds = await adapter.funds(member);
      expect(funds.opening).toBe(10_000_000);
      expect(funds.available).toBeCloseTo(funds.opening - funds.used, 2);
    });

    it('positions: net shares per symbol and product with their average (and last) price', async () => {
      const { adapter, newUser, positionsPriced } = subject();
      const own = newUser('POS0001');
      await adapter.placeOrder(own, orderRequest({ quantity: 10 }));
      await adapter.placeOrder(own, orderRequest({ side: 'sell', quantity: 4 }));
      await adapter.placeOrder(own, orderRequest({ symbol: 'TCS', product: 'intraday', quantity: 2 }));
      expect(await adapter.positions(own)).toEqual([
        {
          exchange: 'NSE',
          symbol: 'INFY',
          product: 'delivery',
          quantity: 6,
          averagePrice: 1500.05,
          lastPrice: positionsPriced ? 1500.05 : null,
        },
        {
          exchange: 'NSE',
          symbol: 'TCS',
          product: 'intraday',
          quantity: 2,
          averagePrice: 4000,
          lastPrice: positionsPriced ? 4000 : null,
        },
      ]);
    });
  });
}
