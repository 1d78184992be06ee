/**
 * Running trades out at their levels (docs/engine.md, "Exits"): a trade whose signal's target or
 * stop-loss the last price has reached, and an intraday trade from 15:15 IST on its trade date, gets
 * a market exit leg for its open quantity; all of them are written in one statement, sent with
 * bounded concurrency and saved in one transaction. A running signal whose level is reached completes.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { signals } from '../db/schema';
import type { EngineContext } from './engine-deps';
import { insertLegs } from './new-legs';
import { applyAnswers, sendLegs } from './order-legs';
import type { RunningTrade } from './prices';
import { levelReached, squareOffDue } from './trade-math';

export async function closeAtLevels(ctx: EngineContext, running: readonly RunningTrade[], now: Date): Promise<void> {
  const { db, log } = ctx.deps;
  const due = running.flatMap(({ trade, signal, account }) => {
    const quote = ctx.feed.quote(signal.instrument_symbol);
    const reached = (quote && levelReached(signal.trade_direction, quote.ltp, signal)) || (squareOffDue(trade.trade_type, trade.trade_date, now) ? ('square_off' as const) : null);
    if (!reached || !trade.remaining_quantity) return [];
    return [{ trade, account, signal, reached }];
  });
  for (const { trade, reached } of due) log.info({ tradeId: trade.trabot_trade_id, reached }, `engine: ${reached} reached`);
  // A trade whose exit is still in flight gets no second one (a partial unique index).
  const legs = await insertLegs(
    db,
    due.map(({ trade, account, signal, reached }) => ({ trade, account, signal, leg: { side: 'exit', source: reached, quantity: trade.remaining_quantity!, order_type: 'market' } })),
    now,
  );
  await applyAnswers(ctx, await sendLegs(ctx, legs), now);

  const live = await db.select().from(signals).where(eq(signals.trade_status, 'running'));
  const completed = live.filter((signal) => {
    const quote = ctx.feed.quote(signal.instrument_symbol);
    return quote && levelReached(signal.trade_direction, quote.ltp, signal);
  });
  if (completed.length) {
    await db
      .update(signals)
      .set({ trade_status: 'completed' })
      .where(and(inArray(signals.signal_id, completed.map((s) => s.signal_id)), eq(signals.trade_status, 'running')));
    for (const signal of completed) log.info({ signalId: signal.signal_id, ltp: ctx.feed.quote(signal.instrument_symbol)!.ltp }, 'engine: signal completed');
  }
}
