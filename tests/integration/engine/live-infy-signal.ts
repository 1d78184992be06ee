/**
 * The live broker tests' world: a member with one live account at `broker`, subscribed to an algo
 * with an exchange Algo ID, and an approved INFY signal at 250 (stop 245, target 262.5); an engine
 * on a scripted feed to tick it; and the brokers it runs at.
 */
import { PaperBroker } from '@server/engine/paper-broker';
import { Engine } from '@server/engine/engine';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createApprovedSignal } from '../../factories/signals';
import { createSubscription } from '../../factories/subscriptions';
import { liveKiteEnv, startFakeKite, type FakeKite } from '../../support/fake-kite';
import { REST_BROKER_WORLDS, type RestFake } from '../../support/rest-broker-worlds';
import type { TestApp } from '../helpers/test-app';
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

export async function liveInfySignal(
  t: TestApp,
  account: { broker: string; clientId: string; accessKey: string; exchangeAlgoId: string },
) {
  const member = await createMember(t.deps);
  const live = await createAccount(t.deps, member.trabot_client_id, {
    broker_name: account.broker,
    broker_client_id: account.clientId,
    trading_mode: 'live',
    broker_access_key: account.accessKey,
  });
  const algo = await createAlgo(t.deps, { algo_switch: true, exchange_algo_id: account.exchangeAlgoId });
  await createSubscription(t.deps, algo.algo_id, live.trabot_account_id);
  const signal = await createApprovedSignal(t.deps, algo.algo_id);
  const feed = new ScriptedFeed();
  const engine = new Engine(t.deps, { feed, paper: new PaperBroker({ prices: feed, now: () => feed.lastTick }) });
  return { account: live, signal, feed, engine };
}
