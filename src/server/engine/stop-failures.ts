/**
 * Stops that failed at the broker, and exits it rejected (docs/engine.md, "Failed stops and
 * rejected exits"):
 *
 * - `protectionsFailed`: a protection whose leg triggered but whose order failed (Kite's GTT
 *   `order_result.status` "failed", a Dhan forever leg's order rejected) moves to `failed` with the
 *   broker's words. It is not placed again: nothing rests at the broker, so Trabot watches the levels
 *   itself and exits at them, under the retry policy (exit-retry-policy.ts).
 * - `exitsRejected`: each exit leg of Trabot's own (not a manual one) the broker rejected.
 * - `heldBackExits`: of the trades due an exit, those whose last refusal's retry time is not reached.
 *
 * Each failure is reported at once: a warning naming the account, the symbol, the broker's reason
 * and what is retried when; a push to the member and to the superadmins (the first of a run of
 * refusals, or a new reason); the trade's `stop_failed` (the screens' "stop failed: <reason>") for a
 * failed protection or a refused stop-loss or square-off. An exit the broker accepts clears it.
 */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { orderLegs, protections, trades, warnings } from '../db/schema';
import type { Protection } from '../brokers/adapter';
import type { LegMove } from '../states/legs';
import { moveProtections } from '../states/protections';
import type { EngineContext } from './engine-deps';
import { nextExitTry, retryWords } from './exit-retry-policy';
import type { AnsweredLeg } from './order-legs';
import type { ProtectionContext } from './protections';

/** The reason in a failure warning's data. */
export const STOP_FAILED = 'stop_failed';
export const EXIT_REJECTED = 'exit_rejected';

/** Exit sources whose refusal leaves the trade without its stop: the screens say "stop failed". */
const STOP_SOURCES = new Set(['stop_loss', 'square_off', 'protection']);

interface Failure {
  tradeId: number;
  accountId: number;
  symbol: string;
  broker: string;
  reason: string;
  message: string;
  next: string;
  data: Record<string, unknown>;
  /** The trade says "stop failed: <reason>". */
  stop: boolean;
  /** The member and the superadmins are pushed (not at every try of a run). */
  push: boolean;
}

/** A run of refusals of a trade's exits: how many in a row, the last one's time and reason. */
interface Run {
  tries: number;
  lastAt: Date;
  reason: string;
}

/**
 * Each trade's current run of refusals: its rejected exit legs of Trabot's own since its last exit
 * the broker accepted, and its failed protection (the first refusal when its order failed).
 */
async function runsOf(ctx: EngineContext, tradeIds: readonly number[]): Promise<Map<number, Run>> {
  if (!tradeIds.length) return new Map();
  const ids = [...tradeIds];
  const accepted = sql`coalesce((select max(a.id) from ${orderLegs} a where a.trabot_trade_id = ${orderLegs.trabot_trade_id}
    and a.side = 'exit' and a.state <> 'rejected'), 0)`;
  const legs = await ctx.deps.db
    .select({
      tradeId: orderLegs.trabot_trade_id,
      at: orderLegs.updated_at,
      reason: orderLegs.reason,
    })
    .from(orderLegs)
    .where(
      and(
        inArray(orderLegs.trabot_trade_id, ids),
        eq(orderLegs.side, 'exit'),
        eq(orderLegs.state, 'rejected'),
        sql`${orderLegs.manual_order_id} is null`,
        sql`${orderLegs.id} > ${accepted}`,
      ),
    )
    .orderBy(desc(orderLegs.id));
  const failed = await ctx.deps.db
    .select({ tradeId: protections.trabot_trade_id, at: protections.updated_at, reason: protections.reason })
    .from(protections)
    .where(and(inArray(protections.trabot_trade_id, ids), eq(protections.state, 'failed')));
  const runs = new Map<number, Run>();
  for (const row of [...legs, ...failed]) {
    const run = runs.get(row.tradeId);
    const reason = row.reason ?? 'rejected';
    if (!run) runs.set(row.tradeId, { tries: 1, lastAt: row.at, reason });
    else {
      run.tries += 1;
      if (row.at > run.lastAt) Object.assign(run, { lastAt: row.at, reason });
    }
  }
  return runs;
}

/** Of `tradeIds` (due an exit now), those whose next try is later: their time and reason. */
export async function heldBackExits(
  ctx: EngineContext,
  tradeIds: readonly number[],
  now: Date,
): Promise<Map<number, { at: Date; reason: string }>> {
  const held = new Map<number, { at: Date; reason: string }>();
  for (const [tradeId, run] of await runsOf(ctx, tradeIds)) {
    const at = nextExitTry(run.tries, run.lastAt, run.reason);
    if (at > now) held.set(tradeId, { at, reason: run.reason });
  }
  return held;
}

/** Saves and tells the failures: warnings at the engine's time, the trades' notes, then the pushes. */
async function report(ctx: EngineContext, failures: readonly Failure[], now: Date): Promise<void> {
  if (!failures.length) return;
  for (const f of failures) ctx.deps.log.warn(f.data, `engine: ${f.message}`);
  await ctx.deps.db.transaction(async (tx) => {
    await tx.insert(warnings).values(
      failures.map((f) => ({
        warning_message: f.message,
        warning_data: JSON.stringify(f.data),
        warning_timestamp: now,
      })),
    );
    for (const f of failures.filter((f) => f.stop))
      await tx.update(trades).set({ stop_failed: f.reason }).where(eq(trades.trabot_trade_id, f.tradeId));
  });
  for (const f of failures.filter((f) => f.push))
    ctx.deps.notifier?.stopFailed?.({
      trabot_trade_id: f.tradeId,
      trabot_account_id: f.accountId,
      symbol: f.symbol,
      broker: f.broker,
      reason: f.reason,
      next: f.next,
    });
}

/** Protections whose triggered order failed at the broker: `failed`, with the broker's words, reported. */
export async function protectionsFailed(
  ctx: EngineContext,
  items: readonly { p: ProtectionContext; status: Protection }[],
  now: Date,
): Promise<void> {
  if (!items.length) return;
  const reasonOf = (status: Protection) => status.rejectReason ?? 'the order failed';
  const moved = await moveProtections(
    ctx.deps.db,
    ctx.deps.log,
    items.map(({ p, status }) => ({
      id: p.protection.id,
      from: p.protection.state,
      state: 'failed' as const,
      executed_leg: status.executed?.leg ?? null,
      reason: reasonOf(status),
      updated_at: now,
    })),
  );
  const failures = items
    .filter(({ p }) => moved.has(p.protection.id))
    .map(({ p, status }): Failure => {
      const reason = reasonOf(status);
      const leg = status.executed?.leg === 'target' ? 'target' : 'stop-loss';
      const next = `Its protective order is not placed again: Trabot exits at the levels itself. ${retryWords(1, now, reason)}`;
      return {
        tradeId: p.trade.trabot_trade_id,
        accountId: p.account.trabot_account_id,
        symbol: p.signal.instrument_symbol,
        broker: p.trade.broker,
        reason,
        next,
        message: `Stop failed: the ${leg} of trade ${p.trade.trabot_trade_id} for account ${p.account.trabot_account_id} (${p.signal.instrument_symbol}, ${status.terms.side} ${status.terms.quantity}) triggered at ${p.trade.broker} but its order failed: ${reason}. ${next}`,
        data: {
          reason: STOP_FAILED,
          trabot_trade_id: p.trade.trabot_trade_id,
          trabot_account_id: p.account.trabot_account_id,
          symbol: p.signal.instrument_symbol,
          broker: p.trade.broker,
          protection_id: p.protection.id,
          broker_reason: reason,
        },
        stop: true,
        push: true,
      };
    });
  await report(ctx, failures, now);
}

/**
 * After a batch of answers is saved (order-legs.ts): each exit leg of Trabot's own that moved to
 * `rejected` is reported with its retry; a trade with an exit the broker accepted loses its note.
 */
export async function exitsAnswered(
  ctx: EngineContext,
  answered: readonly AnsweredLeg[],
  moves: readonly LegMove[],
  now: Date,
): Promise<void> {
  const stateOf = new Map(moves.map((m) => [m.id, m]));
  const exits = answered.filter((a) => a.leg.side === 'exit' && stateOf.has(a.leg.id));
  const accepted = exits.filter((a) => stateOf.get(a.leg.id)!.state !== 'rejected').map((a) => a.trade.trabot_trade_id);
  if (accepted.length)
    await ctx.deps.db
      .update(trades)
      .set({ stop_failed: null })
      .where(and(inArray(trades.trabot_trade_id, accepted), isNotNull(trades.stop_failed)));
  const rejected = exits.filter((a) => stateOf.get(a.leg.id)!.state === 'rejected' && a.leg.manual_order_id === null);
  if (!rejected.length) return;
  const runs = await runsOf(
    ctx,
    rejected.map((a) => a.trade.trabot_trade_id),
  );
  const failures = rejected.map(({ leg, trade, signal, account }): Failure => {
    const reason = stateOf.get(leg.id)!.reason ?? 'rejected';
    const run = runs.get(trade.trabot_trade_id) ?? { tries: 1, lastAt: now, reason };
    const next = retryWords(run.tries, now, reason);
    return {
      tradeId: trade.trabot_trade_id,
      accountId: account.trabot_account_id,
      symbol: signal.instrument_symbol,
      broker: trade.broker,
      reason,
      next,
      message: `Exit rejected: the ${leg.source} exit of trade ${trade.trabot_trade_id} for account ${account.trabot_account_id} (${signal.instrument_symbol}, ${leg.quantity} shares${leg.broker_order_id ? `, order ${leg.broker_order_id}` : ''}) was rejected by ${trade.broker}: ${reason} (try ${run.tries}). ${next}`,
      data: {
        reason: EXIT_REJECTED,
        order_leg_id: leg.id,
        trabot_trade_id: trade.trabot_trade_id,
        trabot_account_id: account.trabot_account_id,
        symbol: signal.instrument_symbol,
        broker: trade.broker,
        broker_reason: reason,
        try: run.tries,
      },
      stop: STOP_SOURCES.has(leg.source),
      // Pushed at the first refusal of a run (a failed protection was the first); each try is warned.
      push: run.tries === 1,
    };
  });
  await report(ctx, failures, now);
}
