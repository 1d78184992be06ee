/**
 * Runs the engine inside the server process: every tick, the process that holds the leader lock
 * moves the engine on; the others keep trying the lock and take over when the leader dies. Ticks
 * never overlap: a wake-up (an approval) during a tick runs another tick right after it.
 */
import { AsyncResource } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../lib/logger';
import { FencedError } from './fence';
import type { LeaderLock } from './leader-lock';

/** The feed and the engine move every few seconds. */
export const ENGINE_TICK_MS = 3_000;

export interface EngineLoop {
  tick(now: Date): Promise<void>;
  /** Asks a tick in progress to end at its next batch boundary. */
  requestStop?(): void;
}

export interface RunningEngine {
  /** Runs a tick now (or right after the one in progress) instead of at the next interval. */
  wake(reason?: 'postback'): void;
  stop(): Promise<void>;
}

export function runEngine(input: {
  engine: EngineLoop;
  lock: Pick<LeaderLock, 'tryAcquire' | 'release'>;
  log: Logger;
  intervalMs?: number;
  now?: () => Date;
}): RunningEngine {
  const { engine, lock, log } = input;
  const now = input.now ?? (() => new Date());
  let leader = false;
  let busy: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const step = async () => {
    const held = await lock.tryAcquire();
    if (held !== leader)
      log.info({ leader: held }, held ? 'engine: this process runs the engine' : 'engine: leadership lost');
    leader = held;
    if (leader && !stopped) await engine.tick(now());
  };
  const run = () => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = step()
      .catch(async (err: unknown) => {
        if (!(err instanceof FencedError)) return log.error({ err }, 'engine: tick failed');
        // Another process took over while this one was paused or cut off: stop leading at once.
        log.warn({ reason: err.message }, 'engine: tick stopped, this process no longer leads');
        leader = false;
        await lock.release().catch(() => {});
      })
      .finally(() => {
        busy = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, input.intervalMs ?? ENGINE_TICK_MS);
  timer.unref();
  run();

  return {
    // Bound to the start's context: a tick a request wakes is not that request's (its log lines carry no request id).
    wake: AsyncResource.bind(run),
    async stop() {
      stopped = true;
      engine.requestStop?.();
      clearInterval(timer);
      while (busy) await Promise.race([busy, sleep(50)]);
      await lock.release();
    },
  };
}
