/**
 * Manual Entry / Manual Exit: the admin's order for a signal, stored as `queued`. The execution
 * engine places it for every account trading the signal and moves its status on.
 */
import { and, eq } from 'drizzle-orm';
import { MSG } from '@shared/messages';
import type { ManualEntryBody, ManualExitBody, ManualOrder } from '@shared/schemas/admin/algos';
import type { Db } from '../db/client';
import { manualOrders, signals, type MANUAL_ORDER_SIDES } from '../db/schema';
import { checkLimits } from './column-limits';
import { recordSignalEvents, type Actor } from '../records/signal-events';
import { LEVEL_LIMIT, toSignal } from './signals';
import { instrumentTickInfo } from '../instruments/instrument-list';
import { requireOnTick } from './ticks';
import { DomainError } from '../lib/domain-error';

type Side = (typeof MANUAL_ORDER_SIDES)[number];
type ManualOrderRow = typeof manualOrders.$inferSelect;

export function toManualOrder(row: ManualOrderRow): ManualOrder {
  return { ...row, created_at: row.created_at.toISOString() };
}

/**
 * Queued with its `manual_entry` / `manual_exit` event (who, the order's terms). Null when the
 * signal does not exist. The body repeats the signal's identity (spec section 7): a body naming
 * another signal, algo, symbol, direction or exchange is refused (400 naming the field) rather than
 * queued against the wrong trades. With `expected_updated_at`, the order is queued only while the
 * signal is as the superadmin saw it (levels, status, process flag), the signal's row locked
 * meanwhile; otherwise 409 with the current signal.
 */
export async function queueManualOrder(
  db: Db,
  input: { signalId: number; side: Side; body: ManualEntryBody | ManualExitBody; user: NonNullable<Actor> },
): Promise<ManualOrder | null> {
  const { signalId, side, body } = input;
  checkLimits({ limit_price: body.limit_price, trigger_price: body.trigger_price }, LEVEL_LIMIT);
  const [signal] = await db.select().from(signals).where(eq(signals.signal_id, signalId));
  if (!signal) return null;
  const expected = {
    signal_id: signal.signal_id,
    algo_id: signal.algo_id,
    instrument_symbol: signal.instrument_symbol,
    trade_direction: signal.trade_direction,
    trade_exchange: signal.exchange,
  };
  for (const [field, value] of Object.entries(expected)) {
    if (body[field as keyof typeof expected] !== value) {
      const message = `${field} does not match signal ${signal.signal_id}`;
      throw new DomainError('invalid', message, { [field]: message });
    }
  }
  // The prices the order type uses, on the instrument's tick (400 naming the field and the tick).
  requireOnTick(
    signal.instrument_symbol,
    await instrumentTickInfo(db, signal.instrument_symbol, signal.instrument_type),
    [
      ...(body.order_type === 'market'
        ? []
        : [{ field: 'limit_price', label: 'Limit price', price: body.limit_price }]),
      ...(body.order_type === 'trigger'
        ? [{ field: 'trigger_price', label: 'Trigger price', price: body.trigger_price }]
        : []),
    ],
  );
  const { user } = input;
  const expectedAt = body.expected_updated_at;
  const row = await db.transaction(async (tx) => {
    if (expectedAt !== undefined) {
      const [unchanged] = await tx
        .select({ id: signals.signal_id })
        .from(signals)
        .where(and(eq(signals.signal_id, signalId), eq(signals.updated_at, new Date(expectedAt))))
        .for('update');
      if (!unchanged) return null;
    }
    const [order] = await tx
      .insert(manualOrders)
      .values({
        signal_id: signalId,
        side,
        portion: body.portion,
        order_type: body.order_type,
        // Only the prices the order type uses are kept.
        limit_price: body.order_type === 'market' ? null : (body.limit_price ?? null),
        trigger_price: body.order_type === 'trigger' ? (body.trigger_price ?? null) : null,
        trade_type: body.trade_type,
        created_by: user.id,
      })
      .returning();
    const { id, portion, order_type, limit_price, trigger_price } = order!;
    await recordSignalEvents(tx, [
      {
        signalId,
        kind: side === 'entry' ? 'manual_entry' : 'manual_exit',
        actor: { id: user.id, name: user.name },
        details: { manual_order_id: id, portion, order_type, limit_price, trigger_price },
        at: order!.created_at,
      },
    ]);
    return order!;
  });
  if (row) return toManualOrder(row);
  const [current] = await db.select().from(signals).where(eq(signals.signal_id, signalId));
  if (!current) return null;
  throw new DomainError('conflict', MSG.signalChangedSince, undefined, toSignal(current));
}
