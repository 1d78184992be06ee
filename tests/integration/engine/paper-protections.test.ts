/**
 * Paper parity for protective orders (issue 24; docs/engine.md, "Protective orders at the broker"):
 * a paper trade's stop and target rest at the paper broker as two orders (an SL-M stop and a
 * target limit, one filling cancels the other), placed on the entry's fill, modified on Edit
 * Levels, cancelled before a Manual Exit and placed again for what a partial one leaves; the
 * broker's fill is the trade's exit. In every test the shares sold never exceed the shares bought.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, manualOrders, protections, signals, warnings } from '@server/db/schema';
import type { PaperBroker } from '@server/engine/paper-broker';
import { getTradeDetail } from '@server/services/trade-detail';
import { engineScenario } from './scenario';

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
