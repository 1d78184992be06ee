/**
 * Many subscribed accounts at once, for load: `count` members, each with an active account (the
 * given encrypted broker key) subscribed to the algo with sizing that takes any sane signal. A
 * thousand rows per statement. Used by the engine bench and the engine's fault tests.
 */
import type { Db } from '@server/db/client';
import { accounts, algoSubscriptions, members } from '@server/db/schema';

export async function createManySubscribers(
  db: Db,
  algoId: number,
  count: number,
  encryptedKey: string,
  tag = 'Load',
): Promise<void> {
  for (let start = 0; start < count; start += 1000) {
    const size = Math.min(1000, count - start);
    const made = await db
      .insert(members)
      .values(
        Array.from({ length: size }, (_, i) => ({
          name: `${tag} ${start + i}`,
          phone_no: '+919800000000',
          email_id: `${tag.toLowerCase()}${start + i}@example.com`,
        })),
      )
      .returning({ id: members.trabot_client_id });
    const madeAccounts = await db
      .insert(accounts)
      .values(
        made.map((m, i) => ({
          trabot_client_id: m.id,
          broker_name: 'zerodha',
          broker_client_id: `${tag.slice(0, 2).toUpperCase()}${start + i}`,
          broker_access_key_enc: encryptedKey,
        })),
      )
      .returning({ id: accounts.trabot_account_id });
    await db.insert(algoSubscriptions).values(
      madeAccounts.map((a) => ({
        algo_id: algoId,
        trabot_account_id: a.id,
        max_total_capital: 500_000,
        risk_percent_pertrade: 1,
        max_percent_allocation_pertrade: 20,
        min_percent_allocation_pertrade: 0,
        min_required_risk_reward: 1,
        max_acceptable_loss: 10_000,
      })),
    );
  }
}
