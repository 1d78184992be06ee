/**
 * The admin's trade edit: the editable fields of one trade (ids, instrument and legs stay as they
 * are). One conditional UPDATE: with `expected_updated_at`, it applies only while the trade is as
 * the admin saw it, so an edit opened before a fill never overwrites the status and remaining
 * quantity the fill booked.
 */
import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@shared/messages';
import type { AdminTradeEditBody } from '@shared/schemas/admin/members';
import type { Trade } from '@shared/schemas/trades';
import type { Db } from '../db/client';
import { trades } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { checkLimits, INT_LIMIT, MONEY_LIMIT } from './column-limits';
import { getTrade } from './trades';

/**
 * Null when the trade does not exist; a 409 DomainError carrying the current trade when it changed
 * since `expected_updated_at`.
 */
export async function editTrade(db: Db, tradeId: number, body: AdminTradeEditBody): Promise<Trade | null> {
  const { expected_updated_at: expected, ...fields } = body;
  checkLimits({ trade_quantity: fields.trade_quantity, remaining_quantity: fields.remaining_quantity }, INT_LIMIT);
  checkLimits({ current_mtm: fields.current_mtm, trade_risk: fields.trade_risk, ltp: fields.ltp }, MONEY_LIMIT);
  const [row] = await db
    .update(trades)
    .set({ ...fields, last_updated_timestamp: sql`now()` })
    .where(
      and(
        eq(trades.trabot_trade_id, tradeId),
        expected === undefined ? undefined : eq(trades.updated_at, new Date(expected)),
      ),
    )
    .returning({ id: trades.trabot_trade_id });
  if (row) return getTrade(db, row.id);
  const current = await getTrade(db, tradeId);
  if (!current) return null;
  throw new DomainError('conflict', MSG.tradeChangedSince, undefined, current);
}
