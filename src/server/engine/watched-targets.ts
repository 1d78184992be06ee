/**
 * Targets Trabot watches itself: a delivery position whose broker rests only its stop (protection
 * kind `stop`, brokers/stop-protection.ts; docs/engine.md, "Protective orders at the broker"). Its
 * target is decided on the trade's own broker price (a live trade's fresh price, never the feed's),
 * and reached it goes out through the engine's own exit (exits.ts): `clearForExit` cancels the
 * stop first, so the holding is never offered twice, and the exit leg's unique index sends it once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { protections } from '../db/schema';
import type { BrokerAdapter, BrokerCredentials, Order, Protection, ProtectiveOrders } from '../brokers/adapter';
import { stopOnlyId } from '../brokers/stop-protection';
import type { EngineContext } from './engine-deps';

/** Of these trades, those whose stop rests alone at their broker (active or being modified): their target is Trabot's. */
export async function watchedTargets(ctx: EngineContext, tradeIds: readonly number[]): Promise<Set<number>> {
  if (!tradeIds.length) return new Set();
  const rows = await ctx.deps.db
    .select({ id: protections.trabot_trade_id })
    .from(protections)
    .where(
      and(
        inArray(protections.trabot_trade_id, [...tradeIds]),
        eq(protections.kind, 'stop'),
        inArray(protections.state, ['active', 'modifying']),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * A stop-only protection found at the broker by its stop's tag (placed before a crash, its answer
 * never saved): read back with the target Trabot watches, which the broker does not hold.
 */
export async function stopOnlyFound(
  broker: { adapter: BrokerAdapter & ProtectiveOrders; credentials: BrokerCredentials },
  stop: Order,
  target: number,
): Promise<Protection> {
  const found = await broker.adapter.protectionStatus(broker.credentials, stopOnlyId(stop.orderId));
  return { ...found, terms: { ...found.terms, target } };
}
