/**
 * The story behind each demo trade, so its page tells it whole: the signal received (the swing
 * algo's webhook after the close, the intraday ones added by the admin), a level the admin edited,
 * the admin's approval, the engine's cancel of the two misses, and the order behind every fill
 * (the signal's entry; the target, the stop-loss, the 15:15 square-off, or the admin's manual exit
 * of half at 1R), with the manual exits' own orders and events.
 */
import { manualOrders, orderLegs, signalEvents } from '../db/schema';
import type { Db } from '../db/client';
import type { DemoSignal } from './content';
import type { DemoClock, tradeRows } from './trade-rows';
import { signalGeneratedAt } from './trade-rows';

export interface SeededSignal {
  demo: DemoSignal;
  signalId: number;
  tradeId: number;
  accountId: number;
  rows: ReturnType<typeof tradeRows>;
}

type EventRow = typeof signalEvents.$inferInsert;

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);
/** An order reaches the broker a few seconds before its fill. */
const secondsBefore = (at: Date, seconds: number) => new Date(at.getTime() - seconds * 1000);

function signalEventRows(seeded: SeededSignal, admin: { id: number; name: string }, clock: DemoClock): EventRow[] {
  const { demo, signalId } = seeded;
  const received = signalGeneratedAt(demo, clock);
  const by = { user_id: admin.id, user_name: admin.name };
  const webhook = demo.algo === 'swing';
  const events: EventRow[] = [
    {
      signal_id: signalId,
      kind: 'received',
      at: received,
      ...(webhook ? {} : by),
      details: webhook
        ? { source: 'webhook', client_signal_id: `${demo.symbol}-${clock.day(demo.day)}` }
        : { source: 'manual' },
    },
  ];
  if (demo.status === 'pending') return events;
  const decided = minutesAfter(received, webhook ? 20 : 2);
  if (demo.edited) {
    const { field, from } = demo.edited;
    events.push({
      signal_id: signalId,
      kind: 'levels_changed',
      at: minutesAfter(decided, -1),
      ...by,
      details: { [field]: { from, to: demo[field === 'stop_loss_level' ? 'stop' : 'target'] } },
    });
  }
  events.push({ signal_id: signalId, kind: 'approved', at: decided, ...by });
  if (demo.missed) {
    const cancelledAt = demo.algo === 'swing' ? clock.at(demo.day, '09:15') : clock.at(demo.day, '14:30');
    events.push({ signal_id: signalId, kind: 'cancelled', at: cancelledAt, details: { reason: demo.missed } });
  }
  return events;
}

export async function seedSignalStories(
  tx: Db,
  seeded: readonly SeededSignal[],
  admin: { id: number; name: string },
  clock: DemoClock,
): Promise<void> {
  const events = seeded.flatMap((s) => signalEventRows(s, admin, clock));
  const legs: (typeof orderLegs.$inferInsert)[] = [];
  for (const s of seeded) {
    const { rows, tradeId, accountId, demo } = s;
    const leg = {
      trabot_trade_id: tradeId,
      trabot_account_id: accountId,
      order_type: 'market' as const,
      state: 'filled' as const,
    };
    const [first] = rows.entries;
    if (first) {
      // One market order, filled in one or more parts.
      const quantity = rows.entries.reduce((sum, e) => sum + e.trade_entry_quantity, 0);
      const placed = secondsBefore(first.trade_entry_timestamp!, 3);
      legs.push({
        ...leg,
        side: 'entry',
        source: 'signal',
        quantity,
        filled_quantity: quantity,
        broker_order_id: first.order_id,
        average_price: first.trade_entry_price,
        created_at: placed,
        updated_at: rows.entries.at(-1)!.trade_entry_timestamp!,
      });
    }
    for (const [i, exit] of rows.exits.entries()) {
      const via = demo.trade.exits[i]!.via ?? 'target';
      const placed = secondsBefore(exit.trade_exit_timestamp!, 3);
      let manualOrderId: number | null = null;
      if (via === 'manual') {
        const [order] = await tx
          .insert(manualOrders)
          .values({
            signal_id: s.signalId,
            side: 'exit',
            portion: demo.trade.exits[i]!.share,
            order_type: 'market',
            trade_type: demo.algo,
            status: 'done',
            created_by: admin.id,
            created_at: minutesAfter(placed, -1),
          })
          .returning({ id: manualOrders.id });
        manualOrderId = order!.id;
        events.push({
          signal_id: s.signalId,
          kind: 'manual_exit',
          at: minutesAfter(placed, -1),
          user_id: admin.id,
          user_name: admin.name,
          details: {
            manual_order_id: manualOrderId,
            portion: demo.trade.exits[i]!.share,
            order_type: 'market',
            limit_price: null,
            trigger_price: null,
          },
        });
      }
      const quantity = exit.trade_exit_quantity;
      legs.push({
        ...leg,
        side: 'exit',
        source: via,
        manual_order_id: manualOrderId,
        quantity,
        filled_quantity: quantity,
        broker_order_id: exit.order_id,
        average_price: exit.trade_exit_price,
        created_at: placed,
        updated_at: exit.trade_exit_timestamp!,
      });
    }
  }
  if (events.length) await tx.insert(signalEvents).values(events);
  if (legs.length) await tx.insert(orderLegs).values(legs);
}
