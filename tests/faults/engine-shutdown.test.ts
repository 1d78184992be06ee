/**
 * The engine under SIGTERM in the middle of a large fan-out (issue 10): the real server on PGlite,
 * 3,000 subscribed accounts, an approval, SIGTERM once trades are being created. The process ends
 * within the shutdown grace period with exit code 0, between two batches (the signal not fanned
 * out yet); the next start does the rest, and in the end every account has exactly one trade, one
 * entry leg and one entry row.
 */
import fs from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createSession, sessionCookieName } from '../../src/server/auth/sessions';
import { createSecretBox, loadSecretKey } from '../../src/server/crypto';
import { openPglite } from '../../src/server/db/client';
import { pgliteDir } from '../../src/server/db/open';
import { algos, orderLegs, signals, tradeEntries, trades, users } from '../../src/server/db/schema';
import { logFilePath } from '../../src/server/logger';
import { createManySubscribers } from '../factories/many-subscribers';
import { removeTempDirs, tempDir } from '../integration/ops/helpers';
import { startServer, type ServerProcess } from './support/server-process';

const ACCOUNTS = 3_000;
/** main.ts's SHUTDOWN_GRACE_MS, and a second for the process to start exiting. */
const GRACE_MS = 5_000 + 1_000;

afterAll(removeTempDirs);

async function seed(dataDir: string): Promise<{ signalId: number; cookie: string }> {
  const database = await openPglite(pgliteDir(dataDir));
  try {
    await database.migrate();
    const { db } = database;
    const key = createSecretBox(loadSecretKey(undefined, dataDir)).encrypt('fault-key');
    const [algo] = await db.insert(algos).values({ algo_desc: 'Shutdown momentum', algo_switch: true }).returning();
    await createManySubscribers(db, algo!.algo_id, ACCOUNTS, key, 'Shutdown');
    const [signal] = await db
      .insert(signals)
      .values({ algo_id: algo!.algo_id, instrument_symbol: 'INFY', instrument_type: 'EQ', trade_type: 'swing', trade_direction: 'long', entry_level: 1500, stop_loss_level: 1400, target_level: 1800, trade_status: 'pending', algo_process_ind: true })
      .returning();
    const [admin] = await db.insert(users).values({ name: 'Fault Admin', email: 'shutdown-admin@example.com', password_hash: 'x', role: 'superadmin' }).returning();
    return { signalId: signal!.signal_id, cookie: `${sessionCookieName(false)}=${await createSession(db, admin!.id)}` };
  } finally {
    await database.close();
  }
}

const logged = (dataDir: string, msg: string) =>
  fs.existsSync(logFilePath(dataDir)) ? fs.readFileSync(logFilePath(dataDir), 'utf8').split('\n').filter((line) => line.includes(`"msg":"${msg}"`)).length : 0;

async function until(condition: () => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('SIGTERM during a fan-out', () => {
  it(`stops between batches within the grace period, and the next start finishes the ${ACCOUNTS.toLocaleString('en-IN')} accounts exactly once`, async () => {
    const dataDir = tempDir('trabot-faults-shutdown-');
    const { signalId, cookie } = await seed(dataDir);
    const env = { SEED_DEMO: '0', LOG_LEVEL: 'info', ENGINE_BATCH_SIZE: '50' };
    let server: ServerProcess = await startServer({ dataDir, env });
    try {
      // The feed follows the pending signal: approve once INFY has a fresh price.
      await new Promise((r) => setTimeout(r, 3_500));
      const approved = await fetch(`${server.url}/api/signals/${signalId}/update`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ trade_gen_ts: '2026-01-05', entry_level: 1500, stop_loss_level: 1400, target_level: 1800, trade_status: 'approved', process_signal: true }),
      });
      expect(approved.status, await approved.text()).toBe(200);
      await until(() => logged(dataDir, 'engine: trade created') >= 100, 'the first trades');
      const stopping = performance.now();
      const exit = await server.stop('SIGTERM');
      const tookMs = performance.now() - stopping;
      expect(exit.code, exit.stderr).toBe(0);
      expect(tookMs).toBeLessThan(GRACE_MS);
      const createdBefore = logged(dataDir, 'engine: trade created');
      expect(createdBefore).toBeLessThan(ACCOUNTS);
      expect(logged(dataDir, 'engine: signal fanned out')).toBe(0);

      server = await startServer({ dataDir, env });
      await until(() => logged(dataDir, 'engine: signal fanned out') === 1, 'the rest of the fan-out', 120_000);
    } finally {
      await server.stop('SIGTERM');
    }

    const database = await openPglite(pgliteDir(dataDir));
    try {
      const { db } = database;
      const [all] = await db.select({ n: count() }).from(trades).where(eq(trades.signal_id, signalId));
      const [running] = await db.select({ n: count() }).from(trades).where(and(eq(trades.signal_id, signalId), eq(trades.trade_status, 'running')));
      const [legs] = await db.select({ n: count() }).from(orderLegs).innerJoin(trades, eq(trades.trabot_trade_id, orderLegs.trabot_trade_id)).where(eq(trades.signal_id, signalId));
      const [entries] = await db.select({ n: count() }).from(tradeEntries).innerJoin(trades, eq(trades.trabot_trade_id, tradeEntries.trabot_trade_id)).where(eq(trades.signal_id, signalId));
      expect({ all: all!.n, running: running!.n, legs: legs!.n, entries: entries!.n }).toEqual({ all: ACCOUNTS, running: ACCOUNTS, legs: ACCOUNTS, entries: ACCOUNTS });
    } finally {
      await database.close();
    }
  });
});
