/**
 * outcomeOf (order-legs.ts), with no database: what a broker's answer comes to for a leg, for every
 * answer x every leg state x entry or exit x a trade pending or running. The leg's move, the fill to
 * book, the trade to cancel, the broker's order number to keep and the warnings, each written out
 * here by rule (tests/integration/engine/leg-states.test.ts then applies them to a database).
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Order, OrderState } from '@server/brokers/adapter';
import { ORDER_LEG_STATES, type OrderLegState } from '@shared/states/legs';
import type { AccountRow, EngineContext, LegRow, TradeRow } from '@server/engine/engine-deps';
import { outcomeOf, type BrokerAnswer, type LegContext } from '@server/engine/order-legs';

const NOW = new Date('2026-01-05T04:00:00Z');
const ctx = { deps: { log: pino({ level: 'silent' }) }, warnedOnce: () => false } as unknown as Pick<
  EngineContext,
  'deps' | 'warnedOnce'
>;

type Side = 'entry' | 'exit';
type TradeStage = 'pending' | 'running';

function legContext(state: OrderLegState, side: Side, stage: TradeStage): LegContext {
  const leg = {
    id: 7,
    trabot_trade_id: 70,
    trabot_account_id: 700,
    side,
    source: 'signal',
    manual_order_id: null,
    client_order_id: 'TB70L7',
    order_type: 'market',
    quantity: 10,
    limit_price: null,
    trigger_price: null,
    state,
    broker_order_id: state === 'open' ? 'O-OLD' : null,
    filled_quantity: 0,
    average_price: null,
    reason: null,
    created_at: NOW,
    updated_at: NOW,
  } as LegRow;
  const trade = {
    trabot_trade_id: 70,
    trabot_account_id: 700,
    signal_id: 9,
    broker: 'paper',
    trade_status: stage,
    trade_direction: 'long',
    trade_type: 'swing',
    trade_instrument: 'INFY',
    broker_trade_number: null,
    // A pending trade holds nothing yet; a running one the 10 shares its exit sells.
    remaining_quantity: stage === 'running' ? 10 : null,
  } as TradeRow;
  const account = { trabot_account_id: 700, order_ip_refusal: null } as AccountRow;
  const signal = { signal_id: 9, algo_id: 3, exchange: 'NSE', instrument_symbol: 'INFY', stop_loss_level: 1450 };
  return { leg, trade, signal, account };
}

function order(state: OrderState): Order {
  return {
    orderId: 'O-NEW',
    clientOrderId: 'TB70L7',
    exchangeOrderId: null,
    request: {} as Order['request'],
    state,
    filledQuantity: state === 'filled' ? 10 : 0,
    averagePrice: state === 'filled' ? 1500 : null,
    rejectReason: state === 'rejected' ? 'RMS: margin' : null,
    updatedAt: NOW,
  };
}

const ANSWERS: Record<string, BrokerAnswer> = {
  unreachable: { kind: 'unreachable', error: new Error('ECONNRESET') },
  refused: { kind: 'refused', reason: 'Invalid quantity' },
  open: { kind: 'order', order: order('open') },
  trigger_pending: { kind: 'order', order: order('trigger_pending') },
  filled: { kind: 'order', order: order('filled') },
  cancelled: { kind: 'order', order: order('cancelled') },
  rejected: { kind: 'order', order: order('rejected') },
};

/** The leg's new state (null: nothing written, the broker is asked again next tick). */
function expectedState(answer: string, side: Side, stage: TradeStage): OrderLegState | null {
  if (answer === 'unreachable') return null;
  if (answer === 'refused' || answer === 'rejected') return 'rejected';
  if (answer === 'open' || answer === 'trigger_pending') return 'open';
  if (answer === 'cancelled') return 'cancelled';
  // filled: an exit that sells more than the trade holds is not booked, the position needs a look.
  return side === 'exit' && stage === 'pending' ? 'rejected' : 'filled';
}

describe('outcomeOf: every broker answer x every leg state x entry/exit x pending/running trade', () => {
  for (const from of ORDER_LEG_STATES)
    for (const side of ['entry', 'exit'] as const)
      for (const stage of ['pending', 'running'] as const)
        for (const [name, answer] of Object.entries(ANSWERS)) {
          const to = expectedState(name, side, stage);
          it(`${from} ${side} of a ${stage} trade + ${name} -> ${to ?? 'nothing written'}`, () => {
            const l = legContext(from, side, stage);
            const out = outcomeOf(ctx, [{ ...l, answer }], NOW);
            const ends = to === 'cancelled' || to === 'rejected';

            expect(out.legs).toEqual(
              to === null
                ? []
                : [
                    expect.objectContaining({
                      id: 7,
                      from,
                      state: to,
                      broker_order_id: answer.kind === 'order' ? 'O-NEW' : l.leg.broker_order_id,
                      updated_at: NOW,
                    }),
                  ],
            );
            expect(out.fills.map((f) => [f.leg.id, f.order.averagePrice, f.stopLoss])).toEqual(
              to === 'filled' ? [[7, 1500, 1450]] : [],
            );
            // Only an entry that will not fill ends its trade, and only a trade not entered yet.
            expect(out.cancelledTrades).toEqual(
              ends && side === 'entry' && stage === 'pending' ? [{ tradeId: 70, legId: 7 }] : [],
            );
            // The broker's number of a new trade's entry order, whatever became of it.
            expect(out.tradeNumbers).toEqual(
              answer.kind === 'order' && side === 'entry' && stage === 'pending'
                ? [{ trabot_trade_id: 70, broker_trade_number: 'O-NEW', legId: 7 }]
                : [],
            );
            // One warning for an unreachable broker (no leg) and one for an order that will not fill (its leg's).
            expect(out.warnings.map((w) => w.legId ?? null)).toEqual(to === null ? [null] : ends ? [7] : []);
            expect(out.ipRefusals).toEqual([]);
          });
        }

  it('says why a new trade ended, and why an exit failed', () => {
    const entry = outcomeOf(ctx, [{ ...legContext('sending', 'entry', 'pending'), answer: ANSWERS.rejected! }], NOW);
    expect(entry.warnings[0]!.message).toBe('Trade 70 cancelled, its entry failed: order O-NEW rejected: RMS: margin');
    const exit = outcomeOf(ctx, [{ ...legContext('open', 'exit', 'pending'), answer: ANSWERS.filled! }], NOW);
    expect(exit.warnings[0]!.message).toBe(
      'The exit order of trade 70 failed: order O-NEW rejected: filled 10 shares but trade 70 has 0 open',
    );
  });

  it('an engine cancel that is meant (the trade closed) is quiet; a broker refusing the source address is said so', () => {
    const l = legContext('open', 'exit', 'running');
    const quiet = outcomeOf(
      ctx,
      [{ ...l, answer: ANSWERS.cancelled!, cancelledBecause: { reason: 'trade 70 is completed', quiet: true } }],
      NOW,
    );
    expect(quiet.legs[0]).toMatchObject({ state: 'cancelled', reason: 'trade 70 is completed' });
    expect(quiet.warnings).toEqual([]);
    const ip = outcomeOf(ctx, [{ ...l, answer: { kind: 'refused', reason: 'IP not registered' } }], NOW);
    expect(ip.ipRefusals).toEqual([{ trabot_account_id: 700, reason: 'paper: IP not registered' }]);
  });

  describe('an order that filled part of its quantity and then ended', () => {
    const partly = (state: 'cancelled' | 'rejected'): BrokerAnswer => ({
      kind: 'order',
      order: { ...order(state), filledQuantity: 4, averagePrice: 1500 },
    });
    for (const from of ORDER_LEG_STATES)
      for (const state of ['cancelled', 'rejected'] as const) {
        const unsettled = from === 'new' || from === 'sending' || from === 'open';
        it(`${from} entry of a pending trade + ${state} after 4 of 10 -> ${unsettled ? 'the 4 booked' : 'nothing booked'}`, () => {
          const out = outcomeOf(ctx, [{ ...legContext(from, 'entry', 'pending'), answer: partly(state) }], NOW);
          expect(out.legs[0]).toMatchObject({ state, filled_quantity: 4 });
          expect(out.fills.map((f) => [f.leg.id, f.order.filledQuantity, f.order.averagePrice])).toEqual(
            unsettled ? [[7, 4, 1500]] : [],
          );
          // The trade runs with its 4 shares: it is not cancelled.
          expect(out.cancelledTrades).toEqual(unsettled ? [] : [{ tradeId: 70, legId: 7 }]);
          expect(out.warnings.map((w) => w.message)).toEqual([
            unsettled
              ? `The entry order O-NEW of trade 70 ${state} after filling 4 of 10 shares: the 4 are booked and the trade runs with them (${state === 'rejected' ? 'RMS: margin' : 'cancelled at the broker'})`
              : state === 'rejected'
                ? 'Trade 70 cancelled, its entry failed: order O-NEW rejected: RMS: margin'
                : 'Trade 70 cancelled, its entry failed: order O-NEW cancelled: cancelled at the broker',
          ]);
        });
      }

    it('books a partly filled exit of a running trade, never more than it has open', () => {
      const running = outcomeOf(ctx, [{ ...legContext('open', 'exit', 'running'), answer: partly('cancelled') }], NOW);
      expect(running.fills.map((f) => f.order.filledQuantity)).toEqual([4]);
      expect(running.legs[0]).toMatchObject({ state: 'cancelled' });
      const pending = outcomeOf(ctx, [{ ...legContext('open', 'exit', 'pending'), answer: partly('cancelled') }], NOW);
      expect(pending.fills).toEqual([]);
      expect(pending.legs[0]).toMatchObject({ state: 'rejected', reason: 'filled 4 shares but trade 70 has 0 open' });
    });
  });
});
