/**
 * Live trades priced by their own brokers (docs/engine.md, "Live prices"): every
 * LIVE_PRICE_POLL_MS each account with a running live trade asks its broker, through its own
 * session, for the last prices of its trades' symbols (one quote/LTP call per account and broker,
 * with bounded concurrency and within the broker's published limits, which the adapters keep).
 * Zerodha is asked once for the whole firm instead: Kite's quote limit is per API key (the firm's
 * app), its prices the same whichever member's session reads them, so one call (up to 1000
 * instruments) through one valid session of an account trading there prices every Zerodha trade.
 * A failure is logged once per account and reason; the prices then age and the trades go stale.
 */
import { and, eq, ne } from 'drizzle-orm';
import { accounts, trades } from '../db/schema';
import { brokerOf } from './broker-access';
import { mapBounded } from './bounded';
import type { EngineContext } from './engine-deps';

/** Brokers whose quote limit is the firm's (per API key): asked once for every account, through one session. */
const FIRM_WIDE = new Set(['zerodha']);
const FIRM = 0;

/** The book's account a live trade's prices are kept under: its own, or the firm's for a firm-wide broker. */
export const priceAccountOf = (accountId: number, broker: string): number => (FIRM_WIDE.has(broker) ? FIRM : accountId);

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
  const own = [...groups.values()].filter((g) => !FIRM_WIDE.has(g.broker));
  const firmWide = [...groups.values()].filter((g) => FIRM_WIDE.has(g.broker));
  const kept = new Set(own.map((g) => `${g.account.trabot_account_id}:${g.broker}`));
  for (const broker of new Set(firmWide.map((g) => g.broker))) kept.add(`${FIRM}:${broker}`);
  ctx.live.retain(kept, new Set(rows.map((r) => r.tradeId)));
  for (const broker of new Set(firmWide.map((g) => g.broker))) {
    if (!ctx.live.takePollTurn(FIRM, broker, now, ctx.settings.livePricePollMs)) continue;
    const symbols = [...new Set(firmWide.filter((g) => g.broker === broker).flatMap((g) => [...g.symbols]))].sort();
    // Through the sessions of the accounts trading there: valid keys, most recently checked, first (three at most).
    const candidates = firmWide
      .filter((g) => g.broker === broker)
      .map((g) => g.account)
      .sort(
        (a, b) =>
          Number(b.access_key_valid) - Number(a.access_key_valid) ||
          (b.broker_session_checked_at?.getTime() ?? 0) - (a.broker_session_checked_at?.getTime() ?? 0),
      )
      .slice(0, 3);
    for (const account of candidates) {
      try {
        const { adapter, credentials } = brokerOf(ctx, account, broker);
        ctx.live.record(FIRM, broker, await adapter.lastPrices(credentials, symbols), now);
        break;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        if (!ctx.warnedOnce(`live-prices:${account.trabot_account_id}:${broker}:${reason}`))
          log.warn(
            { accountId: account.trabot_account_id, broker, reason },
            "live prices: the firm's broker did not answer its last prices",
          );
      }
    }
  }
  const due = own.filter((g) =>
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
