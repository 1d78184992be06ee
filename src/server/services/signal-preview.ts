/**
 * GET /api/signals/{id}/preview: what approving a signal would trade now, per subscribed account,
 * with the engine's own sizing (trading/sizing.ts) as a dry run: no broker is called, no order
 * placed. The price is the one a market entry would get: the last price the engine recorded on the
 * signal, on the instrument's tick against the trader; before any price, the entry level.
 */
import { and, asc, eq } from 'drizzle-orm';
import { instrumentTick, roundToTick } from '@shared/ticks';
import type { PreviewAccount, SignalPreview } from '@shared/schemas/admin/signal-approvals';
import type { Db } from '../db/client';
import { accounts, algoSubscriptions, members, signals } from '../db/schema';
import { round2 } from '../trading/money';
import { sizePosition } from '../trading/sizing';
import { entrySide } from '../trading/trade-math';
import { instrumentTickInfo } from '../instruments/instrument-list';

type AccountRow = typeof accounts.$inferSelect;

function keyStatus(account: AccountRow): PreviewAccount['key_status'] {
  if (account.access_key_valid) return 'valid';
  return account.broker_access_key_enc && !account.access_key_updated_timestamp ? 'unchecked' : 'invalid';
}

/** Null when the signal does not exist. */
export async function previewSignal(db: Db, signalId: number): Promise<SignalPreview | null> {
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
  const subscribers = await db
    .select({ subscription: algoSubscriptions, account: accounts, account_name: members.name })
    .from(algoSubscriptions)
    .innerJoin(accounts, eq(accounts.trabot_account_id, algoSubscriptions.trabot_account_id))
    .innerJoin(members, eq(members.trabot_client_id, accounts.trabot_client_id))
    .where(
      and(
        eq(algoSubscriptions.algo_id, signal.algo_id),
        eq(algoSubscriptions.subscription_status, 'active'),
        eq(accounts.account_status, 'active'),
      ),
    )
    .orderBy(asc(accounts.trabot_account_id));

  const rows = subscribers.map(({ subscription, account, account_name }): PreviewAccount => {
    const key_status = keyStatus(account);
    const sized = sizePosition({ subscription, signal, accessKeyValid: key_status !== 'invalid', price });
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
