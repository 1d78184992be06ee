/**
 * The admin side of the 2026 order rules: an algo's exchange Algo ID (GET /api/algos, POST
 * /api/algos/{id}/exchange-registration), an account's own order address (POST
 * /api/admin/accounts/{id}/order-source) and the readiness board's order address and "IP not
 * registered" verdict. Superadmin only; bad input is a 400 naming the field.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accounts } from '@server/db/schema';
import { algoSchema } from '@shared/schemas/admin/algos';
import { readinessRowSchema } from '@shared/schemas/admin/readiness';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createSubscription } from '../../factories/subscriptions';
import { adminTest, expectError, expectJson, post, type AdminTest } from './setup';

let a: AdminTest;
beforeAll(async () => {
  a = await adminTest({
    env: {
      LIVE_TRADING: '1',
      KITE_API_KEY: 'kitekey',
      KITE_API_SECRET: 'kitesecret',
      BROKER_SOURCE_ADDRESS: '127.0.0.2',
      // Not an interface of the test machine: a local address to send from is allowed when listed.
      ORDER_ROUTE_ALLOWED_ADDRESSES: '203.0.113.7',
    },
  });
});
afterAll(() => a.t.close());

describe('POST /api/algos/{id}/exchange-registration', () => {
  it('sets and clears the Algo ID, shown by GET /api/algos', async () => {
    const algo = await createAlgo(a.t.deps);
    const url = `/api/algos/${algo.algo_id}/exchange-registration`;
    const set = await expectJson(await post(a.admin, url, { exchange_algo_id: ' NSE-42_a ' }), 200, algoSchema);
    expect(set.exchange_algo_id).toBe('NSE-42_a');
    const listed = await expectJson(await a.admin.request('/api/algos'), 200, z.array(algoSchema));
    expect(listed.find((x) => x.algo_id === algo.algo_id)!.exchange_algo_id).toBe('NSE-42_a');
    const cleared = await expectJson(await post(a.admin, url, { exchange_algo_id: null }), 200, algoSchema);
    expect(cleared.exchange_algo_id).toBeNull();
  });

  it('refuses a malformed or missing id naming the field, an unknown algo, and anyone but a superadmin', async () => {
    const algo = await createAlgo(a.t.deps);
    const url = `/api/algos/${algo.algo_id}/exchange-registration`;
    for (const body of [{ exchange_algo_id: 'has space' }, { exchange_algo_id: 'x'.repeat(31) }, {}]) {
      const refused = await expectError(await post(a.admin, url, body), 400);
      expect(Object.keys(refused.fields ?? {})).toEqual(['exchange_algo_id']);
    }
    await expectError(await post(a.admin, '/api/algos/999999/exchange-registration', { exchange_algo_id: 'A1' }), 404);
    expect((await post(a.member, url, { exchange_algo_id: 'A1' })).status).toBe(403);
    expect((await post(a.anonymous, url, { exchange_algo_id: 'A1' })).status).toBe(401);
  });
});

describe("an account's order address", () => {
  it('is set to an IP or a proxy URL, shown on the readiness board with the IP verdict, and cleared back to the server address', async () => {
    const member = await createMember(a.t.deps);
    const account = await createAccount(a.t.deps, member.trabot_client_id, {
      broker_name: 'zerodha',
      trading_mode: 'live',
      broker_session_expires_at: new Date('2099-01-01T00:00:00Z'),
      broker_funds_available: 1_000_000,
    });
    await createSubscription(a.t.deps, (await createAlgo(a.t.deps)).algo_id, account.trabot_account_id, {
      max_total_capital: 100_000,
    });
    const url = `/api/admin/accounts/${account.trabot_account_id}/order-source`;
    const row = async () =>
      (await expectJson(await a.admin.request('/api/admin/readiness'), 200, z.array(readinessRowSchema))).find(
        (r) => r.trabot_account_id === account.trabot_account_id,
      )!;
    expect(await row()).toMatchObject({ order_address: '127.0.0.2', order_ip_refusal: null, verdict: 'ready' });

    expect(await (await post(a.admin, url, { order_source: 'http://u:p@198.51.100.3:3128' })).json()).toMatchObject({
      order_source: 'http://u:••••@198.51.100.3:3128',
      order_address: 'proxy http://198.51.100.3:3128',
    });
    expect((await row()).order_address).toBe('proxy http://198.51.100.3:3128');

    // The broker refused an order for its address (the engine writes this): a verdict of its own.
    await a.t.deps.db
      .update(accounts)
      .set({
        order_ip_refusal: 'zerodha: Order request from an unregistered IP address',
        order_ip_refused_at: new Date(),
      })
      .where(eq(accounts.trabot_account_id, account.trabot_account_id));
    expect(await row()).toMatchObject({
      verdict: 'IP not registered',
      order_ip_refusal: 'zerodha: Order request from an unregistered IP address',
    });

    // A new address clears the verdict until the next order tells.
    expect(await (await post(a.admin, url, { order_source: '203.0.113.7' })).json()).toMatchObject({
      order_address: '203.0.113.7',
    });
    expect(await row()).toMatchObject({ order_address: '203.0.113.7', order_ip_refusal: null, verdict: 'ready' });
    expect(await (await post(a.admin, url, { order_source: null })).json()).toMatchObject({
      order_source: null,
      order_address: '127.0.0.2',
    });
  });

  it('refuses anything but an IP or an http(s) URL, naming the field; superadmin only', async () => {
    const member = await createMember(a.t.deps);
    const account = await createAccount(a.t.deps, member.trabot_client_id);
    const url = `/api/admin/accounts/${account.trabot_account_id}/order-source`;
    for (const order_source of ['somewhere', 'ftp://10.0.0.1', '300.1.1.1']) {
      const refused = await expectError(await post(a.admin, url, { order_source }), 400);
      expect(Object.keys(refused.fields ?? {})).toEqual(['order_source']);
    }
    await expectError(await post(a.admin, '/api/admin/accounts/999999/order-source', { order_source: null }), 404);
    expect((await post(a.member, url, { order_source: null })).status).toBe(403);
    expect((await post(a.anonymous, url, { order_source: null })).status).toBe(401);
  });
});
