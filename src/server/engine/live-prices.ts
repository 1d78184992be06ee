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
import type { AccountRow, EngineContext, TradeRow } from './engine-deps';
import { livePriceState, type LivePrice } from './feed/live-prices';

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

/** A live-money decision's want: the price of `symbol` at the account's `broker` (a live one, never `paper`). */
export interface LivePriceWant {
  account: AccountRow;
  broker: string;
  symbol: string;
}

/** The fresh live price of the symbol at the account's broker, from the book (null when none is fresh). */
export function freshLivePrice(
  ctx: Pick<EngineContext, 'live'>,
  want: Pick<LivePriceWant, 'broker' | 'symbol'> & { accountId: number },
  now: Date,
  maxAgeMs: number,
): LivePrice | null {
  return ctx.live.fresh(priceAccountOf(want.accountId, want.broker), want.broker, want.symbol, now, maxAgeMs);
}

/**
 * Before a live-money decision (an entry's guards, a protection's trigger side): every want with
 * no price fresher than `maxAgeMs` (default LIVE_PRICE_MAX_AGE_MS) in the book is asked of its broker once, through the same
 * adapter call the poll makes (the adapters keep the broker's rate limits): one lastPrices call per
 * book account and broker for its missing symbols, with bounded concurrency, each symbol at most
 * once per LIVE_PRICE_POLL_MS. The answers go into the book; a failure is logged once per account
 * and reason, and the decision then finds no price.
 */
export async function askLivePrices(
  ctx: EngineContext,
  wants: readonly LivePriceWant[],
  now: Date,
  maxAgeMs = ctx.settings.livePriceMaxAgeMs,
): Promise<void> {
  const groups = new Map<
    string,
    { priceAccount: number; broker: string; accounts: AccountRow[]; symbols: Set<string> }
  >();
  for (const want of wants) {
    const accountId = want.account.trabot_account_id;
    if (want.broker === 'paper' || freshLivePrice(ctx, { ...want, accountId }, now, maxAgeMs)) continue;
    const priceAccount = priceAccountOf(accountId, want.broker);
    const id = `${priceAccount}:${want.broker}`;
    const group = groups.get(id) ?? { priceAccount, broker: want.broker, accounts: [], symbols: new Set<string>() };
    if (!group.accounts.some((a) => a.trabot_account_id === accountId)) group.accounts.push(want.account);
    group.symbols.add(want.symbol);
    groups.set(id, group);
  }
  const due = [...groups.values()]
    .map((g) => ({
      ...g,
      symbols: [...g.symbols]
        .filter((s) => ctx.live.takeAskTurn(g.priceAccount, g.broker, s, now, ctx.settings.livePricePollMs))
        .sort(),
    }))
    .filter((g) => g.symbols.length);
  await mapBounded(due, ctx.settings.brokerConcurrency, async ({ priceAccount, broker, accounts: asking, symbols }) => {
    // A firm-wide broker through one valid session of the accounts asking (three tried at most); else the account's own.
    const sessions = [...asking]
      .sort(
        (a, b) =>
          Number(b.access_key_valid) - Number(a.access_key_valid) ||
          (b.broker_session_checked_at?.getTime() ?? 0) - (a.broker_session_checked_at?.getTime() ?? 0),
      )
      .slice(0, 3);
    for (const account of sessions) {
      try {
        const { adapter, credentials } = brokerOf(ctx, account, broker);
        ctx.live.record(priceAccount, broker, await adapter.lastPrices(credentials, symbols), now);
        return;
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        if (!ctx.warnedOnce(`live-prices:${account.trabot_account_id}:${broker}:${reason}`))
          ctx.deps.log.warn(
            { accountId: account.trabot_account_id, broker, reason },
            "live prices: the account's broker did not answer its last prices before a decision",
          );
      }
    }
  });
}

/**
 * A live trade's price for a decision: its broker's fresh one from the book, else the one it was
 * last booked at (a fill, a poll) while that is fresh and not marked stale; null when none is.
 */
export function livePriceOfTrade(
  ctx: Pick<EngineContext, 'live' | 'settings'>,
  trade: Pick<TradeRow, 'trabot_account_id' | 'broker' | 'trade_instrument' | 'ltp' | 'ltp_at' | 'ltp_stale'>,
  now: Date,
): number | null {
  const maxAge = ctx.settings.livePriceMaxAgeMs;
  const fromBroker = freshLivePrice(
    ctx,
    { accountId: trade.trabot_account_id, broker: trade.broker, symbol: trade.trade_instrument },
    now,
    maxAge,
  );
  if (fromBroker) return fromBroker.ltp;
  return trade.ltp !== null && !trade.ltp_stale && livePriceState(trade.ltp_at, now, maxAge).fresh ? trade.ltp : null;
}
