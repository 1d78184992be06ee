/**
 * Three server processes on one PostgreSQL (docs/operations.md, "Several processes"):
 * - the engine's leader frozen (SIGSTOP) in the middle of a live fan-out at the local Kite, with
 *   legs `sending`, its lock connection cut (pg_terminate_backend): another process takes over and
 *   finishes; the old leader resumed (SIGCONT) places and books nothing more;
 * - the same with the old leader stalled inside Kite's order calls (answers held back), and with
 *   the leader killed (kill -9), its connections gone with it;
 * - three processes started at once on an empty database all come up and serve one VAPID key.
 * In the end every account has exactly one trade with one entry, and Kite one order per leg.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '@server/db/client';
import { engineLeadership, orderLegs, tradeEntries, trades, users } from '@server/db/schema';
import { ENGINE_LOCK_KEY } from '@server/engine/leader-lock';
import { logFilePath } from '@server/lib/logger';
import { removeTempDirs, tempDir } from '../support/child-processes';
import { startFakeKite, type FakeKite } from '../support/fake-kite';
import type { ServerProcess } from '../support/real-server';
import { approveSignal, logged, seedFanOut, until } from './support/fan-out-world';
import { createPostgresCluster, type PostgresCluster } from './support/postgres-cluster';
import { FAULT_LOGINS, startFaultServer } from './support/server-process';

const ACCOUNTS = 60;
const SECRET_KEY = randomBytes(32).toString('base64');

let cluster: PostgresCluster;
let kite: FakeKite;

beforeAll(async () => {
  cluster = await createPostgresCluster();
}, 60_000);
afterAll(async () => {
  await cluster.destroy();
  removeTempDirs();
});

interface Replica {
  server: ServerProcess;
  dataDir: string;
}

async function startReplicas(url: string, env: Record<string, string>, n = 3): Promise<Replica[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const dataDir = tempDir('trabot-faults-fencing-');
      const server = await startFaultServer({ dataDir, databaseUrl: url, env: { SECRET_KEY, ...env } });
      return { server, dataDir };
    }),
  );
}

/** The replica whose pid engine_leadership names, once one leads. */
async function leaderOf(url: string, replicas: readonly Replica[]): Promise<Replica> {
  const database = await openPostgres(url);
  try {
    for (let i = 0; i < 300; i++) {
      const [row] = await database.db.select().from(engineLeadership);
      const pid = Number(row?.holder?.split(' ').at(-1));
      const leader = replicas.find((r) => r.server.child.pid === pid);
      if (leader) return leader;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no replica leads');
  } finally {
    await database.close();
  }
}

/** Cuts the lock holder's connection, as a network cut or a PostgreSQL failover would. */
async function terminateLockConnection(url: string): Promise<number> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const result = await admin.query<{ t: boolean }>(
      "select pg_terminate_backend(pid) as t from pg_locks where locktype = 'advisory' and objid = $1 and granted",
      [ENGINE_LOCK_KEY],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/** The engine's lines of a replica's log, but the per-trade ones: what it did as leader. */
const engineLog = (dataDir: string) =>
  fs.existsSync(logFilePath(dataDir))
    ? fs
        .readFileSync(logFilePath(dataDir), 'utf8')
        .split('\n')
        .filter((line) => line.includes('engine') && !line.includes('trade created') && !line.includes('order placed'))
        .slice(-40)
        .join('\n')
    : '(no log)';

interface Tally {
  trades: number;
  filledLegs: number;
  unsettledLegs: number;
  entries: number;
  accountsWithOneEntry: number;
}

async function tally(url: string, signalId: number): Promise<Tally> {
  const database = await openPostgres(url);
  try {
    const { db } = database;
    const ofSignal = db.select({ id: trades.trabot_trade_id }).from(trades).where(eq(trades.signal_id, signalId));
    const [t] = await db.select({ n: count() }).from(trades).where(eq(trades.signal_id, signalId));
    const [filled] = await db
      .select({ n: count() })
      .from(orderLegs)
      .where(and(inArray(orderLegs.trabot_trade_id, ofSignal), eq(orderLegs.state, 'filled')));
    const [unsettled] = await db
      .select({ n: count() })
      .from(orderLegs)
      .where(and(inArray(orderLegs.trabot_trade_id, ofSignal), inArray(orderLegs.state, ['new', 'sending', 'open'])));
    const perAccount = await db
      .select({ account: trades.trabot_account_id, n: count(tradeEntries.id) })
      .from(trades)
      .innerJoin(tradeEntries, eq(tradeEntries.trabot_trade_id, trades.trabot_trade_id))
      .where(eq(trades.signal_id, signalId))
      .groupBy(trades.trabot_account_id);
    return {
      trades: t!.n,
      filledLegs: filled!.n,
      unsettledLegs: unsettled!.n,
      entries: perAccount.reduce((sum, r) => sum + r.n, 0),
      accountsWithOneEntry: perAccount.filter((r) => r.n === 1).length,
    };
  } finally {
    await database.close();
  }
}

const ONE_EACH: Tally = {
  trades: ACCOUNTS,
  filledLegs: ACCOUNTS,
  unsettledLegs: 0,
  entries: ACCOUNTS,
  accountsWithOneEntry: ACCOUNTS,
};

/** Kite's orders for this round's tags (TB<trade>L<leg>): one per leg. */
function kiteOrdersSince(before: number) {
  const tags = kite.orders.slice(before).map((o) => o.tag);
  return { total: tags.length, distinct: new Set(tags).size };
}

/** How a round interrupts the leader; `killed`: the process is gone, its connections with it. */
type Interrupt = (leader: Replica) => Promise<{ resume: () => void; killed?: boolean }>;

async function fanOutRound(name: string, interrupt: Interrupt) {
  // A Kite of its own per round: its users, books and held answers start afresh.
  kite = await startFakeKite();
  kite.setLtp('INFY', 1500);
  const url = await cluster.createDatabase(name);
  const { signalId, cookie } = await seedFanOut(tempDir('trabot-faults-fencing-seed-'), {
    accounts: ACCOUNTS,
    label: name.replace(/[^a-z]/gi, ''),
    accessKey: kite.newAccessToken(),
    live: true,
    postgres: { url, secretKey: SECRET_KEY },
  });
  const env = {
    SEED_DEMO: '0',
    LOG_LEVEL: 'info',
    ENGINE_BATCH_SIZE: '20',
    ENGINE_BROKER_CONCURRENCY: '2',
    LIVE_TRADING: '1',
    // Its algo is seeded without an exchange Algo ID: the test is about fencing, not registration.
    ALLOW_UNREGISTERED_ALGOS: '1',
    KITE_API_KEY: kite.apiKey,
    KITE_API_SECRET: kite.apiSecret,
    KITE_API_ROOT: kite.root,
  };
  const replicas = await startReplicas(url, env);
  const ordersBefore = kite.orders.length;
  try {
    const leader = await leaderOf(url, replicas);
    const others = replicas.filter((r) => r !== leader);
    // Kite answers each order after a while: the leader's batch is at Kite and still `sending`.
    kite.holdOrderAnswers(400);
    await approveSignal(leader.server.url, signalId, cookie);
    await until(() => kite.orders.length - ordersBefore >= 5, 'the first orders at Kite');
    const cutAt = performance.now();
    const cutWallClock = Date.now();
    const { resume, killed } = await interrupt(leader);
    if (!killed) expect(await terminateLockConnection(url)).toBe(1);

    // Another replica takes over and finishes the fan-out.
    await until(
      () => others.some((r) => logged(r.dataDir, 'engine: signal fanned out') === 1),
      'another replica to finish the fan-out',
      120_000,
    ).catch((err: unknown) => {
      for (const r of replicas)
        console.error(`--- ${r === leader ? 'old leader' : 'replica'} ${r.server.child.pid}\n${engineLog(r.dataDir)}`);
      throw err;
    });
    const finishedMs = performance.now() - cutAt;
    // When the new leader began to lead (its log line's time), from the cut.
    const ledAt = others
      .flatMap((r) =>
        fs
          .readFileSync(logFilePath(r.dataDir), 'utf8')
          .split('\n')
          .filter((line) => line.includes('"msg":"engine: this process runs the engine"')),
      )
      .map((line) => (JSON.parse(line) as { time: number }).time)
      .filter((time) => time >= cutWallClock);
    const takeoverMs = Math.min(...ledAt) - cutWallClock;
    let done = await tally(url, signalId);
    for (let i = 0; i < 100 && done.unsettledLegs > 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      done = await tally(url, signalId);
    }
    expect(done).toEqual(ONE_EACH);

    // The old leader wakes up: it must place and book nothing more.
    resume();
    await until(
      () =>
        killed === true ||
        logged(leader.dataDir, 'engine: tick stopped, this process no longer leads') +
          logged(leader.dataDir, 'engine: leader lock lost: no more orders from this process') >=
          1,
      'the old leader to find it no longer leads',
      60_000,
    );
    await new Promise((r) => setTimeout(r, 5_000));
    expect(await tally(url, signalId)).toEqual(ONE_EACH);
    const orders = kiteOrdersSince(ordersBefore);
    expect(orders.distinct, 'one order per leg at Kite').toBe(orders.total);
    expect(orders.total).toBe(ACCOUNTS);
    console.info(
      `[faults] ${name}: ${ACCOUNTS} accounts, a new leader led ${takeoverMs} ms after the cut and finished the fan-out at ${Math.round(finishedMs)} ms; ${orders.total} orders at Kite, one per leg`,
    );
  } finally {
    kite.holdOrderAnswers(0);
    await Promise.all(replicas.map((r) => r.server.stop('SIGTERM')));
    await kite.close();
  }
}

describe('three processes on one PostgreSQL', () => {
  it('the leader frozen mid fan-out with legs sending and its lock cut: a new leader finishes, the old one resumed orders and books nothing', async () => {
    await fanOutRound('frozen', async (leader) => {
      leader.server.child.kill('SIGSTOP');
      kite.holdOrderAnswers(0);
      return { resume: () => leader.server.child.kill('SIGCONT') };
    });
  }, 300_000);

  it('the leader killed (kill -9) mid fan-out with legs sending: a new leader finishes, one order per leg', async () => {
    await fanOutRound('killed', async (leader) => {
      leader.server.child.kill('SIGKILL');
      await leader.server.finished;
      kite.holdOrderAnswers(0);
      return { resume: () => {}, killed: true };
    });
  }, 300_000);

  it('the leader stalled inside its order calls and its lock cut: a new leader finishes, the late answers are not booked', async () => {
    await fanOutRound('stalled', async () => {
      // The leader's next calls get their answers in 20 s; later ones (the new leader's) at once.
      kite.holdOrderAnswers(20_000);
      await new Promise((r) => setTimeout(r, 1_000));
      kite.holdOrderAnswers(0);
      return { resume: () => {} };
    });
  }, 300_000);

  it('three processes started at once on an empty database all come up, seed the demo once and serve one VAPID key', async () => {
    const url = await cluster.createDatabase('fresh');
    const replicas = await startReplicas(url, { SEED_DEMO: '1' });
    try {
      const keys = await Promise.all(
        replicas.map(async (r) => {
          const answer = await fetch(`${r.server.url}/api/push/public-key`);
          expect(answer.status).toBe(200);
          return ((await answer.json()) as { publicKey: string }).publicKey;
        }),
      );
      expect(new Set(keys).size).toBe(1);
      const database = await openPostgres(url);
      try {
        const [admins] = await database.db
          .select({ n: count() })
          .from(users)
          .where(eq(users.email, FAULT_LOGINS.admin.email));
        expect(admins!.n, 'the demo seeded once').toBe(1);
      } finally {
        await database.close();
      }
    } finally {
      await Promise.all(replicas.map((r) => r.server.stop('SIGTERM')));
    }
  }, 240_000);
});
