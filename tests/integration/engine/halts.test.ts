/**
 * The kill switches as the engine obeys them, with prices the test sets and the paper
 * broker: a halted account gets no new entry (signal's or manual) and says why; a halt of all
 * trading makes approved signals and manual entries wait, and they go ahead once resumed; halting
 * cancels resting entry orders; a halt that squares off closes running trades at market; exits are
 * never stopped.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manualOrders, orderLegs, tradingHalts } from '@server/db/schema';
import { engineScenario } from './scenario';

const { t, at, scriptedEngine, subscriber, newAlgo, newSignal, tradesOf, signalRow, exitsOf, warningsAbout } =
  engineScenario();

async function halt(accountId: number | null, reason: string, squareOff = false) {
  const [row] = await t.deps.db
    .insert(tradingHalts)
    .values({ account_id: accountId, reason, square_off: squareOff })
    .returning();
  return row!.id;
}
const resume = (id: number) =>
  t.deps.db.update(tradingHalts).set({ lifted_at: new Date() }).where(eq(tradingHalts.id, id));
const reasonsOf = async (signalId: number) =>
  (await warningsAbout(signalId)).map((w) => [w.warning_message, JSON.parse(w.warning_data!).reason as string]);

describe('engine: kill switches', () => {
  it("skips a halted account's entries, signal's and manual, with a warning saying why; the others trade", async () => {
    const { engine } = scriptedEngine();
    const algoId = await newAlgo();
    const halted = await subscriber(algoId, {});
    const trading = await subscriber(algoId, {});
    const haltId = await halt(halted, 'broker margin call');
    const signal = await newSignal(algoId);
    await engine.tick(at(1));
    expect((await tradesOf(signal.signal_id)).map((r) => r.trabot_account_id)).toEqual([trading]);
    expect(await reasonsOf(signal.signal_id)).toEqual([
      [`Account ${halted} skipped for signal ${signal.signal_id}: trading halted: broker margin call`, 'halted'],
    ]);

    const [order] = await t.deps.db
      .insert(manualOrders)
      .values({ signal_id: signal.signal_id, side: 'entry', portion: 0.25, order_type: 'market', trade_type: 'swing' })
      .returning();
    await engine.tick(at(2));
    const [settled] = await t.deps.db.select().from(manualOrders).where(eq(manualOrders.id, order!.id));
    expect(settled!.status_reason).toContain(
      `account ${halted} skipped for signal ${signal.signal_id}: trading halted: broker margin call`,
    );
    expect((await tradesOf(signal.signal_id)).map((r) => r.trabot_account_id)).toEqual([trading]);
    await resume(haltId);
  });

  it('under a halt of all trading an approved signal and a manual entry wait, noted; resumed, they trade', async () => {
    const { engine } = scriptedEngine();
    const algoId = await newAlgo();
    await subscriber(algoId, {});
    const haltId = await halt(null, 'exchange glitch');
    const signal = await newSignal(algoId);
    const manualOnly = await newSignal(algoId, { instrument_symbol: 'LT', algo_process_ind: false });
    const [order] = await t.deps.db
      .insert(manualOrders)
      .values({ signal_id: manualOnly.signal_id, side: 'entry', portion: 1, order_type: 'market', trade_type: 'swing' })
      .returning();
    await engine.tick(at(1));
    await engine.tick(at(2));
    expect(await tradesOf(signal.signal_id)).toEqual([]);
    expect(await signalRow(signal.signal_id)).toMatchObject({
      trade_status: 'approved',
      status_note: 'waiting: trading halted (exchange glitch)',
    });
    expect((await t.deps.db.select().from(manualOrders).where(eq(manualOrders.id, order!.id)))[0]).toMatchObject({
      status: 'queued',
      status_reason: 'waiting: trading halted (exchange glitch)',
    });

    await resume(haltId);
    await engine.tick(at(3));
    expect((await tradesOf(signal.signal_id)).map((r) => r.trade_status)).toEqual(['running']);
    expect(await signalRow(signal.signal_id)).toMatchObject({ trade_status: 'running', status_note: null });
    expect((await tradesOf(manualOnly.signal_id)).map((r) => r.trade_status)).toEqual(['running']);
  });

  it("cancels a halted account's resting entry order at the broker and the unfilled trade with it", async () => {
    const { engine } = scriptedEngine();
    const algoId = await newAlgo();
    const account = await subscriber(algoId, {});
    const signal = await newSignal(algoId, {
      instrument_symbol: 'TCS',
      algo_process_ind: false,
      stop_loss_level: 200,
      target_level: 330,
    });
    await engine.tick(at(1));
    const [order] = await t.deps.db
      .insert(manualOrders)
      .values({
        signal_id: signal.signal_id,
        side: 'entry',
        portion: 1,
        order_type: 'limit',
        limit_price: 240,
        trade_type: 'swing',
      })
      .returning();
    await engine.tick(at(2));
    const [pending] = await tradesOf(signal.signal_id);
    expect(pending).toMatchObject({ trade_status: 'pending' });

    const haltId = await halt(account, 'member asked to stop');
    await engine.tick(at(3));
    const legs = await t.deps.db
      .select()
      .from(orderLegs)
      .where(eq(orderLegs.manual_order_id, order!.id))
      .orderBy(asc(orderLegs.id));
    expect(legs.map((l) => [l.state, l.reason])).toEqual([['cancelled', 'trading halted: member asked to stop']]);
    expect((await tradesOf(signal.signal_id))[0]).toMatchObject({ trade_status: 'cancelled' });
    await resume(haltId);
  });

  it("a halt that squares off closes the account's running trades at market; one that does not leaves them to their levels", async () => {
    const { feed, engine } = scriptedEngine();
    const algoId = await newAlgo();
    const squared = await subscriber(algoId, {});
    const kept = await subscriber(algoId, {});
    const signal = await newSignal(algoId, { instrument_symbol: 'INFY' });
    await engine.tick(at(1));
    expect((await tradesOf(signal.signal_id)).map((r) => r.trade_status)).toEqual(['running', 'running']);

    const squaredHalt = await halt(squared, 'margin shortfall', true);
    const keptHalt = await halt(kept, 'paused by the member');
    feed.set('INFY', 251.5);
    await engine.tick(at(2));
    const byAccount = new Map((await tradesOf(signal.signal_id)).map((r) => [r.trabot_account_id, r]));
    expect(byAccount.get(squared)).toMatchObject({ trade_status: 'completed', remaining_quantity: 0 });
    expect(await exitsOf(byAccount.get(squared)!.trabot_trade_id)).toEqual([
      expect.objectContaining({ trade_exit_price: 251.5, trade_exit_quantity: 400 }),
    ]);
    expect(byAccount.get(kept)).toMatchObject({ trade_status: 'running', remaining_quantity: 400 });

    // Exits still go out under a halt: the kept trade closes at its target.
    feed.set('INFY', 263);
    await engine.tick(at(3));
    expect((await tradesOf(signal.signal_id)).find((r) => r.trabot_account_id === kept)).toMatchObject({
      trade_status: 'completed',
    });
    await resume(squaredHalt);
    await resume(keptHalt);
  });
});
