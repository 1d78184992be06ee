/** The admin's trade edit: the editable fields of one trade (ids, instrument and legs stay as they are). */
import { eq, sql } from 'drizzle-orm';
import type { AdminTradeEditBody } from '@shared/schemas/admin/members';
import type { Trade } from '@shared/schemas/trades';
import type { Db } from '../db/client';
import { trades } from '../db/schema';
import { checkLimits, INT_LIMIT, MONEY_LIMIT } from './column-limits';
import { getTrade } from './trades';

/** Null when the trade does not exist. */
export async function editTrade(db: Db, tradeId: number, body: AdminTradeEditBody): Promise<Trade | null> {
  checkLimits({ trade_quantity: body.trade_quantity, remaining_quantity: body.remaining_quantity }, INT_LIMIT);
  checkLimits({ current_mtm: body.current_mtm, trade_risk: body.trade_risk, ltp: body.ltp }, MONEY_LIMIT);
  const [row] = await db
    .update(trades)
    .set({ ...body, last_updated_timestamp: sql`now()` })
    .where(eq(trades.trabot_trade_id, tradeId))
    .returning({ id: trades.trabot_trade_id });
  return row ? getTrade(db, row.id) : null;
}
