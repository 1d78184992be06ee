/**
 * The contract of the exit chase at Fyers, Upstox, Angel One and Dhan, adapter against each local
 * broker (tests/support/fake-*.ts): a market sell clipped by its market protection rests as a LIMIT
 * that the order status and order book show open; the adapter's modify (each broker's own endpoint)
 * makes it a LIMIT at a marketable price and it fills, once; a market sell filled in part rests as a
 * MARKET order and is made a LIMIT with its price, sent as the broker's LIMIT type; the broker
 * refuses a modify off the tick, outside the day's price band, or a LIMIT without a price, and the
 * order rests as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrokerError, type BrokerAdapter, type BrokerCredentials } from '@server/brokers/adapter';
import { configuredBrokers } from '@server/brokers/select-adapter';
import { parseEnv } from '@server/config/env';
import { REST_BROKER_WORLDS, type RestFake } from '@tests/support/rest-broker-worlds';
import { orderRequest } from './support/shared-contract';

describe.each(REST_BROKER_WORLDS.map((w) => [w.label, w] as const))('the exit chase at %s', (label, world) => {
  let fake: RestFake;
  let adapter: BrokerAdapter;
  let users = 0;

  beforeAll(async () => {
    const started = await world.start(`http://127.0.0.1:4999/api/brokers/${world.broker}/callback`);
    fake = started.fake;
    fake.setLtp('INFY', 1500);
    adapter = configuredBrokers(parseEnv({ NODE_ENV: 'test', LIVE_TRADING: '1', ...started.env }))[world.broker]!;
  });
  afterAll(() => fake.close());

  /** A member of their own holding 10 INFY bought at 1500. */
  async function holding(): Promise<BrokerCredentials> {
    const user = `CH${3000 + ++users}`;
    const credentials = { clientId: user, accessKey: fake.newAccessToken(user) };
    fake.setLtp('INFY', 1500);
    expect(await adapter.placeOrder(credentials, orderRequest())).toMatchObject({
      state: 'filled',
      filledQuantity: 10,
    });
    return credentials;
  }
  const sell = orderRequest({ side: 'sell' });
  const sentModifies = (from: number, orderId: string) =>
    fake.requests
      .slice(from)
      .map((r) => world.modifyOf(r, orderId))
      .filter((m) => m !== null);
  const sold = () =>
    fake.exchange.orders.filter((o) => o.side === 'sell' && o.symbol === 'INFY').reduce((s, o) => s + o.filled, 0);

  it('a market sell clipped by its protection rests as a LIMIT, open in the status and the book; modified to the market, it fills once', async () => {
    const member = await holding();
    fake.setLtp('INFY', 1490);
    fake.clipNextMarket(1495);
    const clipped = await adapter.placeOrder(member, sell);
    expect(clipped).toMatchObject({
      state: 'open',
      filledQuantity: 0,
      request: { orderType: 'limit', side: 'sell', limitPrice: 1495, quantity: 10 },
    });
    const listed = (await adapter.orderBook(member)).find((o) => o.orderId === clipped.orderId);
    expect(listed).toMatchObject({ state: 'open', request: { orderType: 'limit', limitPrice: 1495 } });
    expect(await adapter.orderStatus(member, clipped.orderId)).toMatchObject({ state: 'open', filledQuantity: 0 });

    const from = fake.requests.length;
    const before = sold();
    const chased = await adapter.modifyOrder(member, clipped.orderId, { orderType: 'limit', limitPrice: 1490 });
    expect(sentModifies(from, clipped.orderId)).toEqual([{ type: 'limit', price: 1490 }]);
    expect(chased).toMatchObject({ state: 'filled', filledQuantity: 10, averagePrice: 1490 });
    expect(sold() - before).toBe(10);
    // Filled: a second modify is refused by the broker, and sells nothing more.
    await expect(adapter.modifyOrder(member, clipped.orderId, { limitPrice: 1485 })).rejects.toThrow(BrokerError);
    expect(sold() - before).toBe(10);
  });

  it('a market sell filled in part rests as MARKET; made a LIMIT with its price, the rest fills at it', async () => {
    const member = await holding();
    fake.fillNextPartly(4);
    const part = await adapter.placeOrder(member, sell);
    expect(part).toMatchObject({ state: 'open', filledQuantity: 4, request: { orderType: 'market' } });
    const from = fake.requests.length;
    const chased = await adapter.modifyOrder(member, part.orderId, { orderType: 'limit', limitPrice: 1500 });
    expect(sentModifies(from, part.orderId)).toEqual([{ type: 'limit', price: 1500 }]);
    expect(chased).toMatchObject({ state: 'filled', filledQuantity: 10, request: { orderType: 'limit' } });
  });

  it(`${label} refuses a modify off the tick, outside the day's band, or a LIMIT without a price; the order rests as it was`, async () => {
    const member = await holding();
    fake.setLtp('INFY', 1490);
    fake.clipNextMarket(1495);
    const clipped = await adapter.placeOrder(member, sell);
    // INFY at 1490 has NSE's 0.10 tick (Rs 1,000 to 5,000).
    await expect(
      adapter.modifyOrder(member, clipped.orderId, { orderType: 'limit', limitPrice: 1490.05 }),
    ).rejects.toThrow(/Tick size for this script is 0\.10/);
    // +-20 % of 1490: 1192 to 1788.
    await expect(
      adapter.modifyOrder(member, clipped.orderId, { orderType: 'limit', limitPrice: 1150 }),
    ).rejects.toThrow(/outside the day's price band 1192\.00 - 1788\.00/);
    const order = fake.exchange.orders.find((o) => o.id === clipped.orderId.split('/')[0])!;
    expect(order).toMatchObject({ type: 'limit', price: 1495, status: 'open', filled: 0 });

    // A market order left open made a LIMIT with no price: refused with the broker's words for a missing price.
    // (The clipped sell is withdrawn first: it blocks the 10 shares held, and the RMS refuses a sell beyond them.)
    await adapter.cancelOrder(member, clipped.orderId);
    fake.fillNextPartly(2);
    const part = await adapter.placeOrder(member, orderRequest({ side: 'sell', quantity: 5 }));
    await expect(adapter.modifyOrder(member, part.orderId, { orderType: 'limit' })).rejects.toThrow(BrokerError);
    expect(fake.exchange.orders.find((o) => o.id === part.orderId.split('/')[0])).toMatchObject({
      type: 'market',
      status: 'open',
      filled: 2,
    });
  });
});
