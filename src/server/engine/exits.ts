/**
 * Running trades out at their levels (docs/engine.md, "Exits"): a trade whose signal's target or
 * stop-loss the last price has reached (unless its protective orders rest at its broker: the broker
 * executes them, and they are read at once), an intraday trade from 15:15 IST on its trade date, and a
 * trade of an account under a halt that squares off, gets
 * a market exit leg for its open quantity (a delivery trade whose stop alone rests at its broker is
 * exited here at its target: watched-targets.ts); all of them are written in one statement, sent with
 * bounded concurrency and saved in one transaction. Then running signals complete on their trades'
 * outcomes (signal-completion.ts).
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { accounts, signals, trades } from '../db/schema';
import type { EngineContext } from './engine-deps';
import { squareOffByHalt } from './halts';
import { insertLegs } from './new-legs';
import { clearForExit, reconcileProtections, restingProtections } from './protections';
import { applyAnswers, sendLegs } from './order-legs';
import { completeSignals } from './signal-completion';
import type { PricedTrade } from './prices';
import { levelReached, squareOffDue } from '../trading/trade-math';
import { watchedTargets } from './watched-targets';
import { heldBackExits } from './stop-failures';

export async function closeAtLevels(ctx: EngineContext, running: readonly PricedTrade[], now: Date): Promise<void> {
  const { db, log } = ctx.deps;
  // The levels of the signals of running trades, and every running signal (it completes at its level).
  const signalIds = [...new Set(running.map((t) => t.signalId))];
  const levels = await db
    .select()
    .from(signals)
    .where(
      signalIds.length
        ? or(eq(signals.trade_status, 'running'), inArray(signals.signal_id, signalIds))
        : eq(signals.trade_status, 'running'),
    );
  const signalOf = new Map(levels.map((s) => [s.signal_id, s]));
  const reachedBy = (signal: (typeof levels)[number]) => {
    const quote = ctx.feed.quote(signal.instrument_symbol);
    return quote ? levelReached(signal.trade_direction, quote.ltp, signal) : null;
  };
  // A live trade's levels are decided only on its own broker's fresh price (none: nothing decided).
  const tradeReached = (trade: PricedTrade, signal: (typeof levels)[number]) =>
    trade.livePrice === undefined
      ? reachedBy(signal)
      : trade.livePrice === null
        ? null
        : levelReached(signal.trade_direction, trade.livePrice, signal);
  // Each trade's level on its own price, decided once for the three reads below.
  const levelOf = new Map(running.map((t) => [t.tradeId, tradeReached(t, signalOf.get(t.signalId)!)]));

  // A trade whose stop and target rest at its broker is exited there at its levels, not by Trabot:
  // its protection is read now instead (an executed leg is booked in this tick). A square-off is Trabot's.
  // Any price may prompt that read (it decides nothing: the broker's answer does); a live trade's own
  // broker's price too, which also tells a stop triggered but not filled (stop-fill.ts).
  const atLevel = running.filter(
    (t) => t.remaining > 0 && (reachedBy(signalOf.get(t.signalId)!) || levelOf.get(t.tradeId)),
  );
  const resting = await restingProtections(
    ctx,
    atLevel.map((t) => t.tradeId),
  );
  await reconcileProtections(ctx, now, [...resting]);
  // A stop resting alone leaves the target to Trabot (watched-targets.ts), on the trade's own price.
  const atTarget = running.filter((t) => t.remaining > 0 && levelOf.get(t.tradeId) === 'target');
  const watched = await watchedTargets(
    ctx,
    atTarget.map((t) => t.tradeId),
  );
  const due = new Map(
    running.flatMap((trade) => {
      const squareOff =
        squareOffByHalt(ctx.halts, trade.accountId) || squareOffDue(trade.tradeType, trade.tradeDate, now);
      const level = watched.has(trade.tradeId)
        ? ('target' as const)
        : resting.has(trade.tradeId)
          ? null
          : (levelOf.get(trade.tradeId) ?? null);
      const reached = level ?? (squareOff ? ('square_off' as const) : null);
      return reached && trade.remaining > 0 ? [[trade.tradeId, reached] as const] : [];
    }),
  );
  // An exit the broker refused is tried again only at its retry time (exit-retry-policy.ts), never each tick.
  for (const [tradeId, held] of await heldBackExits(ctx, [...due.keys()], now)) {
    due.delete(tradeId);
    if (!ctx.warnedOnce(`exit-held:${tradeId}:${held.at.getTime()}`))
      log.info(
        { tradeId, retryAt: held.at, reason: held.reason },
        'engine: exit refused by the broker, tried again later',
      );
  }
  if (due.size) {
    const reached = await db
      .select({ trade: trades, account: accounts })
      .from(trades)
      .innerJoin(accounts, eq(accounts.trabot_account_id, trades.trabot_account_id))
      .where(and(inArray(trades.trabot_trade_id, [...due.keys()]), eq(trades.trade_status, 'running')));
    // A protection resting at the broker is cancelled first: the exit goes once that is answered.
    const free = await clearForExit(
      ctx,
      reached.map((r) => r.trade.trabot_trade_id),
      now,
      'Trabot exits the trade itself',
    );
    const rows = reached.filter((r) => free.has(r.trade.trabot_trade_id));
    for (const { trade } of rows)
      log.info(
        { tradeId: trade.trabot_trade_id, reached: due.get(trade.trabot_trade_id) },
        `engine: ${due.get(trade.trabot_trade_id)} reached`,
      );
    // A trade whose exit is still in flight gets no second one (a partial unique index).
    const legs = await db.transaction((tx) =>
      insertLegs(
        tx,
        rows.map(({ trade, account }) => ({
          trade,
          account,
          signal: signalOf.get(trade.signal_id!)!,
          leg: {
            side: 'exit',
            source: due.get(trade.trabot_trade_id)!,
            quantity: trade.remaining_quantity!,
            order_type: 'market',
          },
        })),
        now,
      ),
    );
    await applyAnswers(ctx, await sendLegs(ctx, legs), now);
  }

  // The signal completes on its trades' own outcomes (the feed's price only for a paper-only signal).
  await completeSignals(ctx, levels);
}
