/**
 * The kill switches as the engine obeys them. Read once a tick (trading/halt-state.ts): while all
 * trading or an account is halted, no new entry is placed (approved signals wait under a global
 * halt; a halted account is skipped with a warning: trading/entry-eligibility.ts), resting entry
 * orders are cancelled at the broker, and with `square_off` running trades get a market exit.
 * Exits are never stopped: they lower the risk.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { orderLegs } from '../db/schema';
import { haltOf, haltSkip, type ActiveHalt, type HaltState } from '../trading/halt-state';
import type { EngineContext } from './engine-deps';
import { applyAnswers, cancelLegs, legsWhere, pollLegs } from './order-legs';

/** The note an approved signal or a queued manual entry waits with while all trading is halted. */
export const haltNote = (halt: ActiveHalt) => `waiting: trading halted (${halt.reason})`;

/** Resting entry orders of halted accounts, cancelled at their broker (a fill that came first is booked). */
export async function cancelHaltedEntries(ctx: EngineContext, now: Date): Promise<void> {
  const { halts } = ctx;
  if (!halts.all && !halts.accounts.size) return;
  const scope = halts.all ? undefined : inArray(orderLegs.trabot_account_id, [...halts.accounts.keys()]);
  const legs = await legsWhere(ctx.deps.db, and(eq(orderLegs.side, 'entry'), eq(orderLegs.state, 'open'), scope)!);
  if (!legs.length) return;
  const polled = await pollLegs(ctx, legs);
  const resting = polled.filter(
    (a) => a.answer.kind === 'order' && (a.answer.order.state === 'open' || a.answer.order.state === 'trigger_pending'),
  );
  const cancelled = (await cancelLegs(ctx, resting)).map((a) => ({
    ...a,
    cancelledBecause: { reason: haltSkip(haltOf(halts, a.account.trabot_account_id)!).detail, quiet: false },
  }));
  await applyAnswers(ctx, [...polled.filter((a) => !resting.includes(a)), ...cancelled], now);
}

/** Whether a running trade of this account is to be closed at market because of a halt. */
export const squareOffByHalt = (halts: HaltState, accountId: number) =>
  Boolean(halts.all?.squareOff || halts.accounts.get(accountId)?.squareOff);
