/**
 * The engine's signal status writes (engine/signal-states.ts): guarded UPDATEs that move only from
 * the statuses the step starts from, and log a signal another writer moved first; the expiry sweep
 * and the completion of a signal go through them.
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signals } from '@server/db/schema';
import { expirePendingSignals } from '@server/engine/signal-expiry';
import { moveSignals } from '@server/states/signals';
import { createAlgo } from '../../factories/algos';
import { createSignal } from '../../factories/signals';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let algoId: number;
const logLines: { level: number; msg: string; signalId?: number; from?: string; to?: string }[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });

beforeAll(async () => {
  t = await createTestApp();
  algoId = (await createAlgo(t.deps)).algo_id;
});
afterAll(() => t.close());

const statusOf = async (id: number) =>
  (await t.deps.db.select({ s: signals.trade_status }).from(signals).where(eq(signals.signal_id, id)))[0]!.s;
const refusals = () => logLines.filter((l) => l.msg.startsWith('engine: signal transition refused'));

describe("the engine's signal moves", () => {
  it('completes a running signal; one the admin cancelled meanwhile stays cancelled, logged', async () => {
    const running = await createSignal(t.deps, algoId, { trade_status: 'running' });
    const cancelled = await createSignal(t.deps, algoId, { trade_status: 'cancelled' });
    logLines.length = 0;
    const moved = await moveSignals(t.deps.db, log, {
      to: 'completed',
      from: ['running'],
      ids: [running.signal_id, cancelled.signal_id],
      why: 'a level reached',
    });
    expect(moved.map((s) => s.signal_id)).toEqual([running.signal_id]);
    expect(await statusOf(running.signal_id)).toBe('completed');
    expect(await statusOf(cancelled.signal_id)).toBe('cancelled');
    expect(refusals()).toEqual([
      expect.objectContaining({ level: 40, signalId: cancelled.signal_id, from: 'cancelled', to: 'completed' }),
    ]);
  });

  it('fans out only an approved signal: a pending one is not moved to running, and is logged', async () => {
    const pending = await createSignal(t.deps, algoId, { trade_status: 'pending' });
    logLines.length = 0;
    const moved = await moveSignals(t.deps.db, log, {
      to: 'running',
      from: ['approved'],
      ids: [pending.signal_id],
      why: 'fanned out',
    });
    expect(moved).toEqual([]);
    expect(await statusOf(pending.signal_id)).toBe('pending');
    expect(refusals()).toHaveLength(1);
  });

  it('refuses a step the table does not allow the engine, writing nothing', async () => {
    const done = await createSignal(t.deps, algoId, { trade_status: 'completed' });
    await expect(
      moveSignals(t.deps.db, log, { to: 'running', from: ['completed'], ids: [done.signal_id], why: 'test' }),
    ).rejects.toThrow('the engine may not move a signal from completed to running');
    expect(await statusOf(done.signal_id)).toBe('completed');
  });

  it('a signal already at the target is not written again nor logged', async () => {
    const completed = await createSignal(t.deps, algoId, { trade_status: 'completed' });
    logLines.length = 0;
    const moved = await moveSignals(t.deps.db, log, {
      to: 'completed',
      from: ['running'],
      ids: [completed.signal_id],
      why: 'a level reached',
    });
    expect(moved).toEqual([]);
    expect(refusals()).toEqual([]);
  });

  it('expiry cancels only pending signals past their expiry, by the clock it is given', async () => {
    const at = new Date('2031-01-01T05:00:00Z');
    const due = await createSignal(t.deps, algoId, { expires_at: new Date(at.getTime() - 1000) });
    const later = await createSignal(t.deps, algoId, { expires_at: new Date(at.getTime() + 1000) });
    const approved = await createSignal(t.deps, algoId, {
      trade_status: 'approved',
      expires_at: new Date(at.getTime() - 1000),
    });
    expect(await expirePendingSignals(t.deps.db, at, log)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(due.signal_id)).toBe('cancelled');
    expect(await statusOf(later.signal_id)).toBe('pending');
    expect(await statusOf(approved.signal_id)).toBe('approved');
  });
});
