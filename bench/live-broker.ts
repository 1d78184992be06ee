/**
 * Fan-out to a live broker under its rate limits (`npm run bench -- --live`): for each
 * broker with an adapter, the engine in-process on the embedded database with LIVE_TRADING on, 100
 * subscribed accounts trading live at the broker's local server (tests/support/fake-*.ts), each a
 * user of its own connected for the day (its session in Tokens, as the daily login leaves it), the
 * server enforcing the broker's published limit per second (answering 429 beyond it): Kite's 10 per
 * API key, Fyers's 10 and Upstox's 50 per user, Angel One's and Dhan's per user and API. Measured: the time from the first tick to every
 * account's trade running, the requests it took, the most requests in any one second (per key or
 * per user, as the broker counts) and the 429s (the budget: none, and never over the limit).
 */
import os from 'node:os';
import { and, count, eq } from 'drizzle-orm';
import pino from 'pino';
import { createSecretBox } from '@server/security/crypto';
import { accounts, algos, signals, trades } from '@server/db/schema';
import { PaperBroker } from '@server/engine/paper-broker';
import { ANGELONE_LIMITS, angelSessionExpiry } from '@server/brokers/angelone/angelone-adapter';
import { DHAN_LIMITS } from '@server/brokers/dhan/dhan-adapter';
import { FYERS_LIMITS } from '@server/brokers/fyers/fyers-adapter';
import { nextSixAmIst } from '@server/brokers/session-expiry';
import { UPSTOX_LIMITS, upstoxSessionExpiry } from '@server/brokers/upstox/upstox-adapter';
import { KITE_REQUESTS_PER_SECOND } from '@server/brokers/zerodha/zerodha-adapter';
import { Engine } from '@server/engine/engine';
import { parseEnv } from '@server/config/env';
import { setTokens } from '@server/records/tokens';
import { createManySubscribers } from '../tests/factories/many-subscribers';
import { ScriptedFeed } from '../tests/integration/engine/scripted-feed';
import { startFakeKite } from '../tests/support/fake-kite';
import { REST_BROKER_WORLDS } from '../tests/support/rest-broker-worlds';
import { openBenchDatabase } from './engine';
import { table } from './report';

export const LIVE_ACCOUNTS = 100;
const TIMEOUT_MS = 120_000;
/** 09:30 IST on a Monday. */
const DAY_START = Date.parse('2026-01-05T04:00:00Z');

/** What the bench needs of a local broker server. */
interface LocalBroker {
  requests: { headers: Record<string, string | string[] | undefined>; at: number }[];
  readonly rateLimited: number;
  limitRate(perSecond: number): void;
  setLtp(symbol: string, price: number): void;
  newAccessToken(user?: string): string;
  close(): Promise<void>;
}

interface LiveBench {
  broker: string;
  label: string;
  start(): Promise<{ fake: LocalBroker; env: Record<string, string> }>;
  perSecond: number;
  /** The limit counts each user's requests (else all of the app's). */
  perUser: boolean;
  sessionEnd(now: Date): Date;
}

const restWorld = (broker: string) => REST_BROKER_WORLDS.find((w) => w.broker === broker)!;
const REDIRECT = (broker: string) => `http://localhost:3000/api/brokers/${broker}/callback`;

export const LIVE_BENCHES: LiveBench[] = [
  {
    broker: 'zerodha',
    label: 'Zerodha, local Kite',
    async start() {
      const fake = await startFakeKite();
      return { fake, env: { KITE_API_KEY: fake.apiKey, KITE_API_SECRET: fake.apiSecret, KITE_API_ROOT: fake.root } };
    },
    perSecond: KITE_REQUESTS_PER_SECOND,
    perUser: false,
    sessionEnd: nextSixAmIst,
  },
  {
    broker: 'fyers',
    label: 'Fyers, local Fyers',
    start: () => restWorld('fyers').start(REDIRECT('fyers')),
    perSecond: FYERS_LIMITS[0].limit,
    perUser: true,
    sessionEnd: nextSixAmIst,
  },
  {
    broker: 'upstock',
    label: 'Upstox, local Upstox',
    start: () => restWorld('upstock').start(REDIRECT('upstock')),
    perSecond: UPSTOX_LIMITS[0].limit,
    perUser: true,
    sessionEnd: upstoxSessionExpiry,
  },
  // Angel limits each API; an entry's slowest is the order's details (10 a second).
  {
    broker: 'dhan',
    label: 'Dhan, local Dhan',
    start: () => restWorld('dhan').start(REDIRECT('dhan')),
    perSecond: DHAN_LIMITS.other,
    perUser: true,
    sessionEnd: (now) => new Date(now.getTime() + 86_400_000),
  },
  {
    broker: 'angelone',
    label: 'Angel One, local SmartAPI',
    start: () => restWorld('angelone').start(REDIRECT('angelone')),
    perSecond: ANGELONE_LIMITS.details!,
    perUser: true,
    sessionEnd: angelSessionExpiry,
  },
];

export interface LiveBrokerFigures {
  broker: string;
  label: string;
  perSecond: number;
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

/** The most requests in any one second, counted as the broker counts them. */
function mostInASecond(sent: LocalBroker['requests'], perUser: boolean): number {
  if (!perUser) return busiestSecond(sent.map((r) => r.at));
  // Whose request: Dhan sends the session as `access-token`, the others as Authorization.
  const userOf = (r: LocalBroker['requests'][number]) =>
    String(r.headers['access-token'] ?? r.headers.authorization ?? '');
  const byUser = new Map<string, number[]>();
  for (const r of sent) byUser.set(userOf(r), [...(byUser.get(userOf(r)) ?? []), r.at]);
  return Math.max(0, ...[...byUser.values()].map(busiestSecond));
}

export async function benchLiveBroker(bench: LiveBench): Promise<LiveBrokerFigures> {
  const { fake, env: brokerEnv } = await bench.start();
  fake.setLtp('INFY', 1500);
  fake.limitRate(bench.perSecond);
  const { database, drop } = await openBenchDatabase('pglite', 0, undefined);
  try {
    await database.migrate();
    const { db } = database;
    const env = parseEnv({
      NODE_ENV: 'production',
      DATA_DIR: os.tmpdir(),
      LOG_LEVEL: 'info',
      LIVE_TRADING: '1',
      ...brokerEnv,
    });
    const secrets = createSecretBox(Buffer.alloc(32, 9));
    const log = pino({ level: 'info', base: undefined }, pino.destination({ dest: os.devNull, sync: true }));
    const [algo] = await db
      .insert(algos)
      .values({ algo_desc: 'Live bench', algo_switch: true, exchange_algo_id: 'BENCHALGO1' })
      .returning();
    await createManySubscribers(db, algo!.algo_id, LIVE_ACCOUNTS, secrets.encrypt('replaced below'), 'Livebench');
    // As after each member's daily login: a session of the day of their own, in the account and in Tokens.
    const expiresAt = bench.sessionEnd(new Date(DAY_START));
    const live = await db
      .update(accounts)
      .set({ trading_mode: 'live', broker_name: bench.broker })
      .returning({ id: accounts.trabot_account_id });
    const sessions = live.map(({ id }) => ({ id, token: fake.newAccessToken(`LB${id}`) }));
    for (const { id, token } of sessions) {
      await db
        .update(accounts)
        .set({ broker_access_key_enc: secrets.encrypt(token), broker_client_id: `LB${id}` })
        .where(eq(accounts.trabot_account_id, id));
    }
    await setTokens(
      { db, secrets },
      sessions.map(({ id, token }) => ({
        name: `${bench.broker}.session_token`,
        accountId: id,
        value: token,
        expiresAt,
      })),
    );
    const [signal] = await db
      .insert(signals)
      .values({
        algo_id: algo!.algo_id,
        instrument_symbol: 'INFY',
        instrument_type: 'EQ',
        trade_type: 'swing',
        trade_direction: 'long',
        entry_level: 1500,
        stop_loss_level: 1400,
        target_level: 1800,
        trade_status: 'approved',
        algo_process_ind: true,
      })
      .returning();
    const feed = new ScriptedFeed();
    const engine = new Engine(
      { db, env, log, secrets },
      { feed, paper: new PaperBroker({ prices: feed, now: () => feed.lastTick }) },
    );

    const running = async () =>
      (
        await db
          .select({ n: count() })
          .from(trades)
          .where(and(eq(trades.signal_id, signal!.signal_id), eq(trades.trade_status, 'running')))
      )[0]!.n;
    const first = fake.requests.length;
    const started = performance.now();
    for (let tick = 0; (await running()) < LIVE_ACCOUNTS; tick++) {
      if (performance.now() - started > TIMEOUT_MS)
        throw new Error(`live fan-out: ${await running()} of ${LIVE_ACCOUNTS} trades running after ${TIMEOUT_MS} ms`);
      await engine.tick(new Date(DAY_START + tick * 3_000));
    }
    const fanOutS = (performance.now() - started) / 1000;
    const sent = fake.requests.slice(first);
    const maxPerSecond = mostInASecond(sent, bench.perUser);
    return {
      broker: bench.broker,
      label: bench.label,
      perSecond: bench.perSecond,
      accounts: LIVE_ACCOUNTS,
      fanOutS: Number(fanOutS.toFixed(1)),
      requests: sent.length,
      requestsPerAccount: Number((sent.length / LIVE_ACCOUNTS).toFixed(1)),
      maxPerSecond,
      rateLimited: fake.rateLimited,
      pass: fake.rateLimited === 0 && maxPerSecond <= bench.perSecond,
    };
  } finally {
    await database.close();
    await drop();
    await fake.close();
  }
}

/** Each broker in turn (their local servers and databases never overlap). */
export async function benchLiveBrokers(): Promise<LiveBrokerFigures[]> {
  const figures: LiveBrokerFigures[] = [];
  for (const bench of LIVE_BENCHES) figures.push(await benchLiveBroker(bench));
  return figures;
}

export function liveBrokerTable(all: readonly LiveBrokerFigures[]): string {
  return table([
    [
      'Live fan-out (pglite)',
      'accounts',
      'fan-out',
      'requests',
      'per account',
      'most in 1 s',
      '429s',
      'budget (no 429, within the limit)',
    ],
    ...all.map((f) => [
      f.label,
      String(f.accounts),
      `${f.fanOutS} s`,
      String(f.requests),
      String(f.requestsPerAccount),
      `${f.maxPerSecond} (limit ${f.perSecond})`,
      String(f.rateLimited),
      f.pass ? 'PASS' : 'FAIL',
    ]),
  ]);
}
