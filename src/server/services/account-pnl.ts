/**
 * The member's P&L over a range of days in India (issue 13), summed in SQL from the stored entries
 * and exits, never from what a client shows: an exit's realised P&L is (exit price - the trade's
 * average entry) x its quantity for a long, the reverse for a short; charges are every entry's and
 * exit's charges in the range; net = realised - charges. A leg belongs to the day (IST) of its time.
 */
import { sql } from 'drizzle-orm';
import type { AccountPnl } from '../../shared/schemas/pnl';
import { istDay, istTime } from '../demo/market-calendar';
import type { Database } from '../db/client';
import { round2 } from '../engine/money';

type Db = Database['db'];

/** The first and last day of the month of a day. */
function monthOf(day: string): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${day.slice(0, 7)}-01`, to: `${day.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/** The summary's days: as asked; a missing end is the end (or start) of the other's month; neither is this month in India. */
export function pnlRange(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const month = monthOf(query.from ?? query.to ?? istDay(now));
  return { from: query.from ?? month.from, to: query.to ?? month.to };
}

const legCharges = (leg: string) =>
  sql.raw(
    ['sebi_tax', 'stt', 'brokerage_charges', 'service_tax', 'exchange_transaction_charges', 'stamp_duty', 'dp_charges']
      .map((c) => `coalesce(${leg}.${c}, 0)`)
      .join(' + '),
  );
/** A timestamp's calendar day in India (IST has no daylight saving: a fixed 05:30). */
const istDate = (column: string) => sql.raw(`((${column} at time zone 'UTC') + interval '5 hours 30 minutes')::date::text`);

export interface LegSums {
  trade_id: number;
  algo_id: number | null;
  day: string;
  realized: number;
  charges: number;
  exits: number;
}

export async function accountPnl(db: Db, accountId: number, range: { from: string; to: string }): Promise<AccountPnl> {
  const start = istTime(range.from, '00:00');
  const end = new Date(istTime(range.to, '00:00').getTime() + 86_400_000);
  const legs = (await db.execute(sql`
    with account_trades as (
      select trabot_trade_id, algo_id, avg_entry_price, case when trade_direction = 'short' then -1 else 1 end as sign
      from trades where trabot_account_id = ${accountId}
    ), legs as (
      select t.trabot_trade_id, t.algo_id, ${istDate('x.trade_exit_timestamp')} as day,
             coalesce((x.trade_exit_price - t.avg_entry_price) * x.trade_exit_quantity * t.sign, 0) as realized,
             ${legCharges('x')} as charges, 1 as exits
      from account_trades t join trade_exits x on x.trabot_trade_id = t.trabot_trade_id
      where x.trade_exit_timestamp >= ${start} and x.trade_exit_timestamp < ${end}
      union all
      select t.trabot_trade_id, t.algo_id, ${istDate('e.trade_entry_timestamp')}, 0, ${legCharges('e')}, 0
      from account_trades t join trade_entries e on e.trabot_trade_id = t.trabot_trade_id
      where e.trade_entry_timestamp >= ${start} and e.trade_entry_timestamp < ${end}
    )
    select trabot_trade_id as trade_id, algo_id, day, sum(realized)::float8 as realized, sum(charges)::float8 as charges, sum(exits)::int as exits
    from legs group by trabot_trade_id, algo_id, day order by day, trabot_trade_id
  `)) as unknown as { rows: LegSums[] };
  const open = (await db.execute(sql`
    select coalesce(sum(current_mtm), 0)::float8 as unrealized from trades where trabot_account_id = ${accountId} and trade_status = 'running'
  `)) as unknown as { rows: { unrealized: number }[] };
  return summarize(range, legs.rows, open.rows[0]?.unrealized ?? 0);
}

/** The summary of a range from its legs summed per trade and day (none: all zero). */
export function summarize(range: { from: string; to: string }, legs: readonly LegSums[], unrealized: number): AccountPnl {
  const byDay = new Map<string, { realized: number; charges: number }>();
  const byAlgo = new Map<number | null, { realized: number; charges: number; trades: number }>();
  const byTrade = new Map<number, { algo: number | null; net: number; exited: boolean }>();
  for (const leg of legs) {
    const day = byDay.get(leg.day) ?? { realized: 0, charges: 0 };
    byDay.set(leg.day, { realized: day.realized + leg.realized, charges: day.charges + leg.charges });
    const algo = byAlgo.get(leg.algo_id) ?? { realized: 0, charges: 0, trades: 0 };
    byAlgo.set(leg.algo_id, { ...algo, realized: algo.realized + leg.realized, charges: algo.charges + leg.charges });
    const trade = byTrade.get(leg.trade_id) ?? { algo: leg.algo_id, net: 0, exited: false };
    byTrade.set(leg.trade_id, { ...trade, net: trade.net + leg.realized - leg.charges, exited: trade.exited || leg.exits > 0 });
  }
  // A trade counts where it exited in the range (an entry's charges alone do not make a trade).
  const closed = [...byTrade.values()].filter((t) => t.exited);
  for (const trade of closed) byAlgo.get(trade.algo)!.trades++;
  const amounts = (realized: number, charges: number) => ({ realized: round2(realized), charges: round2(charges), net: round2(realized - charges) });
  const realized = legs.reduce((sum, l) => sum + l.realized, 0);
  const charges = legs.reduce((sum, l) => sum + l.charges, 0);
  return {
    from: range.from,
    to: range.to,
    ...amounts(realized, charges),
    unrealized: round2(unrealized),
    trades: closed.length,
    wins: closed.filter((t) => round2(t.net) > 0).length,
    losses: closed.filter((t) => round2(t.net) < 0).length,
    by_day: [...byDay].map(([date, d]) => ({ date, ...amounts(d.realized, d.charges) })),
    by_algo: [...byAlgo]
      .sort(([a], [b]) => (a ?? 0) - (b ?? 0))
      .map(([algo_id, a]) => ({ algo_id, ...amounts(a.realized, a.charges), trades: a.trades })),
  };
}
