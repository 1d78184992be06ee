/**
 * The engine as the server process runs it: its price feed (Kite's ticker while a Zerodha session
 * is available, else simulated), paper broker, the market's calendar, leader lock, tick loop.
 */
import { clockOf, type AppDeps } from '../context';
import type { Database } from '../db/client';
import type { EngineSettings } from './engine-deps';
import { PaperBroker } from './paper-broker';
import { Engine } from './engine';
import { priceFeed } from './feed/select-feed';
import { holidaysOutdated, marketCalendar } from './market-hours';
import { HOLIDAYS_KNOWN_THROUGH } from './nse-holidays';
import { postgresLeaderLock, sessionLeaderLock } from './leader-lock';
import { runEngine, type RunningEngine } from './runner';
import type { Order } from '../brokers/adapter';

/** Work that only the leader runs, on the engine's loop, at most every `everyMs`. */
export interface LeaderJob {
  name: string;
  everyMs: number;
  run: (now: Date) => Promise<void>;
}

/**
 * Accounts per fan-out batch when ENGINE_BATCH_SIZE is unset. PGlite runs each statement on the
 * server's only thread and a transaction holds the whole database: a batch of 500 held every request
 * for 0.2-0.9 s (docs/decisions/2026-11-27-pglite-batches.md). PostgreSQL runs them elsewhere.
 */
export const DEFAULT_BATCH_SIZE: Record<Database['kind'], number> = { pglite: 100, postgres: 500 };

/** The engine's settings from the environment, for this database. */
export function engineSettings(
  env: Pick<
    AppDeps['env'],
    | 'ENGINE_BATCH_SIZE'
    | 'ENGINE_BROKER_CONCURRENCY'
    | 'ENGINE_MAX_QUOTE_AGE_SECONDS'
    | 'ENGINE_MAX_DRIFT_PERCENT'
    | 'EXIT_CHASE_AFTER_MS'
    | 'EXIT_CHASE_TIMES'
    | 'LIVE_PRICE_MAX_AGE_MS'
    | 'LIVE_PRICE_POLL_MS'
  >,
  kind: Database['kind'],
): EngineSettings {
  return {
    batchSize: env.ENGINE_BATCH_SIZE ?? DEFAULT_BATCH_SIZE[kind],
    brokerConcurrency: env.ENGINE_BROKER_CONCURRENCY,
    maxQuoteAgeMs: env.ENGINE_MAX_QUOTE_AGE_SECONDS * 1000,
    maxEntryDriftPercent: env.ENGINE_MAX_DRIFT_PERCENT,
    exitChaseAfterMs: env.EXIT_CHASE_AFTER_MS,
    exitChaseTimes: env.EXIT_CHASE_TIMES,
    livePriceMaxAgeMs: env.LIVE_PRICE_MAX_AGE_MS,
    livePricePollMs: env.LIVE_PRICE_POLL_MS,
  };
}

export function startEngine(
  deps: Pick<AppDeps, 'db' | 'log' | 'secrets' | 'env' | 'notifier' | 'clock'>,
  database: Pick<Database, 'kind'>,
  leaderJobs: readonly LeaderJob[] = [],
): RunningEngine & { receiveOrder(broker: string, order: Order): void } {
  // Kite's ticker also carries the streaming account's order updates: booked like a postback.
  const feed = priceFeed(deps, Date.now(), (order) => receiveOrder('zerodha', order));
  const paper = new PaperBroker({ prices: feed });
  const lock =
    database.kind === 'postgres' && deps.env.DATABASE_URL
      ? postgresLeaderLock(deps.env.DATABASE_URL, {
          onLost: (why) => deps.log.warn({ why }, 'engine: leader lock lost: no more orders from this process'),
        })
      : sessionLeaderLock(deps.db);
  const { env } = deps;
  const now = clockOf(deps);
  if (env.MARKET_HOURS === 'nse' && holidaysOutdated(now())) {
    deps.log.warn(
      { knownThrough: HOLIDAYS_KNOWN_THROUGH },
      "engine: NSE's holidays are listed only until then: add this year's to src/server/engine/nse-holidays.ts",
    );
  }
  const engine = new Engine(deps, {
    feed,
    paper,
    calendar: marketCalendar(env.MARKET_HOURS),
    settings: engineSettings(env, database.kind),
    leadership: lock,
  });
  // Leader-only jobs (the firm's business calendar) ride on the engine's loop.
  const lastRun = new Map<LeaderJob, number>();
  const loop = {
    tick: async (now: Date) => {
      await engine.tick(now);
      for (const job of leaderJobs) {
        if (now.getTime() - (lastRun.get(job) ?? 0) < job.everyMs) continue;
        lastRun.set(job, now.getTime());
        await job
          .run(now)
          .catch((err: unknown) =>
            deps.log.error({ err }, `${job.name} failed; it runs again in ${job.everyMs / 1000} s`),
          );
      }
    },
    requestStop: () => engine.requestStop(),
  };
  // The requests' clock: a signal's expiry is set and checked by the services and swept by the
  // engine against the same time.
  const running = runEngine({ engine: loop, lock, log: deps.log, now });
  function receiveOrder(broker: string, order: Order) {
    engine.receiveOrder(broker, order);
    running.wake();
  }
  return {
    receiveOrder,
    wake: (reason) => {
      if (reason === 'postback') engine.reconcileSoon();
      running.wake();
    },
    async stop() {
      await running.stop();
      feed.close?.();
    },
  };
}
