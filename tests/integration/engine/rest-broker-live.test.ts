/**
 * The engine on a live Fyers, Upstox, Angel One or Dhan account: with LIVE_TRADING on, the account set
 * live and the broker configured, an approved signal's entry goes to the broker (a local server
 * speaking its wire format) as a delivery market buy tagged with the leg's client order id, the
 * fill is booked, and the exit at the target goes there too.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLegs, trades } from '@server/db/schema';
import { REST_BROKER_WORLDS, type RestFake } from '../../support/rest-broker-worlds';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { liveInfySignal } from './live-infy-signal';

const T0 = Date.parse('2026-01-05T04:00:00Z');

describe.each(REST_BROKER_WORLDS)('a live $label account', (world) => {
  let fake: RestFake;
  let t: TestApp;

  beforeAll(async () => {
    const started = await world.start(`http://localhost:3000/api/brokers/${world.broker}/callback`);
    fake = started.fake;
    fake.setLtp('INFY', 250);
    t = await createTestApp({ env: { LIVE_TRADING: '1', ...started.env } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('enters with one tagged delivery market buy, books the fill, and exits once at its target', async () => {
    const { signal, feed, engine } = await liveInfySignal(t, {
      broker: world.broker,
      clientId: 'LIVE001',
      accessKey: fake.newAccessToken('LIVE001'),
      exchangeAlgoId: 'NSEALGO7',
    });

    await engine.tick(new Date(T0));
    const [trade] = await t.deps.db.select().from(trades).where(eq(trades.signal_id, signal.signal_id));
    const [leg] = await t.deps.db.select().from(orderLegs).where(eq(orderLegs.trabot_trade_id, trade!.trabot_trade_id));
    // The entry by its tag (the protective orders placed after it are the last ones).
    const entry = fake.exchange.orders.find((o) => o.tag === leg!.client_order_id)!;
    expect(entry).toMatchObject({
      symbol: 'INFY',
      side: 'buy',
      type: 'market',
      product: world.delivery,
      quantity: 320,
      tag: leg!.client_order_id,
      status: 'filled',
    });
    // Angel One's id is the engine's "orderid/uniqueorderid".
    expect(leg).toMatchObject({
      state: 'filled',
      broker_order_id: expect.stringMatching(new RegExp(`^${entry.id}(/|$)`)),
      filled_quantity: 320,
      average_price: 250,
    });
    expect(trade).toMatchObject({
      broker: world.broker,
      trade_status: 'running',
      trade_quantity: 320,
      avg_entry_price: 250,
    });

    // At Dhan the target rests at the broker, a leg of a forever OCO that places its limit order when
    // triggered (and cancels the stop leg itself): Dhan fills it, the engine books it. At Fyers, Upstox
    // and Angel One only the stop rests (no OCO there for a held position): Trabot watches the target
    // on the broker's price, cancels the stop, then sells once at market.
    feed.set('INFY', 263);
    fake.setLtp('INFY', 263);
    fake.match();
    await engine.tick(new Date(T0 + 3_000));
    await engine.tick(new Date(T0 + 6_000));
    const leg$ = (suffix: string) =>
      fake.exchange.orders.find((o) => new RegExp(`^TB${trade!.trabot_trade_id}P\\d+${suffix}$`).test(o.tag ?? ''))!;
    if (world.broker === 'dhan')
      expect(leg$('O')).toMatchObject({
        side: 'sell',
        type: 'limit',
        product: world.delivery,
        quantity: 320,
        price: 262.5,
        status: 'filled',
      });
    else {
      expect(leg$('S')).toMatchObject({ side: 'sell', quantity: 320, status: 'cancelled' });
      expect(leg$('T')).toBeUndefined();
      expect(fake.exchange.orders.find((o) => o.side === 'sell' && o.status === 'filled')).toMatchObject({
        type: 'market',
        product: world.delivery,
        filled: 320,
        averagePrice: 263,
      });
    }
    expect(fake.exchange.orders.filter((o) => o.side === 'sell' && o.status === 'filled')).toHaveLength(1);
    expect(
      (await t.deps.db.select().from(trades).where(eq(trades.trabot_trade_id, trade!.trabot_trade_id)))[0],
    ).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
  });
});
