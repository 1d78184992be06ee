/**
 * Signals from the algos themselves and the superadmin's decision: webhook tokens, the
 * signal webhook (auth, idempotency, validation, rate limit), approval mode and validity, the
 * pending queue, the fan-out preview against docs/engine.md's worked example, and approve / reject
 * against the signal as the superadmin saw it. On PGlite, and on PostgreSQL under TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signals, warnings } from '@server/db/schema';
import { WEBHOOK_LIMIT_PER_MINUTE } from '@server/routes/hooks';
import { ensureInstrumentList } from '@server/instruments/instrument-list';
import { expirePendingSignals } from '@server/engine/signal-expiry';
import { MSG } from '@shared/messages';
import { algoSchema, signalSchema, type Signal } from '@shared/schemas/admin/algos';
import {
  newWebhookTokenSchema,
  pendingSignalSchema,
  signalDecisionAnswerSchema,
  signalPreviewSchema,
  webhookSignalAnswerSchema,
  webhookTokenSchema,
} from '@shared/schemas/admin/signal-approvals';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createSignal, webhookSignalBody } from '../../factories/signals';
import { createSubscription } from '../../factories/subscriptions';
import type { TestClient } from '../helpers/test-app';
import { adminTest, expectError, expectJson, post, type AdminTest } from './setup';

let a: AdminTest;
let algoId: number;

beforeAll(async () => {
  a = await adminTest();
  await ensureInstrumentList(a.t.deps.db);
  algoId = (await createAlgo(a.t.deps, { algo_desc: 'Breakout swing', algo_switch: true })).algo_id;
});
afterAll(() => a.t.close());

let sent = 0;
/** A valid webhook body; a fresh client_signal_id unless given. */
const hookBody = (over: Record<string, unknown> = {}) =>
  webhookSignalBody(`alert-${++sent}`, { portion_in_trade: 100, ...over });

const hook = (token: string | null, body: unknown, client: TestClient = a.anonymous) =>
  client.request('/api/hooks/signals', {
    method: 'POST',
    json: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function newToken(forAlgo = algoId): Promise<string> {
  return (
    await expectJson(
      await post(a.admin, `/api/algos/${forAlgo}/webhook-tokens`, {}),
      201,
      newWebhookTokenSchema.strict(),
    )
  ).token;
}

const signalRow = async (id: number) => (await a.t.deps.db.select().from(signals).where(eq(signals.signal_id, id)))[0]!;
const signalOf = async (id: number): Promise<Signal> => {
  const list = await expectJson(
    await a.admin.request(`/api/algos/${(await signalRow(id)).algo_id}/signals`),
    200,
    z.array(signalSchema.strict()),
  );
  return list.find((s) => s.signal_id === id)!;
};

describe('webhook tokens', () => {
  it('are made by a superadmin, shown once, listed masked with their times, and revoked', async () => {
    const created = await expectJson(
      await post(a.admin, `/api/algos/${algoId}/webhook-tokens`, {}),
      201,
      newWebhookTokenSchema.strict(),
    );
    expect(created.token).toMatch(/^tbw_[A-Za-z0-9_-]{43}$/);
    const listed = await expectJson(
      await a.admin.request(`/api/algos/${algoId}/webhook-tokens`),
      200,
      z.array(webhookTokenSchema.strict()),
    );
    const mine = listed.find((t) => t.token_id === created.token_id)!;
    expect(mine).toMatchObject({ algo_id: algoId, masked: `tbw_…${created.token.slice(-4)}`, last_used_at: null });
    expect(JSON.stringify(listed)).not.toContain(created.token.slice(4, 20));

    expect((await hook(created.token, hookBody())).status).toBe(201);
    const used = (
      await expectJson(await a.admin.request('/api/webhook-tokens'), 200, z.array(webhookTokenSchema))
    ).find((t) => t.token_id === created.token_id)!;
    expect(used.last_used_at).not.toBeNull();

    const revoked = await a.admin.request(`/api/algos/${algoId}/webhook-tokens/${created.token_id}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(200);
    expect(await expectError(await hook(created.token, hookBody()), 401)).toEqual({ error: MSG.webhookUnauthorized });
    expect(
      (
        await expectJson(await a.admin.request(`/api/algos/${algoId}/webhook-tokens`), 200, z.array(webhookTokenSchema))
      ).map((t) => t.token_id),
    ).not.toContain(created.token_id);
    expect(
      (await a.admin.request(`/api/algos/${algoId}/webhook-tokens/${created.token_id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    expect((await post(a.admin, '/api/algos/987654/webhook-tokens', {})).status).toBe(404);
  });

  it('store only a hash', async () => {
    const token = await newToken();
    const rows = await a.t.deps.db.execute<{ token_hash: string }>('select token_hash from webhook_tokens');
    const text = JSON.stringify(rows);
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(4));
  });
});

describe('POST /api/hooks/signals', () => {
  let token: string;
  beforeAll(async () => {
    token = await newToken();
  });

  it('adds a pending webhook signal (Bearer token), risk-reward computed, source and token recorded', async () => {
    const answer = await expectJson(
      await hook(token, hookBody({ client_signal_id: 'tv-RELIANCE-1' })),
      201,
      webhookSignalAnswerSchema.strict(),
    );
    expect(answer.trade_status).toBe('pending');
    const signal = await signalOf(answer.signal_id);
    expect(signal).toMatchObject({
      algo_id: algoId,
      instrument_symbol: 'RELIANCE',
      trade_status: 'pending',
      algo_process_ind: false,
      risk_reward: 2.14,
      source: 'webhook',
      client_signal_id: 'tv-RELIANCE-1',
      expires_at: null,
    });
    expect(signal.webhook_token_id).toEqual(expect.any(Number));
  });

  it('the same client_signal_id again answers 200 with the same signal and creates nothing', async () => {
    const first = await expectJson(
      await hook(token, hookBody({ client_signal_id: 'strategy-42' })),
      201,
      webhookSignalAnswerSchema,
    );
    const count = (await a.t.deps.db.select().from(signals)).length;
    const again = await expectJson(
      await hook(token, hookBody({ client_signal_id: 'strategy-42', entry_level: 2951 })),
      200,
      webhookSignalAnswerSchema,
    );
    expect(again).toEqual(first);
    expect((await a.t.deps.db.select().from(signals)).length).toBe(count);
    // Both at once: still one signal.
    const both = await Promise.all([1, 2, 3].map(() => hook(token, hookBody({ client_signal_id: 'strategy-43' }))));
    expect(both.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(
      await Promise.all(both.map(async (r) => ((await r.json()) as { signal_id: number }).signal_id)),
    );
    expect(ids.size).toBe(1);
  });

  it('takes the token in the body (TradingView) and numbers as text', async () => {
    const body = {
      ...hookBody(),
      token,
      entry_level: '2950.50',
      stop_loss_level: '2890',
      target_level: '3080',
      trade_direction: 'LONG',
    };
    const answer = await expectJson(await hook(null, body), 201, webhookSignalAnswerSchema);
    expect(await signalRow(answer.signal_id)).toMatchObject({ entry_level: 2950.5, trade_direction: 'long' });
  });

  it('401 for a missing, wrong or revoked token, the same answer each time, nothing created', async () => {
    const count = (await a.t.deps.db.select().from(signals)).length;
    for (const res of [
      await hook(null, hookBody()),
      await hook('tbw_not-a-real-token', hookBody()),
      await hook(`${token}x`, hookBody()),
      await hook(null, { ...hookBody(), token: 'nope' }),
      await a.anonymous.request('/api/hooks/signals', {
        method: 'POST',
        json: hookBody(),
        headers: { authorization: `Basic ${token}` },
      }),
    ]) {
      expect(await expectError(res, 401)).toEqual({ error: MSG.webhookUnauthorized });
    }
    // A session cookie is no token.
    expect((await hook(null, hookBody(), a.admin)).status).toBe(401);
    expect((await a.t.deps.db.select().from(signals)).length).toBe(count);
  });

  it('400 naming the field, with the Add Signal rules', async () => {
    const fieldsOf = async (body: unknown) =>
      Object.keys((await expectError(await hook(token, body), 400)).fields ?? {});
    expect(await fieldsOf(hookBody({ instrument_symbol: 'NOSUCHCO' }))).toEqual(['instrument_symbol']);
    expect(await fieldsOf(hookBody({ stop_loss_level: 3000 }))).toEqual(['stop_loss_level']);
    expect(await fieldsOf(hookBody({ target_level: 2900 }))).toEqual(['target_level']);
    expect(await fieldsOf(hookBody({ client_signal_id: '' }))).toEqual(['client_signal_id']);
    expect(await fieldsOf(hookBody({ trade_direction: 'sideways' }))).toEqual(['trade_direction']);
    expect(await fieldsOf(hookBody({ entry_level: 'abc' }))).toEqual(['entry_level']);
    expect(await fieldsOf(hookBody({ portion_in_trade: 70 }))).toEqual(['portion_in_trade']);
    expect(await fieldsOf(hookBody({ trade_gen_ts: 'yesterday' }))).toEqual(['trade_gen_ts']);
  });

  it(`429 past ${WEBHOOK_LIMIT_PER_MINUTE} a minute per token, with Retry-After; another token is not affected`, async () => {
    const busy = await newToken();
    for (let i = 0; i < WEBHOOK_LIMIT_PER_MINUTE; i++)
      expect((await hook(busy, hookBody({ client_signal_id: `burst-${i}` }))).status).toBe(201);
    const refused = await hook(busy, hookBody());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await hook(await newToken(), hookBody())).status).toBe(201);
  });

  it('an algo in auto mode approves and processes its own signals; validity sets an expiry on pending ones', async () => {
    const auto = await createAlgo(a.t.deps, { algo_desc: 'Auto momentum', algo_switch: true });
    const settings = await expectJson(
      await post(a.admin, `/api/algos/${auto.algo_id}/approval`, {
        approval_mode: 'auto',
        signal_validity_minutes: 15,
      }),
      200,
      algoSchema.strict(),
    );
    expect(settings).toMatchObject({ approval_mode: 'auto', signal_validity_minutes: 15 });
    const autoToken = await newToken(auto.algo_id);
    const approved = await expectJson(await hook(autoToken, hookBody()), 201, webhookSignalAnswerSchema);
    expect(approved.trade_status).toBe('approved');
    expect(await signalRow(approved.signal_id)).toMatchObject({ algo_process_ind: true, expires_at: null });

    await post(a.admin, `/api/algos/${auto.algo_id}/approval`, {
      approval_mode: 'manual',
      signal_validity_minutes: 15,
    });
    const pending = await expectJson(await hook(autoToken, hookBody()), 201, webhookSignalAnswerSchema);
    const row = await signalRow(pending.signal_id);
    expect(row.trade_status).toBe('pending');
    expect(row.expires_at!.getTime() - row.created_at.getTime()).toBeGreaterThanOrEqual(15 * 60_000 - 1_000);
    expect(row.expires_at!.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(15 * 60_000 + 1_000);
  });

  it('approval settings are checked', async () => {
    for (const body of [
      { approval_mode: 'sometimes', signal_validity_minutes: null },
      { approval_mode: 'manual', signal_validity_minutes: 0 },
      { approval_mode: 'manual', signal_validity_minutes: 1.5 },
    ]) {
      expect((await post(a.admin, `/api/algos/${algoId}/approval`, body)).status).toBe(400);
    }
    expect(
      (await post(a.admin, '/api/algos/987654/approval', { approval_mode: 'manual', signal_validity_minutes: null }))
        .status,
    ).toBe(404);
  });
});

describe('expiry', () => {
  it('a pending signal past its validity is cancelled with a warning, and cannot be approved', async () => {
    const signal = await createSignal(a.t.deps, algoId, {
      algo_process_ind: false,
      expires_at: new Date(Date.now() + 60_000),
    });
    expect(await expirePendingSignals(a.t.deps.db, new Date(Date.now() + 59_000), a.t.deps.log)).toBe(0);
    const stale = await createSignal(a.t.deps, algoId, {
      algo_process_ind: false,
      expires_at: new Date(Date.now() - 1_000),
    });
    const seen = (await signalOf(stale.signal_id)).updated_at;
    expect(
      await expectError(
        await post(a.admin, `/api/signals/${stale.signal_id}/approve`, { expected_updated_at: seen }),
        409,
      ),
    ).toEqual({ error: MSG.signalExpired, current: await signalOf(stale.signal_id) });

    expect(await expirePendingSignals(a.t.deps.db, new Date(Date.now() + 61_000), a.t.deps.log)).toBeGreaterThanOrEqual(
      2,
    );
    for (const id of [signal.signal_id, stale.signal_id]) {
      expect(await signalRow(id)).toMatchObject({
        trade_status: 'cancelled',
        status_note: 'expired: not approved in time',
      });
      const [warning] = await a.t.deps.db
        .select()
        .from(warnings)
        .where(eq(warnings.warning_data, JSON.stringify({ signal_id: id, algo_id: algoId, reason: 'expired' })));
      expect(warning!.warning_message).toMatch(
        new RegExp(`^Signal ${id} \\(RELIANCE long, algo ${algoId}\\) expired unapproved at `),
      );
    }
  });
});

describe('the pending queue and the decision', () => {
  it('lists pending signals of every algo, newest first, with the algo name', async () => {
    const other = await createAlgo(a.t.deps, { algo_desc: 'Intraday reversal' });
    const older = await createSignal(a.t.deps, algoId, { algo_process_ind: false });
    const newer = await createSignal(a.t.deps, other.algo_id, { algo_process_ind: false, instrument_symbol: 'INFY' });
    const running = await createSignal(a.t.deps, algoId, { trade_status: 'running' });
    const list = await expectJson(
      await a.admin.request('/api/signals/pending'),
      200,
      z.array(pendingSignalSchema.strict()),
    );
    const ids = list.map((s) => s.signal_id);
    expect(ids.indexOf(newer.signal_id)).toBeLessThan(ids.indexOf(older.signal_id));
    expect(ids).not.toContain(running.signal_id);
    expect(list.every((s) => s.trade_status === 'pending')).toBe(true);
    expect(list.find((s) => s.signal_id === newer.signal_id)).toMatchObject({
      algo_desc: 'Intraday reversal',
      instrument_symbol: 'INFY',
    });
  });

  it('approve: 200 with its own text, approved and processed, logged with who; again: 409 not pending', async () => {
    const member = await createMember(a.t.deps);
    for (let i = 0; i < 3; i++) {
      const account = await createAccount(a.t.deps, member.trabot_client_id, { broker_access_key: `key-${i}` });
      await createSubscription(a.t.deps, algoId, account.trabot_account_id);
    }
    const signal = await createSignal(a.t.deps, algoId, { algo_process_ind: false });
    const seen = await signalOf(signal.signal_id);
    const { subscribedAccountCount } = await import('@server/services/signal-decisions');
    const accounts = await subscribedAccountCount(a.t.deps.db, algoId);
    const answer = await expectJson(
      await post(a.admin, `/api/signals/${signal.signal_id}/approve`, { expected_updated_at: seen.updated_at }),
      200,
      signalDecisionAnswerSchema.strict(),
    );
    expect(answer.message).toBe(`Signal approved: RELIANCE long, ${accounts} accounts`);
    expect(answer.accounts).toBe(accounts);
    expect(answer.signal).toMatchObject({ trade_status: 'approved', algo_process_ind: true });
    expect(answer.signal.updated_at > seen.updated_at).toBe(true);
    expect(
      a.t.logLines.some(
        (l) =>
          l.includes('"signal approved"') && l.includes(`"signalId":${signal.signal_id}`) && l.includes('"userId"'),
      ),
    ).toBe(true);

    expect(
      await expectError(
        await post(a.admin, `/api/signals/${signal.signal_id}/approve`, {
          expected_updated_at: answer.signal.updated_at,
        }),
        409,
      ),
    ).toEqual({
      error: MSG.signalNotPending('approved'),
      current: answer.signal,
    });
  });

  it('409 when the signal changed since it was seen (a colleague edited its levels); the edit stands', async () => {
    const signal = await createSignal(a.t.deps, algoId, { algo_process_ind: false });
    const seen = await signalOf(signal.signal_id);
    const edited = await post(a.admin, `/api/signals/${signal.signal_id}/update`, {
      trade_gen_ts: '2026-11-20',
      entry_level: 2960,
      stop_loss_level: 2890,
      target_level: 3080,
      trade_status: 'pending',
      process_signal: false,
    });
    expect(edited.status).toBe(200);
    expect(
      await expectError(
        await post(a.admin, `/api/signals/${signal.signal_id}/approve`, { expected_updated_at: seen.updated_at }),
        409,
      ),
    ).toEqual({ error: MSG.signalChangedSince, current: await signalOf(signal.signal_id) });
    expect(
      await expectError(
        await post(a.admin, `/api/signals/${signal.signal_id}/reject`, { expected_updated_at: seen.updated_at }),
        409,
      ),
    ).toEqual({ error: MSG.signalChangedSince, current: await signalOf(signal.signal_id) });
    expect(await signalRow(signal.signal_id)).toMatchObject({ trade_status: 'pending', entry_level: 2960 });
  });

  it('a price update does not count as a change (the engine records prices every tick)', async () => {
    const signal = await createSignal(a.t.deps, algoId, { algo_process_ind: false });
    const seen = await signalOf(signal.signal_id);
    await a.t.deps.db
      .update(signals)
      .set({ ltp: 2955.05, ltp_timestamp: new Date(), status_note: 'waiting for market open' })
      .where(eq(signals.signal_id, signal.signal_id));
    expect((await signalOf(signal.signal_id)).updated_at).toBe(seen.updated_at);
    const rejected = await expectJson(
      await post(a.admin, `/api/signals/${signal.signal_id}/reject`, { expected_updated_at: seen.updated_at }),
      200,
      signalDecisionAnswerSchema.strict(),
    );
    expect(rejected.message).toBe(MSG.signalRejected);
    expect(rejected.signal).toMatchObject({ trade_status: 'cancelled', status_note: 'rejected by Ops Admin' });
  });

  it('bad bodies and ids: 400 naming the field, 404 for an unknown signal', async () => {
    const signal = await createSignal(a.t.deps, algoId, { algo_process_ind: false });
    expect(
      Object.keys(
        (await expectError(await post(a.admin, `/api/signals/${signal.signal_id}/approve`, {}), 400)).fields!,
      ),
    ).toEqual(['expected_updated_at']);
    expect(
      Object.keys(
        (
          await expectError(
            await post(a.admin, `/api/signals/${signal.signal_id}/reject`, { expected_updated_at: 'now' }),
            400,
          )
        ).fields!,
      ),
    ).toEqual(['expected_updated_at']);
    expect(
      await expectError(
        await post(a.admin, '/api/signals/987654/approve', { expected_updated_at: new Date().toISOString() }),
        404,
      ),
    ).toEqual({ error: 'Signal not found' });
    expect((await a.admin.request('/api/signals/987654/preview')).status).toBe(404);
  });
});

describe('the fan-out preview', () => {
  it("sizes every subscribed account with the engine's rules: docs/engine.md's worked example, skips with their reasons, totals", async () => {
    const algo = await createAlgo(a.t.deps, { algo_desc: 'Preview swing', algo_switch: true });
    const member = await createMember(a.t.deps, { name: 'Preview Member' });
    const example = {
      max_total_capital: 500000,
      risk_percent_pertrade: 1,
      max_percent_allocation_pertrade: 20,
      min_percent_allocation_pertrade: 2,
      min_required_risk_reward: 1.5,
      max_acceptable_loss: 6000,
    };
    const unchecked = await createAccount(a.t.deps, member.trabot_client_id, {
      broker_access_key: 'fresh',
      access_key_valid: false,
    });
    const invalid = await createAccount(a.t.deps, member.trabot_client_id, {
      broker_access_key: 'old',
      access_key_valid: false,
      access_key_updated_timestamp: new Date(),
    });
    const tight = await createAccount(a.t.deps, member.trabot_client_id, { broker_access_key: 'k' });
    const inactive = await createAccount(a.t.deps, member.trabot_client_id, {
      broker_access_key: 'k',
      account_status: 'inactive',
    });
    for (const account of [unchecked, invalid, inactive])
      await createSubscription(a.t.deps, algo.algo_id, account.trabot_account_id, example);
    await createSubscription(a.t.deps, algo.algo_id, tight.trabot_account_id, {
      ...example,
      max_acceptable_loss: 1999.99,
    });
    const signal = await createSignal(a.t.deps, algo.algo_id, {
      instrument_symbol: 'TCS',
      entry_level: 250,
      stop_loss_level: 245,
      target_level: 262.5,
      portion_in_trade: 50,
      algo_process_ind: false,
    });

    const preview = await expectJson(
      await a.admin.request(`/api/signals/${signal.signal_id}/preview`),
      200,
      signalPreviewSchema.strict(),
    );
    expect(preview).toMatchObject({ price: 250, price_source: 'entry_level' });
    expect(preview.accounts.map((r) => [r.trabot_account_id, r.key_status, r.quantity, r.skip_reason])).toEqual([
      [unchecked.trabot_account_id, 'unchecked', 400, null],
      [invalid.trabot_account_id, 'invalid', 0, 'invalid_key'],
      [tight.trabot_account_id, 'valid', 0, 'loss_above_max'],
    ]);
    expect(preview.accounts[0]).toMatchObject({
      account_name: 'Preview Member',
      capital_at_risk: 2000,
      allocation: 100000,
      allocation_percent: 20,
    });
    expect(preview.accounts[2]!.skip_detail).toBe('loss at stop-loss 2000 exceeds the maximum 1999.99');
    expect(preview.totals).toEqual({
      accounts: 3,
      trading: 1,
      skipped: 2,
      quantity: 400,
      capital_at_risk: 2000,
      allocation: 100000,
    });

    // With a last price the engine recorded, at the price a market buy gets on the tick: 251.47 -> 251.50.
    await a.t.deps.db.update(signals).set({ ltp: 251.47 }).where(eq(signals.signal_id, signal.signal_id));
    const moved = await expectJson(
      await a.admin.request(`/api/signals/${signal.signal_id}/preview`),
      200,
      signalPreviewSchema,
    );
    expect(moved).toMatchObject({ price: 251.5, price_source: 'last_price' });
    expect(moved.accounts[0]).toMatchObject({ quantity: 384, capital_at_risk: 2496 });
  });
});
