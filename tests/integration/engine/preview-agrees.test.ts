/**
 * The signal preview and the engine read one eligibility rule (trading/entry-eligibility.ts): a
 * halted account and an expired membership are skipped by both, with the same reasons, and the
 * accounts the preview says will trade are those the engine trades.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, members, tradingHalts } from '@server/db/schema';
import { signalPreviewSchema } from '@shared/schemas/admin/signal-approvals';
import { createUser } from '../../factories/accounts';
import { expectJson, loggedIn } from '../admin/setup';
import { engineScenario } from './scenario';

const { t, at, scriptedEngine, subscriber, newAlgo, newSignal, tradesOf, warningsAbout } = engineScenario();

async function expire(accountId: number, expiry: string) {
  const [account] = await t.deps.db.select().from(accounts).where(eq(accounts.trabot_account_id, accountId));
  await t.deps.db
    .update(members)
    .set({ expiry_date: expiry })
    .where(eq(members.trabot_client_id, account!.trabot_client_id));
}

describe('the signal preview and the engine', () => {
  it('skip a halted account and an expired membership alike, and trade the same accounts', async () => {
    t.deps.clock = () => at(1); // 2026-01-05 09:30 IST, the tick below
    const admin = await createUser(t.deps, { role: 'superadmin' });
    const client = await loggedIn(t, admin.email, admin.password);
    const algoId = await newAlgo();
    const halted = await subscriber(algoId, {});
    const expired = await subscriber(algoId, {});
    const trading = await subscriber(algoId, {});
    await t.deps.db.insert(tradingHalts).values({ account_id: halted, reason: 'broker margin call' });
    await expire(expired, '2026-01-04');
    const signal = await newSignal(algoId);

    const preview = await expectJson(
      await client.request(`/api/signals/${signal.signal_id}/preview`),
      200,
      signalPreviewSchema,
    );
    expect(preview.accounts.map((r) => [r.trabot_account_id, r.skip_reason, r.skip_detail])).toEqual([
      [halted, 'halted', 'trading halted: broker margin call'],
      [expired, 'membership_expired', 'the membership expired on 2026-01-04'],
      [trading, null, null],
    ]);
    expect(preview.totals).toMatchObject({ accounts: 3, trading: 1, skipped: 2 });

    await scriptedEngine().engine.tick(at(1));
    expect((await tradesOf(signal.signal_id)).map((r) => r.trabot_account_id)).toEqual(
      preview.accounts.filter((r) => r.skip_reason === null).map((r) => r.trabot_account_id),
    );
    expect(
      (await warningsAbout(signal.signal_id)).map((w) => {
        const data = JSON.parse(w.warning_data!) as { trabot_account_id: number; reason: string };
        return [data.trabot_account_id, data.reason, w.warning_message.split(': ').slice(1).join(': ')];
      }),
    ).toEqual(
      preview.accounts
        .filter((r) => r.skip_reason !== null)
        .map((r) => [r.trabot_account_id, r.skip_reason, r.skip_detail]),
    );
  });
});
