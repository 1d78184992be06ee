/**
 * The engine's sweep of pending signals whose validity ran out (an algo's
 * `signal_validity_minutes`): cancelled with a warning and an `expired` event each. The services
 * refuse to approve an expired signal against the same app clock (signal-decisions.ts).
 */
import { lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signals } from '../db/schema';
import { recordSignalEvents } from '../records/signal-events';
import { raiseWarnings } from '../records/warnings';
import type { Logger } from '../lib/logger';
import { moveSignals } from '../states/signals';

/**
 * Pending signals whose validity ran out by `now` are cancelled, each with a warning and an
 * `expired` event at its expiry; answers how many. The engine runs it every tick, so an expired
 * signal is gone within a tick of expiring.
 */
export async function expirePendingSignals(db: Db, now: Date, log: Logger): Promise<number> {
  return db.transaction(async (tx) => {
    const moved = await moveSignals(tx, log, {
      to: 'cancelled',
      from: ['pending'],
      where: lte(signals.expires_at, now),
      set: { status_note: 'expired: not approved in time' },
      why: 'expired unapproved',
    });
    const expired = moved.map((s) => ({
      signal_id: s.signal_id,
      algo_id: s.algo_id,
      symbol: s.instrument_symbol,
      direction: s.trade_direction,
      expires_at: s.expires_at,
    }));
    await recordSignalEvents(
      tx,
      expired.map((s) => ({ signalId: s.signal_id, kind: 'expired', actor: null, at: s.expires_at! })),
    );
    await raiseWarnings(
      tx,
      expired.map((s) => ({
        message: `Signal ${s.signal_id} (${s.symbol} ${s.direction}, algo ${s.algo_id}) expired unapproved at ${s.expires_at!.toISOString()} and was cancelled`,
        data: { signal_id: s.signal_id, algo_id: s.algo_id, reason: 'expired' },
      })),
    );
    return expired.length;
  });
}
