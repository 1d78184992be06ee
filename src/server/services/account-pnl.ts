/**
 * The member's P&L over a range of days in India, summed in SQL from the stored entries
 * and exits, never from what a client shows: an exit's realised P&L is (exit price - the trade's
 * average entry) x its quantity for a long, the reverse for a short; charges are every entry's and
 * exit's charges in the range; net = realised - charges. A leg belongs to the day (IST) of its time.
 */
import { sql } from 'drizzle-orm';
import type { AccountPnl } from '@shared/schemas/pnl';
import { istDay } from '@shared/ist';
import type { Database } from '../db/client';
import { round2 } from '../trading/money';

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

/** One line of the summary's statement: a day's sums, an algo's, or the range's totals (with its trade counts). */
export interface PnlLine {
  kind: 'day' | 'algo' | 'total';
  day: string | null;
  algo_id: number | null;
  /** The algo's name (algo lines only). */
  algo_desc: string | null;
  realized: number;
  charges: number;
  trades: number;
  wins: number;
  losses: number;
}

/**
 * The summary's one statement: the lines of an account's legs on the days from `from` to `to`
 * (each leg's day in India and its charges are kept by the database, columns ist_day and charges).
 */
export const pnlStatement = (accountId: number, from: string, to: string) => sql`
    with legs as (
      select t.trabot_trade_id, t.algo_id, x.ist_day as day,
             coalesce((x.trade_exit_price - t.avg_entry_price) * x.trade_exit_quantity * case when t.trade_direction = 'short' then -1 else 1 end, 0) as realized,
             x.charges, true as exit
      from trades t join trade_exits x on x.trabot_trade_id = t.trabot_trade_id
      where t.trabot_account_id = ${accountId} and x.ist_day between ${from} and ${to}
      union all
      select t.trabot_trade_id, t.algo_id, e.ist_day, 0, e.charges, false
      from trades t join trade_entries e on e.trabot_trade_id = t.trabot_trade_id
      where t.trabot_account_id = ${accountId} and e.ist_day between ${from} and ${to}
    ), per_trade as (
      -- A trade counts where it exited in the range; a win or a loss by its P&L less charges there.
      select algo_id, sum(realized - charges) as net from legs group by trabot_trade_id, algo_id having bool_or(exit)
    )
    select case when grouping(day) = 0 then 'day' when grouping(algo_id) = 0 then 'algo' else 'total' end as kind,
           day::text, algo_id,
           case when grouping(algo_id) = 0 then (select algo_desc from algos a where a.algo_id = legs.algo_id) end as algo_desc,
           coalesce(sum(realized), 0)::float8 as realized, coalesce(sum(charges), 0)::float8 as charges, 0 as trades, 0 as wins, 0 as losses
    from legs group by grouping sets ((day), (algo_id), ())
    union all
    select case when grouping(algo_id) = 0 then 'algo counts' else 'counts' end, null, algo_id, null, 0, 0,
           count(*)::int, (count(*) filter (where net > 0))::int, (count(*) filter (where net < 0))::int
    from per_trade group by grouping sets ((algo_id), ())
    union all
    select 'open', null, null, null, coalesce(sum(current_mtm), 0)::float8, 0, (count(*) filter (where current_mtm is null))::int, 0, 0
    from trades where trabot_account_id = ${accountId} and trade_status = 'running'
  `;

/**
 * Everything is summed inside the database, one statement whatever the number of trades: its
 * answer is a line per day, per algo and one for the range (a year of 10,000 trades is about 365
 * lines, where the legs themselves would be 20,000 rows to carry out of it).
 */
export async function accountPnl(db: Db, accountId: number, range: { from: string; to: string }): Promise<AccountPnl> {
  const lines = (await db.execute(pnlStatement(accountId, range.from, range.to))) as unknown as {
    rows: (Omit<PnlLine, 'kind'> & { kind: PnlLine['kind'] | 'counts' | 'algo counts' | 'open' })[];
  };
  const rows = lines.rows;
  const counts = (kind: string, algo: number | null) => rows.find((r) => r.kind === kind && r.algo_id === algo);
  const withCounts = (line: (typeof rows)[number]): PnlLine => {
    const c = line.kind === 'total' ? counts('counts', null) : counts('algo counts', line.algo_id);
    return {
      ...line,
      kind: line.kind as PnlLine['kind'],
      trades: c?.trades ?? 0,
      wins: c?.wins ?? 0,
      losses: c?.losses ?? 0,
    };
  };
  const summed = rows
    .filter((r) => r.kind === 'day' || r.kind === 'algo' || r.kind === 'total')
    .map((r) => (r.kind === 'day' ? (r as PnlLine) : withCounts(r)));
  // The open line: the running trades' MTM summed, and (as its trades) those whose MTM is unknown (no live price).
  const open = rows.find((r) => r.kind === 'open');
  return summarize(range, summed, open?.realized ?? 0, open?.trades ?? 0);
}

const amounts = (realized: number, charges: number) => ({
  realized: round2(realized),
  charges: round2(charges),
  net: round2(realized - charges),
});

/** The answer from the statement's lines (none: all zero). */
export function summarize(
  range: { from: string; to: string },
  lines: readonly PnlLine[],
  unrealized: number,
  unpriced = 0,
): AccountPnl {
  const total = lines.find((l) => l.kind === 'total');
  return {
    from: range.from,
    to: range.to,
    ...amounts(total?.realized ?? 0, total?.charges ?? 0),
    unrealized: round2(unrealized),
    unpriced_trades: unpriced,
    trades: total?.trades ?? 0,
    wins: total?.wins ?? 0,
    losses: total?.losses ?? 0,
    by_day: lines
      .filter((l) => l.kind === 'day')
      .sort((a, b) => a.day!.localeCompare(b.day!))
      .map((l) => ({ date: l.day!, ...amounts(l.realized, l.charges) })),
    by_algo: lines
      .filter((l) => l.kind === 'algo')
      .sort((a, b) => (a.algo_id ?? 0) - (b.algo_id ?? 0))
      .map((l) => ({
        algo_id: l.algo_id,
        algo_desc: l.algo_desc,
        ...amounts(l.realized, l.charges),
        trades: l.trades,
      })),
  };
}
