/** Trades with entries and exits inserted directly with Drizzle (tests only). */
import type { AppDeps } from '@server/context';
import { tradeEntries, tradeExits, trades } from '@server/db/schema';
import { insertTradesWithLegs, type NewLeg } from '@server/engine/new-legs';
import { createAccount, createMember } from './accounts';
import { createAlgo } from './algos';
import { createSignal } from './signals';

type TradeInsert = typeof trades.$inferInsert;
type EntryInsert = Omit<typeof tradeEntries.$inferInsert, 'trabot_trade_id'>;
type ExitInsert = Omit<typeof tradeExits.$inferInsert, 'trabot_trade_id'>;

export async function createTrade(
  deps: Pick<AppDeps, 'db'>,
  accountId: number,
  overrides: Partial<TradeInsert> = {},
  legs: { entries?: EntryInsert[]; exits?: ExitInsert[] } = {},
) {
  const [trade] = await deps.db
    .insert(trades)
    .values({
      trabot_account_id: accountId,
      trade_type: 'swing',
      trade_instrument: 'TATAMOTORS',
      trade_date: '2026-11-02',
      trade_status: 'running',
      trade_quantity: 40,
      trade_direction: 'long',
      avg_entry_price: 742.35,
      remaining_quantity: 40,
      ltp: 751.1,
      current_mtm: 350,
      trade_risk: 620,
      ...overrides,
    })
    .returning();
  const id = trade!.trabot_trade_id;
  if (legs.entries?.length)
    await deps.db.insert(tradeEntries).values(legs.entries.map((e) => ({ ...e, trabot_trade_id: id })));
  if (legs.exits?.length)
    await deps.db.insert(tradeExits).values(legs.exits.map((e) => ({ ...e, trabot_trade_id: id })));
  return trade!;
}

/**
 * A pending trade of 10 with one leg, as the engine writes them: on a new signal of a live algo,
 * for a new member's account with a broker key. Answers the trade, its leg, signal and account.
 */
export async function tradeWithLeg(deps: Pick<AppDeps, 'db' | 'env' | 'secrets'>, leg: NewLeg, now: Date) {
  const algo = await createAlgo(deps, { algo_switch: true });
  const signal = await createSignal(deps, algo.algo_id);
  const member = await createMember(deps);
  const account = await createAccount(deps, member.trabot_client_id, { broker_access_key: 'key' });
  const [created] = await insertTradesWithLegs(deps.db, deps.env, signal, [{ account, quantity: 10, leg }], now);
  return created!;
}
