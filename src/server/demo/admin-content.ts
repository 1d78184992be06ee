/**
 * What the demo shows on the admin screens: warnings of the kinds the engine raises about the
 * demo's own signals (one already deleted), the demo account's broker session token and the feed
 * state on the Tokens screen, and an upcoming workshop with its Register button.
 */
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../context';
import type { Db } from '../db/client';
import { signals, warnings, workshops } from '../db/schema';
import { setToken } from '../records/tokens';
import { addDays, dayOfWeek, istDay } from '@shared/ist';
import { nextSixAmIst } from '../brokers/session-expiry';
import type { DemoClock } from './trade-rows';

const UPCOMING_WORKSHOP = {
  title: 'Position Sizing: Risk per Trade and Capital Caps',
  description:
    'How many shares should a signal buy? We size real NSE setups from the risk you accept per trade and the ' +
    'distance to the stop-loss, cap each position at a share of the capital, and see why skipping a trade ' +
    'with a poor risk-reward beats squeezing it in. Bring a spreadsheet; no coding needed.',
  level: 'Intermediate' as const,
};

/** The first Sunday at least two weeks after `now` (workshops run on Sundays). */
function upcomingSunday(now: Date): string {
  let day = addDays(istDay(now), 14);
  while (dayOfWeek(day) !== 0) day = addDays(day, 1);
  return day;
}

export async function seedAdminDemo(
  tx: Db,
  deps: Pick<AppDeps, 'secrets'>,
  demo: { accountId: number; clock: DemoClock },
): Promise<void> {
  const { accountId, clock } = demo;
  const rows = await tx
    .select({ id: signals.signal_id, symbol: signals.instrument_symbol, algoId: signals.algo_id })
    .from(signals);
  const signal = (symbol: string) => rows.find((row) => row.symbol === symbol)!;
  const maruti = signal('MARUTI');
  const kotak = signal('KOTAKBANK');

  // In the order they happened: ids follow time, as for warnings the engine raises.
  await tx.insert(warnings).values([
    {
      warning_message: `Entry skipped for signal ${maruti.id} (MARUTI), account ${accountId}: opened at 13,212.50, more than 1% above the 12,940.00 entry`,
      warning_data: JSON.stringify({
        signalId: maruti.id,
        algoId: maruti.algoId,
        accountId,
        symbol: 'MARUTI',
        entry: 12940,
        open: 13212.5,
        max_gap_percent: 1,
      }),
      warning_timestamp: clock.at(4, '09:15'),
    },
    {
      warning_message: 'Price feed silent for 45 s during the session; reconnected',
      warning_data: JSON.stringify({ feed: 'simulated', silent_seconds: 45 }),
      warning_timestamp: clock.at(3, '11:02'),
      delete_ind: true,
    },
    {
      warning_message: `Entry order for signal ${kotak.id} (KOTAKBANK short), account ${accountId} lapsed unfilled at the 14:30 IST cut-off`,
      warning_data: JSON.stringify({
        signalId: kotak.id,
        algoId: kotak.algoId,
        accountId,
        symbol: 'KOTAKBANK',
        entry: 2104,
        ltp: 2098.45,
        reason: 'intraday_cutoff',
      }),
      warning_timestamp: clock.at(2, '14:30'),
    },
  ]);

  // Zerodha sessions end at 06:00 IST the next morning.
  const expiresAt = nextSixAmIst(clock.now);
  await setToken(
    { db: tx, secrets: deps.secrets },
    { name: 'zerodha.access_token', accountId, value: randomBytes(16).toString('hex'), expiresAt },
  );
  await setToken(
    { db: tx, secrets: deps.secrets },
    { name: 'feed.mode', value: 'simulated (seeded random walk from the last close)', secret: false },
  );

  await tx
    .insert(workshops)
    .values({ ...UPCOMING_WORKSHOP, workshop_date: upcomingSunday(clock.now) })
    .onConflictDoNothing();
}
