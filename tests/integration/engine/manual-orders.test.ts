/**
 * Manual Entry / Manual Exit through the engine, with prices the test sets and the paper broker:
 * partial exits of floor(remaining x portion), a limit entry that rests until the price crosses it,
 * an entry added to an open trade, and the skips and rejections that fail an order with a warning.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manualOrders, orderLegs } from '@server/db/schema';
import { legCharges } from '@server/trading/charges';
import { engineScenario } from './scenario';

const { t, at, scriptedEngine, subscriber, newAlgo, newSignal, tradesOf, entriesOf, exitsOf, warningsAbout, round2 } =
  engineScenario();

type ManualOrderInput = Pick<typeof manualOrders.$inferInsert, 'side' | 'portion' | 'order_type'> &
  Partial<Pick<typeof manualOrders.$inferInsert, 'limit_price' | 'trigger_price'>>;

async function queue(signalId: number, order: ManualOrderInput) {
  const [row] = await t.deps.db
    .insert(manualOrders)
    .values({ signal_id: signalId, trade_type: 'swing', ...order })
    .returning();
  return row!.id;
}

const manualOrder = async (id: number) =>
  (await t.deps.db.select().from(manualOrders).where(eq(manualOrders.id, id)))[0]!;
const legsOf = (id: number) =>
  t.deps.db.select().from(orderLegs).where(eq(orderLegs.manual_order_id, id)).orderBy(asc(orderLegs.id));

describe('engine: Manual Exit', () => {
  it('exits floor(remaining x portion) of every running trade, then completes the trade at 0', async () => {
    const { feed, engine } = scriptedEngine();
    const algoId = await newAlgo();
    await subscriber(algoId, {}); // 400 shares (docs/engine.md worked example)
    const signal = await newSignal(algoId, { instrument_symbol: 'HDFCBANK', target_level: 400, stop_loss_level: 245 });
    await engine.tick(at(1));
    const [open] = await tradesOf(signal.signal_id);
    expect(open).toMatchObject({
      trade_status: 'running',
      trade_quantity: 400,
      remaining_quantity: 400,
      avg_entry_price: 250,
    });

    const half = await queue(signal.signal_id, { side: 'exit', portion: 0.5, order_type: 'market' });
    feed.set('HDFCBANK', 255.1);
    await engine.tick(at(2));
    expect(await exitsOf(open!.trabot_trade_id)).toEqual([
      expect.objectContaining({
        trade_exit_sequence: 1,
        trade_exit_quantity: 200,
        trade_exit_price: 255.1,
        // Sold the day it was bought: charged as intraday.
        ...legCharges({ product: 'intraday', side: 'sell', quantity: 200, price: 255.1 }),
      }),
    ]);
    expect((await tradesOf(signal.signal_id))[0]).toMatchObject({
      trade_status: 'running',
      trade_quantity: 400,
      remaining_quantity: 200,
      avg_exit_price: 255.1,
    });
    expect(await manualOrder(half)).toMatchObject({ status: 'done', status_reason: null });
    expect(await legsOf(half)).toEqual([
      expect.objectContaining({
        side: 'exit',
        source: 'manual',
        state: 'filled',
        quantity: 200,
        trabot_trade_id: open!.trabot_trade_id,
      }),
    ]);

    const third = await queue(signal.signal_id, { side: 'exit', portion: 0.33, order_type: 'market' });
    feed.set('HDFCBANK', 257.45);
    await engine.tick(at(3));
    const afterThird = (await tradesOf(signal.signal_id))[0]!;
    // floor(200 x 0.33) = 66
    const avgExit = round2((200 * 255.1 + 66 * 257.45) / 266);
    expect(afterThird).toMatchObject({ trade_status: 'running', remaining_quantity: 134, avg_exit_price: avgExit });
    expect(afterThird.current_mtm).toBe(round2((avgExit - 250) * 266 + (257.45 - 250) * 134));
    expect((await manualOrder(third)).status).toBe('done');

    const rest = await queue(signal.signal_id, { side: 'exit', portion: 1, order_type: 'market' });
    await engine.tick(at(4));
    expect((await tradesOf(signal.signal_id))[0]).toMatchObject({
      trade_status: 'completed',
      remaining_quantity: 0,
      trade_risk: 0,
    });
    expect((await exitsOf(open!.trabot_trade_id)).map((e) => [e.trade_exit_sequence, e.trade_exit_quantity])).toEqual([
      [1, 200],
      [2, 66],
      [3, 134],
    ]);
    expect((await manualOrder(rest)).status).toBe('done');

    // Nothing left to exit: the next exit fails with its reason, and repeated ticks order nothing.
    const none = await queue(signal.signal_id, { side: 'exit', portion: 1, order_type: 'market' });
    await engine.tick(at(5));
    await engine.tick(at(6));
    expect(await manualOrder(none)).toMatchObject({ status: 'failed', status_reason: 'no account trades this signal' });
    expect(await exitsOf(open!.trabot_trade_id)).toHaveLength(3);
  });
});

describe('engine: Manual Entry', () => {
  it('rests a limit entry until the price crosses it, fills at the limit, and adds a later entry to the same trade', async () => {
    const { feed, engine } = scriptedEngine();
    const algoId = await newAlgo();
    const account = await subscriber(algoId, {});
    // process_signal not set: only the manual order trades this signal.
    const signal = await newSignal(algoId, {
      instrument_symbol: 'LT',
      algo_process_ind: false,
      stop_loss_level: 200,
      target_level: 330,
    });
    await engine.tick(at(1)); // the feed now prices LT at 250
    const entry = await queue(signal.signal_id, {
      side: 'entry',
      portion: 0.5,
      order_type: 'limit',
      limit_price: 249.5,
    });

    await engine.tick(at(2));
    const [pending] = await tradesOf(signal.signal_id);
    // |249.5 - 200| = 49.5 a share: 5,000 / 49.5 = 101 by risk, 50 % of it = 50.
    expect(pending).toMatchObject({ trabot_account_id: account, trade_status: 'pending', trade_quantity: 50 });
    expect(await manualOrder(entry)).toMatchObject({ status: 'placed' });
    expect(await legsOf(entry)).toEqual([
      expect.objectContaining({ state: 'open', quantity: 50, broker_order_id: pending!.broker_trade_number }),
    ]);
    expect(await entriesOf(pending!.trabot_trade_id)).toEqual([]);

    feed.set('LT', 249.2);
    await engine.tick(at(3));
    const [running] = await tradesOf(signal.signal_id);
    expect(running).toMatchObject({
      trade_status: 'running',
      trade_quantity: 50,
      remaining_quantity: 50,
      avg_entry_price: 249.5,
    });
    expect(await entriesOf(running!.trabot_trade_id)).toEqual([
      expect.objectContaining({
        trade_entry_sequence: 1,
        trade_entry_quantity: 50,
        trade_entry_price: 249.5,
        ...legCharges({ product: 'delivery', side: 'buy', quantity: 50, price: 249.5 }),
      }),
    ]);
    expect(await manualOrder(entry)).toMatchObject({ status: 'done' });

    const more = await queue(signal.signal_id, { side: 'entry', portion: 1, order_type: 'market' });
    await engine.tick(at(4));
    const [added] = await tradesOf(signal.signal_id);
    // Sized at 249.2: 5,000 / 49.2 = 101, all of it; the allocation cap allows 401.
    expect(added).toMatchObject({
      trade_status: 'running',
      trade_quantity: 151,
      remaining_quantity: 151,
      avg_entry_price: round2((50 * 249.5 + 101 * 249.2) / 151),
    });
    expect(
      (await entriesOf(added!.trabot_trade_id)).map((e) => [e.trade_entry_sequence, e.trade_entry_quantity]),
    ).toEqual([
      [1, 50],
      [2, 101],
    ]);
    expect((await manualOrder(more)).status).toBe('done');
  });

  it('fails with a warning per account when the key is invalid or the broker rejects the order', async () => {
    const { engine } = scriptedEngine();
    const algoId = await newAlgo();
    const lenient = { min_required_risk_reward: 0, min_percent_allocation_pertrade: 0 };
    const noKey = await subscriber(algoId, lenient, null);
    const withKey = await subscriber(algoId, lenient);
    const signal = await newSignal(algoId, {
      instrument_symbol: 'ONGC',
      algo_process_ind: false,
      stop_loss_level: 150,
      target_level: 400,
    });
    await engine.tick(at(1));
    // 24 % above the previous close (250): outside the day's band of 20 %.
    const order = await queue(signal.signal_id, { side: 'entry', portion: 1, order_type: 'limit', limit_price: 310 });
    await engine.tick(at(2));
    const [trade] = await tradesOf(signal.signal_id);
    expect(trade).toMatchObject({ trabot_account_id: withKey, trade_status: 'cancelled' });
    expect(await entriesOf(trade!.trabot_trade_id)).toEqual([]);
    const [leg] = await legsOf(order);
    expect(leg).toMatchObject({ state: 'rejected', reason: "Price is outside the day's price band" });
    const skip = `Manual entry ${order}: account ${noKey} skipped for signal ${signal.signal_id}: the broker access key is invalid`;
    expect(await manualOrder(order)).toMatchObject({
      status: 'failed',
      status_reason: `${skip}; order ${leg!.broker_order_id}: Price is outside the day's price band`,
    });
    expect((await warningsAbout(signal.signal_id)).map((w) => w.warning_message)).toEqual([
      skip,
      `Manual entry ${order} for trade ${trade!.trabot_trade_id}: order ${leg!.broker_order_id} rejected: Price is outside the day's price band`,
    ]);
    expect(t.logLines.some((l) => l.includes('engine: manual entry order rejected'))).toBe(true);
  });
});
