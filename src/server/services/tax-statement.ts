/**
 * The tax P&L statement of an Indian financial year (1 April - 31 March) as a CSV: one
 * row per closed trade whose last exit falls in the year (in India), with its buy and sell dates,
 * quantity, buy and sell values, charges, P&L after charges and its class: intraday trades are
 * speculative business income; delivery held under 12 months is a short-term capital gain, 12
 * months or more long-term (for a short, the sale is the entry and the buy the cover). Then the
 * totals per class and the intraday (speculative) turnover: the sum of each intraday trade's
 * absolute P&L, as the ICAI guidance counts turnover for speculative trades.
 */
import { and, asc, between, eq, inArray, max } from 'drizzle-orm';
import { csvField } from '@shared/csv';
import type { Database } from '../db/client';
import { tradeEntries, tradeExits, trades } from '../db/schema';
import { round2 } from '../trading/money';

export { financialYearOf } from '@shared/financial-year';

type Db = Database['db'];

export const TAX_CLASSES = [
  'Speculative business income (intraday)',
  'Short-term capital gain',
  'Long-term capital gain',
] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** "2026-27" -> its first and last day; null for anything else. */
export function financialYear(fy: string): { from: string; to: string } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(fy);
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2])) return null;
  return { from: `${m[1]}-04-01`, to: `${Number(m[1]) + 1}-03-31` };
}

export interface TaxRow {
  tradeId: number;
  symbol: string;
  buyDate: string;
  sellDate: string;
  quantity: number;
  buyValue: number;
  sellValue: number;
  charges: number;
  pnl: number;
  taxClass: TaxClass;
}

/** A year later to the day (29 February counts from 1 March). */
const yearAfter = (day: string) =>
  `${Number(day.slice(0, 4)) + 1}${day.slice(4) === '-02-29' ? '-03-01' : day.slice(4)}`;

export function taxClassOf(tradeType: string, buyDate: string, sellDate: string): TaxClass {
  if (tradeType === 'intraday') return TAX_CLASSES[0];
  return sellDate >= yearAfter(buyDate) ? TAX_CLASSES[2] : TAX_CLASSES[1];
}

const byTrade = <T extends { trabot_trade_id: number }>(legs: T[]) => {
  const grouped = new Map<number, T[]>();
  for (const leg of legs) grouped.set(leg.trabot_trade_id, [...(grouped.get(leg.trabot_trade_id) ?? []), leg]);
  return grouped;
};

export async function taxRows(db: Db, accountId: number, fy: { from: string; to: string }): Promise<TaxRow[]> {
  // The account's closed trades whose last exit is in the year.
  const lastExitInYear = db
    .select({ id: tradeExits.trabot_trade_id })
    .from(tradeExits)
    .innerJoin(trades, eq(trades.trabot_trade_id, tradeExits.trabot_trade_id))
    .where(eq(trades.trabot_account_id, accountId))
    .groupBy(tradeExits.trabot_trade_id)
    .having(between(max(tradeExits.ist_day), fy.from, fy.to));
  const closed = await db
    .select()
    .from(trades)
    .where(
      and(
        eq(trades.trabot_account_id, accountId),
        inArray(trades.trade_status, ['completed', 'closed']),
        inArray(trades.trabot_trade_id, lastExitInYear),
      ),
    )
    .orderBy(asc(trades.trabot_trade_id));
  if (!closed.length) return [];
  const ids = closed.map((t) => t.trabot_trade_id);
  const [entries, exits] = await Promise.all([
    db.select().from(tradeEntries).where(inArray(tradeEntries.trabot_trade_id, ids)).then(byTrade),
    db.select().from(tradeExits).where(inArray(tradeExits.trabot_trade_id, ids)).then(byTrade),
  ]);
  const rows: TaxRow[] = [];
  for (const trade of closed) {
    const ins = entries.get(trade.trabot_trade_id) ?? [];
    const outs = exits.get(trade.trabot_trade_id) ?? [];
    if (!ins.length) continue;
    const lastExit = outs.reduce((day, x) => (x.ist_day > day ? x.ist_day : day), '');
    const firstEntry = ins.reduce((day, e) => (e.ist_day < day ? e.ist_day : day), ins[0]!.ist_day);
    const entered = ins.reduce((sum, e) => sum + e.trade_entry_quantity * e.trade_entry_price, 0);
    const exited = outs.reduce((sum, x) => sum + x.trade_exit_quantity * x.trade_exit_price, 0);
    const short = trade.trade_direction === 'short';
    const [buyDate, sellDate, buyValue, sellValue] = short
      ? [lastExit, firstEntry, exited, entered]
      : [firstEntry, lastExit, entered, exited];
    const charges = [...ins, ...outs].reduce((sum, leg) => sum + leg.charges, 0);
    rows.push({
      tradeId: trade.trabot_trade_id,
      symbol: trade.trade_instrument,
      buyDate,
      sellDate,
      quantity: outs.reduce((sum, x) => sum + x.trade_exit_quantity, 0),
      buyValue: round2(buyValue),
      sellValue: round2(sellValue),
      charges: round2(charges),
      pnl: round2(sellValue - buyValue - charges),
      // A short's holding runs from its sale (entry) to its cover: it is an intraday trade in the cash market anyway.
      taxClass: taxClassOf(trade.trade_type, short ? firstEntry : buyDate, short ? lastExit : sellDate),
    });
  }
  return rows;
}

const cell = (value: string | number) => (typeof value === 'number' ? value.toFixed(2) : csvField(value));

/** The statement as CSV: the rows, then a total per class and the intraday turnover. */
export function taxStatementCsv(fy: string, rows: readonly TaxRow[]): string {
  const lines = [
    [
      'Trade ID',
      'Symbol',
      'Buy date',
      'Sell date',
      'Quantity',
      'Buy value',
      'Sell value',
      'Charges',
      'P&L after charges',
      'Class',
    ].join(','),
    ...rows.map((r) =>
      [
        String(r.tradeId),
        cell(r.symbol),
        r.buyDate,
        r.sellDate,
        String(r.quantity),
        cell(r.buyValue),
        cell(r.sellValue),
        cell(r.charges),
        cell(r.pnl),
        cell(r.taxClass),
      ].join(','),
    ),
    '',
    ['Totals for FY ' + fy, 'Trades', 'Buy value', 'Sell value', 'Charges', 'P&L after charges'].join(','),
    ...TAX_CLASSES.map((taxClass) => {
      const mine = rows.filter((r) => r.taxClass === taxClass);
      const sum = (pick: (r: TaxRow) => number) => round2(mine.reduce((total, r) => total + pick(r), 0));
      return [
        cell(taxClass),
        String(mine.length),
        cell(sum((r) => r.buyValue)),
        cell(sum((r) => r.sellValue)),
        cell(sum((r) => r.charges)),
        cell(sum((r) => r.pnl)),
      ].join(',');
    }),
    [
      'Intraday turnover (sum of absolute P&L)',
      cell(round2(rows.filter((r) => r.taxClass === TAX_CLASSES[0]).reduce((total, r) => total + Math.abs(r.pnl), 0))),
    ].join(','),
  ];
  return `${lines.join('\n')}\n`;
}
