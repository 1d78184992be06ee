/**
 * Paper parity for protective orders (issue 24; docs/engine.md, "Protective orders at the broker"):
 * a paper trade's stop and target rest at the paper broker as two orders (an SL-M stop and a
 * target limit, one filling cancels the other), placed on the entry's fill, modified on Edit
 * Levels, cancelled before a Manual Exit and placed again for what a partial one leaves; the
 * broker's fill is the trade's exit. In every test the shares sold never exceed the shares bought.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, manualOrders, orderLegs, protections, signals, warnings } from '@server/db/schema';
import { Engine } from '@server/engine/engine';
import { sessionLeaderLock } from '@server/engine/leader-lock';
import { PaperBroker } from '@server/engine/paper-broker';
import { getTradeDetail } from '@server/services/trade-detail';
import { engineScenario } from './scenario';
import { ScriptedFeed } from './scripted-feed';

const { t, at, scriptedEngine, subscriber, newAlgo, newSignal, tradesOf, entriesOf, exitsOf, legsOfTrade } =
  engineScenario();

let symbols = 0;

/** A paper account's trade on a symbol of its own: 400 bought at 250, stop 245, target 262.5. */
async function paperTrade() {
  const symbol = `PPR${++symbols}`;
  const { feed, paper, engine } = scriptedEngine();
  const algoId = await newAlgo();
  const account = await subscriber(algoId, {});
  const signal = await newSignal(algoId, { instrument_symbol: symbol });
  await engine.tick(at(1));
  const [trade, ...more] = await tradesOf(signal.signal_id);
  expect(more).toEqual([]);
  expect(trade).toMatchObject({ trade_status: 'running', remaining_quantity: 400, broker: 'paper' });
  return { symbol, feed, paper, engine, account, signal, trade: trade! };
}

const protectionOf = async (tradeId: number) =>
  (await t.deps.db.select().from(protections).where(eq(protections.trabot_trade_id, tradeId)))[0]!;

/** The paper broker's login of the account (its broker client id; any key is valid there). */
async function credentialsOf(account: number) {
  const [row] = await t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, account));
  return { clientId: row!.broker_client_id!, accessKey: 'key' };
}
async function bookOf(paper: PaperBroker, account: number, symbol: string) {
  const orders = await paper.orderBook(await credentialsOf(account));
  return orders.filter((o) => o.request.symbol === symbol);
}

/** Booked entries and exits, and the paper broker's filled buys and sells: never more sold than bought. */
async function assertNoSecondExit(paper: PaperBroker, account: number, symbol: string, tradeId: number) {
  const filled = (await bookOf(paper, account, symbol)).filter((o) => o.state === 'filled');
  const sum = (side: string) => filled.filter((o) => o.request.side === side).reduce((s, o) => s + o.filledQuantity, 0);
  expect(sum('sell')).toBeLessThanOrEqual(sum('buy'));
  const bought = (await entriesOf(tradeId)).reduce((s, e) => s + e.trade_entry_quantity, 0);
  const sold = (await exitsOf(tradeId)).reduce((s, x) => s + x.trade_exit_quantity, 0);
  expect(sold).toBeLessThanOrEqual(bought);
  expect(sum('sell')).toBe(sold);
}

async function manualExit(signalId: number, portion: number) {
  const [order] = await t.deps.db
    .insert(manualOrders)
    .values({ signal_id: signalId, side: 'exit', order_type: 'market', portion, trade_type: 'swing', status: 'queued' })
    .returning();
  return order!;
}

describe('protective orders of a paper trade', () => {
  it("rest at the paper broker on the entry's fill, and follow Edit Levels", async () => {
    const { paper, engine, account, symbol, signal, trade } = await paperTrade();
    const protection = await protectionOf(trade.trabot_trade_id);
    expect(protection).toMatchObject({ state: 'active', kind: 'orders', quantity: 400, stop: 245, target: 262.5 });
    const resting = (await bookOf(paper, account, symbol)).filter((o) => o.request.side === 'sell');
    expect(
      resting.map((o) => [
        o.request.orderType,
        o.state,
        o.request.quantity,
        o.request.triggerPrice ?? null,
        o.request.limitPrice,
      ]),
    ).toEqual([
      ['trigger', 'trigger_pending', 400, 245, 245],
      ['limit', 'open', 400, null, 262.5],
    ]);
    expect(protection.broker_protection_id).toBe(`${resting[0]!.orderId}/${resting[1]!.orderId}`);

    await t.deps.db
      .update(signals)
      .set({ stop_loss_level: 246, target_level: 260 })
      .where(eq(signals.signal_id, signal.signal_id));
    await engine.tick(at(2));
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'active', stop: 246, target: 260 });
    const modified = (await bookOf(paper, account, symbol)).filter((o) => o.request.side === 'sell');
    expect(modified.map((o) => [o.state, o.request.triggerPrice ?? null, o.request.limitPrice])).toEqual([
      ['trigger_pending', 246, 246],
      ['open', null, 260],
    ]);
    const detail = await getTradeDetail(t.deps.db, trade.trabot_trade_id, { view: 'member' });
    expect(detail!.timeline.filter((s) => s.kind === 'protection').map((s) => s.title)).toEqual([
      'Stop-loss and target resting at Paper',
      'Protective orders modified at Paper',
    ]);
  });

  it('fills the stop at the gap price and cancels the target: one exit, booked in the same tick', async () => {
    const { paper, feed, engine, account, symbol, trade } = await paperTrade();
    feed.set(symbol, 241.3);
    await engine.tick(at(2));
    const [closed] = await tradesOf(trade.signal_id!);
    expect(closed).toMatchObject({ trade_status: 'completed', remaining_quantity: 0, avg_exit_price: 241.3 });
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'done', executed_leg: 'stop' });
    const sells = (await bookOf(paper, account, symbol)).filter((o) => o.request.side === 'sell');
    expect(sells.map((o) => [o.request.orderType, o.state])).toEqual([
      ['trigger', 'filled'],
      ['limit', 'cancelled'],
    ]);
    expect((await legsOfTrade(trade.trabot_trade_id)).map((l) => [l.side, l.source, l.state])).toEqual([
      ['entry', 'signal', 'filled'],
      ['exit', 'protection', 'filled'],
    ]);
    expect(await exitsOf(trade.trabot_trade_id)).toHaveLength(1);
    // The price coming back through the target later sells nothing more.
    feed.set(symbol, 263);
    await engine.tick(at(3));
    await engine.tick(at(30));
    expect(await exitsOf(trade.trabot_trade_id)).toHaveLength(1);
    await assertNoSecondExit(paper, account, symbol, trade.trabot_trade_id);
    const detail = await getTradeDetail(t.deps.db, trade.trabot_trade_id, { view: 'member' });
    expect(detail!.timeline.map((s) => s.title)).toContain("Stop-loss executed by Paper's trigger");
  });

  it('is cancelled before a partial Manual Exit and placed again for the shares left', async () => {
    const { paper, feed, engine, account, symbol, signal, trade } = await paperTrade();
    const first = (await protectionOf(trade.trabot_trade_id)).broker_protection_id;
    await manualExit(signal.signal_id, 0.5);
    await engine.tick(at(2));
    const [half] = await tradesOf(signal.signal_id);
    expect(half).toMatchObject({ trade_status: 'running', remaining_quantity: 200 });
    const again = await protectionOf(trade.trabot_trade_id);
    expect(again).toMatchObject({ state: 'active', quantity: 200, stop: 245, target: 262.5 });
    expect(again.broker_protection_id).not.toBe(first);
    const sells = (await bookOf(paper, account, symbol)).filter((o) => o.request.side === 'sell');
    expect(sells.map((o) => [o.request.orderType, o.request.quantity, o.state])).toEqual([
      ['trigger', 400, 'cancelled'],
      ['limit', 400, 'cancelled'],
      ['market', 200, 'filled'],
      ['trigger', 200, 'trigger_pending'],
      ['limit', 200, 'open'],
    ]);
    const detail = await getTradeDetail(t.deps.db, trade.trabot_trade_id, { view: 'member' });
    expect(detail!.timeline.filter((s) => s.kind === 'protection').map((s) => [s.title, s.quantity])).toEqual([
      ['Stop-loss and target resting at Paper', 400],
      ['Protective orders cancelled at Paper', 400],
      ['Stop-loss and target resting at Paper', 200],
    ]);

    // The target then sells the rest: exactly the shares bought are sold.
    feed.set(symbol, 262.5);
    await engine.tick(at(3));
    expect((await tradesOf(signal.signal_id))[0]).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
    expect((await exitsOf(trade.trabot_trade_id)).map((x) => [x.trade_exit_quantity, x.trade_exit_price])).toEqual([
      [200, 250],
      [200, 262.5],
    ]);
    await assertNoSecondExit(paper, account, symbol, trade.trabot_trade_id);
  });

  it('is cancelled before a full Manual Exit: one exit, never placed again', async () => {
    const { paper, engine, account, symbol, signal, trade } = await paperTrade();
    await manualExit(signal.signal_id, 1);
    await engine.tick(at(2));
    await engine.tick(at(3));
    expect((await tradesOf(signal.signal_id))[0]).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'cancelled' });
    await assertNoSecondExit(paper, account, symbol, trade.trabot_trade_id);
  });

  it('withdrawn at the paper broker: a warning, and the engine watches the levels itself', async () => {
    const { paper, feed, engine, account, symbol, signal, trade } = await paperTrade();
    const credentials = await credentialsOf(account);
    await paper.cancelProtection(credentials, (await protectionOf(trade.trabot_trade_id)).broker_protection_id!);
    // The price reaches the stop: the protection is read, found withdrawn, and Trabot exits itself.
    feed.set(symbol, 244.9);
    await engine.tick(at(2));
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'cancelled' });
    const warned = await t.deps.db.select().from(warnings);
    expect(
      warned.some(
        (w) =>
          w.warning_message.includes(`trade ${trade.trabot_trade_id} `) &&
          w.warning_message.includes('were withdrawn at the broker'),
      ),
    ).toBe(true);
    await engine.tick(at(3));
    expect((await tradesOf(signal.signal_id))[0]).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
    expect((await legsOfTrade(trade.trabot_trade_id)).map((l) => l.source)).toEqual(['signal', 'stop_loss']);
    // Never placed again: the broker withdrew it, not Trabot.
    await engine.tick(at(4));
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'cancelled' });
    await assertNoSecondExit(paper, account, symbol, trade.trabot_trade_id);
  });
});

/** Trabot restarted: a new feed (the symbol now at `price`), paper broker and engine on the same database. */
function restart(symbol: string, price: number) {
  const next = scriptedEngine();
  next.feed.track(symbol, null, 250);
  next.feed.set(symbol, price);
  return next;
}

const sellsOf = async (paper: PaperBroker, account: number, symbol: string) =>
  (await bookOf(paper, account, symbol))
    .filter((o) => o.request.side === 'sell')
    .map((o) => ({
      id: o.orderId,
      tag: o.clientOrderId,
      type: o.request.orderType,
      state: o.state,
      quantity: o.request.quantity,
      trigger: o.request.triggerPrice ?? null,
      limit: o.request.limitPrice,
      price: o.averagePrice,
    }));

const reconcileWarnings = async () =>
  (await t.deps.db.select().from(warnings)).filter((w) => w.warning_message.includes('could not be reconciled'));

describe('protective orders of a paper trade after a restart', () => {
  it('rest again under the same ids and tags, follow Edit Levels, and are never doubled by two restarts', async () => {
    const { paper, account, symbol, signal, trade } = await paperTrade();
    const before = await sellsOf(paper, account, symbol);
    const { broker_protection_id: placed, id } = await protectionOf(trade.trabot_trade_id);
    expect(before.map((o) => o.tag)).toEqual([
      `TB${trade.trabot_trade_id}P${id}S`,
      `TB${trade.trabot_trade_id}P${id}T`,
    ]);
    const warned = (await reconcileWarnings()).length;

    // The process dies: a new paper broker knows nothing until the engine's first tick puts the orders back.
    const second = restart(symbol, 250);
    expect(await sellsOf(second.paper, account, symbol)).toEqual([]);
    await second.engine.tick(at(10));
    expect(await sellsOf(second.paper, account, symbol)).toEqual(before);
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'active', broker_protection_id: placed });
    expect((await reconcileWarnings()).length).toBe(warned);
    // The entry's fill is back too: the paper position is the trade's.
    expect(
      (await second.paper.positions(await credentialsOf(account))).filter((p) => p.symbol === symbol),
    ).toMatchObject([{ quantity: 400, averagePrice: 250 }]);

    // Edit Levels after the restart modifies the orders put back.
    await t.deps.db
      .update(signals)
      .set({ stop_loss_level: 246, target_level: 260 })
      .where(eq(signals.signal_id, signal.signal_id));
    await second.engine.tick(at(11));
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({
      state: 'active',
      broker_protection_id: placed,
      stop: 246,
      target: 260,
    });

    // A second restart: the same two orders at the new levels, no third or fourth.
    const third = restart(symbol, 250);
    await third.engine.tick(at(20));
    await third.engine.tick(at(21));
    expect(await sellsOf(third.paper, account, symbol)).toEqual(
      before.map((o) => (o.type === 'trigger' ? { ...o, trigger: 246, limit: 246 } : { ...o, limit: 260 })),
    );
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'active', broker_protection_id: placed });

    // The target is reached: sold once, at the target, the stop withdrawn.
    third.feed.set(symbol, 260.5);
    await third.engine.tick(at(22));
    await third.engine.tick(at(23));
    expect((await tradesOf(signal.signal_id))[0]).toMatchObject({
      trade_status: 'completed',
      remaining_quantity: 0,
      avg_exit_price: 260,
    });
    expect((await sellsOf(third.paper, account, symbol)).map((o) => [o.type, o.state])).toEqual([
      ['trigger', 'cancelled'],
      ['limit', 'filled'],
    ]);
    expect(await exitsOf(trade.trabot_trade_id)).toHaveLength(1);
    await assertNoSecondExit(third.paper, account, symbol, trade.trabot_trade_id);
    expect((await reconcileWarnings()).length).toBe(warned);
  });

  it('a stop the price crossed while Trabot was down fills at the first tick at the market price, booked once', async () => {
    const { account, symbol, signal, trade } = await paperTrade();
    const placed = (await protectionOf(trade.trabot_trade_id)).broker_protection_id!;
    // Down while the price gaps through the stop (245) to 240.1.
    const second = restart(symbol, 240.1);
    await second.engine.tick(at(10));
    expect((await tradesOf(signal.signal_id))[0]).toMatchObject({
      trade_status: 'completed',
      remaining_quantity: 0,
      avg_exit_price: 240.1,
    });
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'done', executed_leg: 'stop' });
    expect(await sellsOf(second.paper, account, symbol)).toMatchObject([
      { id: placed.split('/')[0], type: 'trigger', state: 'filled', price: 240.1, quantity: 400 },
      { id: placed.split('/')[1], type: 'limit', state: 'cancelled' },
    ]);
    expect((await legsOfTrade(trade.trabot_trade_id)).map((l) => [l.side, l.source, l.state, l.average_price])).toEqual(
      [
        ['entry', 'signal', 'filled', 250],
        ['exit', 'protection', 'filled', 240.1],
      ],
    );
    await assertNoSecondExit(second.paper, account, symbol, trade.trabot_trade_id);
    // Restarted again, the price back at the target: nothing is put back, nothing more is sold.
    const third = restart(symbol, 263);
    await third.engine.tick(at(20));
    await third.engine.tick(at(21));
    expect(await sellsOf(third.paper, account, symbol)).toEqual([]);
    expect(await exitsOf(trade.trabot_trade_id)).toHaveLength(1);
    const detail = await getTradeDetail(t.deps.db, trade.trabot_trade_id, { view: 'member' });
    expect(detail!.timeline.map((s) => s.title)).toContain("Stop-loss executed by Paper's trigger");
  });

  it('a stop executed but its fill not saved before the crash is sold at market at the first tick', async () => {
    const { feed, paper, account, symbol, trade } = await paperTrade();
    // The crash comes after the protection was booked triggered with its exit leg, before the fill was saved.
    feed.set(symbol, 244);
    paper.matchOpenOrders();
    const status = await paper.protectionStatus(
      await credentialsOf(account),
      (await protectionOf(trade.trabot_trade_id)).broker_protection_id!,
    );
    expect(status).toMatchObject({ state: 'triggered', executed: { leg: 'stop' } });
    const [leg] = await t.deps.db
      .insert(orderLegs)
      .values({
        trabot_trade_id: trade.trabot_trade_id,
        trabot_account_id: account,
        side: 'exit',
        source: 'protection',
        order_type: 'trigger',
        quantity: 400,
        limit_price: 245,
        trigger_price: 245,
        state: 'open',
        broker_order_id: status.executed!.order!.orderId,
      })
      .returning();
    await t.deps.db
      .update(protections)
      .set({ state: 'triggered', executed_leg: 'stop', exit_leg_id: leg!.id })
      .where(eq(protections.trabot_trade_id, trade.trabot_trade_id));

    const second = restart(symbol, 243.5);
    await second.engine.tick(at(10));
    expect((await tradesOf(trade.signal_id!))[0]).toMatchObject({
      trade_status: 'completed',
      remaining_quantity: 0,
      avg_exit_price: 243.5,
    });
    expect(await protectionOf(trade.trabot_trade_id)).toMatchObject({ state: 'done', exit_leg_id: leg!.id });
    expect(await exitsOf(trade.trabot_trade_id)).toHaveLength(1);
    await assertNoSecondExit(second.paper, account, symbol, trade.trabot_trade_id);
  });
});

describe('a resting paper entry after a restart', () => {
  it('rests again under its id and fills at its limit when the price crosses it', async () => {
    const symbol = `PPL${++symbols}`;
    const first = scriptedEngine();
    const algoId = await newAlgo();
    const account = await subscriber(algoId, {});
    const signal = await newSignal(algoId, {
      instrument_symbol: symbol,
      algo_process_ind: false,
      stop_loss_level: 230,
      target_level: 290,
    });
    await first.engine.tick(at(1));
    await t.deps.db.insert(manualOrders).values({
      signal_id: signal.signal_id,
      side: 'entry',
      order_type: 'limit',
      limit_price: 249.5,
      portion: 0.5,
      trade_type: 'swing',
      status: 'queued',
    });
    await first.engine.tick(at(2));
    const [pending] = await tradesOf(signal.signal_id);
    // |249.5 - 230| = 19.5 a share: 5,000 / 19.5 = 256 by risk, 50 % of it = 128.
    expect(pending).toMatchObject({ trade_status: 'pending', trade_quantity: 128 });
    const [entry] = await legsOfTrade(pending!.trabot_trade_id);
    expect(entry).toMatchObject({ state: 'open', order_type: 'limit' });

    const second = restart(symbol, 250);
    await second.engine.tick(at(10));
    expect(await bookOf(second.paper, account, symbol)).toMatchObject([
      {
        orderId: entry!.broker_order_id,
        clientOrderId: entry!.client_order_id,
        state: 'open',
        request: { side: 'buy', orderType: 'limit', limitPrice: 249.5, quantity: 128 },
      },
    ]);
    expect((await legsOfTrade(pending!.trabot_trade_id))[0]).toMatchObject({ state: 'open' });

    second.feed.set(symbol, 249.2);
    await second.engine.tick(at(11));
    expect((await tradesOf(signal.signal_id))[0]).toMatchObject({
      trade_status: 'running',
      remaining_quantity: 128,
      avg_entry_price: 249.5,
    });
    expect(await entriesOf(pending!.trabot_trade_id)).toHaveLength(1);
    // Its protection rests at the new paper broker.
    expect(await protectionOf(pending!.trabot_trade_id)).toMatchObject({ state: 'active', quantity: 128 });
  });
});

describe("a leader's paper book when it takes the lead again", () => {
  it('is rebuilt from the records: what another leader settled meanwhile does not fill again', async () => {
    const symbol = `PPG${++symbols}`;
    const lock = sessionLeaderLock(t.deps.db);
    expect(await lock.tryAcquire()).toBe(true);
    const feed = new ScriptedFeed();
    const paper = new PaperBroker({ prices: feed, now: () => feed.lastTick });
    const engine = new Engine(t.deps, { feed, paper, leadership: lock });
    try {
      const algoId = await newAlgo();
      const account = await subscriber(algoId, {});
      const signal = await newSignal(algoId, { instrument_symbol: symbol });
      await engine.tick(at(1));
      const [trade] = await tradesOf(signal.signal_id);
      expect(await protectionOf(trade!.trabot_trade_id)).toMatchObject({ state: 'active' });
      await lock.release();

      // Another process leads meanwhile: the target fills there and the trade completes.
      const other = restart(symbol, 262.5);
      await other.engine.tick(at(10));
      expect((await tradesOf(signal.signal_id))[0]).toMatchObject({ trade_status: 'completed', avg_exit_price: 262.5 });

      // The first process leads again and the price falls through the stop: its old book sells nothing.
      expect(await lock.tryAcquire()).toBe(true);
      feed.set(symbol, 240);
      await engine.tick(at(20));
      expect(await sellsOf(paper, account, symbol)).toEqual([]);
      expect(await exitsOf(trade!.trabot_trade_id)).toHaveLength(1);
    } finally {
      await lock.release();
    }
  });
});
