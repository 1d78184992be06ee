// @vitest-environment node
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { LeaderLock } from '@server/engine/leader-lock';
import { runEngine } from '@server/engine/runner';

/** A lock whose answer the test sets, standing where PostgreSQL stands. */
function lock(initially: boolean) {
  const state = { held: initially, released: 0 };
  const leaderLock: Pick<LeaderLock, 'tryAcquire' | 'release'> = {
    tryAcquire: async () => state.held,
    release: async () => {
      state.released++;
    },
  };
  return { state, leaderLock };
}

function logged() {
  const lines: Record<string, unknown>[] = [];
  return { lines, log: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }) };
}

const NOW = new Date('2026-01-05T04:00:00Z');

describe('runEngine', () => {
  it('ticks while this process holds the lock, waits while another does, and takes over when it frees', async () => {
    const { state, leaderLock } = lock(false);
    const { lines, log } = logged();
    const ticks: Date[] = [];
    const running = runEngine({
      engine: { tick: async (at) => void ticks.push(at) },
      lock: leaderLock,
      log,
      intervalMs: 5,
      now: () => NOW,
    });
    await new Promise((r) => setTimeout(r, 40));
    expect(ticks).toEqual([]);
    state.held = true;
    await vi.waitFor(() => expect(ticks.length).toBeGreaterThanOrEqual(2));
    expect(ticks[0]).toEqual(NOW);
    expect(lines.map((l) => l.msg)).toContain('engine: this process runs the engine');
    state.held = false;
    await vi.waitFor(() => expect(lines.map((l) => l.msg)).toContain('engine: leadership lost'));
    const count = ticks.length;
    await new Promise((r) => setTimeout(r, 30));
    expect(ticks.length).toBe(count);
    await running.stop();
    expect(state.released).toBe(1);
  });

  it('logs a failing tick and goes on ticking', async () => {
    const { leaderLock } = lock(true);
    const { lines, log } = logged();
    let calls = 0;
    const running = runEngine({
      engine: {
        tick: async () => {
          calls++;
          if (calls === 1) throw new Error('database gone');
        },
      },
      lock: leaderLock,
      log,
      intervalMs: 5,
    });
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2));
    await running.stop();
    expect(lines.find((l) => l.msg === 'engine: tick failed')).toMatchObject({
      level: 50,
      err: { message: 'database gone' },
    });
  });

  it('never runs two ticks at once, and stop waits for the tick under way', async () => {
    const { state, leaderLock } = lock(true);
    const { log } = logged();
    let inFlight = 0;
    let most = 0;
    let finished = 0;
    const running = runEngine({
      engine: {
        tick: async () => {
          most = Math.max(most, ++inFlight);
          await new Promise((r) => setTimeout(r, 25));
          inFlight--;
          finished++;
        },
      },
      lock: leaderLock,
      log,
      intervalMs: 2,
    });
    await new Promise((r) => setTimeout(r, 10));
    await running.stop();
    expect(inFlight).toBe(0);
    expect(finished).toBeGreaterThanOrEqual(1);
    expect(most).toBe(1);
    expect(state.released).toBe(1);
    const after = finished;
    await new Promise((r) => setTimeout(r, 30));
    expect(finished).toBe(after);
  });

  it('wake runs a tick at once instead of at the next interval, and a wake during a tick runs one more right after it', async () => {
    const { leaderLock } = lock(true);
    const { log } = logged();
    let release: () => void = () => undefined;
    const ticks: number[] = [];
    const running = runEngine({
      engine: {
        tick: async () => {
          ticks.push(performance.now());
          if (ticks.length === 2) await new Promise<void>((r) => (release = r));
        },
      },
      lock: leaderLock,
      log,
      intervalMs: 60_000,
    });
    await vi.waitFor(() => expect(ticks).toHaveLength(1)); // the first tick at start
    running.wake();
    await vi.waitFor(() => expect(ticks).toHaveLength(2)); // woken: runs now, and is held
    running.wake();
    running.wake();
    await new Promise((r) => setTimeout(r, 20));
    expect(ticks).toHaveLength(2); // never two at once
    release();
    await vi.waitFor(() => expect(ticks).toHaveLength(3)); // the wake-ups during it: one more tick
    await new Promise((r) => setTimeout(r, 20));
    expect(ticks).toHaveLength(3);
    await running.stop();
  });

  it('stop asks the tick under way to end at its next batch', async () => {
    const { leaderLock } = lock(true);
    const { log } = logged();
    let stopAsked = false;
    let batches = 0;
    const running = runEngine({
      engine: {
        tick: async () => {
          while (!stopAsked && batches < 1000) {
            batches++;
            await new Promise((r) => setTimeout(r, 5));
          }
        },
        requestStop: () => {
          stopAsked = true;
        },
      },
      lock: leaderLock,
      log,
      intervalMs: 60_000,
    });
    await vi.waitFor(() => expect(batches).toBeGreaterThan(2));
    await running.stop();
    expect(stopAsked).toBe(true);
    expect(batches).toBeLessThan(1000);
  });
});
