/**
 * The feed's side of a tick, set-based: the symbols it follows, and the last prices written onto
 * signals (with their excursions while live) and running trades (mark-to-market and risk), one
 * read and one write each whatever the number of rows.
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { updateRows } from '../db/bulk';
import { accounts, instruments, signals, trades } from '../db/schema';
import type { AccountRow, EngineContext, TradeRow } from './engine-deps';
import type { Quote } from './feed/price-feed';
import { excursions, markToMarket } from './trade-math';

/** Signals whose instrument the feed follows: their LTP shows before anyone approves them. */
const TRACKED_SIGNAL_STATUSES = ['pending', 'approved', 'running'];
/** Signals whose excursions are measured: approved or trading. */
const LIVE_SIGNAL_STATUSES = ['approved', 'running'];

/** Follows the instrument of every pending, approved or running signal and of every open trade, from its last close or the signal's entry. */
export async function trackInstruments(ctx: EngineContext): Promise<void> {
  const { db } = ctx.deps;
  const rows = await db
    .selectDistinct({ symbol: signals.instrument_symbol, entry: signals.entry_level, close: instruments.close })
    .from(signals)
    .leftJoin(instruments, and(eq(instruments.symbol, signals.instrument_symbol), eq(instruments.series, signals.instrument_type)))
    .where(
      or(
        inArray(signals.trade_status, TRACKED_SIGNAL_STATUSES),
        inArray(signals.signal_id, db.select({ id: trades.signal_id }).from(trades).where(inArray(trades.trade_status, ['pending', 'running']))),
      ),
    )
    .orderBy(asc(signals.instrument_symbol));
  for (const row of rows) {
    if (row.entry > 0 || (row.close ?? 0) > 0) ctx.feed.track(row.symbol, row.close, row.entry);
  }
}

/** A running trade with what the exit step needs: its signal's levels and its account. */
export interface RunningTrade {
  trade: TradeRow;
  signal: typeof signals.$inferSelect;
  account: AccountRow;
}

/** Writes the quotes onto signals and running trades; answers the running trades as now priced. */
export async function recordPrices(ctx: EngineContext, quotes: readonly Quote[]): Promise<RunningTrade[]> {
  const { db } = ctx.deps;
  const bySymbol = new Map(quotes.map((q) => [q.symbol, q]));
  if (bySymbol.size) {
    const tracked = await db
      .select()
      .from(signals)
      .where(and(inArray(signals.trade_status, TRACKED_SIGNAL_STATUSES), inArray(signals.instrument_symbol, [...bySymbol.keys()])));
    await updateRows(
      db,
      signals,
      'signal_id',
      tracked.map((signal) => {
        const quote = bySymbol.get(signal.instrument_symbol)!;
        const live = LIVE_SIGNAL_STATUSES.includes(signal.trade_status);
        const moves = live
          ? excursions(signal.trade_direction, signal.entry_level, quote.ltp, signal)
          : { max_fav_excursion: signal.max_fav_excursion, max_adv_excursion: signal.max_adv_excursion };
        return { signal_id: signal.signal_id, ltp: quote.ltp, ltp_timestamp: quote.timestamp, ...moves };
      }),
    );
  }

  const running = await db
    .select({ trade: trades, signal: signals, account: accounts })
    .from(trades)
    .innerJoin(signals, eq(signals.signal_id, trades.signal_id))
    .innerJoin(accounts, eq(accounts.trabot_account_id, trades.trabot_account_id))
    .where(eq(trades.trade_status, 'running'))
    .orderBy(asc(trades.trabot_trade_id));
  const priced = running.flatMap(({ trade, signal }) => {
    const quote = bySymbol.get(trade.trade_instrument);
    if (!quote) return [];
    const position = {
      direction: trade.trade_direction,
      entered: trade.trade_quantity,
      remaining: trade.remaining_quantity ?? 0,
      avgEntry: trade.avg_entry_price,
      avgExit: trade.avg_exit_price,
    };
    const figures = { trabot_trade_id: trade.trabot_trade_id, ltp: quote.ltp, ...markToMarket(position, quote.ltp, signal.stop_loss_level), last_updated_timestamp: quote.timestamp };
    Object.assign(trade, figures);
    return [figures];
  });
  await updateRows(db, trades, 'trabot_trade_id', priced);
  return running;
}
