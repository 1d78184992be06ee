/** Algos, signals (add, edit levels), manual orders and the instrument list with bhavcopy uploads. */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { instruments, manualOrders, signals } from '@server/db/schema';
import { ensureInstrumentList } from '@server/instruments/instrument-list';
import { MSG } from '@shared/messages';
import {
  algoListItemSchema,
  algoSchema,
  bhavCopyImportSchema,
  instrumentSchema,
  manualOrderSchema,
  signalSchema,
  type AddSignalBody,
} from '@shared/schemas/admin/algos';
import { createAlgo } from '../../factories/algos';
import { addSignalBody, createSignal, manualOrderBody } from '../../factories/signals';
import type { TestClient } from '../helpers/test-app';
import { adminTest, expectError, expectJson, type AdminTest, post, put } from './setup';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/nse');
const LEGACY = 'cm01JUL2024bhav.csv';
const UDIFF = 'BhavCopy_NSE_CM_0_0_0_20240708_F_0000.csv';

let a: AdminTest;
let swing: { algo_id: number };
let intraday: { algo_id: number };

beforeAll(async () => {
  a = await adminTest();
  await ensureInstrumentList(a.t.deps.db);
  swing = await createAlgo(a.t.deps, { algo_desc: 'Swing momentum, NSE cash', algo_switch: true });
  intraday = await createAlgo(a.t.deps, { algo_desc: 'Intraday mean reversion', algo_switch: false });
});
afterAll(() => a.t.close());

describe('algos', () => {
  it('lists every algo in id order, exactly in the shared shape', async () => {
    const list = await expectJson(await a.admin.request('/api/algos'), 200, z.array(algoListItemSchema.strict()));
    expect(list).toEqual([
      {
        algo_id: swing.algo_id,
        algo_desc: 'Swing momentum, NSE cash',
        algo_switch: true,
        approval_mode: 'manual',
        signal_validity_minutes: null,
        exchange_algo_id: null,
        testers_active: 0,
        testers_max: 10,
      },
      {
        algo_id: intraday.algo_id,
        algo_desc: 'Intraday mean reversion',
        algo_switch: false,
        approval_mode: 'manual',
        signal_validity_minutes: null,
        exchange_algo_id: null,
        testers_active: 0,
        testers_max: 10,
      },
    ]);
  });

  it('switches an algo on and off', async () => {
    const on = await expectJson(
      await post(a.admin, `/api/algos/${intraday.algo_id}/switch`, { algo_switch: true }),
      200,
      algoSchema.strict(),
    );
    expect(on.algo_switch).toBe(true);
    const off = await expectJson(
      await post(a.admin, `/api/algos/${intraday.algo_id}/switch`, { algo_switch: false }),
      200,
      algoSchema,
    );
    expect(off).toEqual({
      algo_id: intraday.algo_id,
      algo_desc: 'Intraday mean reversion',
      algo_switch: false,
      approval_mode: 'manual',
      signal_validity_minutes: null,
      exchange_algo_id: null,
    });
  });

  it('refuses a bad switch body, bad ids and unknown algos', async () => {
    expect(
      (await expectError(await post(a.admin, `/api/algos/${swing.algo_id}/switch`, { algo_switch: 'on' }), 400)).fields,
    ).toHaveProperty('algo_switch');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const body = await expectError(await post(a.admin, `/api/algos/${id}/switch`, { algo_switch: true }), 400);
      expect(body.fields).toEqual({ id: 'id must be a positive whole number' });
    }
    expect(await expectError(await post(a.admin, '/api/algos/987654/switch', { algo_switch: true }), 404)).toEqual({
      error: 'Algo not found',
    });
    const notJson = await a.admin.request(`/api/algos/${swing.algo_id}/switch`, {
      method: 'POST',
      body: 'algo_switch=true',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(415);
    const malformed = await a.admin.request(`/api/algos/${swing.algo_id}/switch`, {
      method: 'POST',
      body: '{"algo_switch":',
      headers: { 'content-type': 'application/json' },
    });
    expect(await expectError(malformed, 400)).toEqual({ error: 'Malformed JSON body' });
  });
});

// A client-side risk-reward the server must ignore (it computes 2.14).
const addBody = (overrides: Partial<Record<keyof AddSignalBody, unknown>> = {}) => ({
  ...addSignalBody({ trade_gen_ts: '2026-11-21', risk_reward: 99, portion_in_trade: 50, process_signal: true }),
  ...overrides,
});

describe('signals', () => {
  it('adds a pending signal, computing risk-reward on the server (the client value is ignored)', async () => {
    const res = await put(a.admin, `/api/algos/${swing.algo_id}/signals`, addBody());
    const signal = await expectJson(res, 201, signalSchema.strict());
    expect(signal).toEqual({
      signal_id: expect.any(Number),
      algo_id: swing.algo_id,
      exchange: 'NSE',
      instrument_symbol: 'RELIANCE',
      instrument_type: 'EQ',
      trade_type: 'swing',
      trade_direction: 'long',
      // A date alone is that day's start in India (UTC+05:30).
      trade_gen_ts: '2026-11-20T18:30:00.000Z',
      entry_level: 2950.5,
      stop_loss_level: 2890,
      target_level: 3080,
      trade_status: 'pending',
      algo_process_ind: true,
      portion_in_trade: 50,
      ltp: null,
      max_fav_excursion: null,
      max_adv_excursion: null,
      ltp_timestamp: null,
      risk_reward: 2.14,
      status_note: null,
      created_at: expect.any(String),
      updated_at: signal.created_at,
      source: 'manual',
      webhook_token_id: null,
      client_signal_id: null,
      expires_at: null,
    });
    const [row] = await a.t.deps.db.select().from(signals).where(eq(signals.signal_id, signal.signal_id));
    expect(row).toMatchObject({ risk_reward: 2.14, algo_process_ind: true, trade_status: 'pending' });
  });

  it('accepts a symbol typed in lower case, a full timestamp and a short signal, and refuses a stop-loss at the entry', async () => {
    const short = await expectJson(
      await put(
        a.admin,
        `/api/algos/${swing.algo_id}/signals`,
        addBody({
          instrument_symbol: 'bajaj-auto',
          trade_gen_ts: '2026-11-21T09:20:00+05:30',
          trade_direction: 'short',
          entry_level: 9600,
          stop_loss_level: 9700,
          target_level: 9350,
          process_signal: false,
        }),
      ),
      201,
      signalSchema,
    );
    expect(short).toMatchObject({
      instrument_symbol: 'BAJAJ-AUTO',
      trade_gen_ts: '2026-11-21T03:50:00.000Z',
      risk_reward: 2.5,
      algo_process_ind: false,
    });
    // A stop-loss at the entry is on no side of it: refused (it would size without risk per share).
    const flat = await expectError(
      await put(
        a.admin,
        `/api/algos/${swing.algo_id}/signals`,
        addBody({ entry_level: 2900, stop_loss_level: 2900, risk_reward: null }),
      ),
      400,
    );
    expect(flat.fields).toEqual({ stop_loss_level: 'For a long trade the stop-loss must be below the entry' });
  });

  it('refuses a symbol and series not in the instrument list with the spec message', async () => {
    for (const body of [
      addBody({ instrument_symbol: 'NOTLISTED' }),
      addBody({ instrument_type: 'BE' }),
      addBody({ instrument_symbol: '' }),
    ]) {
      const error = await expectError(await put(a.admin, `/api/algos/${swing.algo_id}/signals`, body), 400);
      expect(error.fields?.instrument_symbol ?? error.fields?.instrument_type).toBe(MSG.addSignalBadSymbol);
    }
    const error = await expectError(
      await put(a.admin, `/api/algos/${swing.algo_id}/signals`, addBody({ instrument_symbol: 'NOTLISTED' })),
      400,
    );
    expect(error).toEqual({ error: MSG.addSignalBadSymbol, fields: { instrument_symbol: MSG.addSignalBadSymbol } });
  });

  it('names every invalid field of Add Signal with its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ entry_level: 'abc' }, 'entry_level', MSG.addSignalBadNumbers],
      [{ stop_loss_level: null }, 'stop_loss_level', MSG.addSignalBadNumbers],
      [{ target_level: undefined }, 'target_level', MSG.addSignalBadNumbers],
      [{ entry_level: 2950.555 }, 'entry_level', 'Entry allows at most 2 decimals'],
      [{ target_level: -5 }, 'target_level', 'Target must be above zero'],
      [{ trade_direction: undefined }, 'trade_direction', 'Trade direction is required (long or short)'],
      [{ trade_type: 'positional' }, 'trade_type', 'trade_type must be swing or intraday'],
      [{ exchange: 'BSE' }, 'exchange', 'exchange must be NSE'],
      [{ portion_in_trade: 75 }, 'portion_in_trade', 'portion_in_trade must be 100, 50 or 25'],
      [{ trade_gen_ts: '21/11/2026' }, 'trade_gen_ts', 'trade_gen_ts must be a date (yyyy-MM-dd) or an ISO timestamp'],
      [
        { entry_level: 20_000_000, stop_loss_level: 19_000_000, target_level: 21_000_000 },
        'entry_level',
        'entry_level must be at most 1,00,00,000',
      ],
      // Levels on the wrong side of the entry, for a long and for a short.
      [{ stop_loss_level: 2960 }, 'stop_loss_level', 'For a long trade the stop-loss must be below the entry'],
      [{ target_level: 2940 }, 'target_level', 'For a long trade the target must be above the entry'],
      [{ trade_direction: 'short' }, 'stop_loss_level', 'For a short trade the stop-loss must be above the entry'],
      [{ trade_direction: 'short' }, 'target_level', 'For a short trade the target must be below the entry'],
    ];
    for (const [overrides, field, message] of cases) {
      const error = await expectError(
        await put(a.admin, `/api/algos/${swing.algo_id}/signals`, addBody(overrides)),
        400,
      );
      expect(error.fields?.[field], JSON.stringify(overrides)).toBe(message);
    }
    expect(await expectError(await put(a.admin, '/api/algos/987654/signals', addBody()), 404)).toEqual({
      error: 'Algo not found',
    });
  });

  it('lists an algo’s signals newest first, filtered by status', async () => {
    const algo = await createAlgo(a.t.deps, { algo_desc: 'Listing' });
    const first = await createSignal(a.t.deps, algo.algo_id, {
      trade_status: 'running',
      ltp: 2961.4,
      ltp_timestamp: new Date('2026-11-21T09:45:00Z'),
    });
    const second = await createSignal(a.t.deps, algo.algo_id, {
      trade_status: 'pending',
      instrument_symbol: 'HDFCBANK',
    });
    const third = await createSignal(a.t.deps, algo.algo_id, {
      trade_status: 'running',
      instrument_symbol: 'INFY',
      trade_gen_ts: null,
    });
    await createSignal(a.t.deps, swing.algo_id, { trade_status: 'running' });

    const all = await expectJson(
      await a.admin.request(`/api/algos/${algo.algo_id}/signals`),
      200,
      z.array(signalSchema.strict()),
    );
    expect(all.map((s) => s.signal_id)).toEqual([third.signal_id, second.signal_id, first.signal_id]);
    expect(all[2]).toMatchObject({ ltp: 2961.4, ltp_timestamp: '2026-11-21T09:45:00.000Z' });
    expect(all[0]!.trade_gen_ts).toBeNull();
    const explicitAll = await expectJson(
      await a.admin.request(`/api/algos/${algo.algo_id}/signals?status=all`),
      200,
      z.array(signalSchema),
    );
    expect(explicitAll).toEqual(all);
    const running = await expectJson(
      await a.admin.request(`/api/algos/${algo.algo_id}/signals?status=running`),
      200,
      z.array(signalSchema),
    );
    expect(running.map((s) => s.signal_id)).toEqual([third.signal_id, first.signal_id]);
    expect(
      await expectJson(
        await a.admin.request(`/api/algos/${algo.algo_id}/signals?status=cancelled`),
        200,
        z.array(signalSchema),
      ),
    ).toEqual([]);

    expect(
      (await expectError(await a.admin.request(`/api/algos/${algo.algo_id}/signals?status=open`), 400)).fields,
    ).toHaveProperty('status');
    expect(await expectError(await a.admin.request('/api/algos/987654/signals'), 404)).toEqual({
      error: 'Algo not found',
    });
  });

  it('edits levels, status and the process flag, recomputing risk-reward', async () => {
    const signal = await createSignal(a.t.deps, swing.algo_id);
    const body = {
      trade_gen_ts: '2026-11-22',
      entry_level: 2960,
      stop_loss_level: 2900,
      target_level: 3110,
      trade_status: 'approved',
      process_signal: false,
    };
    const edited = await expectJson(
      await post(a.admin, `/api/signals/${signal.signal_id}/update`, body),
      200,
      signalSchema.strict(),
    );
    expect(edited).toMatchObject({
      entry_level: 2960,
      stop_loss_level: 2900,
      target_level: 3110,
      trade_status: 'approved',
      algo_process_ind: false,
      risk_reward: 2.5,
      trade_gen_ts: '2026-11-21T18:30:00.000Z',
    });
    const [row] = await a.t.deps.db.select().from(signals).where(eq(signals.signal_id, signal.signal_id));
    expect(row).toMatchObject({ trade_status: 'approved', risk_reward: 2.5, algo_process_ind: false });

    // From approved a superadmin may only cancel (src/shared/states/signals.ts): back to pending,
    // on to running or completed is refused, naming the statuses, and changes nothing.
    for (const status of ['pending', 'running', 'completed']) {
      const moveRefused = MSG.signalStatusMoveRefused('approved', status);
      expect(
        await expectError(
          await post(a.admin, `/api/signals/${signal.signal_id}/update`, { ...body, trade_status: status }),
          409,
        ),
      ).toMatchObject({ error: moveRefused, fields: { trade_status: moveRefused } });
    }
    const [stayed] = await a.t.deps.db.select().from(signals).where(eq(signals.signal_id, signal.signal_id));
    expect(stayed!.trade_status).toBe('approved');
    expect(
      (await post(a.admin, `/api/signals/${signal.signal_id}/update`, { ...body, trade_status: 'cancelled' })).status,
    ).toBe(200);
    // While tradable, the levels must keep their sides of the stored signal's direction (long here);
    // a signal can still be cancelled or completed whatever its levels.
    const wrong = { ...body, stop_loss_level: 3000, target_level: 2950 };
    const refused = await expectError(await post(a.admin, `/api/signals/${signal.signal_id}/update`, wrong), 400);
    expect(refused.fields).toEqual({
      stop_loss_level: 'For a long trade the stop-loss must be below the entry',
      target_level: 'For a long trade the target must be above the entry',
    });
    expect(
      (await post(a.admin, `/api/signals/${signal.signal_id}/update`, { ...wrong, trade_status: 'cancelled' })).status,
    ).toBe(200);
  });

  it('refuses invalid Edit Levels values with the spec message, and unknown signals', async () => {
    const signal = await createSignal(a.t.deps, swing.algo_id);
    const body = {
      trade_gen_ts: '2026-11-22',
      entry_level: 2960,
      stop_loss_level: 2900,
      target_level: 3110,
      trade_status: 'approved',
      process_signal: true,
    };
    for (const field of ['entry_level', 'stop_loss_level', 'target_level']) {
      for (const value of ['abc', null, '']) {
        const error = await expectError(
          await post(a.admin, `/api/signals/${signal.signal_id}/update`, { ...body, [field]: value }),
          400,
        );
        expect(error.fields?.[field]).toBe(MSG.editLevelsInvalid);
      }
    }
    expect(
      (
        await expectError(
          await post(a.admin, `/api/signals/${signal.signal_id}/update`, { ...body, trade_status: 'open' }),
          400,
        )
      ).fields?.trade_status,
    ).toBe('trade_status must be one of: pending, approved, running, cancelled, completed');
    expect(
      (
        await expectError(
          await post(a.admin, `/api/signals/${signal.signal_id}/update`, { ...body, process_signal: 'yes' }),
          400,
        )
      ).fields,
    ).toHaveProperty('process_signal');
    expect(await expectError(await post(a.admin, '/api/signals/987654/update', body), 404)).toEqual({
      error: 'Signal not found',
    });
    expect((await expectError(await post(a.admin, '/api/signals/x/update', body), 400)).fields).toEqual({
      signalId: 'signalId must be a positive whole number',
    });
  });
});

describe('manual entry and exit', () => {
  let signal: Awaited<ReturnType<typeof createSignal>>;
  beforeAll(async () => {
    signal = await createSignal(a.t.deps, swing.algo_id, { trade_status: 'running' });
  });

  const orderBody = (overrides: Record<string, unknown> = {}) => ({
    ...manualOrderBody(signal),
    portion: 0.5,
    ...overrides,
  });
  const entry = (body: unknown, id = signal.signal_id) => put(a.admin, `/api/signals/${id}/manual-entry`, body);
  const exit = (body: unknown, id = signal.signal_id) => put(a.admin, `/api/signals/${id}/manual-exit`, body);

  it('queues a manual entry for the engine, keeping only the prices its order type uses', async () => {
    const market = await expectJson(await entry(orderBody({ limit_price: 2950 })), 201, manualOrderSchema.strict());
    expect(market).toEqual({
      id: expect.any(Number),
      signal_id: signal.signal_id,
      side: 'entry',
      portion: 0.5,
      order_type: 'market',
      limit_price: null,
      trigger_price: null,
      trade_type: 'swing',
      status: 'queued',
      status_reason: null,
      created_at: expect.any(String),
      created_by: a.adminUserId,
    });
    const limit = await expectJson(
      await entry(orderBody({ order_type: 'limit', limit_price: 2948.5, trigger_price: 2940, portion: 0.33 })),
      201,
      manualOrderSchema,
    );
    expect(limit).toMatchObject({ order_type: 'limit', limit_price: 2948.5, trigger_price: null, portion: 0.33 });
    const trigger = await expectJson(
      await entry(
        orderBody({
          order_type: 'trigger',
          limit_price: 2955,
          trigger_price: 2952,
          trade_type: 'intraday',
          portion: 1,
        }),
      ),
      201,
      manualOrderSchema,
    );
    expect(trigger).toMatchObject({
      order_type: 'trigger',
      limit_price: 2955,
      trigger_price: 2952,
      trade_type: 'intraday',
      portion: 1,
    });

    const stored = await a.t.deps.db.select().from(manualOrders).where(eq(manualOrders.signal_id, signal.signal_id));
    expect(stored.map((o) => [o.side, o.order_type, o.status])).toEqual([
      ['entry', 'market', 'queued'],
      ['entry', 'limit', 'queued'],
      ['entry', 'trigger', 'queued'],
    ]);
  });

  it('queues a manual exit (trade types swing or intra)', async () => {
    const order = await expectJson(
      await exit(
        orderBody({
          order_type: 'trigger',
          limit_price: 2880,
          trigger_price: 2885,
          trade_type: 'intra',
          portion: 0.25,
        }),
      ),
      201,
      manualOrderSchema,
    );
    expect(order).toMatchObject({
      side: 'exit',
      order_type: 'trigger',
      limit_price: 2880,
      trigger_price: 2885,
      trade_type: 'intra',
      portion: 0.25,
      status: 'queued',
    });
    expect((await expectError(await exit(orderBody({ trade_type: 'intraday' })), 400)).fields?.trade_type).toBe(
      'trade_type must be swing or intra',
    );
    expect((await expectError(await entry(orderBody({ trade_type: 'intra' })), 400)).fields?.trade_type).toBe(
      'trade_type must be swing or intraday',
    );
  });

  it('answers every manual entry and exit message of spec section 5', async () => {
    const cases: [typeof entry, Record<string, unknown>, string, string][] = [
      [entry, { order_type: 'limit', limit_price: null }, 'limit_price', MSG.manualEntryLimitRequired],
      [entry, { order_type: 'limit', limit_price: 0 }, 'limit_price', MSG.manualEntryLimitRequired],
      [
        entry,
        { order_type: 'trigger', limit_price: 2955, trigger_price: null },
        'trigger_price',
        MSG.manualEntryTriggerRequired,
      ],
      [
        entry,
        { order_type: 'trigger', limit_price: 0, trigger_price: 2950 },
        'trigger_price',
        MSG.manualEntryTriggerRequired,
      ],
      [
        entry,
        { order_type: 'trigger', limit_price: 2950, trigger_price: 2950 },
        'trigger_price',
        MSG.manualEntryLimitAboveTrigger,
      ],
      [
        entry,
        { order_type: 'trigger', limit_price: 2940, trigger_price: 2950 },
        'trigger_price',
        MSG.manualEntryLimitAboveTrigger,
      ],
      [exit, { order_type: 'limit', limit_price: -1 }, 'limit_price', MSG.manualExitLimitRequired],
      [exit, { order_type: 'limit' }, 'limit_price', MSG.manualExitLimitRequired],
      [
        exit,
        { order_type: 'trigger', limit_price: null, trigger_price: 2885 },
        'trigger_price',
        MSG.manualExitTriggerRequired,
      ],
      [
        exit,
        { order_type: 'trigger', limit_price: 2890, trigger_price: 2885 },
        'trigger_price',
        MSG.manualExitLimitBelowTrigger,
      ],
      [
        exit,
        { order_type: 'trigger', limit_price: 2885, trigger_price: 2885 },
        'trigger_price',
        MSG.manualExitLimitBelowTrigger,
      ],
      [entry, { portion: 0.4 }, 'portion', 'portion must be 1, 0.5, 0.25 or 0.33'],
      [exit, { order_type: 'stop' }, 'order_type', 'order_type must be market, limit or trigger'],
      [entry, { order_type: 'limit', limit_price: 1e12 }, 'limit_price', 'limit_price must be at most 1,00,00,000'],
      // RELIANCE (no master loaded, no close) at 2,9xx: NSE's band 1,000-5,000, a tick of 0.10.
      [
        entry,
        { order_type: 'limit', limit_price: 2948.55 },
        'limit_price',
        'Limit price 2948.55 is not on the tick of 0.10 for RELIANCE',
      ],
      [
        entry,
        { order_type: 'trigger', limit_price: 2955.01, trigger_price: 2952 },
        'limit_price',
        'Limit price 2955.01 is not on the tick of 0.10 for RELIANCE',
      ],
      [
        exit,
        { order_type: 'trigger', limit_price: 2880, trigger_price: 2885.05 },
        'trigger_price',
        'Trigger price 2885.05 is not on the tick of 0.10 for RELIANCE',
      ],
      [entry, { order_type: 'limit', limit_price: 2948.525 }, 'limit_price', 'Limit price allows at most 2 decimals'],
    ];
    for (const [send, overrides, field, message] of cases) {
      const error = await expectError(await send(orderBody(overrides)), 400);
      expect(error.fields?.[field], JSON.stringify(overrides)).toBe(message);
    }
  });

  it('refuses a body about another signal, and unknown signals', async () => {
    const other = await createSignal(a.t.deps, intraday.algo_id, { instrument_symbol: 'HDFCBANK' });
    const mismatches: [Record<string, unknown>, string][] = [
      [{ signal_id: other.signal_id }, 'signal_id'],
      [{ algo_id: intraday.algo_id }, 'algo_id'],
      [{ instrument_symbol: 'HDFCBANK' }, 'instrument_symbol'],
      [{ trade_direction: 'short' }, 'trade_direction'],
      [{ trade_exchange: 'BSE' }, 'trade_exchange'],
    ];
    for (const [overrides, field] of mismatches) {
      const error = await expectError(await exit(orderBody(overrides)), 400);
      expect(error.fields).toEqual({ [field]: `${field} does not match signal ${signal.signal_id}` });
    }
    expect(await expectError(await entry(orderBody({ signal_id: 987654 }), 987654), 404)).toEqual({
      error: 'Signal not found',
    });
  });
});

async function upload(
  client: TestClient,
  bytes: Uint8Array,
  name: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  form.set('file', new File([bytes.slice()], name));
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return a.t.app.request('http://localhost:3000/api/admin/nse/bhav-copy', {
    method: 'POST',
    body: form,
    headers: { cookie, ...headers },
  });
}
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));
const instrument = async (symbol: string, series: string) =>
  (await a.t.deps.db.select().from(instruments).where(eq(instruments.symbol, symbol))).find((i) => i.series === series);

describe('instrument list (GET|POST /api/admin/nse/bhav-copy)', () => {
  it("starts from NSE's equity list: every row, sorted by SYMBOL, compressed, revalidated by ETag", async () => {
    const res = await a.admin.request('/api/admin/nse/bhav-copy', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const gzipped = new Uint8Array(await res.arrayBuffer());
    const list = z.array(instrumentSchema.strict()).parse(JSON.parse(new TextDecoder().decode(gunzipSync(gzipped))));
    expect(list).toHaveLength(2386);
    const keys = list.map((i) => `${i.SYMBOL}\u0000${i.SERIES}`);
    expect(keys).toEqual([...keys].sort());
    expect(list.find((i) => i.SYMBOL === 'RELIANCE')).toEqual({
      SYMBOL: 'RELIANCE',
      SERIES: 'EQ',
      NAME: 'Reliance Industries Limited',
      ISIN: 'INE002A01018',
      OPEN: null,
      HIGH: null,
      LOW: null,
      CLOSE: null,
      LAST: null,
      PREVCLOSE: null,
      TOTTRDQTY: null,
      TIMESTAMP: null,
    });
    console.info(`instrument list: ${list.length} rows, ${gzipped.length} bytes gzipped`);

    for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const again = await a.admin.request('/api/admin/nse/bhav-copy', { headers: { 'if-none-match': ifNoneMatch } });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
    expect(
      (await a.admin.request('/api/admin/nse/bhav-copy', { headers: { 'if-none-match': 'W/"stale"' } })).status,
    ).toBe(200);
    // Other API answers stay no-store.
    expect((await a.admin.request('/api/algos')).headers.get('cache-control')).toBe('no-store');
  });

  it('imports a legacy bhavcopy: prices per symbol and series, names kept, new symbols added, the ETag changes', async () => {
    const before = (await a.admin.request('/api/admin/nse/bhav-copy')).headers.get('etag');
    const result = await expectJson(await upload(a.admin, fixture(LEGACY), LEGACY), 200, bhavCopyImportSchema.strict());
    expect(result).toEqual({ imported: 8, format: 'legacy', date: '2024-07-01' });
    expect(await instrument('RELIANCE', 'EQ')).toMatchObject({
      name: 'Reliance Industries Limited',
      open: 3136,
      close: 3148.95,
      tottrdqty: 6038012,
      bhav_date: '2024-07-01',
    });
    expect(await instrument('SGBFEB32IV', 'GB')).toMatchObject({ name: null, isin: 'IN0020230176', close: 6880 });
    const res = await a.admin.request('/api/admin/nse/bhav-copy');
    expect(res.headers.get('etag')).not.toBe(before);
    const list = z.array(instrumentSchema).parse(await res.json());
    // SGBFEB32IV (GB) and ZYDUSLIFE (BE) are not in the equity list.
    expect(list).toHaveLength(2388);
    expect(list.find((i) => i.SYMBOL === 'M&M' && i.SERIES === 'EQ')).toMatchObject({
      OPEN: 2865.1,
      LAST: 2884,
      PREVCLOSE: 2855.75,
      TIMESTAMP: '2024-07-01',
    });
  });

  it('imports a zipped UDiFF bhavcopy; an older file imported later never overwrites newer prices', async () => {
    const zipped = zipSync({ [UDIFF]: fixture(UDIFF) });
    expect(await expectJson(await upload(a.admin, zipped, `${UDIFF}.zip`), 200, bhavCopyImportSchema)).toEqual({
      imported: 5,
      format: 'udiff',
      date: '2024-07-08',
    });
    expect(await instrument('RELIANCE', 'EQ')).toMatchObject({
      name: 'Reliance Industries Limited',
      close: 3190.95,
      bhav_date: '2024-07-08',
    });
    expect(await instrument('NEWLISTCO', 'SM')).toMatchObject({
      name: 'NEWLIST COMPANY LTD',
      last: null,
      close: 100.25,
    });

    // 4 of the 8 legacy rows (1 July) are also in the UDiFF file (8 July): only the other 4 are written.
    expect(await expectJson(await upload(a.admin, fixture(LEGACY), LEGACY), 200, bhavCopyImportSchema)).toEqual({
      imported: 4,
      format: 'legacy',
      date: '2024-07-01',
    });
    expect(await instrument('RELIANCE', 'EQ')).toMatchObject({ close: 3190.95, bhav_date: '2024-07-08' });

    // A symbol that came with the upload is now accepted by Add Signal.
    const signal = await put(
      a.admin,
      `/api/algos/${swing.algo_id}/signals`,
      addBody({
        instrument_symbol: 'NEWLISTCO',
        instrument_type: 'SM',
        entry_level: 100.25,
        stop_loss_level: 96,
        target_level: 110,
      }),
    );
    expect(signal.status).toBe(201);
  });

  it('takes uploads above the API’s 256 KB body limit (this route only) up to 50 MB', async () => {
    const header = 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN';
    const rows = Array.from(
      { length: 4000 },
      (_, i) =>
        `TEST${String(i).padStart(5, '0')},EQ,101.5,104.25,99.8,103.1,103,100.9,125400,12934567.25,02-JUL-2024,3120,INE000T${String(i).padStart(5, '0')}`,
    );
    const csv = new TextEncoder().encode(`${header}\n${rows.join('\n')}\n`);
    expect(csv.length).toBeGreaterThan(256 * 1024);
    expect(await expectJson(await upload(a.admin, csv, 'cm02JUL2024bhav.csv'), 200, bhavCopyImportSchema)).toEqual({
      imported: 4000,
      format: 'legacy',
      date: '2024-07-02',
    });

    const tooBig = await upload(a.admin, new Uint8Array(16), 'big.csv', {
      'content-length': String(50 * 1024 * 1024 + 1),
    });
    expect(await expectError(tooBig, 413)).toEqual({
      error: 'The file is larger than 50 MB',
      fields: { file: 'File too large' },
    });
    // Elsewhere the 256 KB limit holds.
    const big = await a.admin.request('/api/members', { method: 'PUT', json: { name: 'x'.repeat(300 * 1024) } });
    expect(big.status).toBe(413);
  });

  it('refuses what is not a bhavcopy with a clear 400, and non-multipart bodies with 415', async () => {
    const notBhav = await expectError(
      await upload(a.admin, new TextEncoder().encode('name,email\nA,a@b.co\n'), 'contacts.csv'),
      400,
    );
    expect(notBhav.error).toMatch(/^Unrecognised header "name,email"\. Expected an NSE bhavcopy/);
    expect(notBhav.fields?.file).toBe(notBhav.error);
    const bad = await expectError(
      await upload(
        a.admin,
        new TextEncoder().encode(
          'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TIMESTAMP\nINFY,EQ,x,1,1,1,1,1,1,01-JUL-2024\n',
        ),
        'x.csv',
      ),
      400,
    );
    expect(bad.error).toBe('Line 2: OPEN "x" is not a number (legacy bhavcopy)');

    const form = new FormData();
    form.set('other', 'value');
    const cookie = [...a.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const noFile = await a.t.app.request('http://localhost:3000/api/admin/nse/bhav-copy', {
      method: 'POST',
      body: form,
      headers: { cookie },
    });
    expect(await expectError(noFile, 400)).toEqual({
      error: 'Invalid body: file',
      fields: { file: 'Choose a bhavcopy file to upload' },
    });
    expect((await a.admin.request('/api/admin/nse/bhav-copy', { method: 'POST', json: { file: 'x' } })).status).toBe(
      415,
    );
  });
});
