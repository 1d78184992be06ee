// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { BrokerError, type OrderRequest } from '@server/brokers/adapter';
import { PAPER_REJECTIONS, PaperBroker } from '@server/engine/paper-broker';
import type { Quote, QuoteSource } from '@server/engine/feed/price-feed';

/** Prices the test sets by hand, standing where the feed stands: on a master's tick of 0.05 unless told (null: none, the band decides). */
class Prices implements QuoteSource {
  private readonly quotes = new Map<string, Quote>();
  set(symbol: string, ltp: number, previousClose = 100, tick: number | null = 0.05) {
    this.quotes.set(symbol, { symbol, ltp, previousClose, timestamp: new Date(0), ...(tick ? { tick } : {}) });
  }
  quote(symbol: string) {
    return this.quotes.get(symbol);
  }
}

const me = { clientId: 'C1', accessKey: 'key-1' };
const other = { clientId: 'C2', accessKey: 'key-2' };
const NOW = new Date('2026-01-05T04:00:00Z');
const buy = (over: Partial<OrderRequest> = {}): OrderRequest => ({
  exchange: 'NSE',
  symbol: 'INFY',
  side: 'buy',
  product: 'delivery',
  orderType: 'market',
  quantity: 10,
  ...over,
});
const sell = (over: Partial<OrderRequest> = {}) => buy({ side: 'sell', ...over });

let prices: Prices;
let broker: PaperBroker;
beforeEach(() => {
  prices = new Prices();
  prices.set('INFY', 100);
  broker = new PaperBroker({ prices, now: () => NOW, idPrefix: 'T', openingFunds: (id) => (id === 'C1' ? 50_000 : 0) });
});

describe('PaperBroker', () => {
  it('validates any key that is not blank', async () => {
    expect(await broker.validateAccessKey(me)).toBe(true);
    expect(await broker.validateAccessKey({ clientId: 'C1', accessKey: '  ' })).toBe(false);
  });

  it('fills a market order at the current price', async () => {
    const order = await broker.placeOrder(me, buy());
    expect(order).toEqual({
      orderId: 'T1',
      clientOrderId: null,
      exchangeOrderId: 'NSE-T1',
      request: buy(),
      state: 'filled',
      filledQuantity: 10,
      averagePrice: 100,
      rejectReason: null,
      updatedAt: NOW,
    });
    expect(await broker.orderStatus(me, 'T1')).toEqual(order);
  });

  it("fills on NSE's 0.05 tick, rounded against the trader: a buy up, a sell down, a limit never beyond itself", async () => {
    prices.set('INFY', 100.02);
    expect(await broker.placeOrder(me, buy())).toMatchObject({ state: 'filled', averagePrice: 100.05 });
    expect(await broker.placeOrder(me, sell())).toMatchObject({ state: 'filled', averagePrice: 100 });
    expect(await broker.placeOrder(me, buy({ orderType: 'limit', limitPrice: 100.05 }))).toMatchObject({
      state: 'filled',
      averagePrice: 100.05,
    });
    prices.set('INFY', 100.04);
    expect(await broker.placeOrder(me, sell({ orderType: 'limit', limitPrice: 100 }))).toMatchObject({
      state: 'filled',
      averagePrice: 100,
    });
  });

  it("without a master's tick, fills and refuses on NSE's band of the last close", async () => {
    prices.set('INFY', 1500.04, 1500, null); // 1,000-5,000: 0.10
    expect(await broker.placeOrder(me, buy())).toMatchObject({ state: 'filled', averagePrice: 1500.1 });
    expect(await broker.placeOrder(me, sell())).toMatchObject({ state: 'filled', averagePrice: 1500 });
    expect(await broker.placeOrder(me, buy({ orderType: 'limit', limitPrice: 1500.05 }))).toMatchObject({
      state: 'rejected',
      rejectReason: 'Price must be a multiple of the tick size 0.10',
    });
    prices.set('INFY', 99.02, 100, null); // below 250: 0.01
    expect(await broker.placeOrder(me, buy({ orderType: 'limit', limitPrice: 99.03 }))).toMatchObject({
      state: 'filled',
      averagePrice: 99.02,
    });
  });

  it("keeps the client order id, and lists the account's orders with it in its order book", async () => {
    const tagged = await broker.placeOrder(me, buy({ clientOrderId: 'TB12L34' }));
    expect(tagged.clientOrderId).toBe('TB12L34');
    await broker.placeOrder({ clientId: 'C2', accessKey: 'k' }, buy({ clientOrderId: 'TB99L1' }));
    expect((await broker.orderBook(me)).map((o) => [o.orderId, o.clientOrderId])).toContainEqual([
      tagged.orderId,
      'TB12L34',
    ]);
    expect((await broker.orderBook(me)).map((o) => o.clientOrderId)).not.toContain('TB99L1');
    await expect(broker.orderBook({ clientId: 'C1', accessKey: '' })).rejects.toThrow(PAPER_REJECTIONS.invalidKey);
  });

  it.each([
    ['an invalid key', { clientId: 'C1', accessKey: '' }, buy(), PAPER_REJECTIONS.invalidKey],
    ['zero quantity', me, buy({ quantity: 0 }), PAPER_REJECTIONS.quantity],
    ['a fractional quantity', me, buy({ quantity: 2.5 }), PAPER_REJECTIONS.quantity],
    ['an instrument without a price', me, buy({ symbol: 'NOPE' }), PAPER_REJECTIONS.noPrice],
    ['a limit order without a limit price', me, buy({ orderType: 'limit' }), PAPER_REJECTIONS.limitPrice],
    ['a limit price of 0', me, buy({ orderType: 'limit', limitPrice: 0 }), PAPER_REJECTIONS.limitPrice],
    [
      'a trigger order without a trigger price',
      me,
      buy({ orderType: 'trigger', limitPrice: 105 }),
      PAPER_REJECTIONS.triggerPrice,
    ],
    ['a limit above the band (+20 %)', me, buy({ orderType: 'limit', limitPrice: 120.05 }), PAPER_REJECTIONS.band],
    ['a limit off the 0.05 tick', me, buy({ orderType: 'limit', limitPrice: 99.02 }), PAPER_REJECTIONS.tick(0.05)],
    [
      'a trigger off the 0.05 tick',
      me,
      sell({ orderType: 'trigger', limitPrice: 95, triggerPrice: 95.01 }),
      PAPER_REJECTIONS.tick(0.05),
    ],
    ['a limit below the band (-20 %)', me, sell({ orderType: 'limit', limitPrice: 79.95 }), PAPER_REJECTIONS.band],
    [
      'a trigger outside the band',
      me,
      buy({ orderType: 'trigger', limitPrice: 119, triggerPrice: 121 }),
      PAPER_REJECTIONS.band,
    ],
    [
      'a buy trigger at or below the last price',
      me,
      buy({ orderType: 'trigger', limitPrice: 101, triggerPrice: 100 }),
      PAPER_REJECTIONS.triggerCrossed,
    ],
    [
      'a sell trigger at or above the last price',
      me,
      sell({ orderType: 'trigger', limitPrice: 99, triggerPrice: 100 }),
      PAPER_REJECTIONS.triggerCrossed,
    ],
  ])('rejects %s', async (_, credentials, request, reason) => {
    const order = await broker.placeOrder(credentials, request);
    expect(order).toMatchObject({
      state: 'rejected',
      rejectReason: reason,
      filledQuantity: 0,
      averagePrice: null,
      exchangeOrderId: null,
    });
  });

  it('accepts limits on the band edges', async () => {
    expect(await broker.placeOrder(me, buy({ orderType: 'limit', limitPrice: 80 }))).toMatchObject({ state: 'open' });
    expect(await broker.placeOrder(me, sell({ orderType: 'limit', limitPrice: 120 }))).toMatchObject({ state: 'open' });
  });

  it('fills a marketable limit at the last price, and a resting one at its limit when the price crosses', async () => {
    expect(await broker.placeOrder(me, buy({ orderType: 'limit', limitPrice: 101 }))).toMatchObject({
      state: 'filled',
      averagePrice: 100,
    });
    const resting = await broker.placeOrder(me, buy({ orderType: 'limit', limitPrice: 98 }));
    const restingSell = await broker.placeOrder(me, sell({ orderType: 'limit', limitPrice: 103 }));
    expect(resting.state).toBe('open');
    prices.set('INFY', 98.5);
    expect(broker.matchOpenOrders()).toEqual([]);
    prices.set('INFY', 97.2);
    expect(broker.matchOpenOrders()).toEqual([
      expect.objectContaining({ orderId: resting.orderId, state: 'filled', averagePrice: 98 }),
    ]);
    prices.set('INFY', 103.4);
    expect(broker.matchOpenOrders()).toEqual([
      expect.objectContaining({ orderId: restingSell.orderId, state: 'filled', averagePrice: 103 }),
    ]);
    expect(broker.matchOpenOrders()).toEqual([]);
  });

  it('holds a sell trigger (stop-loss) until the price reaches it, then fills it as a limit', async () => {
    const stop = await broker.placeOrder(me, sell({ orderType: 'trigger', triggerPrice: 95, limitPrice: 94.5 }));
    expect(stop).toMatchObject({ state: 'trigger_pending', exchangeOrderId: 'NSE-T1' });
    prices.set('INFY', 95.1);
    expect(broker.matchOpenOrders()).toEqual([]);
    prices.set('INFY', 94.8);
    expect(broker.matchOpenOrders()).toEqual([expect.objectContaining({ state: 'filled', averagePrice: 94.8 })]);
  });

  it('leaves a triggered order resting at its limit when the price gaps past it', async () => {
    const stop = await broker.placeOrder(me, sell({ orderType: 'trigger', triggerPrice: 95, limitPrice: 94.5 }));
    prices.set('INFY', 94);
    expect(broker.matchOpenOrders()).toEqual([expect.objectContaining({ orderId: stop.orderId, state: 'open' })]);
    prices.set('INFY', 94.2);
    expect(broker.matchOpenOrders()).toEqual([]);
    prices.set('INFY', 94.6);
    expect(broker.matchOpenOrders()).toEqual([expect.objectContaining({ state: 'filled', averagePrice: 94.5 })]);
  });

  it('triggers a buy trigger when the price rises to it', async () => {
    await broker.placeOrder(me, buy({ orderType: 'trigger', triggerPrice: 102, limitPrice: 103 }));
    prices.set('INFY', 102.3);
    expect(broker.matchOpenOrders()).toEqual([expect.objectContaining({ state: 'filled', averagePrice: 102.3 })]);
  });

  it('cancels a live order, which then never fills, and refuses to cancel a filled one', async () => {
    const resting = await broker.placeOrder(me, buy({ orderType: 'limit', limitPrice: 98 }));
    expect(await broker.cancelOrder(me, resting.orderId)).toMatchObject({ state: 'cancelled' });
    prices.set('INFY', 90);
    expect(broker.matchOpenOrders()).toEqual([]);
    const filled = await broker.placeOrder(me, buy());
    await expect(broker.cancelOrder(me, filled.orderId)).rejects.toThrow(BrokerError);
    await expect(broker.cancelOrder(me, resting.orderId)).rejects.toThrow('is cancelled');
  });

  it('modifies a live order (filling it when now marketable) and refuses invalid or late changes', async () => {
    const resting = await broker.placeOrder(me, buy({ orderType: 'limit', limitPrice: 98 }));
    expect(await broker.modifyOrder(me, resting.orderId, { quantity: 5 })).toMatchObject({
      state: 'open',
      request: { quantity: 5 },
    });
    await expect(broker.modifyOrder(me, resting.orderId, { limitPrice: 200 })).rejects.toThrow(PAPER_REJECTIONS.band);
    await expect(broker.modifyOrder(me, resting.orderId, { quantity: 0 })).rejects.toThrow(PAPER_REJECTIONS.quantity);
    expect(await broker.modifyOrder(me, resting.orderId, { limitPrice: 100.5 })).toMatchObject({
      state: 'filled',
      averagePrice: 100,
      filledQuantity: 5,
    });
    await expect(broker.modifyOrder(me, resting.orderId, { limitPrice: 99 })).rejects.toThrow('cannot be modified');
  });

  it("keeps a client's orders to that client and answers unknown ones with an error", async () => {
    const order = await broker.placeOrder(me, buy());
    await expect(broker.orderStatus(other, order.orderId)).rejects.toThrow(`Unknown order ${order.orderId}`);
    await expect(broker.orderStatus(me, 'T99')).rejects.toThrow(BrokerError);
    await expect(broker.orderStatus({ ...me, accessKey: '' }, order.orderId)).rejects.toThrow(
      PAPER_REJECTIONS.invalidKey,
    );
  });

  it('reports funds: opening cash less what filled buys use, given back by sells', async () => {
    expect(await broker.funds(me)).toEqual({ opening: 50_000, used: 0, available: 50_000 });
    await broker.placeOrder(me, buy({ quantity: 100 }));
    await broker.placeOrder(me, buy({ orderType: 'limit', limitPrice: 90 }));
    expect(await broker.funds(me)).toEqual({ opening: 50_000, used: 10_000, available: 40_000 });
    prices.set('INFY', 110.25);
    await broker.placeOrder(me, sell({ quantity: 40 }));
    expect(await broker.funds(me)).toEqual({ opening: 50_000, used: 5_590, available: 44_410 });
    expect(await broker.funds(other)).toEqual({ opening: 0, used: 0, available: 0 });
    await expect(broker.funds({ clientId: 'C1', accessKey: '' })).rejects.toThrow(BrokerError);
  });

  it('hands out copies, never its own records', async () => {
    const order = await broker.placeOrder(me, buy({ orderType: 'limit', limitPrice: 98 }));
    order.state = 'filled';
    order.request.quantity = 1;
    expect(await broker.orderStatus(me, order.orderId)).toMatchObject({ state: 'open', request: { quantity: 10 } });
  });

  it("reports each client's net positions per symbol and product, with the average of the opening side and the last price", async () => {
    await broker.placeOrder(me, buy({ quantity: 10 }));
    prices.set('INFY', 102);
    await broker.placeOrder(me, buy({ quantity: 10 }));
    await broker.placeOrder(me, sell({ quantity: 5 }));
    prices.set('TCS', 300);
    await broker.placeOrder(me, sell({ symbol: 'TCS', product: 'intraday', quantity: 3 }));
    await broker.placeOrder(other, buy({ quantity: 1 }));
    expect(await broker.positions(me)).toEqual([
      { exchange: 'NSE', symbol: 'INFY', product: 'delivery', quantity: 15, averagePrice: 101, lastPrice: 102 },
      { exchange: 'NSE', symbol: 'TCS', product: 'intraday', quantity: -3, averagePrice: 300, lastPrice: 300 },
    ]);
    expect(await broker.lastPrices(me, ['INFY', 'NOSUCH'])).toEqual(new Map([['INFY', 102]]));
    await expect(broker.positions({ clientId: 'C1', accessKey: '' })).rejects.toThrow(BrokerError);
  });
});

describe('PaperBroker.restore (after a restart, from the engine records)', () => {
  const terms = {
    exchange: 'NSE',
    symbol: 'INFY',
    side: 'sell' as const,
    product: 'delivery' as const,
    quantity: 10,
    stop: 95,
    stopLimit: null,
    target: 110,
  };
  const resting = {
    protections: [
      {
        clientId: 'C1',
        protectionId: 'old-1/old-2',
        terms,
        clientOrderIds: { stop: 'TB1P1S', target: 'TB1P1T' },
        updatedAt: NOW,
      },
    ],
    orders: [
      {
        clientId: 'C1',
        orderId: 'old-3',
        request: buy({ orderType: 'limit' as const, limitPrice: 98, clientOrderId: 'TB2L3' }),
        state: 'open' as const,
        updatedAt: NOW,
      },
    ],
  };

  it('puts the protection and the open order back under their ids and tags, once', async () => {
    expect(broker.restore(resting)).toBe(3);
    expect(broker.restore(resting)).toBe(0);
    const book = await broker.orderBook(me);
    expect(book.map((o) => [o.orderId, o.clientOrderId, o.state, o.request.orderType])).toEqual([
      ['old-1', 'TB1P1S', 'trigger_pending', 'trigger'],
      ['old-2', 'TB1P1T', 'open', 'limit'],
      ['old-3', 'TB2L3', 'open', 'limit'],
    ]);
    expect(await broker.protectionStatus(me, 'old-1/old-2')).toMatchObject({ state: 'active', terms });
    expect(await broker.orderBook(other)).toEqual([]);
    // New orders never take a restored id.
    expect((await broker.placeOrder(me, buy())).orderId).toBe('T1');
  });

  it('fills a stop the price crossed meanwhile at the market price at the next match, and cancels the target', async () => {
    prices.set('INFY', 90.3);
    broker.restore(resting);
    const changed = broker.matchOpenOrders();
    expect(changed.map((o) => [o.orderId, o.state, o.averagePrice])).toEqual([
      ['old-1', 'filled', 90.3],
      ['old-2', 'cancelled', null],
      // The restored limit buy the price fell through fills at its limit, as a resting one does.
      ['old-3', 'filled', 98],
    ]);
    expect(await broker.protectionStatus(me, 'old-1/old-2')).toMatchObject({
      state: 'triggered',
      executed: { leg: 'stop' },
    });
  });

  it('sells a stop-market already triggered at market, and counts restored fills in positions', async () => {
    broker.restore({
      protections: [],
      orders: [
        {
          clientId: 'C1',
          orderId: 'old-4',
          request: buy({ orderType: 'market' as const }),
          state: 'filled',
          filledQuantity: 10,
          averagePrice: 101,
          updatedAt: NOW,
        },
        {
          clientId: 'C1',
          orderId: 'old-5',
          request: sell({ orderType: 'trigger' as const, triggerPrice: 95, limitPrice: 95 }),
          state: 'open',
          stopMarket: true,
          updatedAt: NOW,
        },
      ],
    });
    expect(await broker.positions(me)).toMatchObject([{ quantity: 10, averagePrice: 101 }]);
    expect(broker.matchOpenOrders().map((o) => [o.orderId, o.state, o.averagePrice])).toEqual([
      ['old-5', 'filled', 100],
    ]);
    expect(await broker.positions(me)).toMatchObject([{ quantity: 0 }]);
  });

  it('replace empties the book first', async () => {
    await broker.placeOrder(me, buy({ orderType: 'limit', limitPrice: 97 }));
    broker.restore(resting, { replace: true });
    expect((await broker.orderBook(me)).map((o) => o.orderId)).toEqual(['old-1', 'old-2', 'old-3']);
  });
});
