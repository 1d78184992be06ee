/**
 * A protection's records outlive its trade (issue 41, "Records"; docs/engine.md, "Order
 * records"): deleting a trade (an operator's DELETE, whose cascade takes its legs and its
 * protection) leaves every protection_events row and every order_events row of it in place.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, protectionEvents, protections, trades } from '@server/db/schema';
import { engineScenario } from './scenario';

const { t, at, scriptedEngine, subscriber, newAlgo, newSignal, tradesOf } = engineScenario();

describe("a protection's records", () => {
  it('are kept when its trade is deleted', async () => {
    const { engine } = scriptedEngine();
    const algoId = await newAlgo();
    await subscriber(algoId, {});
    const signal = await newSignal(algoId, { instrument_symbol: 'KEPT1' });
    await engine.tick(at(1));
    const [trade] = await tradesOf(signal.signal_id);
    const [protection] = await t.deps.db
      .select()
      .from(protections)
      .where(eq(protections.trabot_trade_id, trade!.trabot_trade_id));
    expect(protection).toMatchObject({ state: 'active' });
    const eventsOf = () =>
      t.deps.db.select().from(protectionEvents).where(eq(protectionEvents.protection_id, protection!.id));
    const before = await eventsOf();
    expect(before.length).toBeGreaterThan(0);
    const ordersOf = () =>
      t.deps.db.select().from(orderEvents).where(eq(orderEvents.trabot_trade_id, trade!.trabot_trade_id));
    const orderRecords = await ordersOf();
    expect(orderRecords.length).toBeGreaterThan(0);

    await t.deps.db.delete(trades).where(eq(trades.trabot_trade_id, trade!.trabot_trade_id));
    expect(await t.deps.db.select().from(protections).where(eq(protections.id, protection!.id))).toEqual([]);
    expect(await eventsOf()).toEqual(before);
    expect(await ordersOf()).toEqual(orderRecords);
  });
});
