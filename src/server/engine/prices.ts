/**
 * The feed's side of a tick, set-based: the symbols it follows, and the last prices written onto
 * signals (with their excursions while live) and running trades (mark-to-market and risk), one
 * read and one write each whatever the number of rows. A paper trade is priced by the feed; a live
 * trade only by its own broker (live-prices.ts): without a fresh price from it, its MTM is unknown
 * (null), it is marked `ltp_stale`, and a warning names its account and symbol once per outage.
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { withAsyncCommit } from '../db/async-commit';
import { updateRows } from '../db/bulk';
import { raiseWarnings } from '../records/warnings';
import { brokerLabel, formatAge } from '@shared/format';
import { livePriceState } from './feed/live-prices';
import { priceAccountOf } from './live-prices';
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
  /** Where its orders go: `paper`, or the real broker. */
  broker: string;
  /**
   * A live trade's fresh price from its own broker, the only one its levels are decided on; null
   * when it has none (nothing is decided at a level). Undefined for a paper trade (the feed's).
   */
  livePrice?: number | null;
}

/** Writes the quotes onto signals and running trades; answers the running trades as now priced. */
export async function recordPrices(
  ctx: EngineContext,
  quotes: readonly Quote[],
  now: Date,
  open: boolean,
): Promise<PricedTrade[]> {
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
    await withAsyncCommit(db, (tx) =>
      updateRows(
        tx,
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
      ),
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
      broker: trades.broker,
      ltp: trades.ltp,
      ltpAt: trades.ltp_at,
      ltpStale: trades.ltp_stale,
    })
    .from(trades)
    .innerJoin(signals, eq(signals.signal_id, trades.signal_id))
    .where(eq(trades.trade_status, 'running'))
    .orderBy(asc(trades.trabot_trade_id));
  const maxAge = ctx.settings.livePriceMaxAgeMs;
  const livePrices = new Map<number, number | null>();
  const warnings: { message: string; data: Record<string, unknown> }[] = [];
  const priced = running.flatMap((trade): Partial<typeof trades.$inferSelect>[] => {
    const position = {
      direction: trade.direction,
      entered: trade.entered,
      remaining: trade.remaining ?? 0,
      avgEntry: trade.avgEntry,
      avgExit: trade.avgExit,
    };
    if (trade.broker === 'paper') {
      const quote = bySymbol.get(trade.instrument);
      if (!quote) return [];
      return [
        {
          trabot_trade_id: trade.tradeId,
          ltp: quote.ltp,
          ...markToMarket(position, quote.ltp, trade.stopLoss),
          last_updated_timestamp: quote.timestamp,
        },
      ];
    }
    // A live trade: its broker's fresh price, else the one it was last booked at (a fill) while fresh.
    const fromBroker = ctx.live.fresh(
      priceAccountOf(trade.accountId, trade.broker),
      trade.broker,
      trade.instrument,
      now,
      maxAge,
    );
    if (fromBroker) {
      ctx.live.endOutage(trade.tradeId);
      livePrices.set(trade.tradeId, fromBroker.ltp);
      if (trade.ltpAt && trade.ltpAt.getTime() >= fromBroker.at.getTime() && !trade.ltpStale) return [];
      return [
        {
          trabot_trade_id: trade.tradeId,
          ltp: fromBroker.ltp,
          ...markToMarket(position, fromBroker.ltp, trade.stopLoss),
          last_updated_timestamp: fromBroker.at,
          ltp_at: fromBroker.at,
          ltp_stale: false,
        },
      ];
    }
    const state = livePriceState(trade.ltpAt, now, maxAge);
    if (state.fresh && trade.ltp !== null && !trade.ltpStale) {
      livePrices.set(trade.tradeId, trade.ltp);
      return [];
    }
    livePrices.set(trade.tradeId, null);
    if (open && ctx.live.startOutage(trade.tradeId)) {
      const since = state.ageMs === null ? 'none yet' : `the last ${formatAge(state.ageMs)} ago`;
      warnings.push({
        message: `No live price for ${trade.instrument} on account ${trade.accountId} (trade ${trade.tradeId}, ${brokerLabel(trade.broker)}): ${since}; Trabot decides no exit at its levels until one comes, the orders resting at the broker still protect it`,
        data: {
          trabot_account_id: trade.accountId,
          trabot_trade_id: trade.tradeId,
          symbol: trade.instrument,
          broker: trade.broker,
          reason: 'no_live_price',
        },
      });
    }
    // Marked once: the MTM is not invented from an old or simulated price.
    return trade.ltpStale ? [] : [{ trabot_trade_id: trade.tradeId, current_mtm: null, ltp_stale: true }];
  });
  if (warnings.length) await raiseWarnings(db, warnings);
  // In batches of rows naming the same columns (a paper price, a live one, a stale mark): on the
  // embedded database each statement holds the event loop for its length. Each batch is its own
  // transaction, so other requests' statements run between them.
  const shapes = new Map<string, (typeof priced)[number][]>();
  for (const row of priced) {
    const shape = Object.keys(row).join(',');
    const rows = shapes.get(shape);
    if (rows) rows.push(row);
    else shapes.set(shape, [row]);
  }
  for (const rows of shapes.values())
    for (let start = 0; start < rows.length; start += ctx.settings.batchSize) {
      const batch = rows.slice(start, start + ctx.settings.batchSize);
      await withAsyncCommit(db, (tx) => updateRows(tx, trades, 'trabot_trade_id', batch));
    }
  return running.map(
    ({ tradeId, accountId, tradeType, tradeDate, instrument, direction, remaining, signalId, broker }) => ({
      tradeId,
      accountId,
      tradeType,
      tradeDate,
      instrument,
      direction,
      remaining: remaining ?? 0,
      signalId: signalId as number,
      broker,
      ...(broker === 'paper' ? {} : { livePrice: livePrices.get(tradeId) ?? null }),
    }),
  );
}
