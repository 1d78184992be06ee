/** An account's trades with their entries and exits, in the API shape of `tradeSchema`. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { TRADE_STATUSES, type TradeStatus } from '@shared/constants';
import { filterStatusOf } from '@shared/format';
import type { AccountTradesQuery, Trade, TradeEntry, TradeExit } from '@shared/schemas/trades';
import type { Db } from '../db/client';
import { accounts, accountTradeVersions, tradeEntries, tradeExits, trades } from '../db/schema';

type TradeRow = typeof trades.$inferSelect;
type EntryRow = typeof tradeEntries.$inferSelect;
type ExitRow = typeof tradeExits.$inferSelect;

function groupByTrade<R extends { trabot_trade_id: number }, T>(rows: R[], map: (row: R) => T): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(row.trabot_trade_id);
    if (list) list.push(map(row));
    else groups.set(row.trabot_trade_id, [map(row)]);
  }
  return groups;
}

const legCharges = (row: EntryRow | ExitRow) => ({
  order_id: row.order_id,
  exchange_order_id: row.exchange_order_id,
  sebi_tax: row.sebi_tax,
  stt: row.stt,
  brokerage_charges: row.brokerage_charges,
  service_tax: row.service_tax,
  exchange_transaction_charges: row.exchange_transaction_charges,
  stamp_duty: row.stamp_duty,
  dp_charges: row.dp_charges,
});

export const toEntry = (row: EntryRow): TradeEntry => ({
  trade_entry_sequence: row.trade_entry_sequence,
  trade_entry_quantity: row.trade_entry_quantity,
  trade_entry_price: row.trade_entry_price,
  trade_entry_timestamp: row.trade_entry_timestamp.toISOString(),
  ...legCharges(row),
});

export const toExit = (row: ExitRow): TradeExit => ({
  trade_exit_sequence: row.trade_exit_sequence,
  trade_exit_quantity: row.trade_exit_quantity,
  trade_exit_price: row.trade_exit_price,
  trade_exit_timestamp: row.trade_exit_timestamp.toISOString(),
  ...legCharges(row),
});

/** Whose eyes a trade list is for: a member sees the admin's open and closed as running and completed. */
export type TradesView = 'member' | 'admin';

export function toTrade(row: TradeRow, entries: TradeEntry[], exits: TradeExit[], view: TradesView = 'admin'): Trade {
  return {
    ...row,
    trade_status: view === 'member' ? filterStatusOf(row.trade_status) : row.trade_status,
    last_updated_timestamp: row.last_updated_timestamp.toISOString(),
    ltp_at: row.ltp_at?.toISOString() ?? null,
    exit_pending_since: row.exit_pending_since?.toISOString() ?? null,
    updated_at: row.updated_at.toISOString(),
    trade_entries: entries,
    trade_exits: exits,
  };
}

/** The stored statuses a member's filter status stands for (running is also the admin's open, completed also closed). */
const storedStatuses = (status: TradeStatus): TradeStatus[] =>
  TRADE_STATUSES.filter((s) => s === status || filterStatusOf(s) === status);

/**
 * Newest first (trade_date, then id). `active` and `all` mean every status; a concrete status
 * narrows (for a member, running takes open in and completed closed). Three queries whatever the
 * number of trades: trades, then all their entries, all exits.
 */
export async function listAccountTrades(
  db: Db,
  accountId: number,
  status: AccountTradesQuery['status'],
  view: TradesView = 'admin',
): Promise<Trade[]> {
  const everyStatus = status === 'active' || status === 'all';
  const narrowed = everyStatus
    ? undefined
    : view === 'member'
      ? inArray(trades.trade_status, storedStatuses(status))
      : eq(trades.trade_status, status);
  const filter = and(eq(trades.trabot_account_id, accountId), narrowed);
  const rows = await db
    .select()
    .from(trades)
    .where(filter)
    .orderBy(desc(trades.trade_date), desc(trades.trabot_trade_id));
  if (rows.length === 0) return [];
  const tradeIds = db.select({ id: trades.trabot_trade_id }).from(trades).where(filter);
  const [entryRows, exitRows] = await Promise.all([
    db
      .select()
      .from(tradeEntries)
      .where(inArray(tradeEntries.trabot_trade_id, tradeIds))
      .orderBy(asc(tradeEntries.trabot_trade_id), asc(tradeEntries.trade_entry_sequence)),
    db
      .select()
      .from(tradeExits)
      .where(inArray(tradeExits.trabot_trade_id, tradeIds))
      .orderBy(asc(tradeExits.trabot_trade_id), asc(tradeExits.trade_exit_sequence)),
  ]);
  const entries = groupByTrade(entryRows, toEntry);
  const exits = groupByTrade(exitRows, toExit);
  return rows.map((row) =>
    toTrade(row, entries.get(row.trabot_trade_id) ?? [], exits.get(row.trabot_trade_id) ?? [], view),
  );
}

/** The version of an account's trades (0 before its first trade); null when the account does not exist. */
export async function accountTradesVersion(db: Db, accountId: number): Promise<number | null> {
  const [row] = await db
    .select({ version: sql<number>`coalesce(${accountTradeVersions.version}, 0)`.mapWith(Number) })
    .from(accounts)
    .leftJoin(accountTradeVersions, eq(accountTradeVersions.trabot_account_id, accounts.trabot_account_id))
    .where(eq(accounts.trabot_account_id, accountId));
  return row ? row.version : null;
}

/** One trade with its entries and exits (one statement); null when it does not exist. */
export async function getTrade(db: Db, tradeId: number): Promise<Trade | null> {
  const found = await db.query.trades.findFirst({
    where: eq(trades.trabot_trade_id, tradeId),
    with: {
      entries: { orderBy: asc(tradeEntries.trade_entry_sequence) },
      exits: { orderBy: asc(tradeExits.trade_exit_sequence) },
    },
  });
  if (!found) return null;
  const { entries, exits, ...row } = found;
  return toTrade(row, entries.map(toEntry), exits.map(toExit));
}
