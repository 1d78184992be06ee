/**
 * The order leg's answers (order-legs.ts) and its writer: every broker answer applied to a leg in
 * every state (the table's own test: tests/unit/shared/states/legs.test.ts), a leg moved meanwhile
 * by another process, the same fill answered twice, the trade's status as the admin left it
 * (trade-states.ts), and the fence of a stale leader.
 */
import { LivePriceBook } from '@server/engine/feed/live-prices';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { orderLegs, tradeEntries, trades, warnings } from '@server/db/schema';
import { LEG_MOVES, ORDER_LEG_STATES, type OrderLegState } from '@shared/states/legs';
import { canMove } from '@shared/states/table';
import type { Order, OrderState } from '@server/brokers/adapter';
import { DEFAULT_ENGINE_SETTINGS, type EngineContext } from '@server/engine/engine-deps';
import { FencedError, fencedDb } from '@server/engine/fence';
import { SOLE_LEADERSHIP, type Leadership } from '@server/engine/leader-lock';
import { bookFills } from '@server/engine/fills';
import { editTrade } from '@server/services/trade-edits';
import { MSG } from '@shared/messages';
import { applyAnswers, outcomeOf, sendLegs, type BrokerAnswer, type LegContext } from '@server/engine/order-legs';
import { tradeWithLeg } from '../../factories/trades';
import { createTestApp, type TestApp } from '../helpers/test-app';

const NOW = new Date('2026-01-05T04:00:00Z');

let t: TestApp;
const logLines: { msg: string }[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function context(leadership: Leadership = SOLE_LEADERSHIP): EngineContext {
  return {
    deps: { ...t.deps, log, db: fencedDb(t.deps.db, leadership) },
    leadership,
    feed: {} as EngineContext['feed'],
    live: new LivePriceBook(),
    paper: {} as EngineContext['paper'],
    calendar: {} as EngineContext['calendar'],
    settings: { ...DEFAULT_ENGINE_SETTINGS, brokerConcurrency: 4 },
    halts: { all: null, accounts: new Map() } as unknown as EngineContext['halts'],
    stopping: () => false,
    warnedOnce: () => false,
  };
}

/** A pending trade with its entry leg, the leg then set to `state`. */
async function legIn(state: OrderLegState): Promise<LegContext> {
  const created = await tradeWithLeg(
    t.deps,
    { side: 'entry', source: 'signal', quantity: 10, order_type: 'market' },
    NOW,
  );
  const [leg] = await t.deps.db.update(orderLegs).set({ state }).where(eq(orderLegs.id, created.leg.id)).returning();
  return { ...created, leg: leg! };
}

function order(l: LegContext, state: OrderState): Order {
  return {
    orderId: `O${l.leg.id}`,
    clientOrderId: l.leg.client_order_id,
    exchangeOrderId: null,
    request: {} as Order['request'],
    state,
    filledQuantity: state === 'filled' ? 10 : 0,
    averagePrice: state === 'filled' ? 1500 : null,
    rejectReason: state === 'rejected' ? 'RMS: margin' : null,
    updatedAt: NOW,
  };
}

/** Each answer a broker can give, and the state it moves a leg to (none: nothing written). */
const ANSWERS: Record<string, { answer: (l: LegContext) => BrokerAnswer; to: OrderLegState | null }> = {
  unreachable: { answer: () => ({ kind: 'unreachable', error: new Error('ECONNRESET') }), to: null },
  refused: { answer: () => ({ kind: 'refused', reason: 'Invalid quantity' }), to: 'rejected' },
  open: { answer: (l) => ({ kind: 'order', order: order(l, 'open') }), to: 'open' },
  trigger_pending: { answer: (l) => ({ kind: 'order', order: order(l, 'trigger_pending') }), to: 'open' },
  filled: { answer: (l) => ({ kind: 'order', order: order(l, 'filled') }), to: 'filled' },
  cancelled: { answer: (l) => ({ kind: 'order', order: order(l, 'cancelled') }), to: 'cancelled' },
  rejected: { answer: (l) => ({ kind: 'order', order: order(l, 'rejected') }), to: 'rejected' },
};

const TRADE_AFTER: Record<OrderLegState, string> = {
  new: 'pending',
  sending: 'pending',
  open: 'pending',
  filled: 'running',
  cancelled: 'cancelled',
  rejected: 'cancelled',
};

describe('outcomeOf: every broker answer for a leg in every state', () => {
  for (const from of ORDER_LEG_STATES)
    for (const [name, { answer, to }] of Object.entries(ANSWERS))
      it(`${from} + ${name} -> ${to ?? 'nothing written'}`, async () => {
        const l = await legIn(from);
        const out = outcomeOf(context(), [{ ...l, answer: answer(l) }], NOW);
        if (to === null) {
          expect(out.legs).toEqual([]);
          expect(out.warnings).toHaveLength(1);
          return;
        }
        expect(out.legs).toEqual([expect.objectContaining({ id: l.leg.id, from, state: to })]);
        expect(out.fills).toHaveLength(to === 'filled' ? 1 : 0);
        expect(out.cancelledTrades).toEqual(
          to === 'cancelled' || to === 'rejected' ? [{ tradeId: l.trade.trabot_trade_id, legId: l.leg.id }] : [],
        );
      });
});

describe('applyAnswers: every broker answer for a leg in every state', () => {
  for (const from of ORDER_LEG_STATES)
    for (const [name, { answer, to }] of Object.entries(ANSWERS)) {
      const moves = to !== null && canMove(LEG_MOVES, from, to, 'engine');
      it(`${from} + ${name}: ${moves ? `moves to ${to}` : 'leaves the leg as it is'}`, async () => {
        const l = await legIn(from);
        await applyAnswers(context(), [{ ...l, answer: answer(l) }], NOW);
        const [leg] = await t.deps.db.select().from(orderLegs).where(eq(orderLegs.id, l.leg.id));
        const [trade] = await t.deps.db
          .select()
          .from(trades)
          .where(eq(trades.trabot_trade_id, l.trade.trabot_trade_id));
        const entries = await t.deps.db
          .select()
          .from(tradeEntries)
          .where(eq(tradeEntries.trabot_trade_id, l.trade.trabot_trade_id));
        expect(leg!.state).toBe(moves ? to : from);
        expect(trade!.trade_status).toBe(moves ? TRADE_AFTER[to] : 'pending');
        expect(entries.map((e) => e.order_leg_id)).toEqual(moves && to === 'filled' ? [l.leg.id] : []);
      });
    }

  it('an answer for a leg another process moved meanwhile is not applied, and logged', async () => {
    const l = await legIn('sending');
    // Another process (a new leader) booked the fill first.
    await applyAnswers(context(), [{ ...l, answer: ANSWERS.filled!.answer(l) }], NOW);
    logLines.length = 0;
    // The stale reader still holds the leg as `sending` and got the same fill.
    await applyAnswers(context(), [{ ...l, answer: ANSWERS.filled!.answer(l) }], NOW);
    const entries = await t.deps.db
      .select()
      .from(tradeEntries)
      .where(eq(tradeEntries.trabot_trade_id, l.trade.trabot_trade_id));
    expect(entries).toHaveLength(1);
    const [trade] = await t.deps.db.select().from(trades).where(eq(trades.trabot_trade_id, l.trade.trabot_trade_id));
    expect(trade!.trade_quantity).toBe(10);
    expect(logLines.map((line) => line.msg)).toContain(
      'engine: leg no longer in the state read, the answer is not applied',
    );
  });

  it('a fill on a trade the admin cancelled meanwhile is booked, the trade stays cancelled and the admin is warned', async () => {
    const l = await legIn('open');
    // The engine read the trade pending; the admin cancels it before the broker's answer is saved.
    await t.deps.db
      .update(trades)
      .set({ trade_status: 'cancelled' })
      .where(eq(trades.trabot_trade_id, l.trade.trabot_trade_id));
    logLines.length = 0;
    await applyAnswers(context(), [{ ...l, answer: ANSWERS.filled!.answer(l) }], NOW);
    const [trade] = await t.deps.db.select().from(trades).where(eq(trades.trabot_trade_id, l.trade.trabot_trade_id));
    expect(trade).toMatchObject({ trade_status: 'cancelled', trade_quantity: 10, remaining_quantity: 10 });
    const entries = await t.deps.db
      .select()
      .from(tradeEntries)
      .where(eq(tradeEntries.trabot_trade_id, l.trade.trabot_trade_id));
    expect(entries.map((e) => e.order_leg_id)).toEqual([l.leg.id]);
    expect(logLines.map((line) => line.msg)).toContain(
      'engine: trade transition refused: a fill on a trade the engine does not move',
    );
    const raised = await t.deps.db.select().from(warnings).orderBy(desc(warnings.warning_id)).limit(1);
    expect(raised[0]!.warning_message).toBe(
      `Trade ${l.trade.trabot_trade_id} is cancelled: an order of it filled at the broker and is booked, but the trade stays cancelled (the engine does not move a cancelled trade to running); check the position at the broker`,
    );
  });

  it("a fill on a trade the admin took over (open) keeps the admin's status", async () => {
    const l = await legIn('open');
    await t.deps.db
      .update(trades)
      .set({ trade_status: 'open' })
      .where(eq(trades.trabot_trade_id, l.trade.trabot_trade_id));
    await applyAnswers(context(), [{ ...l, answer: ANSWERS.filled!.answer(l) }], NOW);
    const [trade] = await t.deps.db.select().from(trades).where(eq(trades.trabot_trade_id, l.trade.trabot_trade_id));
    expect(trade).toMatchObject({ trade_status: 'open', trade_quantity: 10, avg_entry_price: 1500 });
  });

  it('a failed entry does not cancel a trade that runs meanwhile: the refused move is logged', async () => {
    const l = await legIn('open');
    await t.deps.db
      .update(trades)
      .set({ trade_status: 'running' })
      .where(eq(trades.trabot_trade_id, l.trade.trabot_trade_id));
    logLines.length = 0;
    await applyAnswers(context(), [{ ...l, answer: ANSWERS.cancelled!.answer(l) }], NOW);
    const [trade] = await t.deps.db.select().from(trades).where(eq(trades.trabot_trade_id, l.trade.trabot_trade_id));
    expect(trade!.trade_status).toBe('running');
    expect(logLines.map((line) => line.msg)).toContain('engine: trade transition refused: its entry did not fill');
  });

  it('an admin edit sent while a fill is being booked waits for it, then is told the trade changed', async () => {
    const l = await legIn('open');
    const id = l.trade.trabot_trade_id;
    const [seen] = await t.deps.db.select().from(trades).where(eq(trades.trabot_trade_id, id));
    let edit: Promise<unknown> | undefined;
    let settled = false;
    await t.deps.db.transaction(async (tx) => {
      await bookFills(tx, [{ leg: l.leg, trade: l.trade, stopLoss: 1450, order: order(l, 'filled') }], NOW);
      // The trade is locked until this transaction ends: the edit cannot slip in before the commit.
      edit = editTrade(t.deps.db, id, {
        trade_date: seen!.trade_date,
        trade_status: 'cancelled',
        trade_quantity: 10,
        current_mtm: null,
        trade_risk: null,
        remaining_quantity: null,
        broker_trade_number: null,
        stoploss_trade_number: null,
        ltp: null,
        expected_updated_at: seen!.updated_at.toISOString(),
      }).finally(() => (settled = true));
      edit.catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(settled).toBe(false);
    });
    await expect(edit).rejects.toMatchObject({ message: MSG.tradeChangedSince });
    const [trade] = await t.deps.db.select().from(trades).where(eq(trades.trabot_trade_id, id));
    expect(trade).toMatchObject({ trade_status: 'running', trade_quantity: 10, remaining_quantity: 10 });
  });

  it('a stale leader (its epoch moved on) writes nothing and orders nothing', async () => {
    const l = await legIn('sending');
    const stale: Leadership = { epoch: () => -1, confirmed: () => false };
    await expect(applyAnswers(context(stale), [{ ...l, answer: ANSWERS.filled!.answer(l) }], NOW)).rejects.toThrow(
      FencedError,
    );
    const [leg] = await t.deps.db.select().from(orderLegs).where(eq(orderLegs.id, l.leg.id));
    expect(leg!.state).toBe('sending');
    let placed = 0;
    const ctx = context(stale);
    ctx.paper = { placeOrder: () => void placed++ } as unknown as EngineContext['paper'];
    await expect(sendLegs(ctx, [l])).rejects.toThrow(FencedError);
    expect(placed).toBe(0);
  });
});
