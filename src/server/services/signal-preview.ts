/**
 * GET /api/signals/{id}/preview: what approving a signal would trade now, per subscribed account,
 * with the engine's own rules as a dry run: the accounts its entry goes to, a halted account or an
 * expired membership skipped (trading/entry-eligibility.ts), the sizing (trading/sizing.ts); no
 * broker is called, no order placed. The price is the one a market entry would get: the last
 * price the engine recorded on the signal, on the instrument's tick against the trader; before any
 * price, the entry level.
 */
import { asc, eq } from 'drizzle-orm';
import { instrumentTick, roundToTick } from '@shared/ticks';
import type { PreviewAccount, SignalPreview } from '@shared/schemas/admin/signal-approvals';
import type { Db } from '../db/client';
import { accounts, members, signals } from '../db/schema';
import { entrySkip, selectSubscribers, subscribedTo } from '../trading/entry-eligibility';
import { loadHalts } from '../trading/halt-state';
import { round2 } from '../trading/money';
import { sizePosition } from '../trading/sizing';
import { entrySide } from '../trading/trade-math';
import { instrumentTickInfo } from '../instruments/instrument-list';

type AccountRow = typeof accounts.$inferSelect;

function keyStatus(account: AccountRow): PreviewAccount['key_status'] {
  if (account.access_key_valid) return 'valid';
  return account.broker_access_key_enc && !account.access_key_updated_timestamp ? 'unchecked' : 'invalid';
}

/** Null when the signal does not exist. `now` judges a membership's expiry, as the engine's tick does. */
export async function previewSignal(db: Db, signalId: number, now: Date): Promise<SignalPreview | null> {
  const [signal] = await db.select().from(signals).where(eq(signals.signal_id, signalId));
  if (!signal) return null;
  const tick =
    signal.ltp === null
      ? null
      : instrumentTick(await instrumentTickInfo(db, signal.instrument_symbol, signal.instrument_type), signal.ltp);
  const price =
    signal.ltp === null || tick === null
      ? signal.entry_level
      : roundToTick(signal.ltp, entrySide(signal.trade_direction) === 'buy' ? 'up' : 'down', tick);
  const halts = await loadHalts(db);
  const subscribers = await selectSubscribers(db, { account_name: members.name })
    .where(subscribedTo(signal.algo_id))
    .orderBy(asc(accounts.trabot_account_id));

  const rows = subscribers.map((subscriber): PreviewAccount => {
    const { subscription, account, account_name } = subscriber;
    const key_status = keyStatus(account);
    const skip = entrySkip(halts, subscriber, now);
    const sized = skip
      ? { ok: false as const, ...skip }
      : sizePosition({ subscription, signal, accessKeyValid: key_status !== 'invalid', price });
    const base = { trabot_account_id: account.trabot_account_id, account_name, key_status };
    if (!sized.ok) {
      return {
        ...base,
        quantity: 0,
        capital_at_risk: 0,
        allocation: 0,
        allocation_percent: 0,
        skip_reason: sized.reason,
        skip_detail: sized.detail,
      };
    }
    return {
      ...base,
      quantity: sized.quantity,
      capital_at_risk: round2(sized.lossAtStop),
      allocation: round2(sized.quantity * price),
      allocation_percent: sized.allocationPercent,
      skip_reason: null,
      skip_detail: null,
    };
  });
  const trading = rows.filter((r) => r.skip_reason === null);
  return {
    signal_id: signal.signal_id,
    price,
    price_source: signal.ltp === null ? 'entry_level' : 'last_price',
    accounts: rows,
    totals: {
      accounts: rows.length,
      trading: trading.length,
      skipped: rows.length - trading.length,
      quantity: trading.reduce((sum, r) => sum + r.quantity, 0),
      capital_at_risk: round2(trading.reduce((sum, r) => sum + r.capital_at_risk, 0)),
      allocation: round2(trading.reduce((sum, r) => sum + r.allocation, 0)),
    },
  };
}
