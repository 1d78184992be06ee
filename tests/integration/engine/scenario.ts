/** The engine scenario tests' world: one test app per file, the seeded feed and paper broker, factories for algos, subscribers and signals. */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { algoSubscriptions, orderLegs, signals, tradeEntries, tradeExits, trades, warnings } from '@server/db/schema';
import { PaperBroker } from '@server/engine/paper-broker';
import { Engine, type EngineOptions } from '@server/engine/engine';
import { SimulatedFeed } from '@server/engine/feed/simulated-feed';
import type { SizingSubscription } from '@server/trading/sizing';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createSignal } from '../../factories/signals';
import { createSubscription } from '../../factories/subscriptions';
import { WORKED_EXAMPLE_SIGNAL, WORKED_EXAMPLE_SUBSCRIPTION } from '../../factories/worked-example';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { ScriptedFeed } from './scripted-feed';

/** Registers the file's test app hooks and answers the helpers over it; `t` is filled in before the first test. */
export function engineScenario() {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp());
  });
  afterAll(() => t.close());

  const SEED = 20260105;
  const T0 = Date.parse('2026-01-05T04:00:00Z'); // 09:30 IST
  const at = (tick: number) => new Date(T0 + tick * 3_000);

  /** The seeded random walk, the paper broker and an engine over them (the market open around the clock unless a calendar is given). */
  function newEngine(options: Omit<EngineOptions, 'feed' | 'paper'> = {}) {
    const feed = new SimulatedFeed({ seed: SEED });
    const paper = new PaperBroker({ prices: feed, now: () => new Date(T0) });
    return { feed, paper, engine: new Engine(t.deps, { feed, paper, ...options }) };
  }

  /** Prices the test sets (ScriptedFeed), a paper broker (or a subclass of it) and an engine over them. */
  function scriptedEngine(options: Omit<EngineOptions, 'feed' | 'paper'> & { broker?: typeof PaperBroker } = {}) {
    const feed = new ScriptedFeed();
    const paper = new (options.broker ?? PaperBroker)({ prices: feed, now: () => feed.lastTick });
    return { feed, paper, engine: new Engine(t.deps, { feed, paper, ...options }) };
  }

  async function subscriber(
    algoId: number,
    settings: Partial<SizingSubscription> & Pick<Partial<typeof algoSubscriptions.$inferInsert>, 'subscription_status'>,
    key: string | null = 'key',
  ) {
    const member = await createMember(t.deps);
    const account = await createAccount(t.deps, member.trabot_client_id, {
      broker_client_id: `PC${member.trabot_client_id}`,
      ...(key === null ? {} : { broker_access_key: key }),
    });
    await createSubscription(t.deps, algoId, account.trabot_account_id, {
      ...WORKED_EXAMPLE_SUBSCRIPTION,
      ...settings,
    });
    return account.trabot_account_id;
  }

  const newAlgo = async (on = true) =>
    (await createAlgo(t.deps, { algo_desc: 'Swing momentum', algo_switch: on })).algo_id;

  /** The worked example's signal on INFY, approved for the engine. */
  const newSignal = (algoId: number, overrides: Partial<typeof signals.$inferInsert> = {}) =>
    createSignal(t.deps, algoId, {
      instrument_symbol: 'INFY',
      ...WORKED_EXAMPLE_SIGNAL,
      risk_reward: 2.5,
      trade_gen_ts: null,
      trade_status: 'approved',
      ...overrides,
    });

  const tradesOf = (signalId: number) =>
    t.deps.db.select().from(trades).where(eq(trades.signal_id, signalId)).orderBy(asc(trades.trabot_account_id));
  const signalRow = async (signalId: number) =>
    (await t.deps.db.select().from(signals).where(eq(signals.signal_id, signalId)))[0]!;
  const entriesOf = (tradeId: number) =>
    t.deps.db.select().from(tradeEntries).where(eq(tradeEntries.trabot_trade_id, tradeId));
  const exitsOf = (tradeId: number) =>
    t.deps.db.select().from(tradeExits).where(eq(tradeExits.trabot_trade_id, tradeId));
  const legsOfTrade = (tradeId: number) =>
    t.deps.db.select().from(orderLegs).where(eq(orderLegs.trabot_trade_id, tradeId)).orderBy(asc(orderLegs.id));
  const warningsAbout = async (signalId: number) =>
    (await t.deps.db.select().from(warnings).orderBy(asc(warnings.warning_id))).filter(
      (w) => JSON.parse(w.warning_data ?? '{}').signal_id === signalId,
    );
  const round2 = (n: number) => Math.round(n * 100) / 100;

  return {
    t,
    SEED,
    T0,
    at,
    newEngine,
    scriptedEngine,
    subscriber,
    newAlgo,
    newSignal,
    tradesOf,
    signalRow,
    entriesOf,
    exitsOf,
    legsOfTrade,
    warningsAbout,
    round2,
  };
}
