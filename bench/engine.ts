/**
 * The engine at market speed (npm run bench, "engine" section). For each database and each number of
 * subscribed accounts (10, 100, 1,000, 5,000) one process is assembled as `npm start` assembles it:
 * the database, the API on a loopback port and the engine with its runner, the market open around
 * the clock and the paper broker. Measured:
 * - fan-out: from the approve request (POST /api/signals/{id}/update) to the engine's "signal fanned
 *   out" with every account's trade running; the SQL statements it took (counted at the driver);
 * - tick: with those trades running, ten ticks (prices, mark-to-market, excursions, level checks):
 *   their duration and statements;
 * - exits: the price gaps through every trade's stop resting at the paper broker; the delay from the
 *   tick's prices to the last exit booked (plus, at worst, one tick interval before the price is sampled);
 * - the API meanwhile: GET /api/check-session from another process (autocannon, 10 connections), its
 *   p99 during the fan-out and during the ticks;
 * - the API as one member sees it: a second signal fanned out to the same accounts and ten more ticks
 *   with those trades running, while another process calls GET /api/check-session one request at a
 *   time (the next when the previous answered) and nothing else loads the server: p50, p99 and max
 *   of those calls. A stall of the server's thread (a long statement, a transaction holding the
 *   embedded database) shows here whole, where the 10 connections above spread it over many calls.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, type ChildProcess } from 'node:child_process';
import { serve } from '@hono/node-server';
import { and, count, eq } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from '@server/app';
import { createSession, sessionCookieName } from '@server/auth/sessions';
import { createSecretBox } from '@server/security/crypto';
import { openPglite, openPostgres, type Database } from '@server/db/client';
import { algos, signals, trades, users } from '@server/db/schema';
import { PaperBroker } from '@server/engine/paper-broker';
import { Engine } from '@server/engine/engine';
import { SimulatedFeed } from '@server/engine/feed/simulated-feed';
import { postgresLeaderLock, sessionLeaderLock } from '@server/engine/leader-lock';
import { alwaysOpenCalendar } from '@server/engine/market-hours';
import { engineSettings } from '@server/engine/start';
import { ENGINE_TICK_MS, runEngine } from '@server/engine/runner';
import { parseEnv } from '@server/config/env';
import { REDACT_PATHS } from '@server/lib/logger';
import { createManySubscribers } from '../tests/factories/many-subscribers';
import { freePort } from '../tests/support/real-server';
import { ROOT } from '../tests/support/child-processes';

export const ENGINE_SIZES = [10, 100, 1000, 5000];
export const ENGINE_BUDGET = {
  pglite: { fanOutS: 3, tickMs: 300, apiP99Ms: 100 },
  postgres: { fanOutS: 1, tickMs: 100, apiP99Ms: 100 },
} as const;
const TICKS = 10;
const LOAD_CONNECTIONS = 10;

/** Latencies of the one-request-at-a-time probe over one phase (ms, rounded to 0.1). */
export interface ProbeFigures {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
}

export interface EngineFigures {
  database: 'pglite' | 'postgres';
  accounts: number;
  fanOutS: number;
  fanOutStatements: number;
  tickMedianMs: number;
  tickMaxMs: number;
  tickStatements: number;
  exitDelayMs: number;
  apiP99FanOutMs: number;
  apiP99TicksMs: number;
  apiRequests: number;
  /** check-session one request at a time during the second signal's fan-out, and during ten ticks after it. */
  probeFanOut: ProbeFigures;
  probeTicks: ProbeFigures;
  /** The second signal's fan-out, measured with only the probe running. */
  probeFanOutS: number;
}

/** Load generators still running: stopped in any case when a run ends. */
const loads = new Set<ChildProcess>();

/** check-session under load from another process (autocannon, 10 connections) until stopped. */
function startLoad(url: string, cookie: string) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `
      const autocannon = require('autocannon');
      const instance = autocannon({ url: process.argv[1], connections: Number(process.argv[2]), duration: 600, headers: { cookie: process.argv[3] } });
      instance.on('done', (r) => process.send({ p99: r.latency.p99, requests: r.requests.total, errors: r.errors + r.non2xx }, () => process.exit(0)));
      process.on('message', () => instance.stop());
      `,
      url,
      String(LOAD_CONNECTIONS),
      cookie,
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  loads.add(child);
  const done = new Promise<{ p99: number; requests: number; errors: number }>((resolve, reject) => {
    child.once('message', resolve);
    child.once('error', reject);
  });
  return {
    async stop() {
      child.send('stop');
      const result = await done;
      loads.delete(child);
      if (result.errors) throw new Error(`${result.errors} failed check-session requests under load`);
      return result;
    },
  };
}

/**
 * check-session from another process, one request at a time (the next sent when the previous
 * answered, on a kept-alive connection), until stopped: its latencies' p50, p99 and max.
 */
async function startProbe(url: string, cookie: string) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `
      const [url, cookie] = process.argv.slice(1);
      const latencies = [];
      let stopped = false;
      let errors = 0;
      process.on('message', () => { stopped = true; });
      (async () => {
        let first = true;
        while (!stopped) {
          const t0 = performance.now();
          try {
            const res = await fetch(url, { headers: { cookie } });
            await res.arrayBuffer();
            if (!res.ok) errors++;
          } catch { errors++; }
          if (first) { first = false; process.send({ ready: true }); continue; }
          latencies.push(performance.now() - t0);
        }
        process.send({ latencies, errors }, () => process.exit(0));
      })();
      `,
      url,
      cookie,
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  loads.add(child);
  const messages: { ready?: true; latencies?: number[]; errors?: number }[] = [];
  let notify = () => {};
  child.on('message', (m: { ready?: true; latencies?: number[]; errors?: number }) => {
    messages.push(m);
    notify();
  });
  const next = (test: (m: (typeof messages)[number]) => boolean) =>
    new Promise<(typeof messages)[number]>((resolve, reject) => {
      child.once('error', reject);
      const check = () => {
        const found = messages.find(test);
        if (found) resolve(found);
        else notify = check;
      };
      check();
    });
  await next((m) => m.ready === true);
  return {
    async stop(): Promise<ProbeFigures> {
      child.send('stop');
      const { latencies = [], errors = 0 } = await next((m) => Array.isArray(m.latencies));
      loads.delete(child);
      if (errors) throw new Error(`${errors} failed check-session requests from the probe`);
      return probeFigures(latencies);
    },
  };
}

export function probeFigures(latencies: number[]): ProbeFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { p50Ms: round(at(0.5)), p99Ms: round(at(0.99)), maxMs: round(sorted.at(-1) ?? 0), requests: sorted.length };
}

/** A fresh database for one bench run (a folder for PGlite, a new database on the PostgreSQL server), dropped by `drop`. */
export async function openBenchDatabase(
  kind: 'pglite' | 'postgres',
  n: number,
  postgresUrl: string | undefined,
  onQuery: () => void = () => undefined,
) {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-bench-engine-'));
    const database = await openPglite(path.join(dir, 'pglite'), { onQuery });
    return { database, dataDir: dir, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const { default: pg } = await import('pg');
  const name = `trabot_bench_engine_${n}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { onQuery });
  return {
    database,
    url: url.toString(),
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-bench-engine-')),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: postgresUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/** n members, each with an account (a valid key) subscribed to one algo that is On; an admin and a member session. */
async function seed(database: Database, secrets: ReturnType<typeof createSecretBox>, n: number) {
  const { db } = database;
  const [algo] = await db.insert(algos).values({ algo_desc: 'Bench momentum', algo_switch: true }).returning();
  const key = secrets.encrypt('bench-key');
  await createManySubscribers(db, algo!.algo_id, n, key, 'Bench');
  const [admin] = await db
    .insert(users)
    .values({ name: 'Bench Admin', email: 'bench-admin@example.com', password_hash: 'x', role: 'superadmin' })
    .returning();
  const [member] = await db
    .insert(users)
    .values({ name: 'Bench Member', email: 'bench-member@example.com', password_hash: 'x', role: 'member' })
    .returning();
  return {
    algoId: algo!.algo_id,
    adminCookie: `${sessionCookieName(false)}=${await createSession(db, admin!.id)}`,
    memberCookie: `${sessionCookieName(false)}=${await createSession(db, member!.id)}`,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Marks the engine's own work: only its statements are counted, not the API's under load. */
const engineWork = new AsyncLocalStorage<true>();

export async function benchEngine(
  kind: 'pglite' | 'postgres',
  n: number,
  postgresUrl?: string,
): Promise<EngineFigures> {
  let statements = 0;
  const opened = await openBenchDatabase(kind, n, postgresUrl, () => {
    if (engineWork.getStore()) statements++;
  });
  const { database } = opened;
  await database.migrate();
  const secrets = createSecretBox(Buffer.alloc(32, 7));
  const { algoId, adminCookie, memberCookie } = await seed(database, secrets, n);

  // The engine's log lines, as the server writes them (file written synchronously), and watched here.
  const logFile = path.join(opened.dataDir, 'engine.log');
  const fanned = new Set<number>();
  const fileStream = pino.destination({ dest: logFile, sync: true });
  const log = pino(
    { level: 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: undefined },
    {
      write(line: string) {
        fileStream.write(line);
        if (line.includes('engine: signal fanned out')) fanned.add((JSON.parse(line) as { signalId: number }).signalId);
      },
    },
  );
  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: opened.dataDir,
    LOG_LEVEL: 'info',
    ...(opened.url ? { DATABASE_URL: opened.url } : {}),
    // The server's setting when given (to compare batch sizes), else the engine's default for the database.
    ...(process.env.ENGINE_BATCH_SIZE ? { ENGINE_BATCH_SIZE: process.env.ENGINE_BATCH_SIZE } : {}),
  });
  const deps = { db: database.db, env, log, secrets };
  const feed = new SimulatedFeed({ seed: 20260105, volatility: 0.0005 });
  const paper = new PaperBroker({ prices: feed });
  const lock = kind === 'postgres' ? postgresLeaderLock(opened.url!) : sessionLeaderLock(database.db);
  // The engine and its runner, as the server runs them; started again (a fresh engine) for the probe's phase.
  const startRunner = () => {
    const engine = new Engine(deps, {
      feed,
      paper,
      calendar: alwaysOpenCalendar,
      settings: engineSettings(env, kind),
    });
    const running = runEngine({
      engine: { tick: (now) => engineWork.run(true, () => engine.tick(now)), requestStop: () => engine.requestStop() },
      lock,
      log,
    });
    return { engine, running };
  };
  let current = startRunner();
  const port = await freePort();
  const server = serve({
    fetch: createApp({ ...deps, engine: { wake: () => current.running.wake() } }).fetch,
    port,
    hostname: '127.0.0.1',
  });
  const url = `http://127.0.0.1:${port}`;

  /** A pending signal on `symbol`, once the feed (which follows pending signals) has a fresh price for it. */
  const pendingSignal = async (symbol: string) => {
    const [signal] = await database.db
      .insert(signals)
      .values({
        algo_id: algoId,
        instrument_symbol: symbol,
        instrument_type: 'EQ',
        trade_type: 'swing',
        trade_direction: 'long',
        entry_level: 1500,
        stop_loss_level: 1400,
        target_level: 1800,
        portion_in_trade: 100,
        trade_status: 'pending',
        algo_process_ind: true,
      })
      .returning();
    await new Promise((r) => setTimeout(r, ENGINE_TICK_MS + 500));
    return signal!.signal_id;
  };
  /** Approves the signal and waits for its fan-out: its duration (s) and statements. */
  const fanOutOf = async (signalId: number) => {
    statements = 0;
    const started = performance.now();
    const approved = await fetch(`${url}/api/signals/${signalId}/update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: adminCookie, origin: url },
      body: JSON.stringify({
        trade_gen_ts: '2026-01-05',
        entry_level: 1500,
        stop_loss_level: 1400,
        target_level: 1800,
        trade_status: 'approved',
        process_signal: true,
      }),
    });
    if (approved.status !== 200) throw new Error(`approve answered ${approved.status}: ${await approved.text()}`);
    while (!fanned.has(signalId)) await new Promise((r) => setTimeout(r, 2));
    return { seconds: (performance.now() - started) / 1000, statements };
  };
  const runningTradesOf = async (signalId: number) => {
    const [{ n: running }] = (await database.db
      .select({ n: count() })
      .from(trades)
      .where(and(eq(trades.signal_id, signalId), eq(trades.trade_status, 'running')))) as [{ n: number }];
    return running;
  };
  /** Ten ticks back to back (the runner stopped): their durations and the most statements one took. */
  const ticks = async () => {
    const tickMs: number[] = [];
    let tickStatements = 0;
    for (let i = 1; i <= TICKS; i++) {
      statements = 0;
      const t0 = performance.now();
      await engineWork.run(true, () => current.engine.tick(new Date()));
      tickMs.push(performance.now() - t0);
      tickStatements = Math.max(tickStatements, statements);
    }
    return { tickMs, tickStatements };
  };

  try {
    const signalId = await pendingSignal('INFY');

    // Fan-out, from the approve request on.
    const load = startLoad(`${url}/api/check-session`, memberCookie);
    await new Promise((r) => setTimeout(r, 500));
    const fanOut = await fanOutOf(signalId);
    const fanOutS = fanOut.seconds;
    const fanOutStatements = fanOut.statements;
    const duringFanOut = await load.stop();
    const runningTrades = await runningTradesOf(signalId);
    if (runningTrades !== n) throw new Error(`${runningTrades} of ${n} trades running after the fan-out`);

    // Ticks with n running trades: the runner is stopped and the ticks are driven here, back to back.
    await current.running.stop();
    const tickLoad = startLoad(`${url}/api/check-session`, memberCookie);
    const { tickMs, tickStatements } = await ticks();
    const duringTicks = await tickLoad.stop();
    const { engine } = current;

    // The price gaps through every trade's stop resting at the (paper) broker: from the tick's prices
    // to the last exit booked (the broker's fills reconciled in the same tick).
    const crossed = { ...feed.quote('INFY')!, ltp: 1390 };
    let pricedAt = 0;
    const tick = feed.tick.bind(feed);
    const quote = feed.quote.bind(feed);
    feed.quote = (symbol) => (symbol === 'INFY' ? crossed : quote(symbol));
    feed.tick = (now) => {
      pricedAt = performance.now();
      return tick(now).map((q) => (q.symbol === 'INFY' ? { ...crossed, timestamp: now } : q));
    };
    await engine.tick(new Date());
    const lastExitBooked = performance.now();
    const [{ n: open }] = (await database.db
      .select({ n: count() })
      .from(trades)
      .where(and(eq(trades.signal_id, signalId), eq(trades.trade_status, 'running')))) as [{ n: number }];
    if (open !== 0) throw new Error(`${open} trades still running after their stop-loss was crossed`);

    // The same again, with only the one-request-at-a-time probe: a second signal for every account
    // (the first's trades are closed), then ten ticks with its trades running.
    feed.tick = tick;
    feed.quote = quote;
    current = startRunner();
    const secondId = await pendingSignal('TCS');
    const fanOutProbe = await startProbe(`${url}/api/check-session`, memberCookie);
    const probeFanOutS = (await fanOutOf(secondId)).seconds;
    const probeFanOut = await fanOutProbe.stop();
    const secondRunning = await runningTradesOf(secondId);
    if (secondRunning !== n) throw new Error(`${secondRunning} of ${n} trades running after the second fan-out`);
    await current.running.stop();
    const ticksProbe = await startProbe(`${url}/api/check-session`, memberCookie);
    await ticks();
    const probeTicks = await ticksProbe.stop();

    return {
      database: kind,
      accounts: n,
      fanOutS: Number(fanOutS.toFixed(3)),
      fanOutStatements,
      tickMedianMs: Math.round(median(tickMs)),
      tickMaxMs: Math.round(Math.max(...tickMs)),
      tickStatements,
      exitDelayMs: Math.round(lastExitBooked - pricedAt),
      apiP99FanOutMs: duringFanOut.p99,
      apiP99TicksMs: duringTicks.p99,
      apiRequests: duringFanOut.requests + duringTicks.requests,
      probeFanOut,
      probeTicks,
      probeFanOutS: Number(probeFanOutS.toFixed(3)),
    };
  } finally {
    for (const child of loads) child.kill();
    loads.clear();
    await current.running.stop();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
    await database.close();
    await opened.drop();
    if (opened.url) fs.rmSync(opened.dataDir, { recursive: true, force: true });
  }
}

/** The budgets are set for 1,000 accounts; other sizes are reported for the trend. */
export function engineVerdict(f: EngineFigures): 'PASS' | 'FAIL' | '-' {
  if (f.accounts !== 1000) return '-';
  const budget = ENGINE_BUDGET[f.database];
  const pass =
    f.fanOutS < budget.fanOutS &&
    f.tickMaxMs < budget.tickMs &&
    f.apiP99FanOutMs < budget.apiP99Ms &&
    f.apiP99TicksMs < budget.apiP99Ms &&
    f.probeFanOut.p99Ms < budget.apiP99Ms &&
    f.probeTicks.p99Ms < budget.apiP99Ms &&
    f.probeFanOutS < budget.fanOutS;
  return pass ? 'PASS' : 'FAIL';
}
