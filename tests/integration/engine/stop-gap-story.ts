/**
 * A gap through a stop (issue 41, "Stops that fill"; docs/engine.md, "Stops that fill"), told the
 * same way at every broker (rest-broker-stop-gap.test.ts at Fyers, Upstox, Angel One and Dhan,
 * kite-stop-gap.test.ts at Zerodha): a live trade at 250 with its stop at 245 resting at the broker
 * (its limit beyond the trigger); the broker's price gaps to 230, past that limit too, so the
 * triggered stop rests unfilled as the broker's rules have it. Trabot's own feed stays at 250: the
 * broker's price alone tells it. The stop is chased toward the market and the position ends flat
 * at the broker within 60 s, once, booked at the broker's fill price. With no buyer for a while,
 * the chase does not stop after three modifications: it escalates once ("exit pending at the
 * broker") and goes on modifying, less often, as the market moves, until the position is flat.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderEvents, orderLegs, warnings } from '@server/db/schema';
import type { ExitPendingEvent } from '@server/context';
import type { Engine } from '@server/engine/engine';
import type { TestApp } from '../helpers/test-app';
import { assertNoSecondExit, exitsOf, protectionOfTrade, tradeOfSignal } from './protection-checks';
import type { ScriptedFeed } from './scripted-feed';

/** A sell order at the broker as the story reads it from the fake (each keeps its own shape). */
export interface GapSell {
  id: string;
  open: boolean;
  filled: number;
  averagePrice: number;
}

/** The broker behind the story: its fake's controls and what it holds. */
export interface GapBroker {
  setLtp(symbol: string, price: number): void;
  /** The broker's matching after a price move: triggers stops, fills what is marketable. */
  match(): void;
  /** No one takes the other side of the symbol's orders: they rest even when marketable, until released. */
  holdFills(symbol: string, held: boolean): void;
  /** The order the stop leg became at the broker (the SL order, or the order a GTT's trigger placed). */
  stopSell(symbol: string): GapSell | undefined;
  /** Shares of the symbol bought and sold (filled) at the broker. */
  traded(symbol: string): { bought: number; sold: number };
}

export interface GapWorld {
  label: string;
  t: () => TestApp;
  broker: () => GapBroker;
  /** A live account at the broker with an approved signal (entry 250, stop 245, target 262.5) on a symbol of its own. */
  liveTrade(): Promise<{ symbol: string; signalId: number; feed: ScriptedFeed; engine: Engine }>;
  pendingPushes: ExitPendingEvent[];
  /** A Monday 09:30 IST. */
  T0: number;
}

/** The trade running with its protection resting, then the broker's price gapping to 230: the stop triggered, unfilled. */
async function gappedStop(world: GapWorld) {
  const t = world.t();
  const broker = world.broker();
  const { symbol, signalId, engine } = await world.liveTrade();
  await engine.tick(new Date(world.T0));
  await engine.tick(new Date(world.T0 + 3_000));
  const trade = await tradeOfSignal(t, signalId);
  expect(trade).toMatchObject({ trade_status: 'running', remaining_quantity: 320 });
  expect(await protectionOfTrade(t, trade.trabot_trade_id)).toMatchObject({ state: 'active', stop: 245 });
  const gapAt = world.T0 + 10_000;
  broker.setLtp(symbol, 230);
  broker.match();
  return { t, broker, symbol, signalId, engine, trade, gapAt };
}

/** The engine ticking every 3 s from `from` up to `until` (ms after `at`) while `going` holds; the time it stopped. */
async function tickWhile(engine: Engine, at: number, from: number, until: number, going: () => Promise<boolean>) {
  for (let after = from; after <= until; after += 3_000) {
    await engine.tick(new Date(at + after));
    if (!(await going())) return after;
  }
  return null;
}

/** The gap's stop is chased to the market and the position is flat within 60 s: one exit, at the broker's fill. */
export async function gapEndsFlatOnce(world: GapWorld): Promise<void> {
  const { t, broker, symbol, signalId, engine, trade, gapAt } = await gappedStop(world);
  // The broker's rules: the stop triggered and rests as its limit, above the market: unfilled.
  const stop = broker.stopSell(symbol);
  if (stop) expect(stop).toMatchObject({ open: true, filled: 0 });
  let seenTriggered = false;
  const flatAfter = await tickWhile(engine, gapAt, 3_000, 60_000, async () => {
    const now = await tradeOfSignal(t, signalId);
    const protection = await protectionOfTrade(t, trade.trabot_trade_id);
    // While the stop rests unfilled the trade is never counted as protected: its protection is no longer active.
    if (now.trade_status === 'running' && broker.stopSell(symbol)?.open && protection?.state !== 'active')
      seenTriggered = true;
    return now.trade_status === 'running';
  });
  expect(flatAfter).not.toBeNull();
  expect(flatAfter!).toBeLessThanOrEqual(60_000);
  console.info(`${world.label}: gap through the stop flat ${flatAfter! / 1000} s after the gap`);
  expect(seenTriggered).toBe(true);
  const sold = broker.stopSell(symbol)!;
  expect(sold).toMatchObject({ open: false, filled: 320, averagePrice: 230 });
  expect(broker.traded(symbol)).toEqual({ bought: 320, sold: 320 });
  expect(await tradeOfSignal(t, signalId)).toMatchObject({
    trade_status: 'completed',
    remaining_quantity: 0,
    avg_exit_price: sold.averagePrice,
    exit_pending_since: null,
  });
  const exits = await exitsOf(t, trade.trabot_trade_id);
  expect(exits).toHaveLength(1);
  expect(exits[0]).toMatchObject({ trade_exit_quantity: 320, trade_exit_price: sold.averagePrice });
  const [leg] = await t.deps.db
    .select()
    .from(orderLegs)
    .where(and(eq(orderLegs.trabot_trade_id, trade.trabot_trade_id), eq(orderLegs.side, 'exit')));
  expect(leg).toMatchObject({ source: 'protection', state: 'filled' });
  // The broker's own order (Angel One names it "<orderid>/<uniqueorderid>").
  expect(leg!.broker_order_id!.split('/')[0]).toBe(sold.id);
  // Later ticks send and book nothing more.
  await engine.tick(new Date(gapAt + 90_000));
  expect(broker.traded(symbol)).toEqual({ bought: 320, sold: 320 });
  expect(await exitsOf(t, trade.trabot_trade_id)).toHaveLength(1);
  await assertNoSecondExit(t, trade.trabot_trade_id, broker.traded(symbol));
}

/**
 * No buyer after the gap: three modifications, one escalation (the warning, the pushes, "exit pending
 * at the broker"), then still modified as the market falls, less often; the buyers come back and the
 * position is flat, booked once.
 */
export async function gapChaseBacksOffAndEscalates(world: GapWorld): Promise<void> {
  const { t, broker, symbol, signalId, engine, trade, gapAt } = await gappedStop(world);
  broker.holdFills(symbol, true);
  const stopId = () => broker.stopSell(symbol)?.id;
  const modifications = async () =>
    (await t.deps.db.select().from(orderEvents).where(eq(orderEvents.trabot_trade_id, trade.trabot_trade_id)))
      .filter((e) => e.action === 'modify' && e.kind === 'request')
      .map((e) => ({ after: e.at.getTime() - gapAt, limit: e.limit_price }));
  await tickWhile(engine, gapAt, 3_000, 60_000, async () => true);
  const escalated = await tradeOfSignal(t, signalId);
  expect(escalated.trade_status).toBe('running');
  expect(escalated.exit_pending_since).not.toBeNull();
  const firstThree = await modifications();
  expect(firstThree).toHaveLength(3);
  expect(firstThree.every((m) => m.limit === 230)).toBe(true);
  const pending = (await t.deps.db.select().from(warnings)).filter((w) =>
    w.warning_message.startsWith(`Exit pending at the broker: the protection exit of trade ${trade.trabot_trade_id} `),
  );
  expect(pending).toHaveLength(1);
  expect(world.pendingPushes.filter((p) => p.trabot_trade_id === trade.trabot_trade_id)).toHaveLength(1);
  // The market falls on: the chase goes on after the escalation, each modification further apart.
  broker.setLtp(symbol, 226);
  await tickWhile(engine, gapAt, 63_000, 180_000, async () => true);
  const after = await modifications();
  expect(after.length).toBeGreaterThan(3);
  expect(after.at(-1)!.limit).toBe(226);
  const gaps = after.slice(1).map((m, i) => m.after - after[i]!.after);
  expect(gaps.at(-1)!).toBeGreaterThan(gaps[0]!);
  expect(pending).toHaveLength(1);
  // Buyers come back: the position is flat, booked once, and no longer pending.
  broker.holdFills(symbol, false);
  broker.match();
  await tickWhile(engine, gapAt, 183_000, 200_000, async () => true);
  expect(broker.stopSell(symbol)).toMatchObject({ id: stopId(), open: false, filled: 320, averagePrice: 226 });
  expect(broker.traded(symbol)).toEqual({ bought: 320, sold: 320 });
  expect(await tradeOfSignal(t, signalId)).toMatchObject({
    trade_status: 'completed',
    avg_exit_price: 226,
    exit_pending_since: null,
  });
  expect(await exitsOf(t, trade.trabot_trade_id)).toHaveLength(1);
  await assertNoSecondExit(t, trade.trabot_trade_id, broker.traded(symbol));
}
