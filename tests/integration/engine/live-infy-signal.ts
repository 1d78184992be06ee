/**
 * The live broker tests' world: a member with one live account at `broker`, subscribed to an algo
 * with an exchange Algo ID, and an approved INFY signal at 250 (stop 245, target 262.5); an engine
 * on a scripted feed to tick it; and the brokers it runs at.
 */
import type { Notifier } from '@server/context';
import type { MarketCalendar } from '@server/engine/market-hours';
import { PaperBroker } from '@server/engine/paper-broker';
import { Engine } from '@server/engine/engine';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createApprovedSignal } from '../../factories/signals';
import { createSubscription } from '../../factories/subscriptions';
import { liveKiteEnv, startFakeKite, type FakeKite } from '../../support/fake-kite';
import { REST_BROKER_WORLDS, startRestBrokers, type RestFake } from '../../support/rest-broker-worlds';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { ScriptedFeed } from './scripted-feed';

export type LiveFake = RestFake | FakeKite;

/** Every broker with an adapter, each a local server (Kite registering the test's source address): its fake and the app's settings for it. */
export const LIVE_BROKER_WORLDS: {
  broker: string;
  label: string;
  start(): Promise<{ fake: LiveFake; env: Record<string, string> }>;
}[] = [
  {
    broker: 'zerodha',
    label: 'Zerodha',
    async start() {
      const fake = await startFakeKite();
      fake.registerAddresses(['127.0.0.2']);
      return { fake, env: liveKiteEnv(fake) };
    },
  },
  ...REST_BROKER_WORLDS.map((rest) => ({
    broker: rest.broker,
    label: rest.label,
    async start() {
      const started = await rest.start(`http://localhost:3000/api/brokers/${rest.broker}/callback`);
      return { fake: started.fake as LiveFake, env: { LIVE_TRADING: '1', ...started.env } };
    },
  })),
];

/** An app on every REST broker's local server at once (startRestBrokers, knowing `symbols`); close() closes them all. */
/** A test app whose live Zerodha accounts trade at a local Kite, orders leaving from the registered 127.0.0.2. */
export async function appOnFakeKite() {
  const kite = await startFakeKite();
  kite.registerAddresses(['127.0.0.2']);
  const t = await createTestApp({ env: liveKiteEnv(kite) });
  return {
    t,
    kite,
    async close() {
      await t.close();
      await kite.close();
    },
  };
}

export async function appOnRestBrokers(symbols: readonly string[]) {
  const { fakes, env } = await startRestBrokers(symbols);
  const t = await createTestApp({ env });
  return {
    t,
    fakes,
    async close() {
      await t.close();
      for (const fake of fakes.values()) await fake.close();
    },
  };
}

/** A live account at `broker` (subscribed to a switched-on algo with an exchange Algo ID) with an approved signal on `symbol` at 250 (stop 245, target 262.5). */
export async function liveSignal(
  t: TestApp,
  account: { broker: string; clientId: string; accessKey: string; exchangeAlgoId?: string; symbol?: string },
) {
  const member = await createMember(t.deps);
  const live = await createAccount(t.deps, member.trabot_client_id, {
    broker_name: account.broker,
    broker_client_id: account.clientId,
    trading_mode: 'live',
    broker_access_key: account.accessKey,
  });
  const algo = await createAlgo(t.deps, { algo_switch: true, exchange_algo_id: account.exchangeAlgoId ?? 'NSEALGO7' });
  await createSubscription(t.deps, algo.algo_id, live.trabot_account_id);
  const signal = await createApprovedSignal(t.deps, algo.algo_id, account.symbol);
  return { account: live, signal };
}

/** An engine of the test app on `feed` (its paper broker priced by it), with `notifier` and `calendar` when given. */
export const scriptedEngine = (
  t: TestApp,
  feed = new ScriptedFeed(),
  options: { notifier?: Notifier; calendar?: MarketCalendar } = {},
) =>
  new Engine(
    { ...t.deps, ...(options.notifier ? { notifier: options.notifier } : {}) },
    {
      feed,
      paper: new PaperBroker({ prices: feed, now: () => feed.lastTick }),
      ...(options.calendar ? { calendar: options.calendar } : {}),
    },
  );

export async function liveInfySignal(
  t: TestApp,
  account: { broker: string; clientId: string; accessKey: string; exchangeAlgoId: string },
) {
  const { account: live, signal } = await liveSignal(t, account);
  const feed = new ScriptedFeed();
  return { account: live, signal, feed, engine: scriptedEngine(t, feed) };
}
