/**
 * The live broker tests' world: a member with one live account at `broker`, subscribed to an algo
 * with an exchange Algo ID, and an approved INFY signal at 250 (stop 245, target 262.5); an engine
 * on a scripted feed to tick it.
 */
import { PaperBroker } from '@server/engine/paper-broker';
import { Engine } from '@server/engine/engine';
import { createAccount, createMember } from '../../factories/accounts';
import { createAlgo } from '../../factories/algos';
import { createApprovedSignal } from '../../factories/signals';
import { createSubscription } from '../../factories/subscriptions';
import type { TestApp } from '../helpers/test-app';
import { ScriptedFeed } from './scripted-feed';

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
