/**
 * The morning reminder: on a trading day from 08:30 IST, the members of accounts that
 * trade live (with an active subscription, not halted on their own) and whose daily broker session
 * has ended are told once, by Web Push where they turned it on; the trades page shows them a banner
 * in any case. The day sent is kept in Tokens, so a restart does not send it twice; once
 * a day needs nothing more the engine does not ask again until the next.
 */
import { and, eq, exists, isNull, lte, or, sql } from 'drizzle-orm';
import { accounts, algoSubscriptions, tradingHalts } from '../db/schema';
import { istDay, istTime } from '@shared/ist';
import { getToken, setToken } from '../records/tokens';
import { isPaperTrading } from '../brokers/select-adapter';
import type { EngineContext } from './engine-deps';
import { isTradingDay } from './market-hours';

export const REMINDER_TIME_IST = '08:30';
const SENT_TOKEN = 'engine.session_reminders_sent';

/** True once the day needs nothing more (sent, sent before a restart, or nothing to send today); false before 08:30. */
export async function remindExpiredSessions(ctx: EngineContext, now: Date): Promise<boolean> {
  const { deps } = ctx;
  const day = istDay(now);
  if (!deps.notifier || !deps.env.LIVE_TRADING || !isTradingDay(day, ctx.calendar)) return true;
  if (now < istTime(day, REMINDER_TIME_IST)) return false;
  if ((await getToken(deps, SENT_TOKEN, undefined, now))?.value === day) return true;
  const ended = await deps.db
    .select({ account: accounts })
    .from(accounts)
    .where(
      and(
        eq(accounts.account_status, 'active'),
        eq(accounts.trading_mode, 'live'),
        or(isNull(accounts.broker_session_expires_at), lte(accounts.broker_session_expires_at, now)),
        exists(
          deps.db
            .select({ one: sql`1` })
            .from(algoSubscriptions)
            .where(
              and(
                eq(algoSubscriptions.trabot_account_id, accounts.trabot_account_id),
                eq(algoSubscriptions.subscription_status, 'active'),
              ),
            ),
        ),
        sql`not exists (select 1 from ${tradingHalts} where ${tradingHalts.account_id} = ${accounts.trabot_account_id} and ${tradingHalts.lifted_at} is null)`,
      ),
    );
  const live = ended.map((r) => r.account).filter((a) => !isPaperTrading(a, deps.env));
  await setToken(deps, { name: SENT_TOKEN, value: day, secret: false });
  if (!live.length) return true;
  deps.notifier.brokerSessionsEnded(
    live.map((a) => ({ trabot_account_id: a.trabot_account_id, broker: a.broker_name })),
  );
  deps.log.info({ accounts: live.length, day }, 'engine: morning reminders sent for ended broker sessions');
  return true;
}
