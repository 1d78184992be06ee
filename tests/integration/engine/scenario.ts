/** The engine scenario tests' world: one test app per file, the seeded feed and paper broker, factories for algos, subscribers and signals. */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { algoSubscriptions, algos, signals, tradeEntries, tradeExits, trades, warnings } from '../../../src/server/db/schema';
import { PaperBroker } from '../../../src/server/engine/broker/paper-broker';
import { Engine } from '../../../src/server/engine/engine';
import { SimulatedFeed } from '../../../src/server/engine/feed/simulated-feed';
import { createAccount, createMember } from '../../factories/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

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

  function newEngine() {
    const feed = new SimulatedFeed({ seed: SEED });
    const paper = new PaperBroker({ prices: feed, now: () => new Date(T0) });
    return { feed, paper, engine: new Engine(t.deps, { feed, paper }) };
  }

  const WORKED_EXAMPLE = {
    max_total_capital: 500_000,
    risk_percent_pertrade: 1,
    max_percent_allocation_pertrade: 20,
    min_percent_allocation_pertrade: 2,
    min_required_risk_reward: 1.5,
    max_acceptable_loss: 6_000,
  };

  async function subscriber(algoId: number, settings: Partial<typeof WORKED_EXAMPLE> & { subscription_status?: string }, key: string | null = 'key') {
    const member = await createMember(t.deps);
    const account = await createAccount(t.deps, member.trabot_client_id, {
      broker_client_id: `PC${member.trabot_client_id}`,
      ...(key === null ? {} : { broker_access_key: key }),
    });
    await t.deps.db.insert(algoSubscriptions).values({ algo_id: algoId, trabot_account_id: account.trabot_account_id, ...WORKED_EXAMPLE, ...settings });
    return account.trabot_account_id;
  }

  async function newAlgo(on = true) {
    const [algo] = await t.deps.db.insert(algos).values({ algo_desc: 'Swing momentum', algo_switch: on }).returning();
    return algo!.algo_id;
  }

  async function newSignal(algoId: number, overrides: Partial<typeof signals.$inferInsert> = {}) {
    const [signal] = await t.deps.db
      .insert(signals)
      .values({
        algo_id: algoId,
        instrument_symbol: 'INFY',
        instrument_type: 'EQ',
        trade_type: 'swing',
        trade_direction: 'long',
        entry_level: 250,
        stop_loss_level: 245,
        target_level: 262.5,
        portion_in_trade: 50,
        risk_reward: 2.5,
        trade_status: 'approved',
        algo_process_ind: true,
        ...overrides,
      })
      .returning();
    return signal!;
  }

  const tradesOf = (signalId: number) =>
    t.deps.db.select().from(trades).where(eq(trades.signal_id, signalId)).orderBy(asc(trades.trabot_account_id));
  const signalRow = async (signalId: number) => (await t.deps.db.select().from(signals).where(eq(signals.signal_id, signalId)))[0]!;
  const entriesOf = (tradeId: number) => t.deps.db.select().from(tradeEntries).where(eq(tradeEntries.trabot_trade_id, tradeId));
  const exitsOf = (tradeId: number) => t.deps.db.select().from(tradeExits).where(eq(tradeExits.trabot_trade_id, tradeId));
  const warningsAbout = async (signalId: number) =>
    (await t.deps.db.select().from(warnings).orderBy(asc(warnings.warning_id))).filter((w) => JSON.parse(w.warning_data ?? '{}').signal_id === signalId);
  const round2 = (n: number) => Math.round(n * 100) / 100;

  return { t, SEED, T0, at, newEngine, WORKED_EXAMPLE, subscriber, newAlgo, newSignal, tradesOf, signalRow, entriesOf, exitsOf, warningsAbout, round2 };
}
