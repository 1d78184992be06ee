/**
 * The one door of a status (src/server/states/guarded-update.ts) against the embedded database: a
 * move from a status the table does not allow changes no row and is reported with the status the
 * row is in; a row not found, or left out by the caller's condition, is reported as such; a
 * compare-and-set move is written only while the row is in the status read.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLegs, signals, trades } from '@server/db/schema';
import { moveEach, moveWhere, type StatusDoor } from '@server/states/guarded-update';
import type { SignalStatus, TradeStatus } from '@shared/constants';
import { LEG_MOVES, type OrderLegState } from '@shared/states/legs';
import { SIGNAL_MOVES } from '@shared/states/signals';
import { TRADE_MOVES } from '@shared/states/trades';
import { tradeWithLeg } from '../../factories/trades';
import { createTestApp, type TestApp } from '../helpers/test-app';

const NOW = new Date('2026-01-05T05:00:00Z');
const TRADES: StatusDoor<typeof trades, TradeStatus> = {
  row: 'trade',
  table: trades,
  key: 'trabot_trade_id',
  status: 'trade_status',
  moves: TRADE_MOVES,
};
const SIGNALS: StatusDoor<typeof signals, SignalStatus> = {
  row: 'signal',
  table: signals,
  key: 'signal_id',
  status: 'trade_status',
  moves: SIGNAL_MOVES,
};
const LEGS: StatusDoor<typeof orderLegs, OrderLegState> = {
  row: 'leg',
  table: orderLegs,
  key: 'id',
  status: 'state',
  moves: LEG_MOVES,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A pending trade with its entry leg `sending`, as the engine writes them. */
async function pendingTrade() {
  const { signal, trade, leg } = await tradeWithLeg(
    t.deps,
    { side: 'entry', source: 'signal', quantity: 10, order_type: 'market' },
    NOW,
  );
  return { signal, tradeId: trade.trabot_trade_id, legId: leg.id };
}

const statusOf = async (tradeId: number) =>
  (await t.deps.db.select().from(trades).where(eq(trades.trabot_trade_id, tradeId)))[0]!;

describe('moveWhere: one target, the table’s sources in the statement', () => {
  it('does not move a trade from a status the table does not allow, and says why', async () => {
    const { tradeId } = await pendingTrade();
    const before = await statusOf(tradeId);
    // pending -> completed is no move of the engine's (only running and open complete).
    const out = await moveWhere(t.deps.db, TRADES, {
      to: 'completed',
      by: 'engine',
      ids: [tradeId, 999_999],
      set: { last_updated_timestamp: NOW },
    });
    expect(out.moved).toEqual([]);
    expect(out.refused).toEqual([
      { id: tradeId, to: 'completed', why: 'status', status: 'pending' },
      { id: 999_999, to: 'completed', why: 'not_found' },
    ]);
    const after = await statusOf(tradeId);
    expect(after.trade_status).toBe('pending');
    expect(after.updated_at).toEqual(before.updated_at);
    expect(after.last_updated_timestamp).toEqual(before.last_updated_timestamp);
  });

  it('moves a trade the table allows, with the columns given, and refuses a superadmin the engine’s move', async () => {
    const { tradeId } = await pendingTrade();
    const refused = await moveWhere(t.deps.db, TRADES, { to: 'running', by: 'admin', ids: [tradeId] });
    expect(refused.refused).toEqual([{ id: tradeId, to: 'running', why: 'status', status: 'pending' }]);
    const out = await moveWhere(t.deps.db, TRADES, {
      to: 'running',
      by: 'engine',
      ids: [tradeId],
      set: { last_updated_timestamp: NOW },
    });
    expect(out.moved.map((r) => [r.trabot_trade_id, r.trade_status, r.last_updated_timestamp])).toEqual([
      [tradeId, 'running', NOW],
    ]);
    expect(out.refused).toEqual([]);
  });

  it('reports a row the caller’s condition left out, and moves from the narrowed status only', async () => {
    const { signal } = await pendingTrade();
    const out = await moveWhere(t.deps.db, SIGNALS, {
      to: 'approved',
      by: 'admin',
      from: ['pending'],
      ids: [signal.signal_id],
      where: sql`false`,
    });
    expect(out.refused).toEqual([{ id: signal.signal_id, to: 'approved', why: 'condition', status: 'pending' }]);
    const cancelled = await moveWhere(t.deps.db, SIGNALS, { to: 'cancelled', by: 'admin', ids: [signal.signal_id] });
    expect(cancelled.moved.map((r) => r.trade_status)).toEqual(['cancelled']);
    // Cancelled is final: not back to approved, whoever asks.
    const again = await moveWhere(t.deps.db, SIGNALS, { to: 'approved', by: 'engine', ids: [signal.signal_id] });
    expect(again.refused).toEqual([{ id: signal.signal_id, to: 'approved', why: 'status', status: 'cancelled' }]);
    await expect(
      moveWhere(t.deps.db, SIGNALS, { to: 'approved', by: 'admin', from: ['cancelled'], ids: [signal.signal_id] }),
    ).rejects.toThrow('the admin may not move a signal from cancelled to approved');
  });
});

describe('moveEach: each row from the status read', () => {
  it('writes a leg only while it is in the state read, and never a move the table refuses', async () => {
    const a = await pendingTrade();
    const b = await pendingTrade();
    const c = await pendingTrade();
    // Another process moved c's leg to filled meanwhile; the engine still reads it as sending.
    await t.deps.db.update(orderLegs).set({ state: 'filled' }).where(eq(orderLegs.id, c.legId));
    const out = await moveEach(t.deps.db, LEGS, 'engine', [
      { row: { id: a.legId, state: 'open', broker_order_id: 'A1' }, from: 'sending' },
      // filled -> open is no move: not written, though the leg is sending.
      { row: { id: b.legId, state: 'open', broker_order_id: 'B1' }, from: 'filled' },
      { row: { id: c.legId, state: 'cancelled', broker_order_id: 'C1' }, from: 'sending' },
    ]);
    expect([...out.moved]).toEqual([a.legId]);
    expect(out.refused).toEqual([
      { id: b.legId, to: 'open', why: 'table', status: 'filled' },
      { id: c.legId, to: 'cancelled', why: 'status', status: 'filled' },
    ]);
    const legs = await t.deps.db
      .select({ id: orderLegs.id, state: orderLegs.state, broker_order_id: orderLegs.broker_order_id })
      .from(orderLegs)
      .where(sql`${orderLegs.id} in (${a.legId}, ${b.legId}, ${c.legId})`)
      .orderBy(orderLegs.id);
    expect(legs).toEqual([
      { id: a.legId, state: 'open', broker_order_id: 'A1' },
      { id: b.legId, state: 'sending', broker_order_id: null },
      { id: c.legId, state: 'filled', broker_order_id: null },
    ]);
  });
});
