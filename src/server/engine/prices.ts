/**
 * The feed's side of a tick, set-based: the symbols it follows, and the last prices written onto
 * signals (with their excursions while live) and running trades (mark-to-market and risk), one
 * read and one write each whatever the number of rows.
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { updateRows } from '../db/bulk';
import { instruments, signals, trades } from '../db/schema';
import type { SignalStatus } from '@shared/constants';
import type { EngineContext } from './engine-deps';
import type { Quote } from './feed/price-feed';
import { excursions, markToMarket } from '../trading/trade-math';

/** Signals whose instrument the feed follows: their LTP shows before anyone approves them. */
const TRACKED_SIGNAL_STATUSES: SignalStatus[] = ['pending', 'approved', 'running'];
/** Signals whose excursions are measured: approved or trading. */
const LIVE_SIGNAL_STATUSES: SignalStatus[] = ['approved', 'running'];

/** Follows the instrument of every pending, approved or running signal and of every open trade, from its last close or the signal's entry. */
export async function trackInstruments(ctx: EngineContext): Promise<void> {
  const { db } = ctx.deps;
  const rows = await db
    .selectDistinct({
      symbol: signals.instrument_symbol,
      entry: signals.entry_level,
      close: instruments.close,
      tick: instruments.tick_size,
    })
    .from(signals)
    .leftJoin(
      instruments,
      and(eq(instruments.symbol, signals.instrument_symbol), eq(instruments.series, signals.instrument_type)),
    )
    .where(
      or(
        inArray(signals.trade_status, TRACKED_SIGNAL_STATUSES),
        inArray(
          signals.signal_id,
          db
            .select({ id: trades.signal_id })
            .from(trades)
            .where(inArray(trades.trade_status, ['pending', 'running'])),
        ),
      ),
    )
    .orderBy(asc(signals.instrument_symbol));
  for (const row of rows) {
    if (row.entry > 0 || (row.close ?? 0) > 0) ctx.feed.track(row.symbol, row.close, row.entry, row.tick);
  }
}

/** A running trade as priced: what mark-to-market needs and the exit step reads. */
export interface PricedTrade {
  tradeId: number;
  accountId: number;
  tradeType: string;
  tradeDate: string;
  instrument: string;
  direction: string;
  remaining: number;
  signalId: number;
}

/** Writes the quotes onto signals and running trades; answers the running trades as now priced. */
export async function recordPrices(ctx: EngineContext, quotes: readonly Quote[]): Promise<PricedTrade[]> {
  const { db } = ctx.deps;
  const bySymbol = new Map(quotes.map((q) => [q.symbol, q]));
  if (bySymbol.size) {
    const tracked = await db
      .select()
      .from(signals)
      .where(
        and(
          inArray(signals.trade_status, TRACKED_SIGNAL_STATUSES),
          inArray(signals.instrument_symbol, [...bySymbol.keys()]),
        ),
      );
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
    .select({
      tradeId: trades.trabot_trade_id,
      accountId: trades.trabot_account_id,
      tradeType: trades.trade_type,
      tradeDate: trades.trade_date,
      instrument: trades.trade_instrument,
      direction: trades.trade_direction,
      entered: trades.trade_quantity,
      remaining: trades.remaining_quantity,
      avgEntry: trades.avg_entry_price,
      avgExit: trades.avg_exit_price,
      signalId: trades.signal_id,
      stopLoss: signals.stop_loss_level,
    })
    .from(trades)
    .innerJoin(signals, eq(signals.signal_id, trades.signal_id))
    .where(eq(trades.trade_status, 'running'))
    .orderBy(asc(trades.trabot_trade_id));
  const priced = running.flatMap((trade) => {
    const quote = bySymbol.get(trade.instrument);
    if (!quote) return [];
    const position = {
      direction: trade.direction,
      entered: trade.entered,
      remaining: trade.remaining ?? 0,
      avgEntry: trade.avgEntry,
      avgExit: trade.avgExit,
    };
    return [
      {
        trabot_trade_id: trade.tradeId,
        ltp: quote.ltp,
        ...markToMarket(position, quote.ltp, trade.stopLoss),
        last_updated_timestamp: quote.timestamp,
      },
    ];
  });
  // In batches: on the embedded database each statement holds the event loop for its length.
  for (let start = 0; start < priced.length; start += ctx.settings.batchSize) {
    await updateRows(db, trades, 'trabot_trade_id', priced.slice(start, start + ctx.settings.batchSize));
  }
  return running.map(({ tradeId, accountId, tradeType, tradeDate, instrument, direction, remaining, signalId }) => ({
    tradeId,
    accountId,
    tradeType,
    tradeDate,
    instrument,
    direction,
    remaining: remaining ?? 0,
    signalId: signalId as number,
  }));
}
