/**
 * The engine and the trade statuses the admin sets (src/shared/states/trades.ts, written through src/server/states/trades.ts): a resting order of
 * a trade the admin closed is cancelled at its broker, one of a trade the admin took over (open)
 * is followed as before, and the engine's cancel of a trade that did not fill moves only a pending one.
 */
import { LivePriceBook } from '@server/engine/feed/live-prices';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderState } from '@server/brokers/adapter';
import { orderLegs, trades } from '@server/db/schema';
import { DEFAULT_ENGINE_SETTINGS, type EngineContext } from '@server/engine/engine-deps';
import { SOLE_LEADERSHIP } from '@server/engine/leader-lock';
import { followUnsettledLegs } from '@server/engine/settle';
import { moveTrades } from '@server/states/trades';
import type { TradeStatus } from '@shared/constants';
import { tradeWithLeg } from '../../factories/trades';
import { createTestApp, type TestApp } from '../helpers/test-app';

const NOW = new Date('2026-01-05T05:00:00Z');

let t: TestApp;
const logLines: { msg: string; tradeId?: number; from?: string; to?: string }[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });
const calls: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const answer = (orderId: string, state: OrderState): Order => ({
  orderId,
  clientOrderId: null,
  exchangeOrderId: null,
  request: {} as Order['request'],
  state,
  filledQuantity: 0,
  averagePrice: null,
  rejectReason: null,
  updatedAt: NOW,
});

/** The paper broker as a script: every order rests until cancelled. */
const paper = {
  orderStatus: async (_: unknown, orderId: string) => (calls.push(`status ${orderId}`), answer(orderId, 'open')),
  cancelOrder: async (_: unknown, orderId: string) => (calls.push(`cancel ${orderId}`), answer(orderId, 'cancelled')),
  orderBook: async () => [],
} as unknown as EngineContext['paper'];

const context = (): EngineContext => ({
  deps: { ...t.deps, log },
  leadership: SOLE_LEADERSHIP,
  feed: {} as EngineContext['feed'],
  live: new LivePriceBook(),
  paper,
  calendar: {} as EngineContext['calendar'],
  settings: { ...DEFAULT_ENGINE_SETTINGS, brokerConcurrency: 4 },
  halts: { all: null, accounts: new Map() } as unknown as EngineContext['halts'],
  stopping: () => false,
  warnedOnce: () => false,
});

/** A trade in `status` with an exit order resting at the (paper) broker as `orderId`. */
async function restingExit(status: TradeStatus, orderId: string) {
  const created = await tradeWithLeg(
    t.deps,
    { side: 'exit', source: 'target', quantity: 10, order_type: 'limit' },
    NOW,
  );
  await t.deps.db
    .update(orderLegs)
    .set({ state: 'open', broker_order_id: orderId, limit_price: 1600 })
    .where(eq(orderLegs.id, created.leg.id));
  await t.deps.db
    .update(trades)
    .set({ trade_status: status, remaining_quantity: 10 })
    .where(eq(trades.trabot_trade_id, created.trade.trabot_trade_id));
  return { tradeId: created.trade.trabot_trade_id, legId: created.leg.id };
}

describe('the engine and the statuses the admin sets', () => {
  it("cancels at the broker the resting exit of a trade the admin closed; follows an open trade's", async () => {
    const closed = await restingExit('closed', 'O-CLOSED');
    const open = await restingExit('open', 'O-OPEN');
    const running = await restingExit('running', 'O-RUNNING');
    calls.length = 0;
    await followUnsettledLegs(context(), NOW);
    expect(calls.sort()).toEqual(['cancel O-CLOSED', 'status O-OPEN', 'status O-RUNNING']);
    const legs = await t.deps.db
      .select({ id: orderLegs.id, state: orderLegs.state, reason: orderLegs.reason })
      .from(orderLegs)
      .where(inArray(orderLegs.id, [closed.legId, open.legId, running.legId]));
    expect(Object.fromEntries(legs.map((l) => [l.id, [l.state, l.reason]]))).toEqual({
      [closed.legId]: ['cancelled', `trade ${closed.tradeId} is closed`],
      [open.legId]: ['open', null],
      [running.legId]: ['open', null],
    });
    const statuses = await t.deps.db
      .select({ id: trades.trabot_trade_id, status: trades.trade_status })
      .from(trades)
      .where(inArray(trades.trabot_trade_id, [closed.tradeId, open.tradeId, running.tradeId]));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [closed.tradeId]: 'closed',
      [open.tradeId]: 'open',
      [running.tradeId]: 'running',
    });
  });

  it('moveTrades cancels only what the engine may cancel, and logs the others with their status', async () => {
    const ids: Record<string, number> = {};
    for (const status of ['pending', 'running', 'open', 'closed', 'cancelled'] as const)
      ids[status] = (await restingExit(status, `O-MOVE-${status}`)).tradeId;
    logLines.length = 0;
    const moved = await t.deps.db.transaction((tx) =>
      moveTrades(tx, log, Object.values(ids), 'cancelled', NOW, 'its entry did not fill'),
    );
    expect(moved).toEqual([ids.pending]);
    const refused = logLines.filter((l) => l.msg === 'engine: trade transition refused: its entry did not fill');
    // Already cancelled is not a refusal: nothing to say.
    expect(refused.map((l) => [l.tradeId, l.from, l.to]).sort()).toEqual(
      [
        [ids.running, 'running', 'cancelled'],
        [ids.open, 'open', 'cancelled'],
        [ids.closed, 'closed', 'cancelled'],
      ].sort(),
    );
    const [pending] = await t.deps.db.select().from(trades).where(eq(trades.trabot_trade_id, ids.pending!));
    expect(pending).toMatchObject({ trade_status: 'cancelled', last_updated_timestamp: NOW });
  });
});
