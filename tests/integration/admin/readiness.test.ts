/**
 * The readiness board: each account with an active subscription, its mode, daily
 * session, funds against the capital its subscriptions may use, and the verdict; accounts without
 * an active subscription are not on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tradingHalts } from '@server/db/schema';
import { readinessRowSchema } from '@shared/schemas/admin/readiness';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createSubscription } from '../../factories/subscriptions';
import { adminTest, expectJson, type AdminTest } from './setup';

let a: AdminTest;
beforeAll(async () => {
  a = await adminTest({ env: { LIVE_TRADING: '1', KITE_API_KEY: 'kitekey', KITE_API_SECRET: 'kitesecret' } });
});
afterAll(() => a.t.close());

const LATER = new Date('2099-01-01T00:30:00Z');
const EARLIER = new Date('2001-01-01T00:30:00Z');

describe('GET /api/admin/readiness', () => {
  it('gives each subscribed account its verdict: ready, reconnect needed, insufficient funds, halted or paper', async () => {
    const member = await createMember(a.t.deps, { name: 'Asha Rao' });
    const algo = await createAlgo(a.t.deps);
    const account = async (over: Parameters<typeof createAccount>[2], capital: number | null) => {
      const row = await createAccount(a.t.deps, member.trabot_client_id, {
        broker_name: 'zerodha',
        trading_mode: 'live',
        ...over,
      });
      if (capital !== null) {
        await createSubscription(a.t.deps, algo.algo_id, row.trabot_account_id, { max_total_capital: capital });
        await createSubscription(a.t.deps, (await createAlgo(a.t.deps)).algo_id, row.trabot_account_id, {
          max_total_capital: 50_000,
          subscription_status: 'inactive',
        });
      }
      return row.trabot_account_id;
    };
    const checked = new Date('2026-11-25T03:00:00Z');
    const ready = await account(
      { broker_session_expires_at: LATER, broker_session_checked_at: checked, broker_funds_available: 500_000 },
      200_000,
    );
    const expired = await account({ broker_session_expires_at: EARLIER, broker_funds_available: 500_000 }, 200_000);
    const short = await account({ broker_session_expires_at: LATER, broker_funds_available: 150_000.5 }, 200_000);
    const paper = await account({ trading_mode: 'paper' }, 100_000);
    const halted = await account({ broker_session_expires_at: LATER, broker_funds_available: 500_000 }, 100_000);
    await a.t.deps.db.insert(tradingHalts).values({ account_id: halted, reason: 'margin call' });
    const unsubscribed = await account({}, null);

    const board = await expectJson(
      await a.admin.request('/api/admin/readiness'),
      200,
      z.array(readinessRowSchema.strict()),
    );
    const mine = board.filter((r) => r.trabot_client_id === member.trabot_client_id);
    expect(mine.map((r) => [r.trabot_account_id, r.verdict])).toEqual([
      [ready, 'ready'],
      [expired, 'reconnect needed'],
      [short, 'insufficient funds'],
      [paper, 'paper'],
      [halted, 'halted'],
    ]);
    expect(mine.some((r) => r.trabot_account_id === unsubscribed)).toBe(false);
    expect(mine[0]).toEqual({
      trabot_account_id: ready,
      trabot_client_id: member.trabot_client_id,
      member_name: 'Asha Rao',
      broker_name: 'zerodha',
      mode: 'live',
      session_expires_at: LATER.toISOString(),
      session_checked_at: checked.toISOString(),
      funds_available: 500_000,
      capital_required: 200_000,
      halted: false,
      order_address: 'any (BROKER_SOURCE_ADDRESS not set)',
      order_ip_refusal: null,
      verdict: 'ready',
    });
    expect(mine[2]).toMatchObject({ funds_available: 150_000.5, capital_required: 200_000 });
    await a.t.deps.db.delete(tradingHalts);
  });

  it('is for superadmins only', async () => {
    expect((await a.member.request('/api/admin/readiness')).status).toBe(403);
    expect((await a.anonymous.request('/api/admin/readiness')).status).toBe(401);
  });
});
