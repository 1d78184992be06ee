/**
 * The member's P&L summary over a big account (`npm run bench -- --pnl`, also in the full
 * run): 10,000 completed trades, each with an entry and an exit with charges, spread over a
 * financial year, on each database; then GET /api/account-pnl's work (its two statements and the
 * assembly, in process) for the whole year, 200 times one after another. Budget: p99 under 50 ms.
 */
import { algos, accounts, members, tradeEntries, tradeExits, trades } from '@server/db/schema';
import { insertRuns } from '@server/db/bulk';
import { accountPnl } from '@server/services/account-pnl';
import type { Database } from '@server/db/client';
import { openBenchDatabase } from './engine';
import { table } from './report';

export const PNL_TRADES = 10_000;
const RUNS = 200;
export const PNL_BUDGET_P99_MS = 50;

export interface PnlFigures {
  database: 'pglite' | 'postgres';
  trades: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  pass: boolean;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A member's account with PNL_TRADES completed trades (an entry and an exit each, with charges) over a financial year. */
export async function seedPnlAccount(db: Database['db']): Promise<number> {
  const [member] = await db
    .insert(members)
    .values({ name: 'P&L bench', phone_no: '+919800000000', email_id: 'pnl-bench@example.com' })
    .returning();
  const [account] = await db.insert(accounts).values({ trabot_client_id: member!.trabot_client_id }).returning();
  const made = await db
    .insert(algos)
    .values([{ algo_desc: 'Bench A' }, { algo_desc: 'Bench B' }, { algo_desc: 'Bench C' }])
    .returning();
  const day = (i: number) => new Date(Date.parse('2026-04-01T04:00:00Z') + (i % 360) * 86_400_000);
  const tradeRows = Array.from({ length: PNL_TRADES }, (_, i): typeof trades.$inferInsert => ({
    trabot_account_id: account!.trabot_account_id,
    algo_id: made[i % made.length]!.algo_id,
    trade_type: i % 3 === 0 ? 'intraday' : 'swing',
    trade_instrument: `SYM${i % 500}`,
    trade_date: day(i).toISOString().slice(0, 10),
    trade_status: 'completed',
    trade_quantity: 10,
    remaining_quantity: 0,
    trade_direction: i % 4 === 0 ? 'short' : 'long',
    avg_entry_price: 100 + (i % 50),
  }));
  const ids: number[] = [];
  for (const run of insertRuns(trades, tradeRows))
    ids.push(...(await db.insert(trades).values(run).returning({ id: trades.trabot_trade_id })).map((r) => r.id));
  const entries = ids.map((id, i) => ({
    trabot_trade_id: id,
    trade_entry_sequence: 1,
    trade_entry_quantity: 10,
    trade_entry_price: 100 + (i % 50),
    trade_entry_timestamp: day(i),
    stt: 1.2,
    brokerage_charges: 20,
  }));
  const exits = ids.map((id, i) => ({
    trabot_trade_id: id,
    trade_exit_sequence: 1,
    trade_exit_quantity: 10,
    trade_exit_price: 100 + (i % 50) + ((i % 7) - 3),
    trade_exit_timestamp: new Date(day(i).getTime() + 5 * 3_600_000),
    stt: 1.3,
    brokerage_charges: 20,
  }));
  for (const run of insertRuns(tradeEntries, entries)) await db.insert(tradeEntries).values(run);
  for (const run of insertRuns(tradeExits, exits)) await db.insert(tradeExits).values(run);
  return account!.trabot_account_id;
}

export async function benchPnl(kind: 'pglite' | 'postgres', postgresUrl?: string): Promise<PnlFigures> {
  const { database, drop } = await openBenchDatabase(kind, PNL_TRADES, postgresUrl);
  try {
    await database.migrate();
    const accountId = await seedPnlAccount(database.db);

    const times: number[] = [];
    let counted = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      counted = (await accountPnl(database.db, accountId, { from: '2026-04-01', to: '2027-03-31' })).trades;
      times.push(performance.now() - started);
    }
    if (counted !== PNL_TRADES) throw new Error(`P&L bench: the summary counted ${counted} trades, not ${PNL_TRADES}`);
    times.sort((a, b) => a - b);
    const round = (ms: number) => Number(ms.toFixed(1));
    const p99 = percentile(times, 99);
    return {
      database: kind,
      trades: PNL_TRADES,
      p50Ms: round(percentile(times, 50)),
      p99Ms: round(p99),
      maxMs: round(times.at(-1)!),
      pass: p99 < PNL_BUDGET_P99_MS,
    };
  } finally {
    await database.close();
    await drop();
  }
}

export function pnlTable(figures: readonly PnlFigures[]): string {
  return table([
    ['P&L summary (a year, 10,000 trades)', 'trades', 'p50', 'p99', 'max', `budget (p99 < ${PNL_BUDGET_P99_MS} ms)`],
    ...figures.map((f) => [
      f.database,
      String(f.trades),
      `${f.p50Ms} ms`,
      `${f.p99Ms} ms`,
      `${f.maxMs} ms`,
      f.pass ? 'PASS' : 'FAIL',
    ]),
  ]);
}
