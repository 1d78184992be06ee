/**
 * A running signal completes on its trades' own outcomes (docs/engine.md, "Signal completion"),
 * never on the simulated feed where money is live:
 *
 * - a signal with a live trade (one at a real broker, not cancelled) completes once every such
 *   trade has closed (`completed`: its exits booked from its broker's fills, the target or stop
 *   executed there, a square-off or a manual exit; or `closed` by the superadmin), whatever the
 *   feed says; while one is pending, running or open it runs on, whatever the feed says;
 * - a signal with no live trade (paper accounts only, or none entered) completes when the feed's
 *   price reaches its target or stop-loss, as its paper trades exit on that same price.
 */
import { and, inArray, ne } from 'drizzle-orm';
import { trades } from '../db/schema';
import { moveSignals } from '../states/signals';
import type { EngineContext, SignalRow } from './engine-deps';
import { levelReached } from '../trading/trade-math';
import { TRADE_DONE_STATUSES } from '@shared/states/trades';

type Outcome = { signal: SignalRow; why: string };

/** The running signals among `levels` that complete now, each with why. */
async function completing(ctx: EngineContext, levels: readonly SignalRow[]): Promise<Outcome[]> {
  const running = levels.filter((s) => s.trade_status === 'running');
  if (!running.length) return [];
  const live = await ctx.deps.db
    .select({ signalId: trades.signal_id, status: trades.trade_status })
    .from(trades)
    .where(
      and(
        inArray(
          trades.signal_id,
          running.map((s) => s.signal_id),
        ),
        ne(trades.broker, 'paper'),
        ne(trades.trade_status, 'cancelled'),
      ),
    );
  return running.flatMap((signal): Outcome[] => {
    const own = live.filter((t) => t.signalId === signal.signal_id);
    if (own.length)
      return own.every((t) => TRADE_DONE_STATUSES.includes(t.status))
        ? [{ signal, why: `its ${own.length} live trade(s) closed at their brokers` }]
        : [];
    const quote = ctx.feed.quote(signal.instrument_symbol);
    const level = quote ? levelReached(signal.trade_direction, quote.ltp, signal) : null;
    return level
      ? [{ signal, why: `the feed's price ${quote!.ltp} reached its ${level === 'target' ? 'target' : 'stop-loss'}` }]
      : [];
  });
}

/** Completes the running signals among `levels` whose trades' outcomes (or, paper only, feed price) say so. */
export async function completeSignals(ctx: EngineContext, levels: readonly SignalRow[]): Promise<void> {
  const { db, log } = ctx.deps;
  const done = await completing(ctx, levels);
  if (!done.length) return;
  const moved = await db.transaction((tx) =>
    moveSignals(tx, log, {
      to: 'completed',
      from: ['running'],
      ids: done.map((d) => d.signal.signal_id),
      why: 'its trades closed or, paper only, a level reached',
    }),
  );
  const movedIds = new Set(moved.map((s) => s.signal_id));
  for (const { signal, why } of done.filter((d) => movedIds.has(d.signal.signal_id)))
    log.info({ signalId: signal.signal_id, why }, 'engine: signal completed');
}
