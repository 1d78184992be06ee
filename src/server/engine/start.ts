/** The engine as the server process runs it: simulated feed, paper broker, leader lock, tick loop. */
import type { AppDeps } from '../context';
import type { Database } from '../db/client';
import { PaperBroker } from './broker/paper-broker';
import { Engine } from './engine';
import { SimulatedFeed } from './feed/simulated-feed';
import { postgresLeaderLock, sessionLeaderLock } from './leader-lock';
import { runEngine, type RunningEngine } from './runner';

export function startEngine(deps: Pick<AppDeps, 'db' | 'log' | 'secrets' | 'env'>, database: Pick<Database, 'kind'>): RunningEngine {
  const feed = new SimulatedFeed({ seed: Date.now() });
  const paper = new PaperBroker({ prices: feed });
  const lock =
    database.kind === 'postgres' && deps.env.DATABASE_URL ? postgresLeaderLock(deps.env.DATABASE_URL) : sessionLeaderLock(deps.db);
  return runEngine({ engine: new Engine(deps, { feed, paper }), lock, log: deps.log });
}
