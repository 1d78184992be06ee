/**
 * The admin's trade edit: the editable fields of one trade (ids, instrument and legs stay as they
 * are). One guarded UPDATE (src/server/states/trades.ts), the trade locked meanwhile: a status only
 * by a move a superadmin may make (src/shared/states/trades.ts), and with `expected_updated_at` only while the trade is as the
 * admin saw it, so an edit opened before a fill never overwrites the status and remaining quantity
 * the fill booked (the engine locks the trades it books fills on, so the two never interleave).
 */
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@shared/messages';
import type { AdminTradeEditBody } from '@shared/schemas/admin/members';
import type { Trade } from '@shared/schemas/trades';
import type { Db } from '../db/client';
import { trades } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { editTradeRow } from '../states/trades';
import { checkLimits, INT_LIMIT, MONEY_LIMIT } from './column-limits';
import { getTrade } from './trades';

/**
 * Null when the trade does not exist; a 409 DomainError carrying the current trade when it changed
 * since `expected_updated_at`, or when its status may not move to the one asked (`fields` names
 * `trade_status` then). Nothing is written in either case.
 */
export async function editTrade(db: Db, tradeId: number, body: AdminTradeEditBody): Promise<Trade | null> {
  const { expected_updated_at: expected, ...fields } = body;
  checkLimits({ trade_quantity: fields.trade_quantity, remaining_quantity: fields.remaining_quantity }, INT_LIMIT);
  checkLimits({ current_mtm: fields.current_mtm, trade_risk: fields.trade_risk, ltp: fields.ltp }, MONEY_LIMIT);
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: trades.trade_status, updated_at: trades.updated_at })
      .from(trades)
      .where(eq(trades.trabot_trade_id, tradeId))
      .for('update');
    if (!before) return null;
    // Without a status the edit keeps the trade's own, which the lock holds where it is.
    const { trade_status: to = before.status, ...set } = fields;
    const moved = await editTradeRow(
      tx,
      tradeId,
      to,
      { ...set, last_updated_timestamp: sql`now()` },
      expected === undefined ? undefined : eq(trades.updated_at, new Date(expected)),
    );
    return { moved, before };
  });
  if (outcome === null) return null;
  const current = await getTrade(db, tradeId);
  if (!current) return null;
  if (outcome.moved) return current;
  const { before } = outcome;
  const stale = expected !== undefined && before.updated_at.getTime() !== new Date(expected).getTime();
  if (stale || fields.trade_status === undefined)
    throw new DomainError('conflict', MSG.tradeChangedSince, undefined, current);
  const message = MSG.tradeStatusMoveRefused(before.status, fields.trade_status);
  throw new DomainError('conflict', message, { trade_status: message }, current);
}
