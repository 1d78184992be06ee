/**
 * GET /api/account-trades/{tradeId}, a trade's story with a worked example: a webhook
 * signal approved by a named superadmin, its stop-loss moved, the entry filled with charges, a
 * target exit filled in part then cancelled, and a square-off of the rest; the timeline's steps in
 * order and the P&L after charges. The signal's events are the ones the API calls themselves
 * wrote; the orders and fills are stored relative to those events' times, never to this machine's
 * clock. Also: a member's own trades only (404 for another's), any trade for a superadmin, 400 for
 * a bad id. On PGlite, and on PostgreSQL under TEST_DATABASE_URL.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLegs, signalEvents } from '@server/db/schema';
import { ensureInstrumentList } from '@server/instruments/instrument-list';
import { expirePendingSignals } from '@server/engine/signal-expiry';
import { signalSchema } from '@shared/schemas/admin/algos';
import { newWebhookTokenSchema, webhookSignalAnswerSchema } from '@shared/schemas/admin/signal-approvals';
import { tradeDetailSchema, type TradeDetail } from '@shared/schemas/trade-detail';
import { createMemberLogin } from '../factories/accounts';
import { createAlgo } from '../factories/algos';
import { addSignalBody, createSignal, manualOrderBody, RELIANCE_SIGNAL, webhookSignalBody } from '../factories/signals';
import { createTrade } from '../factories/trades';
import { adminTest, expectError, expectJson, post, type AdminTest } from './admin/setup';
import type { TestClient } from './helpers/test-app';

let a: AdminTest;
let algoId: number;
let tradeId: number;
let signalId: number;
let legIds: { entry: number; target: number; squareOff: number };
/** When the superadmin approved the signal: the orders follow it. */
let approvedAt: Date;

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

beforeAll(async () => {
  a = await adminTest();
  await ensureInstrumentList(a.t.deps.db);
  algoId = (await createAlgo(a.t.deps, { algo_desc: 'Breakout swing', algo_switch: false })).algo_id;

  // The algo's webhook sends the signal; Ops Admin approves it, then raises its stop-loss.
  const { token } = await expectJson(
    await post(a.admin, `/api/algos/${algoId}/webhook-tokens`, {}),
    201,
    newWebhookTokenSchema,
  );
  const hook = await a.anonymous.request('/api/hooks/signals', {
    method: 'POST',
    json: webhookSignalBody('alert-detail-1'),
    headers: { authorization: `Bearer ${token}` },
  });
  signalId = (await expectJson(hook, 201, webhookSignalAnswerSchema)).signal_id;
  const [pending] = (
    await expectJson(await a.admin.request(`/api/algos/${algoId}/signals?status=pending`), 200, signalSchema.array())
  ).filter((s) => s.signal_id === signalId);
  expect(
    (await post(a.admin, `/api/signals/${signalId}/approve`, { expected_updated_at: pending!.updated_at })).status,
  ).toBe(200);
  const edit = {
    trade_gen_ts: '2026-11-20',
    entry_level: RELIANCE_SIGNAL.entry_level,
    stop_loss_level: 2920,
    target_level: RELIANCE_SIGNAL.target_level,
    trade_status: 'approved',
    process_signal: true,
  };
  expect((await post(a.admin, `/api/signals/${signalId}/update`, edit)).status).toBe(200);
  const [approval] = await a.t.deps.db.select().from(signalEvents).where(eq(signalEvents.kind, 'approved'));
  approvedAt = approval!.at;
  const at = (minutes: number) => minutesAfter(approvedAt, minutes);

  // 40 in at 2,951 (charges 41.30); 20 out at the target 3,080 (41.36); the other 20 squared off at 3,050 (41.21).
  const accountId = a.memberLogin.account.trabot_account_id;
  const trade = await createTrade(
    a.t.deps,
    accountId,
    {
      signal_id: signalId,
      algo_id: algoId,
      trade_instrument: 'RELIANCE',
      trade_status: 'closed',
      trade_quantity: 40,
      avg_entry_price: 2951,
      avg_exit_price: 3065,
      remaining_quantity: 0,
      current_mtm: 4560,
    },
    {
      entries: [
        {
          trade_entry_sequence: 1,
          trade_entry_quantity: 40,
          trade_entry_price: 2951,
          trade_entry_timestamp: at(2),
          order_id: 'B-ENTRY',
          brokerage_charges: 20,
          stt: 11.8,
          exchange_transaction_charges: 3.5,
          stamp_duty: 1.77,
          service_tax: 4.23,
        },
      ],
      exits: [
        {
          trade_exit_sequence: 1,
          trade_exit_quantity: 20,
          trade_exit_price: 3080,
          trade_exit_timestamp: at(61),
          order_id: 'B-TARGET',
          brokerage_charges: 20,
          stt: 15.4,
          exchange_transaction_charges: 2,
          service_tax: 3.96,
        },
        {
          trade_exit_sequence: 2,
          trade_exit_quantity: 20,
          trade_exit_price: 3050,
          trade_exit_timestamp: at(121),
          order_id: 'B-SQUARE',
          brokerage_charges: 20,
          stt: 15.25,
          exchange_transaction_charges: 2,
          service_tax: 3.96,
        },
      ],
    },
  );
  tradeId = trade.trabot_trade_id;
  const leg = (over: Partial<typeof orderLegs.$inferInsert>) =>
    ({
      trabot_trade_id: tradeId,
      trabot_account_id: accountId,
      order_type: 'market',
      ...over,
    }) as typeof orderLegs.$inferInsert;
  const legs = await a.t.deps.db
    .insert(orderLegs)
    .values([
      leg({
        side: 'entry',
        source: 'signal',
        quantity: 40,
        state: 'filled',
        broker_order_id: 'B-ENTRY',
        filled_quantity: 40,
        average_price: 2951,
        created_at: at(1),
        updated_at: at(2),
      }),
      leg({
        side: 'exit',
        source: 'target',
        quantity: 40,
        state: 'cancelled',
        broker_order_id: 'B-TARGET',
        filled_quantity: 20,
        average_price: 3080,
        reason: 'cancelled for the square-off',
        created_at: at(60),
        updated_at: at(119),
      }),
      leg({
        side: 'exit',
        source: 'square_off',
        quantity: 20,
        state: 'filled',
        broker_order_id: 'B-SQUARE',
        filled_quantity: 20,
        average_price: 3050,
        created_at: at(120),
        updated_at: at(121),
      }),
    ])
    .returning({ id: orderLegs.id });
  legIds = { entry: legs[0]!.id, target: legs[1]!.id, squareOff: legs[2]!.id };
});
afterAll(() => a.t.close());

async function detail(client: TestClient, id = tradeId): Promise<TradeDetail> {
  return expectJson(await client.request(`/api/account-trades/${id}`), 200, tradeDetailSchema.strict());
}

describe("a trade's story", () => {
  it('records who did what to the signal, in the transaction of the change', async () => {
    const events = await a.t.deps.db
      .select()
      .from(signalEvents)
      .where(eq(signalEvents.signal_id, signalId))
      .orderBy(asc(signalEvents.id));
    expect(events.map((e) => [e.kind, e.user_id, e.user_name, e.details])).toEqual([
      ['received', null, null, { source: 'webhook', client_signal_id: 'alert-detail-1' }],
      ['approved', a.adminUserId, 'Ops Admin', null],
      ['levels_changed', a.adminUserId, 'Ops Admin', { stop_loss_level: { from: 2890, to: 2920 } }],
    ]);
  });

  it('tells it in order: received, approved by whom, the stop moved, each order with its client order id, price and charges, then the P&L after charges', async () => {
    const story = await detail(a.member);
    expect(story.trade).toMatchObject({
      trabot_trade_id: tradeId,
      trade_status: 'completed',
      trade_instrument: 'RELIANCE',
    });
    expect(story.algo_desc).toBe('Breakout swing');
    expect(story.signal).toEqual({
      signal_id: signalId,
      source: 'webhook',
      entry_level: 2950.5,
      stop_loss_level: 2920,
      target_level: 3080,
    });
    const tag = (id: number) => `TB${tradeId}L${id}`;
    const at = (minutes: number) => minutesAfter(approvedAt, minutes).toISOString();
    expect(story.timeline.map((s) => ({ ...s, at: s.at >= at(0) ? s.at : 'before approval' }))).toEqual(
      [
        { at: 'before approval', kind: 'signal_received', title: 'Signal received', note: "From the algo's webhook" },
        { at: at(0), kind: 'signal_approved', title: 'Approved', by: 'Ops Admin' },
        {
          kind: 'levels_changed',
          title: 'Stop-loss moved',
          by: 'Ops Admin',
          changes: [{ field: 'stop_loss_level', from: 2890, to: 2920 }],
        },
        {
          at: at(1),
          kind: 'order_placed',
          title: 'Entry order placed',
          client_order_id: tag(legIds.entry),
          order_id: 'B-ENTRY',
          order_type: 'market',
          quantity: 40,
        },
        {
          at: at(2),
          kind: 'order_filled',
          title: 'Entry filled',
          client_order_id: tag(legIds.entry),
          order_id: 'B-ENTRY',
          order_type: 'market',
          quantity: 40,
          price: 2951,
          charges: 41.3,
        },
        {
          at: at(60),
          kind: 'order_placed',
          title: 'Target exit order placed',
          client_order_id: tag(legIds.target),
          order_id: 'B-TARGET',
          order_type: 'market',
          quantity: 40,
        },
        {
          at: at(61),
          kind: 'order_filled',
          title: 'Target exit filled',
          client_order_id: tag(legIds.target),
          order_id: 'B-TARGET',
          order_type: 'market',
          quantity: 20,
          price: 3080,
          charges: 41.36,
        },
        {
          at: at(119),
          kind: 'order_cancelled',
          title: 'Target exit order cancelled',
          client_order_id: tag(legIds.target),
          order_id: 'B-TARGET',
          order_type: 'market',
          quantity: 20,
          note: 'cancelled for the square-off',
        },
        {
          at: at(120),
          kind: 'order_placed',
          title: 'Square-off order placed',
          client_order_id: tag(legIds.squareOff),
          order_id: 'B-SQUARE',
          order_type: 'market',
          quantity: 20,
        },
        {
          at: at(121),
          kind: 'order_filled',
          title: 'Square-off filled',
          client_order_id: tag(legIds.squareOff),
          order_id: 'B-SQUARE',
          order_type: 'market',
          quantity: 20,
          price: 3050,
          charges: 41.21,
        },
      ].map((s) => ({
        by: null,
        client_order_id: null,
        order_id: null,
        order_type: null,
        quantity: null,
        price: null,
        charges: null,
        changes: [],
        note: null,
        ...s,
        at: s.at ?? expect.any(String),
      })),
    );
    // (3,080 - 2,951) x 20 + (3,050 - 2,951) x 20, less 41.30 + 41.36 + 41.21.
    expect(story.pnl).toEqual({ realized: 4560, charges: 123.87, net: 4436.13 });
  });

  it("shows the superadmin any account's trade, with the stored statuses", async () => {
    const story = await detail(a.admin);
    expect(story.trade.trade_status).toBe('closed');
    expect(story.pnl.net).toBe(4436.13);
  });

  it("answers another member's trade, or one that does not exist, as not found", async () => {
    const other = await createMemberLogin(a.t.deps);
    const client = a.t.client();
    expect((await client.login(other.user.email, other.user.password)).status).toBe(200);
    expect(await expectError(await client.request(`/api/account-trades/${tradeId}`), 404)).toEqual({
      error: 'Trade not found',
    });
    expect(await expectError(await a.member.request('/api/account-trades/2147483647'), 404)).toEqual({
      error: 'Trade not found',
    });
    expect(await expectError(await a.admin.request('/api/account-trades/2147483647'), 404)).toEqual({
      error: 'Trade not found',
    });
  });

  it('refuses a bad id with 400 naming tradeId, and anyone not logged in with 401', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '2147483648']) {
      expect((await expectError(await a.member.request(`/api/account-trades/${bad}`), 400)).fields).toEqual({
        tradeId: 'tradeId must be a positive whole number',
      });
    }
    expect((await a.anonymous.request(`/api/account-trades/${tradeId}`)).status).toBe(401);
  });

  it('tells a trade without a signal history from its stored fills alone', async () => {
    const plain = await createTrade(
      a.t.deps,
      a.memberLogin.account.trabot_account_id,
      { trade_direction: 'short', avg_entry_price: 100, trade_status: 'running' },
      {
        entries: [
          {
            trade_entry_sequence: 1,
            trade_entry_quantity: 10,
            trade_entry_price: 100,
            trade_entry_timestamp: new Date('2026-04-06T10:00:00+05:30'),
            stt: 1,
          },
        ],
        exits: [
          {
            trade_exit_sequence: 1,
            trade_exit_quantity: 4,
            trade_exit_price: 90,
            trade_exit_timestamp: new Date('2026-04-07T10:00:00+05:30'),
            stt: 0.5,
          },
        ],
      },
    );
    const story = await detail(a.member, plain.trabot_trade_id);
    expect(story.signal).toBeNull();
    expect(story.timeline.map((s) => [s.at, s.title, s.quantity, s.price, s.charges])).toEqual([
      ['2026-04-06T04:30:00.000Z', 'Entry filled', 10, 100, 1],
      ['2026-04-07T04:30:00.000Z', 'Exit filled', 4, 90, 0.5],
    ]);
    expect(story.pnl).toEqual({ realized: 40, charges: 1.5, net: 38.5 });
  });
});

describe("the signal's history", () => {
  const eventsOf = async (id: number) =>
    (
      await a.t.deps.db.select().from(signalEvents).where(eq(signalEvents.signal_id, id)).orderBy(asc(signalEvents.id))
    ).map((e) => [e.kind, e.user_name, e.details]);

  it('has Add Signal, a manual order, a rejection and a cancel in Edit Levels, each by its user', async () => {
    const added = await expectJson(
      await a.admin.request(`/api/algos/${algoId}/signals`, { method: 'PUT', json: addSignalBody() }),
      201,
      signalSchema,
    );
    const manual = await a.admin.request(`/api/signals/${added.signal_id}/manual-entry`, {
      method: 'PUT',
      json: { ...manualOrderBody(added), portion: 0.5 },
    });
    expect(manual.status, await manual.clone().text()).toBe(201);
    expect(
      (await post(a.admin, `/api/signals/${added.signal_id}/reject`, { expected_updated_at: added.updated_at })).status,
    ).toBe(200);
    const cancel = {
      trade_gen_ts: '2026-11-20',
      entry_level: 2950.5,
      stop_loss_level: 2890,
      target_level: 3080,
      trade_status: 'cancelled',
      process_signal: false,
    };
    // A rejected signal is final (src/shared/states/signals.ts): Edit Levels cannot reopen it, and
    // the refusal records nothing.
    expect(
      (await post(a.admin, `/api/signals/${added.signal_id}/update`, { ...cancel, trade_status: 'pending' })).status,
    ).toBe(409);
    const other = await expectJson(
      await a.admin.request(`/api/algos/${algoId}/signals`, { method: 'PUT', json: addSignalBody() }),
      201,
      signalSchema,
    );
    expect((await post(a.admin, `/api/signals/${other.signal_id}/update`, cancel)).status).toBe(200);
    expect(await eventsOf(other.signal_id)).toEqual([
      ['received', 'Ops Admin', { source: 'manual' }],
      ['levels_changed', 'Ops Admin', { trade_status: { from: 'pending', to: 'cancelled' } }],
      ['cancelled', 'Ops Admin', { via: 'edit_levels' }],
    ]);
    expect(await eventsOf(added.signal_id)).toEqual([
      ['received', 'Ops Admin', { source: 'manual' }],
      [
        'manual_entry',
        'Ops Admin',
        {
          manual_order_id: expect.any(Number),
          portion: 0.5,
          order_type: 'market',
          limit_price: null,
          trigger_price: null,
        },
      ],
      ['rejected', 'Ops Admin', null],
    ]);
  });

  it("has an auto-approved webhook signal approved by nobody, and an expiry at the signal's expiry time", async () => {
    const auto = (await createAlgo(a.t.deps, { algo_desc: 'Auto', approval_mode: 'auto' })).algo_id;
    const { token } = await expectJson(
      await post(a.admin, `/api/algos/${auto}/webhook-tokens`, {}),
      201,
      newWebhookTokenSchema,
    );
    const hook = await a.anonymous.request('/api/hooks/signals', {
      method: 'POST',
      json: webhookSignalBody('auto-1'),
      headers: { authorization: `Bearer ${token}` },
    });
    const sent = await expectJson(hook, 201, webhookSignalAnswerSchema);
    expect(await eventsOf(sent.signal_id)).toEqual([
      ['received', null, { source: 'webhook', client_signal_id: 'auto-1' }],
      ['approved', null, { auto: true }],
    ]);

    const expiresAt = new Date('2026-11-20T10:30:00+05:30');
    const stale = await createSignal(a.t.deps, algoId, { expires_at: expiresAt });
    expect(
      await expirePendingSignals(a.t.deps.db, new Date(expiresAt.getTime() + 1000), a.t.deps.log),
    ).toBeGreaterThanOrEqual(1);
    const [expired] = await a.t.deps.db.select().from(signalEvents).where(eq(signalEvents.signal_id, stale.signal_id));
    expect(expired).toMatchObject({ kind: 'expired', user_id: null, at: expiresAt });
  });
});
