/**
 * Prices on the instrument's tick at every entry point: Add Signal, the algo webhook, Edit Levels
 * and manual orders refuse an off-tick level or price with a 400 naming the field and the tick; the
 * tick is the instrument master's when one was loaded (tick_size), else NSE's band of the last close.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instruments } from '@server/db/schema';
import { ensureInstrumentList, recordInstrumentMaster } from '@server/instruments/instrument-list';
import { newWebhookTokenSchema } from '@shared/schemas/admin/signal-approvals';
import { createAlgo } from '../../factories/algos';
import { addSignalBody, createSignal, manualOrderBody, webhookSignalBody } from '../../factories/signals';
import { adminTest, expectError, expectJson, post, put, type AdminTest } from './setup';

let a: AdminTest;
let algoId: number;
let token: string;

const INFY = { instrument_symbol: 'INFY', instrument_type: 'EQ' } as const;
/** INFY's levels around 1,538: NSE's 1,000-5,000 band, a tick of 0.10. */
const INFY_LEVELS = { entry_level: 1538.5, stop_loss_level: 1500, target_level: 1620 };

beforeAll(async () => {
  a = await adminTest();
  await ensureInstrumentList(a.t.deps.db);
  await a.t.deps.db
    .update(instruments)
    .set({ close: 1530 })
    .where(and(eq(instruments.symbol, 'INFY'), eq(instruments.series, 'EQ')));
  algoId = (await createAlgo(a.t.deps, { algo_desc: 'Ticks', algo_switch: true })).algo_id;
  token = (await expectJson(await post(a.admin, `/api/algos/${algoId}/webhook-tokens`, {}), 201, newWebhookTokenSchema))
    .token;
});
afterAll(() => a.t.close());

const addSignal = (over: Record<string, unknown>) =>
  put(a.admin, `/api/algos/${algoId}/signals`, addSignalBody({ ...INFY, ...INFY_LEVELS, ...over }));
let sent = 0;
const hook = (over: Record<string, unknown>) =>
  a.anonymous.request('/api/hooks/signals', {
    method: 'POST',
    json: webhookSignalBody(`tick-${++sent}`, { ...INFY_LEVELS, instrument_symbol: 'INFY', ...over }),
    headers: { authorization: `Bearer ${token}` },
  });

describe('signal levels on the tick', () => {
  it('Add Signal refuses a level off the tick, naming the field and the tick; on the tick it is added', async () => {
    const error = await expectError(await addSignal({ stop_loss_level: 1538.55, entry_level: 1560 }), 400);
    expect(error.error).toBe('Stop-loss 1538.55 is not on the tick of 0.10 for INFY');
    expect(error.fields).toEqual({ stop_loss_level: 'Stop-loss 1538.55 is not on the tick of 0.10 for INFY' });
    const all = await expectError(await addSignal({ entry_level: 1538.55, target_level: 1620.05 }), 400);
    expect(all.fields).toEqual({
      entry_level: 'Entry 1538.55 is not on the tick of 0.10 for INFY',
      target_level: 'Target 1620.05 is not on the tick of 0.10 for INFY',
    });
    expect((await addSignal({})).status).toBe(201);
  });

  it('takes 0.01 below Rs 250 and 5.00 above Rs 20,000 (the band of the last close)', async () => {
    const cheap = { instrument_symbol: 'IDEA', instrument_type: 'EQ' };
    const ok = await addSignal({ ...cheap, entry_level: 7.13, stop_loss_level: 6.91, target_level: 7.57 });
    expect(ok.status).toBe(201);
    await a.t.deps.db.update(instruments).set({ close: 30000 }).where(eq(instruments.symbol, 'MRF'));
    const mrf = { instrument_symbol: 'MRF', instrument_type: 'EQ' };
    const refused = await expectError(
      await addSignal({ ...mrf, entry_level: 30001, stop_loss_level: 29500, target_level: 31000 }),
      400,
    );
    expect(refused.fields).toEqual({ entry_level: 'Entry 30001 is not on the tick of 5.00 for MRF' });
  });

  it('the webhook refuses an off-tick level the same way', async () => {
    const error = await expectError(await hook({ target_level: 1620.05 }), 400);
    expect(error.fields).toEqual({ target_level: 'Target 1620.05 is not on the tick of 0.10 for INFY' });
    expect((await hook({})).status).toBe(201);
  });

  it('Edit Levels refuses an off-tick level while the signal is tradable; cancelling is always possible', async () => {
    const signal = await createSignal(a.t.deps, algoId, { ...INFY, ...INFY_LEVELS });
    const body = { trade_gen_ts: '2026-11-20', ...INFY_LEVELS, trade_status: 'approved', process_signal: true };
    const error = await expectError(
      await post(a.admin, `/api/signals/${signal.signal_id}/update`, { ...body, stop_loss_level: 1500.05 }),
      400,
    );
    expect(error.fields).toEqual({ stop_loss_level: 'Stop-loss 1500.05 is not on the tick of 0.10 for INFY' });
    expect((await post(a.admin, `/api/signals/${signal.signal_id}/update`, body)).status).toBe(200);
    const cancel = { ...body, stop_loss_level: 1500.05, trade_status: 'cancelled' };
    expect((await post(a.admin, `/api/signals/${signal.signal_id}/update`, cancel)).status).toBe(200);
  });

  it("follows the instrument master's tick once one is loaded (only rows that change are written)", async () => {
    const at = new Date('2026-11-27T03:00:00Z');
    const master = [{ symbol: 'INFY', series: 'EQ', tick_size: 0.05, lot_size: 1 }];
    expect(await recordInstrumentMaster(a.t.deps.db, master, at)).toBe(1);
    expect(await recordInstrumentMaster(a.t.deps.db, master, at)).toBe(0);
    expect(await recordInstrumentMaster(a.t.deps.db, [{ ...master[0]!, symbol: 'NOSUCH' }], at)).toBe(0);
    const [row] = await a.t.deps.db
      .select()
      .from(instruments)
      .where(and(eq(instruments.symbol, 'INFY'), eq(instruments.series, 'EQ')));
    expect(row).toMatchObject({ tick_size: 0.05, lot_size: 1, master_updated_at: at });
    expect((await addSignal({ stop_loss_level: 1500.05 })).status).toBe(201);
    const refused = await expectError(await addSignal({ stop_loss_level: 1500.02 }), 400);
    expect(refused.fields).toEqual({ stop_loss_level: 'Stop-loss 1500.02 is not on the tick of 0.05 for INFY' });
    await a.t.deps.db
      .update(instruments)
      .set({ tick_size: null, lot_size: null })
      .where(eq(instruments.symbol, 'INFY'));
  });
});

describe('manual order prices on the tick', () => {
  it('refuses an off-tick limit or trigger price, naming the field and the tick; takes 0.01 steps below 250', async () => {
    const signal = await createSignal(a.t.deps, algoId, { ...INFY, ...INFY_LEVELS });
    const entry = (over: Record<string, unknown>) =>
      put(a.admin, `/api/signals/${signal.signal_id}/manual-entry`, { ...manualOrderBody(signal), ...over });
    const limit = await expectError(await entry({ order_type: 'limit', limit_price: 1538.55 }), 400);
    expect(limit.fields).toEqual({ limit_price: 'Limit price 1538.55 is not on the tick of 0.10 for INFY' });
    const trigger = await expectError(
      await entry({ order_type: 'trigger', limit_price: 1540, trigger_price: 1538.55 }),
      400,
    );
    expect(trigger.fields).toEqual({ trigger_price: 'Trigger price 1538.55 is not on the tick of 0.10 for INFY' });
    expect((await entry({ order_type: 'limit', limit_price: 1538.6 })).status).toBe(201);

    const cheap = await createSignal(a.t.deps, algoId, {
      instrument_symbol: 'IDEA',
      instrument_type: 'EQ',
      entry_level: 7.13,
      stop_loss_level: 6.91,
      target_level: 7.57,
    });
    const cheapEntry = await put(a.admin, `/api/signals/${cheap.signal_id}/manual-entry`, {
      ...manualOrderBody(cheap),
      order_type: 'limit',
      limit_price: 7.13,
    });
    expect(cheapEntry.status).toBe(201);
  });
});
