/**
 * Live trades priced by their own brokers (docs/engine.md, "Live prices"): every
 * LIVE_PRICE_POLL_MS each account with a running live trade asks its broker, through its own
 * session, for the last prices of its trades' symbols (one quote/LTP call per account and broker,
 * with bounded concurrency and within the broker's published limits, which the adapters keep).
 * A failure is logged once per account and reason; the prices then age and the trades go stale.
 */
import { and, eq, ne } from 'drizzle-orm';
import { accounts, trades } from '../db/schema';
import { brokerOf } from './broker-access';
import { mapBounded } from './bounded';
import type { EngineContext } from './engine-deps';

export async function pollLivePrices(ctx: EngineContext, now: Date): Promise<void> {
  const { db, log } = ctx.deps;
  const rows = await db
    .select({
      tradeId: trades.trabot_trade_id,
      broker: trades.broker,
      symbol: trades.trade_instrument,
      account: accounts,
    })
    .from(trades)
    .innerJoin(accounts, eq(accounts.trabot_account_id, trades.trabot_account_id))
    .where(and(eq(trades.trade_status, 'running'), ne(trades.broker, 'paper')));
  const groups = new Map<string, { account: (typeof rows)[number]['account']; broker: string; symbols: Set<string> }>();
  for (const row of rows) {
    const id = `${row.account.trabot_account_id}:${row.broker}`;
    const group = groups.get(id) ?? { account: row.account, broker: row.broker, symbols: new Set<string>() };
    group.symbols.add(row.symbol);
    groups.set(id, group);
  }
  ctx.live.retain(new Set(groups.keys()), new Set(rows.map((r) => r.tradeId)));
  const due = [...groups.values()].filter((g) =>
    ctx.live.takePollTurn(g.account.trabot_account_id, g.broker, now, ctx.settings.livePricePollMs),
  );
  await mapBounded(due, ctx.settings.brokerConcurrency, async ({ account, broker, symbols }) => {
    const accountId = account.trabot_account_id;
    try {
      const { adapter, credentials } = brokerOf(ctx, account, broker);
      const prices = await adapter.lastPrices(credentials, [...symbols].sort());
      ctx.live.record(accountId, broker, prices, now);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (!ctx.warnedOnce(`live-prices:${accountId}:${broker}:${reason}`))
        log.warn({ accountId, broker, reason }, "live prices: the account's broker did not answer its last prices");
    }
  });
}
