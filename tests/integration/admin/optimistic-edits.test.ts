/**
 * Edits against the record as the superadmin saw it (`expected_updated_at`): the admin trade edit,
 * Edit Levels and manual entry/exit answer 409 with the current record when it moved meanwhile
 * (a fill, the engine, a colleague) and change nothing; the signal statuses Edit Levels may set
 * (src/shared/states/signals.ts) and the trade statuses the trade edit may set
 * (src/shared/states/trades.ts), every pair; and one clock for a signal's expiry (AppDeps.clock).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { manualOrders, signals, trades } from '@server/db/schema';
import { ensureInstrumentList } from '@server/instruments/instrument-list';
import { expirePendingSignals } from '@server/engine/signal-expiry';
import { SIGNAL_STATUSES, TRADE_EDIT_STATUSES, TRADE_STATUSES, type SignalStatus } from '@shared/constants';
import { MSG } from '@shared/messages';
import { signalSchema, type Signal } from '@shared/schemas/admin/algos';
import { SIGNAL_MOVES } from '@shared/states/signals';
import { canMove } from '@shared/states/table';
import { TRADE_MOVES } from '@shared/states/trades';
import { tradeSchema, type Trade } from '@shared/schemas/trades';
import { createAlgo } from '../../factories/algos';
import { createSignal, manualOrderBody, RELIANCE_SIGNAL } from '../../factories/signals';
import { createTrade } from '../../factories/trades';
import { adminTest, expectError, expectJson, post, put, type AdminTest } from './setup';

let a: AdminTest;
let algoId: number;

beforeAll(async () => {
  a = await adminTest();
  await ensureInstrumentList(a.t.deps.db);
  algoId = (await createAlgo(a.t.deps, { algo_desc: 'Optimistic swing', algo_switch: false })).algo_id;
});
afterAll(() => a.t.close());

/** A 409's body: the message and the record as it is now. */
const conflictSchema = <T extends z.ZodType>(record: T) =>
  z.object({ error: z.string(), fields: z.record(z.string(), z.string()).optional(), current: record }).strict();

const signalOf = async (id: number): Promise<Signal> =>
  z
    .array(signalSchema.strict())
    .parse(await (await a.admin.request(`/api/algos/${algoId}/signals?status=all`)).json())
    .find((s) => s.signal_id === id)!;

const levelsBody = (signal: Signal, over: Record<string, unknown> = {}) => ({
  trade_gen_ts: '2026-11-20',
  entry_level: signal.entry_level,
  stop_loss_level: signal.stop_loss_level,
  target_level: signal.target_level,
  trade_status: signal.trade_status,
  process_signal: signal.algo_process_ind,
  ...over,
});

describe('admin trade edit', () => {
  const accountTrade = async (id: number): Promise<Trade> =>
    z
      .array(tradeSchema.strict())
      .parse(
        await (
          await a.admin.request(
            `/api/account-trades?status=all&adminAccountId=${a.memberLogin.account.trabot_account_id}`,
          )
        ).json(),
      )
      .find((t) => t.trabot_trade_id === id)!;
  const editBody = (trade: Trade, over: Record<string, unknown> = {}) => ({
    trade_date: trade.trade_date,
    trade_status: 'open',
    trade_quantity: trade.trade_quantity,
    current_mtm: trade.current_mtm,
    trade_risk: trade.trade_risk,
    remaining_quantity: trade.remaining_quantity,
    broker_trade_number: trade.broker_trade_number,
    stoploss_trade_number: 'SL-1',
    ltp: trade.ltp,
    expected_updated_at: trade.updated_at,
    ...over,
  });

  it('409 with the current trade when a fill moved it since the edit opened; the fill stands', async () => {
    const created = await createTrade(a.t.deps, a.memberLogin.account.trabot_account_id);
    const seen = await accountTrade(created.trabot_trade_id);
    // The engine books an exit of 15 shares meanwhile (what fills.ts writes).
    await a.t.deps.db
      .update(trades)
      .set({ remaining_quantity: 25, avg_exit_price: 760 })
      .where(eq(trades.trabot_trade_id, created.trabot_trade_id));

    const refused = await expectJson(
      await post(a.admin, `/api/admin/trades/${created.trabot_trade_id}`, editBody(seen)),
      409,
      conflictSchema(tradeSchema.strict()),
    );
    expect(refused.error).toBe(MSG.tradeChangedSince);
    expect(refused.current).toMatchObject({ remaining_quantity: 25, avg_exit_price: 760, trade_status: 'running' });
    expect(refused.current.updated_at > seen.updated_at).toBe(true);
    const [row] = await a.t.deps.db.select().from(trades).where(eq(trades.trabot_trade_id, created.trabot_trade_id));
    expect(row).toMatchObject({ remaining_quantity: 25, trade_status: 'running', stoploss_trade_number: null });

    // Edited again from the current trade, it applies.
    const edited = await expectJson(
      await post(a.admin, `/api/admin/trades/${created.trabot_trade_id}`, editBody(refused.current)),
      200,
      tradeSchema.strict(),
    );
    expect(edited).toMatchObject({ trade_status: 'open', remaining_quantity: 25, stoploss_trade_number: 'SL-1' });
    expect(edited.updated_at > refused.current.updated_at).toBe(true);
  });

  it('a price tick does not count as a change (ltp, MTM and risk move every few seconds)', async () => {
    const created = await createTrade(a.t.deps, a.memberLogin.account.trabot_account_id);
    const seen = await accountTrade(created.trabot_trade_id);
    await a.t.deps.db
      .update(trades)
      .set({ ltp: 755.5, current_mtm: 526, trade_risk: 610, last_updated_timestamp: new Date() })
      .where(eq(trades.trabot_trade_id, created.trabot_trade_id));
    expect((await accountTrade(created.trabot_trade_id)).updated_at).toBe(seen.updated_at);
    expect((await post(a.admin, `/api/admin/trades/${created.trabot_trade_id}`, editBody(seen))).status).toBe(200);
  });

  it('a second edit from the same stale view is refused (two admins, one trade)', async () => {
    const created = await createTrade(a.t.deps, a.memberLogin.account.trabot_account_id);
    const seen = await accountTrade(created.trabot_trade_id);
    const first = await post(a.admin, `/api/admin/trades/${created.trabot_trade_id}`, editBody(seen));
    expect(first.status).toBe(200);
    const second = await post(
      a.admin,
      `/api/admin/trades/${created.trabot_trade_id}`,
      editBody(seen, { trade_status: 'cancelled' }),
    );
    expect((await expectError(second, 409)).error).toBe(MSG.tradeChangedSince);
    expect((await accountTrade(created.trabot_trade_id)).trade_status).toBe('open');
  });

  it('sets only the statuses a superadmin may move a trade to, for every pair (src/shared/states/trades.ts)', async () => {
    const outcomes: string[] = [];
    for (const from of TRADE_STATUSES) {
      for (const to of TRADE_EDIT_STATUSES) {
        const created = await createTrade(a.t.deps, a.memberLogin.account.trabot_account_id, { trade_status: from });
        const seen = await accountTrade(created.trabot_trade_id);
        const res = await post(
          a.admin,
          `/api/admin/trades/${created.trabot_trade_id}`,
          editBody(seen, { trade_status: to, stoploss_trade_number: 'SL-9' }),
        );
        const now = await accountTrade(created.trabot_trade_id);
        if (canMove(TRADE_MOVES, from, to, 'admin')) {
          expect(res.status, `${from} -> ${to}`).toBe(200);
          expect(now).toMatchObject({ trade_status: to, stoploss_trade_number: 'SL-9' });
        } else {
          const body = conflictSchema(tradeSchema.strict()).parse(await res.json());
          expect(res.status, `${from} -> ${to}`).toBe(409);
          expect(body).toMatchObject({
            error: MSG.tradeStatusMoveRefused(from, to),
            fields: { trade_status: MSG.tradeStatusMoveRefused(from, to) },
            current: { trade_status: from },
          });
          expect(now).toEqual(seen);
        }
        if (from !== to) outcomes.push(`${from}->${to}:${res.status}`);
      }
    }
    // The table as the API applies it: nothing back to pending once filled, nothing out of completed or cancelled.
    expect(outcomes.filter((o) => o.endsWith(':200'))).toEqual([
      'pending->open:200',
      'pending->cancelled:200',
      'approved->open:200',
      'approved->pending:200',
      'approved->cancelled:200',
      'running->open:200',
      'running->closed:200',
      'open->closed:200',
      'closed->open:200',
    ]);
  });

  it('without expected_updated_at (a client of the spec body) the edit applies, and the status still follows the table', async () => {
    const created = await createTrade(a.t.deps, a.memberLogin.account.trabot_account_id);
    const seen = await accountTrade(created.trabot_trade_id);
    const { expected_updated_at: _, ...specBody } = editBody(seen, { trade_status: 'closed' });
    const closed = await expectJson(
      await post(a.admin, `/api/admin/trades/${created.trabot_trade_id}`, specBody),
      200,
      tradeSchema.strict(),
    );
    expect(closed.trade_status).toBe('closed');
    const refused = await expectError(
      await post(a.admin, `/api/admin/trades/${created.trabot_trade_id}`, { ...specBody, trade_status: 'pending' }),
      409,
    );
    expect(refused.error).toBe(MSG.tradeStatusMoveRefused('closed', 'pending'));
    expect((await accountTrade(created.trabot_trade_id)).trade_status).toBe('closed');
  });

  it('a stale view is told it is stale before a refused move (the status it saw may no longer hold)', async () => {
    const created = await createTrade(a.t.deps, a.memberLogin.account.trabot_account_id);
    const seen = await accountTrade(created.trabot_trade_id);
    await a.t.deps.db
      .update(trades)
      .set({ trade_status: 'completed', remaining_quantity: 0 })
      .where(eq(trades.trabot_trade_id, created.trabot_trade_id));
    const refused = await expectJson(
      await post(a.admin, `/api/admin/trades/${created.trabot_trade_id}`, editBody(seen, { trade_status: 'closed' })),
      409,
      conflictSchema(tradeSchema.strict()),
    );
    expect(refused.error).toBe(MSG.tradeChangedSince);
    expect(refused.current.trade_status).toBe('completed');
  });

  it('checks expected_updated_at: 400 naming it when it is not a timestamp, 404 for an unknown trade', async () => {
    const created = await createTrade(a.t.deps, a.memberLogin.account.trabot_account_id);
    const seen = await accountTrade(created.trabot_trade_id);
    const bad = await expectError(
      await post(
        a.admin,
        `/api/admin/trades/${created.trabot_trade_id}`,
        editBody(seen, { expected_updated_at: 'yesterday' }),
      ),
      400,
    );
    expect(Object.keys(bad.fields ?? {})).toEqual(['expected_updated_at']);
    expect((await post(a.admin, '/api/admin/trades/999999', editBody(seen))).status).toBe(404);
  });
});

describe('Edit Levels', () => {
  it('409 with the current signal when a colleague edited it since; nothing of the stale edit applies', async () => {
    const signal = await signalOf((await createSignal(a.t.deps, algoId, { algo_process_ind: false })).signal_id);
    const colleague = await post(
      a.admin,
      `/api/signals/${signal.signal_id}/update`,
      levelsBody(signal, { stop_loss_level: 2900, expected_updated_at: signal.updated_at }),
    );
    expect(colleague.status).toBe(200);

    const stale = await expectJson(
      await post(
        a.admin,
        `/api/signals/${signal.signal_id}/update`,
        levelsBody(signal, { target_level: 3200, trade_status: 'approved', expected_updated_at: signal.updated_at }),
      ),
      409,
      conflictSchema(signalSchema.strict()),
    );
    expect(stale.error).toBe(MSG.signalChangedSince);
    expect(stale.current).toMatchObject({ stop_loss_level: 2900, target_level: 3080, trade_status: 'pending' });
    expect(await signalOf(signal.signal_id)).toEqual(stale.current);

    const fresh = await post(
      a.admin,
      `/api/signals/${signal.signal_id}/update`,
      levelsBody(stale.current, { target_level: 3200, expected_updated_at: stale.current.updated_at }),
    );
    expect(fresh.status).toBe(200);
    expect((await signalOf(signal.signal_id)).target_level).toBe(3200);
  });

  it('sets only the statuses a superadmin may move a signal to, for every pair (src/shared/states/signals.ts)', async () => {
    const outcomes: string[] = [];
    for (const from of SIGNAL_STATUSES) {
      for (const to of SIGNAL_STATUSES) {
        const signal = await signalOf((await createSignal(a.t.deps, algoId, { trade_status: from })).signal_id);
        const res = await post(
          a.admin,
          `/api/signals/${signal.signal_id}/update`,
          levelsBody(signal, { trade_status: to, expected_updated_at: signal.updated_at }),
        );
        const now = await signalOf(signal.signal_id);
        if (canMove(SIGNAL_MOVES, from, to, 'admin')) {
          expect(res.status, `${from} -> ${to}`).toBe(200);
          expect(now.trade_status).toBe(to);
        } else {
          const body = conflictSchema(signalSchema.strict()).parse(await res.json());
          expect(res.status, `${from} -> ${to}`).toBe(409);
          expect(body).toMatchObject({
            error: MSG.signalStatusMoveRefused(from, to),
            fields: { trade_status: MSG.signalStatusMoveRefused(from, to) },
            current: { trade_status: from },
          });
          expect(now).toEqual(signal);
        }
        if (from !== to) outcomes.push(`${from}->${to}:${res.status}`);
      }
    }
    // The table as the API applies it: approve, reject, cancel, complete by hand; nothing back.
    expect(outcomes.filter((o) => o.endsWith(':200'))).toEqual([
      'pending->approved:200',
      'pending->cancelled:200',
      'approved->cancelled:200',
      'running->cancelled:200',
      'running->completed:200',
    ]);
  });
});

describe('manual entry and exit', () => {
  for (const side of ['entry', 'exit'] as const) {
    it(`manual ${side}: 409 with the current signal when it changed since the form opened; nothing queued`, async () => {
      const signal = await signalOf((await createSignal(a.t.deps, algoId, { trade_status: 'running' })).signal_id);
      const edit = await post(
        a.admin,
        `/api/signals/${signal.signal_id}/update`,
        levelsBody(signal, { stop_loss_level: 2910 }),
      );
      expect(edit.status).toBe(200);
      const body = {
        ...manualOrderBody(signal),
        ...(side === 'exit' ? { trade_type: 'intra' } : {}),
        expected_updated_at: signal.updated_at,
      };
      const refused = await expectJson(
        await put(a.admin, `/api/signals/${signal.signal_id}/manual-${side}`, body),
        409,
        conflictSchema(signalSchema.strict()),
      );
      expect(refused.error).toBe(MSG.signalChangedSince);
      expect(refused.current).toMatchObject({ signal_id: signal.signal_id, stop_loss_level: 2910 });
      const queued = () =>
        a.t.deps.db
          .select()
          .from(manualOrders)
          .where(and(eq(manualOrders.signal_id, signal.signal_id), eq(manualOrders.side, side)));
      expect(await queued()).toEqual([]);

      const fresh = await put(a.admin, `/api/signals/${signal.signal_id}/manual-${side}`, {
        ...body,
        stop_loss_level: 2910,
        expected_updated_at: refused.current.updated_at,
      });
      expect(fresh.status).toBe(201);
      expect(await queued()).toHaveLength(1);
    });
  }
});

describe('one clock for expiry (AppDeps.clock)', () => {
  it('Add Signal counts the validity from the app clock, approve and the engine sweep read the same clock', async () => {
    const validityAlgo = await createAlgo(a.t.deps, { algo_desc: 'Expiring', signal_validity_minutes: 15 });
    // Two hours ahead of the machine: the services must not read the database's now().
    const at = new Date(Date.now() + 2 * 3_600_000);
    at.setMilliseconds(0);
    a.t.deps.clock = () => at;
    try {
      const added = await expectJson(
        await put(a.admin, `/api/algos/${validityAlgo.algo_id}/signals`, {
          trade_gen_ts: '2026-11-20',
          ...RELIANCE_SIGNAL,
          process_signal: false,
        }),
        201,
        signalSchema.strict(),
      );
      expect(added.expires_at).toBe(new Date(at.getTime() + 15 * 60_000).toISOString());

      // A signal whose expiry has passed by the app's clock (not yet by the machine's) cannot be approved...
      const [due] = await a.t.deps.db
        .insert(signals)
        .values({
          algo_id: validityAlgo.algo_id,
          ...RELIANCE_SIGNAL,
          trade_status: 'pending',
          expires_at: new Date(at.getTime() - 1_000),
        })
        .returning();
      const seen = z
        .array(signalSchema)
        .parse(await (await a.admin.request(`/api/algos/${validityAlgo.algo_id}/signals`)).json())
        .find((s) => s.signal_id === due!.signal_id)!;
      const refused = await expectError(
        await post(a.admin, `/api/signals/${due!.signal_id}/approve`, { expected_updated_at: seen.updated_at }),
        409,
      );
      expect(refused.error).toBe(MSG.signalExpired);
      // ...and the engine's sweep at the same time cancels it, and not the one added above.
      expect(await expirePendingSignals(a.t.deps.db, at, a.t.deps.log)).toBeGreaterThanOrEqual(1);
      const statuses = await a.t.deps.db
        .select({ id: signals.signal_id, status: signals.trade_status })
        .from(signals)
        .where(eq(signals.algo_id, validityAlgo.algo_id));
      expect(Object.fromEntries(statuses.map((s) => [s.id, s.status as SignalStatus]))).toEqual({
        [added.signal_id]: 'pending',
        [due!.signal_id]: 'cancelled',
      });
    } finally {
      delete a.t.deps.clock;
    }
  });
});
