/** The firm's algorithm-testing rules: at most ALGO_TESTERS_MAX active testers per algo, capital in the USD band. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { algoListItemSchema } from '@shared/schemas/admin/algos';
import { algoSubscriptionSchema } from '@shared/schemas/admin/members';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createSubscription, subscriptionBody } from '../../factories/subscriptions';
import { adminTest, expectError, expectJson, post, type AdminTest } from '../admin/setup';

let a: AdminTest;
beforeAll(async () => {
  // A limit of 3 keeps the test small; the default of 10 is checked on its own below.
  a = await adminTest({ env: { ALGO_TESTERS_MAX: '3', USD_INR: '84' } });
});
afterAll(() => a.t.close());

async function newAccount() {
  const member = await createMember(a.t.deps);
  return (await createAccount(a.t.deps, member.trabot_client_id)).trabot_account_id;
}
const save = (accountId: number, overrides: Record<string, unknown>) =>
  post(
    a.admin,
    `/api/admin/accounts/${accountId}/save-algo-subscription`,
    subscriptionBody({ row_id: null, algo_id: 0, trabot_account_id: accountId }, overrides as never),
  );
const slots = async (algoId: number) => {
  const list = await expectJson(await a.admin.request('/api/algos'), 200, z.array(algoListItemSchema.strict()));
  const algo = list.find((x) => x.algo_id === algoId)!;
  return `${algo.testers_active} of ${algo.testers_max}`;
};

describe('testers per algo', () => {
  it('refuses the active tester beyond ALGO_TESTERS_MAX, naming the limit; a paused one frees the slot', async () => {
    const algoId = (await createAlgo(a.t.deps)).algo_id;
    expect(await slots(algoId)).toBe('0 of 3');
    const rows = [];
    for (let i = 0; i < 3; i += 1) {
      const accountId = await newAccount();
      rows.push(await expectJson(await save(accountId, { algo_id: algoId }), 201, algoSubscriptionSchema));
    }
    expect(await slots(algoId)).toBe('3 of 3');

    const fourth = await newAccount();
    const refused = await expectError(await save(fourth, { algo_id: algoId }), 409);
    const message = `Algo ${algoId} already has 3 active testers, the limit of 3 (ALGO_TESTERS_MAX): pause one first`;
    expect(refused).toEqual({ error: message, fields: { algo_id: message } });
    // An inactive subscription takes no slot, and saving an active row again is no new tester.
    await expectJson(
      await save(fourth, { algo_id: algoId, subscription_status: 'inactive' }),
      201,
      algoSubscriptionSchema,
    );
    const again = rows[0]!;
    await expectJson(
      await save(again.trabot_account_id, { row_id: again.row_id, algo_id: algoId, risk_percent_pertrade: 0.5 }),
      200,
      algoSubscriptionSchema,
    );
    expect(await slots(algoId)).toBe('3 of 3');

    // Pausing one frees its slot for another member.
    await expectJson(
      await save(again.trabot_account_id, { row_id: again.row_id, algo_id: algoId, subscription_status: 'inactive' }),
      200,
      algoSubscriptionSchema,
    );
    expect(await slots(algoId)).toBe('2 of 3');
    await expectJson(await save(await newAccount(), { algo_id: algoId }), 201, algoSubscriptionSchema);
    expect(await slots(algoId)).toBe('3 of 3');
  });

  it('lets two saves at once take the last slot only once', async () => {
    const algoId = (await createAlgo(a.t.deps)).algo_id;
    for (let i = 0; i < 2; i += 1) await save(await newAccount(), { algo_id: algoId });
    const [x, y] = [await newAccount(), await newAccount()];
    const answers = await Promise.all([save(x, { algo_id: algoId }), save(y, { algo_id: algoId })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await slots(algoId)).toBe('3 of 3');
  });
});

describe('capital band', () => {
  it('takes USD 1,500-7,500 at USD_INR and refuses outside it, naming the band in rupees', async () => {
    const algoId = (await createAlgo(a.t.deps)).algo_id;
    const accountId = await newAccount();
    const message =
      'Max total capital must be between ₹1,26,000.00 and ₹6,30,000.00 (USD 1,500-7,500 at 84 rupees per dollar)';
    for (const capital of [125_999.99, 630_000.01, 0]) {
      expect(await expectError(await save(accountId, { algo_id: algoId, max_total_capital: capital }), 400)).toEqual({
        error: message,
        fields: { max_total_capital: message },
      });
    }
    for (const capital of [126_000, 630_000]) {
      const row = await expectJson(
        await save(await newAccount(), { algo_id: algoId, max_total_capital: capital }),
        201,
        algoSubscriptionSchema,
      );
      expect(row.max_total_capital).toBe(capital);
    }
  });
});

describe('defaults', () => {
  it('allows 10 testers per algo (the 11th refused) and converts at 88.5 rupees per dollar when unset', async () => {
    const d = await adminTest();
    try {
      const algoId = (await createAlgo(d.t.deps)).algo_id;
      const newAccountOf = async () =>
        (await createAccount(d.t.deps, (await createMember(d.t.deps)).trabot_client_id)).trabot_account_id;
      for (let i = 0; i < 10; i += 1) await createSubscription(d.t.deps, algoId, await newAccountOf());
      const list = z.array(algoListItemSchema).parse(await (await d.admin.request('/api/algos')).json());
      expect(list.find((x) => x.algo_id === algoId)).toMatchObject({ testers_active: 10, testers_max: 10 });
      const accountId = await newAccountOf();
      const eleventh = await post(
        d.admin,
        `/api/admin/accounts/${accountId}/save-algo-subscription`,
        subscriptionBody({ row_id: null, algo_id: algoId, trabot_account_id: accountId }),
      );
      expect((await expectError(eleventh, 409)).error).toBe(
        `Algo ${algoId} already has 10 active testers, the limit of 10 (ALGO_TESTERS_MAX): pause one first`,
      );
      const res = await post(
        d.admin,
        `/api/admin/accounts/${accountId}/save-algo-subscription`,
        subscriptionBody(
          { row_id: null, algo_id: algoId, trabot_account_id: accountId },
          { max_total_capital: 100_000 },
        ),
      );
      expect((await expectError(res, 400)).error).toBe(
        'Max total capital must be between ₹1,32,750.00 and ₹6,63,750.00 (USD 1,500-7,500 at 88.5 rupees per dollar)',
      );
    } finally {
      await d.t.close();
    }
  });
});
