/**
 * Fan-out to a live broker under its rate limits (issue 12; `npm run bench -- --live`): the engine
 * in-process on the embedded database with LIVE_TRADING on, 100 subscribed Zerodha accounts trading
 * live at the local Kite server (tests/support/fake-kite.ts), each connected for the day (its
 * session in Tokens, as the daily login leaves it), the server enforcing Kite's published limit
 * of 10 requests a second per API key (answering 429 beyond it). Measured: the time from the first
 * tick to every account's trade running, the requests it took, the most requests in any one second,
 * and the 429s (the budget: none, and never more than 10 in a second).
 */
import os from 'node:os';
import { and, count, eq } from 'drizzle-orm';
import pino from 'pino';
import { createSecretBox } from '../src/server/crypto';
import { accounts, algos, signals, trades } from '../src/server/db/schema';
import { PaperBroker } from '../src/server/engine/broker/paper-broker';
import { KITE_REQUESTS_PER_SECOND, kiteSessionExpiry } from '../src/server/engine/broker/zerodha/zerodha-adapter';
import { Engine } from '../src/server/engine/engine';
import { parseEnv } from '../src/server/env';
import { setTokens } from '../src/server/services/tokens';
import { createManySubscribers } from '../tests/factories/many-subscribers';
import { ScriptedFeed } from '../tests/integration/engine/scripted-feed';
import { startFakeKite } from '../tests/support/fake-kite';
import { openBenchDatabase } from './engine';
import { table } from './report';

export const LIVE_ACCOUNTS = 100;
const TIMEOUT_MS = 120_000;
/** 09:30 IST on a Monday. */
const DAY_START = Date.parse('2026-01-05T04:00:00Z');

export interface LiveBrokerFigures {
  accounts: number;
  fanOutS: number;
  requests: number;
  requestsPerAccount: number;
  maxPerSecond: number;
  rateLimited: number;
  pass: boolean;
}

/** The most requests in any window of one second. */
function busiestSecond(times: readonly number[]): number {
  let most = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= 1000) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

export async function benchLiveBroker(): Promise<LiveBrokerFigures> {
  const kite = await startFakeKite();
  kite.setLtp('INFY', 1500);
  kite.limitRate(KITE_REQUESTS_PER_SECOND);
  const { database, drop } = await openBenchDatabase('pglite', 0, undefined);
  try {
    await database.migrate();
    const { db } = database;
    const env = parseEnv({ NODE_ENV: 'production', DATA_DIR: os.tmpdir(), LOG_LEVEL: 'info', LIVE_TRADING: '1', KITE_API_KEY: kite.apiKey, KITE_API_SECRET: kite.apiSecret, KITE_API_ROOT: kite.root });
    const secrets = createSecretBox(Buffer.alloc(32, 9));
    const log = pino({ level: 'info', base: undefined }, pino.destination({ dest: os.devNull, sync: true }));
    const [algo] = await db.insert(algos).values({ algo_desc: 'Live bench', algo_switch: true }).returning();
    const accessToken = kite.newAccessToken();
    await createManySubscribers(db, algo!.algo_id, LIVE_ACCOUNTS, secrets.encrypt(accessToken), 'Livebench');
    const live = await db.update(accounts).set({ trading_mode: 'live' }).returning({ id: accounts.trabot_account_id });
    // As after each member's daily login: the session of the day is in Tokens until 06:00 IST.
    const expiresAt = kiteSessionExpiry(new Date(DAY_START));
    await setTokens({ db, secrets }, live.map(({ id }) => ({ name: 'zerodha.session_token', accountId: id, value: accessToken, expiresAt })));
    const [signal] = await db
      .insert(signals)
      .values({ algo_id: algo!.algo_id, instrument_symbol: 'INFY', instrument_type: 'EQ', trade_type: 'swing', trade_direction: 'long', entry_level: 1500, stop_loss_level: 1400, target_level: 1800, trade_status: 'approved', algo_process_ind: true })
      .returning();
    const feed = new ScriptedFeed();
    const engine = new Engine({ db, env, log, secrets }, { feed, paper: new PaperBroker({ prices: feed, now: () => feed.lastTick }) });

    const running = async () =>
      (await db.select({ n: count() }).from(trades).where(and(eq(trades.signal_id, signal!.signal_id), eq(trades.trade_status, 'running'))))[0]!.n;
    const first = kite.requests.length;
    const started = performance.now();
    for (let tick = 0; (await running()) < LIVE_ACCOUNTS; tick++) {
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`live fan-out: ${await running()} of ${LIVE_ACCOUNTS} trades running after ${TIMEOUT_MS} ms`);
      await engine.tick(new Date(DAY_START + tick * 3_000));
    }
    const fanOutS = (performance.now() - started) / 1000;
    const sent = kite.requests.slice(first);
    const maxPerSecond = busiestSecond(sent.map((r) => r.at));
    return {
      accounts: LIVE_ACCOUNTS,
      fanOutS: Number(fanOutS.toFixed(1)),
      requests: sent.length,
      requestsPerAccount: Number((sent.length / LIVE_ACCOUNTS).toFixed(1)),
      maxPerSecond,
      rateLimited: kite.rateLimited,
      pass: kite.rateLimited === 0 && maxPerSecond <= KITE_REQUESTS_PER_SECOND,
    };
  } finally {
    await database.close();
    await drop();
    await kite.close();
  }
}

export function liveBrokerTable(f: LiveBrokerFigures): string {
  return table([
    ['Live fan-out (Zerodha, local Kite)', 'accounts', 'fan-out', 'requests', 'per account', 'most in 1 s', '429s', `budget (no 429, <= ${KITE_REQUESTS_PER_SECOND}/s)`],
    ['pglite', String(f.accounts), `${f.fanOutS} s`, String(f.requests), String(f.requestsPerAccount), String(f.maxPerSecond), String(f.rateLimited), f.pass ? 'PASS' : 'FAIL'],
  ]);
}
